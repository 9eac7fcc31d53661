// The Diff view on the offscreen platform with a hand-built comparison (DiffViewFixture.h):
// summary lines link to their evidence, the log and op tables, empty sections, export.
#include "DiffViewFixture.h"
#include "views/ScreenshotSupport.h"

#include "views/diff/DiffSummaryPanel.h"
#include "views/diff/DiffTableRoles.h"
#include "views/diff/DiffView.h"
#include "views/diff/LogTemplateDiffModel.h"
#include "views/diff/LogTemplateDiffTable.h"
#include "views/diff/OpDiffModel.h"
#include "views/diff/OpDiffTable.h"
#include "views/diff/SignificantRowFilter.h"
#include "views/diff/StackComparisonView.h"
#include "views/diff/StepTimeDistributionWidget.h"
#include "views/logs/StepSeriesChart.h"

#include <QCheckBox>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace rankscope;
using namespace rankscope_test;

Q_DECLARE_METATYPE(rankscope::TraceMetric)

namespace {

// The text of every label under `widget` that is currently shown on its page.
QString visibleLabelTexts(QWidget *widget)
{
    QString text;
    for (const QLabel *label : widget->findChildren<QLabel *>()) {
        if (label->isVisibleTo(widget))
            text += label->text() + QLatin1Char('\n');
    }
    return text;
}

QString cellText(const QTableView *table, int row, int column)
{
    return table->model()->index(row, column).data().toString();
}

} // namespace

class DiffViewTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void summaryListsTheLinesWithTheRuns();
    void clickingALineSwitchesPageAndSelectsTheRow();
    void stepTimeLineAndStripAskForTheHeatmap();
    void logTableFiltersSignificantChanges();
    void logTableShowsRatesAndAsksForTemplates();
    void opTableOrderRatioAndColours();
    void emptySectionsSaySo();
    void exportWritesPngAndSvg();
    void rendersPagesToPng();
    void stepSeriesLineOpensTheChart();

private:
    std::unique_ptr<DiffView> m_view;
    std::shared_ptr<BundleDiff> m_diff;
    QTemporaryDir m_dir;
};

void DiffViewTest::initTestCase()
{
    qRegisterMetaType<rankscope::TraceMetric>();
    QVERIFY(m_dir.isValid());
}

void DiffViewTest::init()
{
    m_diff = makeBundleDiff();
    QVERIFY(stackChangeIndex(*m_diff, StackPathChangeKind::New) >= 0);
    m_view = std::make_unique<DiffView>();
    m_view->resize(1400, 900);
    m_view->setDiff(m_diff);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
}

void DiffViewTest::cleanup()
{
    m_view.reset();
}

void DiffViewTest::summaryListsTheLinesWithTheRuns()
{
    DiffSummaryPanel *summary = m_view->summaryPanel();
    QCOMPARE(summary->lineCount(), int(m_diff->summary.size()));
    for (int i = 0; i < summary->lineCount(); ++i)
        QCOMPARE(summary->lineText(i),
                 QString::fromStdString(m_diff->summary[std::size_t(i)].text));
    QVERIFY(summary->headerText().contains(QStringLiteral("last-week")));
    QVERIFY(summary->headerText().contains(QStringLiteral("tonight")));
    QVERIFY(summary->headerText().contains(QStringLiteral("16 ranks")));
    QVERIFY(summary->list()->isVisible());
    // Every line is on screen without scrolling.
    for (int i = 0; i < summary->lineCount(); ++i)
        QVERIFY(summary->list()->viewport()->rect().contains(summary->lineRect(i)));
    // Tabs carry the number of significant changes.
    QCOMPARE(m_view->pages()->tabText(int(DiffView::Page::Logs)), QStringLiteral("Logs (3)"));
    QCOMPARE(m_view->pages()->tabText(int(DiffView::Page::Ops)), QStringLiteral("Ops (2)"));
}

