// The Collectives view on the offscreen platform, with hand-built datasets and reports
// (tests/views/CollectiveViewFixtures.h): colours of every state at a known rank and sequence,
// the ranks behind on top, the reduction of 2,048 ranks keeping one rank behind visible,
// tooltips, findings that select their ranks and sequence, and picture export.
#include "CollectiveViewFixtures.h"
#include "ScreenshotSupport.h"
#include "views/collectives/CollectiveStripPainter.h"
#include "views/collectives/CollectiveText.h"
#include "views/collectives/CollectivesView.h"

#include <QComboBox>
#include <QFile>
#include <QImageReader>
#include <QLabel>
#include <QPainter>
#include <QScreen>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTreeView>
#include <QtTest>

using namespace rankscope;
using namespace rankscope_test;

namespace {

QImage grab(QWidget &widget)
{
    return widget.grab().toImage().convertToFormat(QImage::Format_RGB32);
}

std::shared_ptr<CollectiveViewData> rebuild(std::shared_ptr<CollectiveDataset> data,
                                            std::shared_ptr<CollectiveReport> report)
{
    auto view = std::make_shared<CollectiveViewData>();
    view->strips = buildCollectiveStrips(*data, *report);
    view->dataset = data;
    view->report = report;
    return view;
}

void sendWheel(QWidget &widget, QPoint pos, int delta, Qt::KeyboardModifiers modifiers = {})
{
    QWheelEvent event(QPointF(pos), QPointF(widget.mapToGlobal(pos)), QPoint(), QPoint(0, delta),
                      Qt::NoButton, modifiers, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&widget, &event);
}

QColor colourOf(CollectiveCellState state)
{
    return CollectiveCellStyle::colour(state);
}

} // namespace

class CollectivesViewTest : public QObject
{
    Q_OBJECT

private slots:
    void stripColoursEveryState();
    void leadGroupFirstAndSelectorLabels();
    void behindRanksSortedFirst();
    void reductionKeepsOneBehindRankVisible();
    void tooltipShowsTheEntry();
    void clickingAFindingSelectsItsRanksAndSequence();
    void clickingACellSelectsItsRank();
    void exportsPngAndSvgWithCaption();
    void hostileRecordsStayBounded();
    void p2pOnlyGroupUsesThePointToPointSequence();
    void repeatedNotesAreListedOnce();
    void rankLabelsKeepTheirFirstCharacter_data();
    void rankLabelsKeepTheirFirstCharacter();
    void wheelZoomsTheSequencesAroundTheMouse();
    void ctrlWheelZoomsTheRanksOfAReducedStrip();
};

void CollectivesViewTest::stripColoursEveryState()
{
    CollectiveFixtureOptions o;
    o.behind = {13};
    o.mismatch = 40;
    o.noDump = 50;
    auto data = makeCollectiveDataset(o);
    for (CollectiveEntry &e : data->entries)
        if (e.rank == 21 && e.pgName == "3" && e.collectiveSeq == kStuckSeq)
            e.state = CollectiveState::Started;
    auto view = rebuild(data, makeCollectiveReport(*data, o));

    CollectiveStripWidget strip;
    strip.resize(900, 64 * 9 + 140);
    strip.setData(view, 0);
    QCOMPARE(QString::fromStdString(strip.strip()->name), QStringLiteral("3"));
    const QImage image = grab(strip);
    const struct
    {
        int rank;
        std::int64_t seq;
        CollectiveCellState state;
    } cases[] = {
        {20, kStuckSeq, CollectiveCellState::Scheduled},
        {20, kStuckSeq - 1, CollectiveCellState::Completed},
        {21, kStuckSeq, CollectiveCellState::Started},
        {13, kStuckSeq, CollectiveCellState::Missing},
        {13, kStuckSeq - 1, CollectiveCellState::Completed},
        {40, kStuckSeq - 2, CollectiveCellState::Mismatched},
        {40, kStuckSeq - 3, CollectiveCellState::Completed},
        {50, kStuckSeq, CollectiveCellState::NoRecord},
    };
    for (const auto &c : cases) {
        const QRect rect = strip.cellRect(c.rank, c.seq);
        QVERIFY2(!rect.isEmpty(), qPrintable(QStringLiteral("rank %1 #%2").arg(c.rank).arg(c.seq)));
        QCOMPARE(strip.strip()->state(strip.strip()->rowOf(c.rank), strip.strip()->columnOf(c.seq)),
                 c.state);
        const QColor got = image.pixelColor(rect.left() + 2, rect.center().y());
        QVERIFY2(got == colourOf(c.state),
                 qPrintable(QStringLiteral("rank %1 #%2: %3, expected %4")
                                .arg(c.rank)
                                .arg(c.seq)
                                .arg(got.name(), colourOf(c.state).name())));
    }
}

void CollectivesViewTest::leadGroupFirstAndSelectorLabels()
{
    CollectivesView view;
    view.setData(makeCollectiveViewData());
    // The report's lead group ("3") comes first although the dataset lists "0" first.
    QCOMPARE(view.groupCombo()->count(), 2);
    QVERIFY(view.groupCombo()->itemText(0).contains(QStringLiteral("DATA_PARALLEL_GROUP")));
    QVERIFY(view.groupCombo()->itemText(0).contains(QStringLiteral("64")));
    QVERIFY(view.groupCombo()->itemText(1).contains(QStringLiteral("default_pg")));
    QCOMPARE(view.currentGroup(), 0);
    view.groupCombo()->setCurrentIndex(1);
    QCOMPARE(QString::fromStdString(view.strip()->strip()->name), QStringLiteral("0"));
}

void CollectivesViewTest::behindRanksSortedFirst()
{
    CollectiveFixtureOptions o;
    o.behind = {41, 7};
    auto view = makeCollectiveViewData(o);
    const CollectiveStrip &named = view->strips.front();
    QCOMPARE(named.leadingRows, 2);
    QCOMPARE(named.rowRanks[0], 7);
    QCOMPARE(named.rowRanks[1], 41);
    QCOMPARE(named.rowRanks[2], 0);

    // Without findings, the ranks behind still come first: members are ordered by progress.
    auto data = makeCollectiveDataset(o);
    auto report = makeCollectiveReport(*data, o);
    report->suspects.clear();
    const auto plain = rebuild(data, report);
    QCOMPARE(plain->strips.front().leadingRows, 0);
    QCOMPARE(plain->strips.front().rowRanks[0], 7);
    QCOMPARE(plain->strips.front().rowRanks[1], 41);
    QCOMPARE(plain->strips.front().rowRanks[2], 0);
    // The window is centred on the first disagreement.
    QCOMPARE(named.focusSeq, kStuckSeq);
    QVERIFY(named.focusIsDisagreement);
    QVERIFY(named.columnOf(kStuckSeq) >= 0);
    QCOMPARE(QString::fromStdString(named.columnOps[std::size_t(named.columnOf(kStuckSeq))]),
             QStringLiteral("all_reduce"));
}

void CollectivesViewTest::reductionKeepsOneBehindRankVisible()
{
    for (const bool withFinding : {true, false}) {
        CollectiveFixtureOptions o;
        o.ranks = 2048;
        o.behind = {1500};
        auto data = makeCollectiveDataset(o);
        auto report = makeCollectiveReport(*data, o);
        if (!withFinding)
            report->suspects.clear();
        auto view = rebuild(data, report);
        CollectiveStripWidget strip;
        strip.resize(1000, 560);
        strip.setData(view, 0);
        const CollectiveStripLayout &layout = strip.scene().layout(strip.size());
        QVERIFY(layout.reduced);
        QVERIFY(layout.maxRowsPerPixel >= 4);
        const QImage image = grab(strip);
        const int column = strip.strip()->columnOf(kStuckSeq);
        const int x = layout.xOfColumn(column) + 1;
        int missingRows = 0;
        int scheduledRows = 0;
        for (int y = layout.cells.top(); y <= layout.cells.bottom(); ++y) {
            const QColor c = image.pixelColor(x, y);
            missingRows += c == colourOf(CollectiveCellState::Missing);
            scheduledRows += c == colourOf(CollectiveCellState::Scheduled);
        }
        QVERIFY2(missingRows >= 1, withFinding ? "with the finding" : "without findings");
        QVERIFY(scheduledRows > 100);
        // The red pixel row holds rank 1500, and its tooltip says so.
        const QRect rect = strip.cellRect(1500, kStuckSeq);
        QVERIFY(!rect.isEmpty());
        const QPoint at(rect.left() + 2, rect.center().y());
        QCOMPARE(image.pixelColor(at), colourOf(CollectiveCellState::Missing));
        const CollectiveStripHit hit = strip.hitTest(at);
        QCOMPARE(hit.rank, 1500);
        QVERIFY(strip.tooltipAt(at).contains(QStringLiteral("Rank 1500 never reached")));
    }
}