void DiffViewTest::clickingALineSwitchesPageAndSelectsTheRow()
{
    DiffSummaryPanel *summary = m_view->summaryPanel();
    QWidget *viewport = summary->list()->viewport();
    QSignalSpy evidence(summary, &DiffSummaryPanel::evidenceActivated);

    QTest::mouseClick(viewport, Qt::LeftButton, {}, summary->lineRect(1).center());
    QCOMPARE(evidence.count(), 1);
    QCOMPARE(m_view->currentPage(), DiffView::Page::Logs);
    QCOMPARE(m_view->logTable()->currentChange(), 0);

    QTest::mouseClick(viewport, Qt::LeftButton, {}, summary->lineRect(2).center());
    QCOMPARE(m_view->currentPage(), DiffView::Page::Ops);
    QCOMPARE(m_view->opTable()->currentOp(), 0);

    QTest::mouseClick(viewport, Qt::LeftButton, {}, summary->lineRect(0).center());
    QCOMPARE(m_view->currentPage(), DiffView::Page::Stacks);
    QCOMPARE(m_view->stacks()->currentChange(),
             stackChangeIndex(*m_diff, StackPathChangeKind::New));

    // Evidence an unchanged row: the filter that hides it is turned off so it can be selected.
    DiffEvidence unchanged;
    unchanged.kind = DiffEvidence::Kind::LogTemplate;
    unchanged.index = 4;
    QVERIFY(m_view->logTable()->significantOnly());
    m_view->showEvidence(unchanged);
    QCOMPARE(m_view->currentPage(), DiffView::Page::Logs);
    QVERIFY(!m_view->logTable()->significantOnly());
    QCOMPARE(m_view->logTable()->currentChange(), 4);
    QVERIFY(!m_view->findChild<QCheckBox *>()->isChecked()); // the check box follows
}

void DiffViewTest::stepTimeLineAndStripAskForTheHeatmap()
{
    QSignalSpy heatmap(m_view.get(), &DiffView::heatmapDifferenceRequested);
    DiffSummaryPanel *summary = m_view->summaryPanel();
    QTest::mouseClick(summary->list()->viewport(), Qt::LeftButton, {},
                      summary->lineRect(3).center());
    QCOMPARE(m_view->currentPage(), DiffView::Page::Ops);
    QCOMPARE(heatmap.count(), 1);
    QCOMPARE(heatmap.at(0).at(0).value<TraceMetric>(), TraceMetric::StepTime);

    auto *strip = m_view->findChild<StepTimeDistributionWidget *>();
    QVERIFY(strip && strip->isVisible());
    QVERIFY(strip->hasData());
    // Both boxes drawn, the target's to the right of the baseline's (its steps are longer).
    QVERIFY(!strip->boxRect(false).isEmpty());
    QVERIFY(strip->boxRect(true).left() > strip->boxRect(false).right());
    QTest::mouseClick(strip, Qt::LeftButton, {}, strip->boxRect(true).center());
    QCOMPARE(heatmap.count(), 2);
    QCOMPARE(heatmap.at(1).at(0).value<TraceMetric>(), TraceMetric::StepTime);

    // Activating an op row asks for the metric that op feeds.
    OpDiffTable *ops = m_view->opTable();
    ops->selectOp(0);
    emit ops->activated(ops->currentIndex());
    QCOMPARE(heatmap.count(), 3);
    QCOMPARE(heatmap.at(2).at(0).value<TraceMetric>(), TraceMetric::CommunicationTime);
}

void DiffViewTest::logTableFiltersSignificantChanges()
{
    LogTemplateDiffTable *table = m_view->logTable();
    QVERIFY(table->significantOnly()); // on by default
    QCOMPARE(table->visibleRowCount(), 3);
    for (int row = 0; row < table->visibleRowCount(); ++row)
        QVERIFY(cellText(table, row, LogTemplateDiffModel::ChangeColumn) != QStringLiteral("same"));
    auto *box = m_view->findChild<QCheckBox *>();
    QVERIFY(box && box->isChecked());
    box->setChecked(false);
    QVERIFY(!table->significantOnly());
    QCOMPARE(table->visibleRowCount(), 5);
    table->setSignificantOnly(true);
    QVERIFY(box->isChecked());
    QCOMPARE(table->visibleRowCount(), 3);
    // Sorting by the target count puts the unchanged 1600-line template first once shown.
    table->setSignificantOnly(false);
    table->sortByColumn(LogTemplateDiffModel::TargetCountColumn, Qt::DescendingOrder);
    QCOMPARE(cellText(table, 0, LogTemplateDiffModel::TargetCountColumn), QStringLiteral("1600"));
}