void CollectivesViewTest::tooltipShowsTheEntry()
{
    CollectiveFixtureOptions o;
    o.behind = {13};
    o.noDump = 50;
    CollectiveStripWidget strip;
    strip.resize(900, 700);
    strip.setData(makeCollectiveViewData(o), 0);
    const QRect cell = strip.cellRect(20, kStuckSeq);
    const QString text = strip.tooltipAt(cell.center());
    for (const char *part :
         {"all_reduce", "#20417", "rank 20", "scheduled", "4096x5120", "BFloat16", "600000 ms",
          "DATA_PARALLEL_GROUP", "2025-12-01", "distributed_c10d.py:2501",
          "fr/nccl_trace_rank_20, byte", "Flight Recorder dump"})
        QVERIFY2(text.contains(QLatin1String(part)), part);
    const QString behind = strip.tooltipAt(strip.cellRect(13, kStuckSeq).center());
    QVERIFY2(behind.contains(QStringLiteral("Rank 13 never reached all_reduce #20417")),
             qPrintable(behind));
    QVERIFY(behind.contains(QStringLiteral("Its last entry is all_reduce #20416, completed")));
    // The sequence header sums the column up; the legend explains the states.
    const QRect cellOfSeq = strip.cellRect(20, kStuckSeq);
    const QString header = strip.tooltipAt(QPoint(cellOfSeq.center().x(), 5));
    QVERIFY2(header.contains(QStringLiteral("all_reduce #20417")), qPrintable(header));
    QVERIFY2(header.contains(QStringLiteral("scheduled: 62")), qPrintable(header));
    QVERIFY(header.contains(QStringLiteral("missing (behind): 1")));
    QVERIFY(header.contains(QStringLiteral("no record: 1")));
    QVERIFY(strip.tooltipAt(QPoint(20, strip.height() - 10)).contains(QStringLiteral("behind")));
    const QString none = strip.tooltipAt(strip.cellRect(50, kStuckSeq).center());
    QVERIFY2(none.contains(QStringLiteral("Rank 50 left no record")), qPrintable(none));
}

void CollectivesViewTest::clickingAFindingSelectsItsRanksAndSequence()
{
    CollectiveFixtureOptions o;
    o.behind = {13, 14};
    o.mismatch = 40;
    CollectivesView view;
    view.resize(1200, 900);
    view.setData(makeCollectiveViewData(o));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCOMPARE(view.findings()->findingCount(), 2);
    QVERIFY(view.findings()->verdictText().contains(QStringLiteral("did not join all_reduce")));
    // Another group is showing; the finding brings its own back.
    view.groupCombo()->setCurrentIndex(1);
    QSignalSpy spy(&view, &CollectivesView::ranksSelected);

    QTreeView *list = view.findings()->view();
    const QRect second = list->visualRect(list->model()->index(1, 4));
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, second.center());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).value<RankSet>(), RankSet::fromVector({40}));
    QCOMPARE(view.currentGroup(), 0);
    QCOMPARE(view.strip()->selectedRanks(), RankSet::fromVector({40}));
    QCOMPARE(view.strip()->selectedSeq(), kStuckSeq - 2);
    QVERIFY(view.details()->toPlainText().contains(QStringLiteral("runs broadcast")));
    QVERIFY(view.details()->toPlainText().contains(QStringLiteral("broadcast #20415")));

    const QRect first = list->visualRect(list->model()->index(0, 4));
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, first.center());
    QCOMPARE(spy.count(), 2);
    QCOMPARE(spy.at(1).at(0).value<RankSet>(), RankSet::fromVector({13, 14}));
    QCOMPARE(view.strip()->selectedSeq(), kStuckSeq);
    QCOMPARE(view.activeFinding(), 0);
    // The selection is drawn: the marks beside the selected ranks' rows.
    const QImage image = grab(*view.strip());
    const CollectiveStripLayout &layout = view.strip()->scene().layout(view.strip()->size());
    const int y = layout.yOfRow(view.strip()->strip()->rowOf(13));
    QCOMPARE(image.pixelColor(layout.markerColumn.left() + 1, y), QColor(0x12, 0x5f, 0xd6));
}

void CollectivesViewTest::clickingACellSelectsItsRank()
{
    CollectivesView view;
    view.resize(1200, 900);
    view.setData(makeCollectiveViewData());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy spy(&view, &CollectivesView::ranksSelected);
    const QRect cell = view.strip()->cellRect(33, kStuckSeq - 1);
    QTest::mouseClick(view.strip(), Qt::LeftButton, {}, cell.center());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).value<RankSet>(), RankSet::fromVector({33}));
    QCOMPARE(view.strip()->selectedSeq(), kStuckSeq - 1);
    const QString details = view.details()->toPlainText();
    QVERIFY2(details.contains(QStringLiteral("all_reduce #20416")), qPrintable(details));
    QVERIFY(details.contains(QStringLiteral("train_step")));
    QVERIFY(details.contains(QStringLiteral("completed")));
}

void CollectivesViewTest::exportsPngAndSvgWithCaption()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    CollectivesView view;
    view.resize(1200, 900);
    view.setData(makeCollectiveViewData());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.activateFinding(0);
    QString error;
    const QString png = dir.filePath(QStringLiteral("collectives.png"));
    QVERIFY2(view.exportImage(png, QStringLiteral("job-77"), &error), qPrintable(error));
    QImageReader reader(png);
    QCOMPARE(reader.format(), QByteArray("png"));
    QVERIFY(reader.size().height() > view.strip()->height()); // the caption band on top
    QVERIFY(reader.text(QStringLiteral("Title")).contains(QStringLiteral("Collectives")));
    QVERIFY(reader.text(QStringLiteral("Title")).contains(QStringLiteral("job-77")));
    QVERIFY(reader.text(QStringLiteral("Title")).contains(QStringLiteral("DATA_PARALLEL_GROUP")));
    QVERIFY(reader.text(QStringLiteral("Description")).contains(QStringLiteral("did not join")));

    const QString svg = dir.filePath(QStringLiteral("collectives.svg"));
    QVERIFY2(view.exportImage(svg, QStringLiteral("job-77"), &error), qPrintable(error));
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray content = file.readAll();
    QVERIFY(content.contains("<svg"));
    QVERIFY(content.contains("DATA_PARALLEL_GROUP"));
    QVERIFY(content.contains("did not join all_reduce"));

    // Headless, without a widget: the same picture from the data.
    const QString headless = dir.filePath(QStringLiteral("headless.png"));
    QVERIFY2(CollectivesView::writeImage(
                 view.data() ? std::make_shared<CollectiveViewData>(*view.data()) : nullptr, 0, 0,
                 QSize(900, 500), QStringLiteral("job-77"), headless, &error),
             qPrintable(error));
    QVERIFY(!QImage(headless).isNull());
    QVERIFY(!CollectivesView().exportImage(dir.filePath(QStringLiteral("none.png")), QString(),
                                           &error));
    QVERIFY(!error.isEmpty());
}