void DiffViewTest::logTableShowsRatesAndAsksForTemplates()
{
    LogTemplateDiffTable *table = m_view->logTable();
    // The diff's order: new, more, gone.
    QCOMPARE(cellText(table, 0, LogTemplateDiffModel::ChangeColumn), QStringLiteral("new"));
    QCOMPARE(cellText(table, 1, LogTemplateDiffModel::ChangeColumn), QStringLiteral("more"));
    QCOMPARE(cellText(table, 2, LogTemplateDiffModel::ChangeColumn), QStringLiteral("gone"));
    QVERIFY(cellText(table, 0, LogTemplateDiffModel::TemplateColumn)
                .startsWith(QStringLiteral("OSError: [Errno 5]")));
    QCOMPARE(cellText(table, 0, LogTemplateDiffModel::TargetRanksColumn), QStringLiteral("12-15"));
    QCOMPARE(cellText(table, 0, LogTemplateDiffModel::TargetNodesColumn), QStringLiteral("node-3"));
    QCOMPARE(cellText(table, 0, LogTemplateDiffModel::FirstIterationColumn), QStringLiteral("412"));
    // 380 events over 16 ranks x 100 iterations.
    QCOMPARE(cellText(table, 1, LogTemplateDiffModel::TargetRateColumn),
             QStringLiteral("0.24 /rank/iter"));
    QCOMPARE(cellText(table, 1, LogTemplateDiffModel::RatioColumn), QStringLiteral("19.00×"));
    // 4 events over 16 ranks x 100 iterations: small rates stay readable.
    QCOMPARE(cellText(table, 0, LogTemplateDiffModel::TargetRateColumn),
             QStringLiteral("0.0025 /rank/iter"));
    // The chip colours: new in red, gone in blue.
    const QColor fresh = table->model()
                             ->index(0, LogTemplateDiffModel::ChangeColumn)
                             .data(DiffTableRoles::ChipBackground)
                             .value<QColor>();
    const QColor gone = table->model()
                            ->index(2, LogTemplateDiffModel::ChangeColumn)
                            .data(DiffTableRoles::ChipBackground)
                            .value<QColor>();
    QVERIFY(fresh.red() > fresh.blue());
    QVERIFY(gone.blue() > gone.red());

    QSignalSpy requested(table, &LogTemplateDiffTable::logTemplateRequested);
    table->resizeRowsToContents();
    const QRect firstRow = table->visualRect(table->model()->index(0, 1));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, firstRow.center());
    QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, firstRow.center());
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested.at(0).at(0).toLongLong(), qint64(7));
    // A gone template has no lines in the target: nothing to ask for.
    const QRect goneRow = table->visualRect(table->model()->index(2, 1));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, goneRow.center());
    QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, goneRow.center());
    QCOMPARE(requested.count(), 1);
}