void CollectivesViewTest::hostileRecordsStayBounded()
{
    // Records a broken or hostile bundle may hold: sequence numbers at the int64 limit, ranks
    // that are no member, no rank at all, groups nobody configured, a finding far beyond every
    // entry. The strip keeps its window of at most 26 sequences and nothing crashes.
    CollectiveFixtureOptions o;
    o.ranks = 8;
    o.behind = {3};
    auto data = makeCollectiveDataset(o);
    auto report = makeCollectiveReport(*data, o);
    data->entries.push_back(collectiveEntry(2, std::numeric_limits<std::int64_t>::max(),
                                            "all_reduce", CollectiveState::Started));
    data->entries.push_back(collectiveEntry(99, 5, "all_reduce", CollectiveState::Started));
    data->entries.push_back(collectiveEntry(-1, 7, "all_reduce", CollectiveState::Started));
    CollectiveEntry stranger = collectiveEntry(1, 9, "all_reduce", CollectiveState::Started);
    stranger.pgName = "no-such-group";
    data->entries.push_back(stranger);
    report->suspects.front().seq = std::numeric_limits<std::int64_t>::max() - 2;
    auto view = rebuild(data, report);
    for (const CollectiveStrip &strip : view->strips) {
        QVERIFY(strip.columns >= 0);
        QVERIFY(strip.columns <= 26);
        QCOMPARE(strip.rows(), 8);
    }
    CollectivesView widget;
    widget.resize(900, 700);
    widget.setData(view);
    widget.activateFinding(0);
    QVERIFY(!grab(*widget.strip()).isNull());
    widget.strip()->tooltipAt(QPoint(300, 100)); // must not crash

    // A group with members but no entries: the strip says so instead of drawing nothing.
    auto empty = std::make_shared<CollectiveDataset>();
    empty->worldSize = 4;
    empty->groups.push_back({"7", "PIPELINE_MODEL_PARALLEL_GROUP", {0, 1, 2, 3}, "job.json"});
    auto none = rebuild(empty, std::make_shared<CollectiveReport>());
    QCOMPARE(int(none->strips.size()), 1);
    QVERIFY(none->strips.front().empty());
    CollectiveStripWidget strip;
    strip.resize(400, 300);
    strip.setData(none, 0);
    QVERIFY(!grab(strip).isNull());
    QVERIFY(strip.tooltipAt(QPoint(200, 150)).isEmpty());
}

void CollectivesViewTest::p2pOnlyGroupUsesThePointToPointSequence()
{
    // A pipeline group that only sends and receives: its columns are p2p sequence numbers.
    auto data = std::make_shared<CollectiveDataset>();
    data->worldSize = 3;
    data->groups.push_back(
        {"5", "PIPELINE_MODEL_PARALLEL_GROUP", {0, 1, 2}, "fr/nccl_trace_rank_0"});
    for (int rank = 0; rank < 3; ++rank)
        for (std::int64_t seq = 1; seq <= (rank == 1 ? 3 : 4); ++seq) {
            CollectiveEntry e =
                collectiveEntry(rank, -1, rank == 1 ? "recv" : "send", CollectiveState::Completed);
            e.pgName = "5";
            e.pgDesc = "PIPELINE_MODEL_PARALLEL_GROUP";
            e.isP2p = true;
            e.p2pSeq = seq;
            data->entries.push_back(e);
        }
    const auto view = rebuild(data, std::make_shared<CollectiveReport>());
    const CollectiveStrip &strip = view->strips.front();
    QVERIFY(strip.p2p);
    QCOMPARE(strip.firstSeq, 1);
    QCOMPARE(strip.columns, 4);
    QCOMPARE(strip.focusSeq, 4);         // the frontier: no finding, no disagreement
    QCOMPARE(strip.rowRanks.front(), 1); // behind: it got to p2p #3 only
    QCOMPARE(strip.state(strip.rowOf(1), strip.columnOf(4)), CollectiveCellState::Missing);
    // Two ranks send where one receives: peers of a p2p op, not a mismatch.
    QCOMPARE(strip.state(strip.rowOf(1), strip.columnOf(2)), CollectiveCellState::Completed);
    QCOMPARE(CollectiveText::sequenceLabel(4, true), QStringLiteral("p2p #4"));
}

// A note every rank's log line repeats (as the watchdog reports of a 2,048-rank job do) is listed
// once with its count, and past a few distinct notes the rest go to the tooltip: the verdict
// never grows with the ranks and the strip keeps the window's height.
void CollectivesViewTest::repeatedNotesAreListedOnce()
{
    CollectiveFixtureOptions o;
    o.ranks = 2048;
    o.behind = {130, 131};
    auto data = makeCollectiveDataset(o);
    auto report = makeCollectiveReport(*data, o);
    const std::string repeated = "A report names no rank in pg 0; the records show rank 130.";
    for (int i = 0; i < 2048; ++i)
        report->notes.push_back(repeated);
    for (int i = 0; i < 4; ++i)
        report->notes.push_back("Distinct note " + std::to_string(i) + ".");
    CollectivesView view;
    view.resize(1400, 860);
    view.setData(rebuild(data, report));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QString text = view.findings()->verdictLabel()->text();
    QCOMPARE(text.count(QStringLiteral("the records show rank 130")), 1);
    QVERIFY2(text.contains(QStringLiteral("2048 times")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("Distinct note 1.")));
    QVERIFY(!text.contains(QStringLiteral("Distinct note 2.")));
    QVERIFY2(text.contains(QStringLiteral("2 more notes")), qPrintable(text));
    QVERIFY(
        view.findings()->verdictLabel()->toolTip().contains(QStringLiteral("Distinct note 3.")));
    QVERIFY(view.minimumSizeHint().height() < 860);
    QVERIFY(view.strip()->height() > 300);
}