void DiffViewTest::opTableOrderRatioAndColours()
{
    OpDiffTable *table = m_view->opTable();
    QCOMPARE(table->model()->rowCount(), 3);
    QVERIFY(cellText(table, 0, OpDiffModel::OpColumn)
                .startsWith(QStringLiteral("ncclDevKernel_AllReduce")));
    QCOMPARE(cellText(table, 0, OpDiffModel::RatioColumn), QStringLiteral("2.30×"));
    QCOMPARE(cellText(table, 0, OpDiffModel::ChangeColumn), QStringLiteral("slower"));
    QCOMPARE(cellText(table, 0, OpDiffModel::DeltaColumn), QStringLiteral("+26.0 ms"));
    QCOMPARE(cellText(table, 0, OpDiffModel::BaselineColumn),
             QStringLiteral("20.0 ms (19.2–20.8)"));
    QCOMPARE(cellText(table, 0, OpDiffModel::BaselineCallsColumn), QStringLiteral("12"));
    QCOMPARE(cellText(table, 1, OpDiffModel::ChangeColumn), QStringLiteral("faster"));
    QVERIFY(cellText(table, 1, OpDiffModel::DeltaColumn).startsWith(QStringLiteral("\u2212")));
    QVERIFY(cellText(table, 2, OpDiffModel::OpColumn).startsWith(QStringLiteral("sm90_xmma_gemm")));
    QCOMPARE(cellText(table, 2, OpDiffModel::RatioColumn), QStringLiteral("1.00×"));
    QCOMPARE(cellText(table, 2, OpDiffModel::ChangeColumn), QStringLiteral("same"));
    // Slower tinted red, faster blue, unchanged not at all.
    const auto tint = [&](int row) {
        return table->model()->index(row, OpDiffModel::RatioColumn).data(Qt::BackgroundRole);
    };
    QVERIFY(tint(0).value<QColor>().red() > tint(0).value<QColor>().blue());
    QVERIFY(tint(1).value<QColor>().blue() > tint(1).value<QColor>().red());
    QVERIFY(!tint(2).isValid());
    // Sorting by ratio, ascending: faster, unchanged, slower.
    table->sortByColumn(OpDiffModel::RatioColumn, Qt::AscendingOrder);
    QCOMPARE(cellText(table, 0, OpDiffModel::ChangeColumn), QStringLiteral("faster"));
    QCOMPARE(cellText(table, 2, OpDiffModel::ChangeColumn), QStringLiteral("slower"));
    // Header names the unit.
    QVERIFY(table->model()
                ->headerData(OpDiffModel::BaselineColumn, Qt::Horizontal)
                .toString()
                .contains(QStringLiteral("/iter")));
}

void DiffViewTest::emptySectionsSaySo()
{
    auto diff = std::make_shared<BundleDiff>();
    diff->baselineName = "last-week";
    diff->targetName = "tonight";
    diff->baselineRanks = 8;
    diff->targetRanks = 8;
    // The target has traces, the baseline none: the op diff only knows the target side.
    OpChange op;
    op.name = "aten::mm";
    op.target.ranks = 8;
    op.target.ranksWithOp = 8;
    diff->ops.ops.push_back(op);
    DiffSummaryLine line;
    line.text = "Nothing changed that the baseline can show.";
    diff->summary.push_back(line);
    m_view->setDiff(diff);

    m_view->showPage(DiffView::Page::Logs);
    QVERIFY(visibleLabelTexts(m_view->pages()->currentWidget())
                .contains(QStringLiteral("Neither run has logs")));
    m_view->showPage(DiffView::Page::Ops);
    QVERIFY(visibleLabelTexts(m_view->pages()->currentWidget())
                .contains(QStringLiteral("The baseline has no profiler traces")));
    m_view->showPage(DiffView::Page::Stacks);
    QVERIFY(visibleLabelTexts(m_view->stacks()).contains(QStringLiteral("stack samples")));
    // A line without evidence is listed but leads nowhere.
    QCOMPARE(m_view->summaryPanel()->lineCount(), 1);
    QSignalSpy evidence(m_view->summaryPanel(), &DiffSummaryPanel::evidenceActivated);
    m_view->summaryPanel()->activateLine(0);
    QCOMPARE(evidence.count(), 0);
    QCOMPARE(m_view->currentPage(), DiffView::Page::Stacks);

    m_view->clear(QStringLiteral("Comparing with baseline…"));
    QVERIFY(!m_view->diff());
    QCOMPARE(m_view->summaryPanel()->lineCount(), 0);
    QVERIFY(m_view->summaryPanel()->headerText().contains(QStringLiteral("Comparing")));
}