// The rank labels sit whole inside their room at 64 and 2,048 ranks, on the screen's resolution
// and on a picture of twice that (an export from a 48 dpi screen, a 2x device), with one label
// per row and with the findings' band as one label ("1030-1035"): no label touches the left edge
// of its box (where drawText would cut it), and the room fits the widest label.
void CollectivesViewTest::rankLabelsKeepTheirFirstCharacter_data()
{
    QTest::addColumn<int>("ranks");
    QTest::addColumn<int>("height");
    QTest::addColumn<double>("dpiFactor");
    QTest::addColumn<double>("pixelRatio");
    for (int ranks : {64, 2048})
        for (int height : {860, 300})
            for (double dpi : {1.0, 2.0})
                for (double ratio : {1.0, 2.0})
                    QTest::addRow("%d ranks, %d px, dpi x%g, ratio %g", ranks, height, dpi, ratio)
                        << ranks << height << dpi << ratio;
}

void CollectivesViewTest::rankLabelsKeepTheirFirstCharacter()
{
    QFETCH(int, ranks);
    QFETCH(int, height);
    QFETCH(double, dpiFactor);
    QFETCH(double, pixelRatio);
    CollectiveFixtureOptions o;
    o.ranks = ranks;
    const int first = ranks == 64 ? 10 : 1030;
    o.behind = {first, first + 1, first + 2, first + 3, first + 4, first + 5};
    const auto view = makeCollectiveViewData(o);
    CollectiveStripScene scene;
    scene.setFont(QGuiApplication::font());
    scene.setData(view, 0);
    const QSize size(900, height);
    QImage image(size * pixelRatio, QImage::Format_RGB32);
    image.setDevicePixelRatio(pixelRatio);
    const double dpi = QGuiApplication::primaryScreen()->logicalDotsPerInchY() * dpiFactor;
    image.setDotsPerMeterX(int(std::lround(dpi / 0.0254)));
    image.setDotsPerMeterY(int(std::lround(dpi / 0.0254)));
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        CollectiveStripPainter::paint(painter, scene, size);
    }
    const CollectiveStripLayout &layout = scene.layout(size);
    QVERIFY(layout.rowHeader.left() >= 2);
    const QRgb white = QColor(Qt::white).rgb();
    int inked = 0;
    for (int y = int(layout.cells.top() * pixelRatio);
         y < int((layout.cells.bottom() + 1) * pixelRatio) && y < image.height(); ++y) {
        const int row = int(y / pixelRatio) - layout.cells.top();
        if (layout.ruleY >= 0 && row >= layout.ruleY - 1 && row <= layout.ruleY + 4)
            continue; // the rule below the findings' ranks starts at the header's left edge
        // A label wider than its box is clipped at the box's left edge (drawText clips): its
        // first pixel column stays blank when every label fits.
        for (int x = 0; x < int((layout.rowHeader.left() + 1) * pixelRatio); ++x)
            QVERIFY2(image.pixel(x, y) == white,
                     qPrintable(QStringLiteral("a label cut at %1,%2").arg(x).arg(y)));
        for (int x = int((layout.rowHeader.left() + 1) * pixelRatio);
             x < int(layout.markerColumn.left() * pixelRatio); ++x)
            inked += image.pixel(x, y) != white;
    }
    QVERIFY(inked > 0); // the labels are drawn
    const QFontMetricsF metrics(scene.font());
    // The findings' labels are drawn at the size the layout measured, whole: their ink is as
    // wide as the text they should say (one label per row, or the band's ranks at once).
    QVERIFY(layout.ruleY > 0);
    const bool perRow = layout.ruleY / 6 >= QFontMetrics(scene.font()).height();
    const QString bandText =
        perRow ? QString::number(first + 5) : QStringLiteral("%1-%2").arg(first).arg(first + 5);
    int minX = image.width();
    int maxX = -1;
    for (int y = int(layout.cells.top() * pixelRatio);
         y < int((layout.cells.top() + layout.ruleY - 1) * pixelRatio); ++y)
        for (int x = 0; x < int(layout.markerColumn.left() * pixelRatio); ++x)
            if (qGray(image.pixel(x, y)) < 200) {
                minX = std::min(minX, x);
                maxX = std::max(maxX, x);
            }
    const double ink = (maxX - minX + 1) / pixelRatio;
    const double expected = metrics.horizontalAdvance(bandText);
    QVERIFY2(ink <= expected + 1 && ink >= expected - 4,
             qPrintable(QStringLiteral("\"%1\": %2 px of ink for %3 px of text")
                            .arg(bandText)
                            .arg(ink)
                            .arg(expected)));
    const double widest =
        std::max(metrics.horizontalAdvance(QString::number(ranks - 1)),
                 metrics.horizontalAdvance(QStringLiteral("%1-%2").arg(first).arg(first + 5)));
    QVERIFY2(layout.markerColumn.left() - 3 - layout.rowHeader.left() >= widest,
             qPrintable(QStringLiteral("%1 px for %2 px")
                            .arg(layout.markerColumn.left() - 3 - layout.rowHeader.left())
                            .arg(widest)));
}

// The wheel zooms the sequences around the mouse, as in the heatmap: the cell under the mouse
// stays under it, wider, and the hit test, the tooltip and the colour there still say rank 40's
// broadcast at #20415. Wheel back out and Home show every sequence again.
void CollectivesViewTest::wheelZoomsTheSequencesAroundTheMouse()
{
    CollectiveFixtureOptions o;
    o.behind = {13};
    o.mismatch = 40;
    const auto view = makeCollectiveViewData(o);
    CollectiveStripWidget strip;
    strip.resize(900, 64 * 9 + 140);
    strip.setData(view, 0);
    strip.show();
    QVERIFY(QTest::qWaitForWindowExposed(&strip));
    const std::int64_t seq = kStuckSeq - 2;
    const QRect before = strip.cellRect(40, seq);
    QVERIFY(!before.isEmpty());
    const QPoint point = before.center();
    const std::int64_t entry = strip.hitTest(point).entry;
    QVERIFY(entry >= 0);
    QCOMPARE(view->dataset->entries[std::size_t(entry)].rank, 40);

    sendWheel(strip, point, 4 * 120);
    QVERIFY(strip.scene().isZoomed());
    QVERIFY(strip.scene().columnSpan() < strip.strip()->columns / 2.0);
    const QRect after = strip.cellRect(40, seq);
    QVERIFY2(after.width() > 2 * before.width(),
             qPrintable(QStringLiteral("%1 -> %2").arg(before.width()).arg(after.width())));
    QVERIFY(after.contains(point));
    const CollectiveStripHit hit = strip.hitTest(point);
    QCOMPARE(hit.rank, 40);
    QCOMPARE(hit.seq, seq);
    QCOMPARE(hit.entry, entry);
    QVERIFY(strip.tooltipAt(point).contains(QStringLiteral("broadcast")));
    QCOMPARE(grab(strip).pixelColor(point), colourOf(CollectiveCellState::Mismatched));
    // Every other shown cell agrees with the hit test: the first shown column's rank 0 cell.
    const CollectiveStripLayout &layout = strip.scene().layout(strip.size());
    const std::int64_t firstShown = strip.strip()->seqOf(layout.firstColumn + 1);
    const QRect other = strip.cellRect(0, firstShown);
    QCOMPARE(strip.hitTest(other.center()).seq, firstShown);
    QCOMPARE(strip.hitTest(other.center()).rank, 0);
    // Columns scrolled out of view have no cell.
    QVERIFY(strip.cellRect(0, strip.strip()->firstSeq).isEmpty());

    sendWheel(strip, point, -4 * 120);
    QVERIFY(std::abs(strip.scene().columnSpan() - strip.strip()->columns) < 1e-6);
    sendWheel(strip, point, 2 * 120);
    QTest::keyClick(&strip, Qt::Key_Home);
    QVERIFY(!strip.scene().isZoomed());
    QCOMPARE(strip.cellRect(40, seq), before);
    // W/S zoom the sequences and A/D pan them, as the heatmap's keys.
    QTest::keyClick(&strip, Qt::Key_W);
    QTest::keyClick(&strip, Qt::Key_W);
    QVERIFY(strip.scene().isZoomed());
    const double start = strip.scene().columnStart();
    QTest::keyClick(&strip, Qt::Key_D);
    QVERIFY(strip.scene().columnStart() > start);
    QTest::keyClick(&strip, Qt::Key_A);
    QTest::keyClick(&strip, Qt::Key_A);
    QVERIFY(strip.scene().columnStart() < start + 1e-9);
    QTest::keyClick(&strip, Qt::Key_S);
    QTest::keyClick(&strip, Qt::Key_S);
    QVERIFY(!strip.scene().isZoomed());
}