void DiffViewTest::exportWritesPngAndSvg()
{
    m_view->showPage(DiffView::Page::Ops);
    const QString png = m_dir.filePath(QStringLiteral("diff.png"));
    const QString svg = m_dir.filePath(QStringLiteral("diff.svg"));
    QString error;
    QVERIFY2(m_view->exportImage(png, &error), qPrintable(error));
    QVERIFY2(m_view->exportImage(svg, &error), qPrintable(error));
    QImage image(png);
    QVERIFY(!image.isNull());
    QCOMPARE(image.width(), m_view->width());
    QVERIFY(image.height() > m_view->height()); // the caption band on top
    QVERIFY(image.text(QStringLiteral("Description")).contains(QStringLiteral("last-week")));
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray content = file.readAll();
    QVERIFY(content.contains("<svg"));
    QVERIFY(content.contains("baseline last-week vs target tonight"));
    // The op table's text is in the drawing as text, not a picture of it.
    QVERIFY(content.contains("ncclDevKernel_AllReduce"));
    // For looking at it as a user would (see ScreenshotSupport.h).
    const QByteArray extra = qgetenv("RANKSCOPE_SCREENSHOT_DIR");
    if (!extra.isEmpty())
        QVERIFY(m_view->exportImage(
            QDir(QString::fromLocal8Bit(extra)).filePath(QStringLiteral("diff-export.png")),
            &error));
    // A view that was never shown lays itself out for the picture.
    DiffView hidden;
    hidden.setDiff(m_diff);
    const QString hiddenPng = m_dir.filePath(QStringLiteral("hidden.png"));
    QVERIFY2(hidden.exportImage(hiddenPng, &error), qPrintable(error));
    QCOMPARE(QImage(hiddenPng).width(), 1400);
    // A file that cannot be written says so.
    QVERIFY(!m_view->exportImage(QStringLiteral("/nonexistent-dir/diff.png"), &error));
    QVERIFY(!error.isEmpty());
}

void DiffViewTest::rendersPagesToPng()
{
    const struct
    {
        DiffView::Page page;
        const char *name;
    } pages[] = {{DiffView::Page::Stacks, "diff-view-stacks.png"},
                 {DiffView::Page::Logs, "diff-view-logs.png"},
                 {DiffView::Page::Ops, "diff-view-ops.png"}};
    m_view->showEvidence(m_diff->summary[0].evidence);
    for (const auto &page : pages) {
        m_view->showPage(page.page);
        QTest::qWait(20);
        const QImage image = m_view->grab().toImage();
        QCOMPARE(image.size(), QSize(1400, 900));
        QVERIFY(!rankscope_test::saveScreenshot(image, m_dir.path(), QLatin1String(page.name))
                     .isEmpty());
    }
}

void DiffViewTest::stepSeriesLineOpensTheChart()
{
    // Both runs' iteration lines: tonight's iterations 10% longer.
    const auto seriesOf = [](double stepMs) {
        std::vector<LogIterationRecord> records;
        for (int i = 1; i <= 30; ++i) {
            LogIterationRecord r;
            r.iteration = i;
            r.stepTimeMs = stepMs * (1.0 + 0.01 * double((i * 7) % 5 - 2));
            r.loss = 10.0 - 0.1 * i;
            r.framework = "megatron";
            records.push_back(r);
        }
        return jobStepSeries(records);
    };
    m_diff->baselineSeries = seriesOf(125000);
    m_diff->targetSeries = seriesOf(137500);
    m_diff->stepTimes = compareStepTimes(m_diff->baselineSeries, m_diff->targetSeries);
    QVERIFY(m_diff->stepTimes.significant);
    DiffSummaryLine line;
    line.text = stepTimeSentence(m_diff->stepTimes);
    line.evidence.kind = DiffEvidence::Kind::StepSeries;
    line.weight = 0.1;
    m_diff->summary.push_back(line);
    m_view->setDiff(m_diff);
    QCOMPARE(m_view->pages()->tabText(int(DiffView::Page::Steps)),
             QStringLiteral("Step time (+10%)"));

    DiffSummaryPanel *summary = m_view->summaryPanel();
    const int last = summary->lineCount() - 1;
    QCOMPARE(summary->lineEvidence(last).kind, DiffEvidence::Kind::StepSeries);
    summary->activateLine(last);
    QCOMPARE(m_view->currentPage(), DiffView::Page::Steps);
    QVERIFY(m_view->stepChart()->hasData());
    QCOMPARE(m_view->stepChart()->lineCount(), 4);
    QVERIFY(m_view->stepChart()->summaryText().contains(QStringLiteral("10% longer")));
}

QTEST_MAIN(DiffViewTest)
#include "test_diff_view.moc"