// 2,048 ranks on a few hundred pixel rows: Ctrl+wheel zooms the ranks below the findings' band
// until each has its own pixel rows; the findings' band stays; the cell a rank's row shows is
// still that rank's entry; Shift+wheel scrolls the ranks.
void CollectivesViewTest::ctrlWheelZoomsTheRanksOfAReducedStrip()
{
    CollectiveFixtureOptions o;
    o.ranks = 2048;
    o.behind = {130, 131};
    const auto view = makeCollectiveViewData(o);
    CollectiveStripWidget strip;
    strip.resize(1000, 600);
    strip.setData(view, 0);
    strip.show();
    QVERIFY(QTest::qWaitForWindowExposed(&strip));
    const CollectiveStrip &s = *strip.strip();
    QVERIFY(strip.scene().layout(strip.size()).reduced);
    const int row = 1000;
    const int rank = s.rowRanks[std::size_t(row)];
    const std::int64_t seq = kStuckSeq - 3;
    const QPoint point = strip.cellRect(rank, seq).center();
    QVERIFY(strip.hitTest(point).rows.count() > 1);

    for (int i = 0; i < 20; ++i)
        sendWheel(strip, point, 120, Qt::ControlModifier);
    const CollectiveStripLayout &zoomed = strip.scene().layout(strip.size());
    QVERIFY(!zoomed.reduced);
    QCOMPARE(strip.scene().columnSpan(), double(s.columns)); // the sequences are untouched
    // The anchor row stays near the mouse.
    const CollectiveStripHit near = strip.hitTest(point);
    QVERIFY2(std::abs(near.row - row) <= 3, qPrintable(QString::number(near.row)));
    // The rank's own cell: hit test, entry and tooltip agree.
    const QRect cell = strip.cellRect(rank, seq);
    QVERIFY(!cell.isEmpty());
    const CollectiveStripHit hit = strip.hitTest(cell.center());
    QCOMPARE(hit.rank, rank);
    QCOMPARE(hit.seq, seq);
    QCOMPARE(hit.entry, s.entry(row, s.columnOf(seq)));
    QVERIFY(strip.tooltipAt(cell.center()).contains(QString::number(rank)));
    // The findings' ranks stay on top.
    QVERIFY(!strip.cellRect(130, kStuckSeq).isEmpty());
    QCOMPARE(strip.hitTest(strip.cellRect(131, kStuckSeq).center()).rank, 131);
    // Ranks far from the anchor are scrolled away; Shift+wheel brings others in.
    QVERIFY(strip.cellRect(s.rowRanks[std::size_t(s.rows() - 1)], seq).isEmpty());
    const int first = strip.scene().firstRow();
    sendWheel(strip, point, -120, Qt::ShiftModifier);
    QVERIFY(strip.scene().firstRow() > first);
    QTest::keyClick(&strip, Qt::Key_Home);
    QVERIFY(strip.scene().layout(strip.size()).reduced);
}

QTEST_MAIN(CollectivesViewTest)
#include "tst_collectivesview.moc"
