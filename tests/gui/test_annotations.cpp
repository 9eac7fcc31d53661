// Notes on the views (issue 14): annotate a flame frame, a heatmap cell (and a box over rows, and
// a marked rank) and a log line in the real window offscreen, close it, open the bundle again in
// a new window: the notes are in the Notes panel, jump to their items, and are drawn into the
// exported pictures (the pixels at a note's badge change, not only the file). Then the sidecar:
// exported, the notes database deleted, and a third window gets them back from it.
#include "CollectiveResults.h"
#include "MainWindow.h"
#include "StackViewExport.h"
#include "core/notes/NoteSidecar.h"
#include "core/notes/NoteStore.h"
#include "core/synth/SyntheticBundle.h"
#include "views/annotations/CollectiveStripNoteCanvas.h"
#include "views/annotations/FlameGraphNoteCanvas.h"
#include "views/annotations/HeatmapNoteCanvas.h"
#include "views/annotations/ItemViewNoteCanvas.h"
#include "views/annotations/LogLinesNoteCanvas.h"
#include "views/annotations/NoteBook.h"
#include "views/annotations/NoteOverlay.h"
#include "views/annotations/NotePlacement.h"
#include "views/annotations/NoteStyle.h"
#include "views/annotations/NotesPanel.h"
#include "views/annotations/OverviewNoteCanvas.h"
#include "views/annotations/TimelineNoteCanvas.h"
#include "views/collectives/CollectiveStripScene.h"
#include "views/collectives/CollectiveStripWidget.h"
#include "views/collectives/CollectivesView.h"
#include "views/diff/DiffView.h"
#include "views/diff/OpDiffModel.h"
#include "views/diff/OpDiffTable.h"
#include "views/flamegraph/FlameGraphPainter.h"
#include "views/flamegraph/FlameGraphWidget.h"
#include "views/heatmap/HeatmapPainter.h"
#include "views/heatmap/HeatmapView.h"
#include "views/heatmap/HeatmapWidget.h"
#include "views/logs/LogLineView.h"
#include "views/logs/LogTemplateTable.h"
#include "views/logs/LogsView.h"
#include "views/overview/CoverageStrip.h"
#include "views/overview/OverviewView.h"
#include "views/timeline/TraceTimelineWidget.h"
#include "views/traces/RankDetailView.h"

#include <QAbstractProxyModel>
#include <QGuiApplication>
#include <QImageReader>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include <memory>

using namespace rankscope;

namespace {

// The badge's amber, within what antialiasing and PNG leave of it.
bool isBadgeColour(const QColor &colour)
{
    const QColor badge = NoteStyle::kBadge;
    return std::abs(colour.red() - badge.red()) < 24 &&
           std::abs(colour.green() - badge.green()) < 24 &&
           std::abs(colour.blue() - badge.blue()) < 40;
}

// Opens the bundle and waits for the stacks, the heatmap and the log lines.
bool openAndWait(MainWindow &window, const QString &bundle)
{
    QSignalSpy heatmapReady(window.session(), &BundleSession::heatmapReady);
    QSignalSpy stacksReady(window.session(), &BundleSession::resultsReady);
    QSignalSpy linesReady(window.session(), &BundleSession::logLinesReady);
    window.openBundle(bundle);
    if (!heatmapReady.wait(120000))
        return false;
    if (stacksReady.isEmpty() && !stacksReady.wait(60000))
        return false;
    if (linesReady.isEmpty() && !linesReady.wait(60000))
        return false;
    QApplication::processEvents();
    return true;
}

// With RANKSCOPE_ANNOTATION_SHOTS set, the pictures and window grabs are kept there to look at.
void keep(const QString &file, const QString &name)
{
    const QString dir = qEnvironmentVariable("RANKSCOPE_ANNOTATION_SHOTS");
    if (!dir.isEmpty()) {
        QFile::remove(dir + QLatin1Char('/') + name);
        QFile::copy(file, dir + QLatin1Char('/') + name);
    }
}

void keepWindow(QWidget &window, const QString &name)
{
    const QString dir = qEnvironmentVariable("RANKSCOPE_ANNOTATION_SHOTS");
    if (!dir.isEmpty())
        window.grab().save(dir + QLatin1Char('/') + name);
}

// Where a note's badge is drawn on a canvas, empty when it is not.
QRectF badgeOf(const NoteLayer &layer, const NoteCanvas &canvas, const std::string &id)
{
    for (const NotePlacement &placed : placeNotes(layer, canvas, QGuiApplication::font()))
        if (placed.visible && placed.entry->note.id == id)
            return placed.badge;
    return {};
}

} // namespace

class TestAnnotations : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("rankscope-test"));
        QVERIFY(m_dir.isValid());
        m_bundle = m_dir.filePath(QStringLiteral("job"));
        SynthOptions synth;
        synth.scenario = "straggler-gpu";
        synth.ranks = 16;
        synth.iterations = 20;
        synth.outDir = m_bundle.toStdString();
        writeSyntheticBundle(synth);
        QFile truth(m_bundle + QStringLiteral("/ground_truth.json"));
        QVERIFY(truth.open(QIODevice::ReadOnly));
        const QJsonObject object = QJsonDocument::fromJson(truth.readAll()).object();
        m_rank = object.value(QStringLiteral("fault_ranks")).toArray().at(0).toInt(-1);
        m_window = object.value(QStringLiteral("first_iteration")).toInt(-1) + 2;
        QVERIFY(m_rank >= 0);
    }

    void annotateCloseReopen()
    {
        std::string frameNote, cellNote, boxNote, rankNote, lineNote;
        std::vector<std::string> framePath;
        {
            MainWindow window;
            window.resize(1400, 900);
            window.show();
            QVERIFY(openAndWait(window, m_bundle));
            QVERIFY(window.noteBook()->isOpen());
            QVERIFY(window.noteBook()->notes().empty());

            // A frame of the straggler's path, pinned where a right-click would be.
            window.showCentralView(MainWindow::CentralView::Stacks);
            FlameGraphWidget *flame = window.flameGraph();
            const StackTree &tree = *flame->tree();
            const std::vector<int> path = tree.nodesOfRank(m_rank);
            QVERIFY(path.size() > 2);
            const int node = path[path.size() / 2];
            flame->selectNode(node);
            QApplication::processEvents();
            const QRect frame = flame->nodeRect(node);
            QVERIFY(!frame.isEmpty());
            NoteOverlay *onFlame = window.noteOverlay(NoteView::FlameGraph);
            QVERIFY(onFlame);
            frameNote = onFlame->addPin(frame.center(), QStringLiteral("stuck here"));
            QVERIFY(!frameNote.empty());
            framePath = tree.pathLabels(node);
            // The pinned frame is outlined on screen, the badge drawn.
            QApplication::processEvents();
            const QImage flameShot = flame->viewport()->grab().toImage();
            FlameGraphNoteCanvas flameCanvas(flame->scene(), flame->viewport()->size(),
                                             flame->verticalScrollBar()->value());
            const QRectF flameBadge =
                badgeOf(window.noteLayer(NoteView::FlameGraph), flameCanvas, frameNote);
            QVERIFY(!flameBadge.isEmpty());
            QVERIFY(isBadgeColour(flameShot.pixelColor(
                QPoint(int(flameBadge.left()) + 3, int(flameBadge.center().y())))));

            // A heatmap cell, a box over a few rank rows, the straggler marked.
            window.showCentralView(MainWindow::CentralView::Heatmap);
            QApplication::processEvents();
            HeatmapWidget *heatmap = window.heatmapView()->heatmap();
            const QRect cell = heatmap->cellRect(m_rank, m_window);
            QVERIFY(!cell.isEmpty());
            NoteOverlay *onHeatmap = window.noteOverlay(NoteView::Heatmap);
            cellNote = onHeatmap->addPin(cell.center(), QStringLiteral("slow from here"));
            QVERIFY(!cellNote.empty());
            const QRect first = heatmap->cellRect(0, m_window - 4);
            const QRect last = heatmap->cellRect(3, m_window + 2);
            boxNote = onHeatmap->addShape(NoteKind::Highlight, first.topLeft(), last.bottomRight(),
                                          QStringLiteral("node-0"));
            QVERIFY(!boxNote.empty());
            rankNote = onHeatmap->addRankMark(RankSet::fromVector({m_rank}),
                                              QStringLiteral("the straggler"));
            QVERIFY(!rankNote.empty());
            const Note *cellStored = window.noteBook()->find(cellNote);
            QCOMPARE(cellStored->anchor.target, NoteTarget::Cell);
            QCOMPARE(cellStored->anchor.rank, m_rank);
            QCOMPARE(cellStored->anchor.window, qint64(m_window));

            // A log line.
            window.showCentralView(MainWindow::CentralView::Logs);
            QApplication::processEvents();
            LogLineView *lines = window.logsView()->lineView();
            QVERIFY(lines->rowCount() > 4);
            const QRect line = lines->visualRect(lines->firstVisibleRow() + 3);
            QVERIFY(!line.isEmpty());
            lineNote = window.noteOverlay(NoteView::Logs)
                           ->addPin(line.center(), QStringLiteral("the first warning"));
            QVERIFY(!lineNote.empty());
            QCOMPARE(window.noteBook()->find(lineNote)->anchor.target, NoteTarget::LogLine);
            QCOMPARE(window.notesPanel()->noteCount(), 5);
            window.close();
        }

        // Another window on the same bundle: the notes were saved with it.
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(openAndWait(window, m_bundle));
        NoteBook *book = window.noteBook();
        QCOMPARE(book->notes().size(), std::size_t(5));
        QCOMPARE(window.notesPanel()->noteCount(), 5);
        QTreeWidget *list = window.notesPanel()->list();
        QCOMPARE(list->topLevelItem(0)->text(3), QStringLiteral("stuck here"));
        QCOMPARE(list->topLevelItem(4)->text(3), QStringLiteral("the first warning"));

        // The panel's jump: the frame's view, the frame selected (found again by its path).
        window.showCentralView(MainWindow::CentralView::Logs);
        QVERIFY(window.revealNote(QString::fromStdString(frameNote)));
        QCOMPARE(window.currentCentralView(), MainWindow::CentralView::Stacks);
        FlameGraphWidget *flame = window.flameGraph();
        QVERIFY(flame->selectedNode() > 0);
        QCOMPARE(flame->tree()->pathLabels(flame->selectedNode()), framePath);
        QCOMPARE(book->selected(), frameNote);
        QVERIFY(window.revealNote(QString::fromStdString(lineNote)));
        QCOMPARE(window.currentCentralView(), MainWindow::CentralView::Logs);
        LogLineView *lines = window.logsView()->lineView();
        QVERIFY(lines->currentRow() >= 0);
        const LogLine shown = lines->source()->line(lines->currentRow());
        QCOMPARE(shown.fileLabel.toStdString(), book->find(lineNote)->anchor.file);
        QCOMPARE(shown.lineNumber, book->find(lineNote)->anchor.line);
        keepWindow(window, QStringLiteral("window-logs.png"));
        // The Logs tab's picture is its lines as shown, with the note's badge on its line.
        {
            QApplication::processEvents();
            const QString file = m_dir.filePath(QStringLiteral("logs-notes.png"));
            QString error;
            QVERIFY2(window.exportImage(file, &error), qPrintable(error));
            keep(file, QStringLiteral("logs-notes.png"));
            const QImage picture(file);
            LogLinesNoteCanvas canvas(*lines, window.session()->logs().analysis);
            const QRectF badge = badgeOf(window.noteLayer(NoteView::Logs), canvas, lineNote);
            QVERIFY(!badge.isEmpty());
            const int band = picture.height() - lines->viewport()->height();
            QVERIFY(isBadgeColour(
                picture.pixelColor(QPoint(int(badge.left()) + 3, int(badge.center().y()) + band))));
            QVERIFY(QImageReader(file)
                        .text(QStringLiteral("Description"))
                        .contains(QStringLiteral("the first warning")));
        }

        // The flame graph's picture: the badge drawn where the note is, the caption lists it.
        window.showCentralView(MainWindow::CentralView::Stacks);
        QApplication::processEvents();
        const QString withNotes = m_dir.filePath(QStringLiteral("flame-notes.png"));
        const QString without = m_dir.filePath(QStringLiteral("flame-plain.png"));
        QString error;
        QVERIFY2(window.exportImage(withNotes, &error), qPrintable(error));
        const int width = flame->viewport()->width();
        QVERIFY(StackViewExport::write(flame->scene(), window.session()->results(),
                                       QStringLiteral("job"), flame->selectedNode(),
                                       flame->highlightedRanks(), without, width, &error));
        const int viewHeight = FlameGraphPainter::fullSize(flame->scene(), width).height();
        FlameGraphNoteCanvas exported(flame->scene(), QSize(width, viewHeight), 0);
        const QRectF badge = badgeOf(window.noteLayer(NoteView::FlameGraph), exported, frameNote);
        QVERIFY(!badge.isEmpty());
        const QImage annotated(withNotes);
        const QImage plain(without);
        QCOMPARE(annotated.width(), plain.width());
        const QPoint at(int(badge.left()) + 3, int(badge.center().y()));
        const int bandWith = annotated.height() - viewHeight;
        const int bandWithout = plain.height() - viewHeight;
        QVERIFY(bandWith > bandWithout); // a caption line per note drawn
        QVERIFY(isBadgeColour(annotated.pixelColor(at + QPoint(0, bandWith))));
        QVERIFY(!isBadgeColour(plain.pixelColor(at + QPoint(0, bandWithout))));
        keep(withNotes, QStringLiteral("flame-notes.png"));
        keepWindow(window, QStringLiteral("window-stacks.png"));
        QVERIFY2(QImageReader(withNotes)
                     .text(QStringLiteral("Description"))
                     .contains(QStringLiteral("stuck here")),
                 qPrintable(QImageReader(withNotes).text(QStringLiteral("Description"))));

        // The heatmap's picture: the cell's badge and the box, in the exported pixels.
        window.showCentralView(MainWindow::CentralView::Heatmap);
        QApplication::processEvents();
        HeatmapWidget *heatmap = window.heatmapView()->heatmap();
        const QString heatmapFile = m_dir.filePath(QStringLiteral("heatmap-notes.png"));
        QVERIFY2(window.exportImage(heatmapFile, &error), qPrintable(error));
        const QImage heatmapPicture(heatmapFile);
        keep(heatmapFile, QStringLiteral("heatmap-notes.png"));
        keepWindow(window, QStringLiteral("window-heatmap.png"));
        const QImage heatmapPlain = ViewExporter::render(
            [heatmap](QPainter &painter, QSize size) {
                HeatmapPainter::paint(painter, heatmap->scene(), size);
            },
            heatmap->size(), ExportCaption());
        HeatmapNoteCanvas cells(heatmap->scene(), heatmap->size());
        const QRectF cellBadge = badgeOf(window.noteLayer(NoteView::Heatmap), cells, cellNote);
        QVERIFY(!cellBadge.isEmpty());
        const int band = heatmapPicture.height() - heatmap->height();
        const int plainBand = heatmapPlain.height() - heatmap->height();
        const QPoint cellAt(int(cellBadge.left()) + 3, int(cellBadge.center().y()));
        QVERIFY(isBadgeColour(heatmapPicture.pixelColor(cellAt + QPoint(0, band))));
        QVERIFY(!isBadgeColour(heatmapPlain.pixelColor(cellAt + QPoint(0, plainBand))));
        // The box's border, halfway along its top edge, differs from the cells under it.
        const Note *box = book->find(boxNote);
        QVERIFY(box && box->shape);
        const auto corner = cells.toPixel(box->anchor, box->shape->from);
        const auto opposite = cells.toPixel(box->anchor, box->shape->to);
        QVERIFY(corner && opposite);
        const QPoint edge(int((corner->x() + opposite->x()) / 2), int(std::round(corner->y())));
        QVERIFY(heatmapPicture.pixelColor(edge + QPoint(0, band)) !=
                heatmapPlain.pixelColor(edge + QPoint(0, plainBand)));
        QVERIFY(QImageReader(heatmapFile)
                    .text(QStringLiteral("Description"))
                    .contains(QStringLiteral("slow from here")));
        // Zoomed in, the box still starts at its first rank's row and window.
        heatmap->zoomColumns(2.0);
        heatmap->zoomRows(1.5);
        QApplication::processEvents();
        const QRect firstCell = heatmap->cellRect(0, m_window - 4);
        if (!firstCell.isEmpty()) {
            HeatmapNoteCanvas zoomed(heatmap->scene(), heatmap->size());
            const auto moved = zoomed.toPixel(box->anchor, box->shape->from);
            QVERIFY(moved);
            QVERIFY2(std::abs(moved->x() - firstCell.left()) <= 2 &&
                         std::abs(moved->y() - firstCell.top()) <= 2,
                     qPrintable(QStringLiteral("%1,%2 vs %3,%4")
                                    .arg(moved->x())
                                    .arg(moved->y())
                                    .arg(firstCell.left())
                                    .arg(firstCell.top())));
        }
        heatmap->resetZoom();

        // Export the sidecar, lose the notes database: a third window gets them from the sidecar.
        const QString sidecar =
            QString::fromStdString(notesSidecarPath(m_bundle.toStdString()).string());
        QVERIFY(window.exportNotes(sidecar, &error));
        const QString notesFile = QString::fromStdString(
            NoteStore::fileFor(window.session()->summary().cacheFile).string());
        window.close();
        book->close(); // the window's store lets go of the file before it is removed
        for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
            QFile::remove(notesFile + suffix);
        MainWindow colleague;
        colleague.resize(1200, 800);
        colleague.show();
        QVERIFY(openAndWait(colleague, m_bundle));
        QCOMPARE(colleague.noteBook()->notes().size(), std::size_t(5));
        QVERIFY(colleague.noteBook()->find(lineNote));
        // The same file again adds nothing.
        QString message;
        QVERIFY(colleague.importNotes(sidecar, &message));
        QCOMPARE(colleague.noteBook()->notes().size(), std::size_t(5));
        QVERIFY2(message.contains(QStringLiteral("5 already there")), qPrintable(message));
        // A cut file imports nothing and says why.
        {
            QFile file(sidecar);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray whole = file.readAll();
            file.close();
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            file.write(whole.left(whole.size() / 3));
        }
        QVERIFY(!colleague.importNotes(sidecar, &message));
        QVERIFY2(message.contains(QStringLiteral("is not valid JSON")), qPrintable(message));
        QCOMPARE(colleague.noteBook()->notes().size(), std::size_t(5));
        QFile::remove(sidecar);
    }

    void mouseSelectsDrawsAndDeletes()
    {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(openAndWait(window, m_bundle));
        window.showCentralView(MainWindow::CentralView::Heatmap);
        QApplication::processEvents();
        HeatmapWidget *heatmap = window.heatmapView()->heatmap();
        NoteOverlay *overlay = window.noteOverlay(NoteView::Heatmap);
        const std::size_t before = window.noteBook()->notes().size();
        const QRect cell = heatmap->cellRect(m_rank, m_window + 1);
        const std::string id = overlay->addPin(cell.center(), QStringLiteral("to delete"));
        QVERIFY(!id.empty());
        QApplication::processEvents();
        // A click on its badge selects it (and does not select the cell below).
        HeatmapNoteCanvas canvas(heatmap->scene(), heatmap->size());
        const QRectF badge = badgeOf(window.noteLayer(NoteView::Heatmap), canvas, id);
        QVERIFY(!badge.isEmpty());
        window.noteBook()->select({});
        QCOMPARE(overlay->noteAt(badge.center().toPoint()), id);
        QTest::mouseClick(heatmap, Qt::LeftButton, {}, badge.center().toPoint());
        QCOMPARE(window.noteBook()->selected(), id);
        heatmap->setFocus();
        QTest::keyClick(heatmap, Qt::Key_Delete);
        QVERIFY(!window.noteBook()->find(id));
        QCOMPARE(window.noteBook()->notes().size(), before);

        // The Highlight tool: a drag over the cells makes a box; the tool ends with it.
        QSignalSpy finished(overlay, &NoteOverlay::toolFinished);
        overlay->setTool(NoteTool::Highlight);
        const QPoint from = heatmap->cellRect(4, 2).center();
        const QPoint to = heatmap->cellRect(7, 6).center();
        QTest::mousePress(heatmap, Qt::LeftButton, {}, from);
        QTest::mouseMove(heatmap, to);
        QTest::mouseRelease(heatmap, Qt::LeftButton, {}, to);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(overlay->tool(), NoteTool::None);
        QCOMPARE(window.noteBook()->notes().size(), before + 1);
        const Note drawn = window.noteBook()->notes().back();
        QCOMPARE(drawn.kind, NoteKind::Highlight);
        QVERIFY(drawn.shape);
        QCOMPARE(int(std::floor(drawn.shape->from.y)), 4);
        QCOMPARE(int(std::floor(drawn.shape->to.y)), 7);
        // Escape cancels a tool without drawing.
        overlay->setTool(NoteTool::Arrow);
        QTest::keyClick(heatmap, Qt::Key_Escape);
        QCOMPARE(overlay->tool(), NoteTool::None);
        QVERIFY(window.noteBook()->remove(drawn.id));
    }

    void timelineNotes()
    {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(openAndWait(window, m_bundle));

        // Rank Detail's timeline: an event pinned, an arrow to it.
        QSignalSpy detailReady(window.session(), &BundleSession::rankDetailReady);
        window.openRankDetail(m_rank, WindowAxis::Iteration, m_window);
        QVERIFY(detailReady.wait(60000));
        QApplication::processEvents();
        TraceTimelineWidget *timeline = window.rankDetail()->timeline();
        const QRect lanes = timeline->lanesArea();
        int event = -1;
        QPoint at;
        for (int x = lanes.left() + lanes.width() / 3; x < lanes.right() && event < 0; x += 4)
            for (int y = lanes.top() + 2; y < lanes.bottom() && event < 0; y += 3)
                if ((event = timeline->eventAt(QPoint(x, y))) >= 0)
                    at = QPoint(x, y);
        QVERIFY(event >= 0);
        NoteOverlay *onTimeline = window.noteOverlay(NoteView::Timeline);
        const std::string pin = onTimeline->addPin(at, QStringLiteral("this kernel"));
        QVERIFY(!pin.empty());
        const Note *pinned = window.noteBook()->find(pin);
        QCOMPARE(pinned->anchor.target, NoteTarget::Event);
        QCOMPARE(pinned->anchor.rank, m_rank);
        QCOMPARE(pinned->anchor.window, qint64(m_window));
        const std::string arrow = onTimeline->addShape(
            NoteKind::Arrow, QPoint(lanes.left() + 20, lanes.bottom() - 10), at);
        QVERIFY(!arrow.empty());
        QApplication::processEvents();
        keepWindow(window, QStringLiteral("window-timeline.png"));
        const QImage shot = timeline->viewport()->grab().toImage();
        TimelineNoteCanvas canvas(*timeline, "iteration", m_window);
        const QRectF badge = badgeOf(window.noteLayer(NoteView::Timeline), canvas, pin);
        QVERIFY(!badge.isEmpty());
        QVERIFY(
            isBadgeColour(shot.pixelColor(QPoint(int(badge.left()) + 3, int(badge.center().y())))));

        for (const std::string &id : {pin, arrow})
            window.noteBook()->remove(id);
    }

    void templateNotes()
    {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(openAndWait(window, m_bundle));
        window.showCentralView(MainWindow::CentralView::Logs);
        QApplication::processEvents();
        LogTemplateTable *table = window.logsView()->templateTable();
        QVERIFY(table->model()->rowCount() > 2);
        const QRect row = table->visualRect(table->model()->index(1, 1));
        QVERIFY(!row.isEmpty());
        NoteOverlay *overlay = NoteOverlay::of(table);
        QVERIFY(overlay);
        const std::string id = overlay->addPin(row.center(), QStringLiteral("this template"));
        QVERIFY(!id.empty());
        const Note note = *window.noteBook()->find(id);
        QCOMPARE(note.anchor.target, NoteTarget::LogTemplate);
        QVERIFY(!note.anchor.name.empty());
        // Another row selected, then the jump selects the template's row again.
        table->selectionModel()->setCurrentIndex(table->model()->index(0, 0),
                                                 QItemSelectionModel::ClearAndSelect |
                                                     QItemSelectionModel::Rows);
        window.showCentralView(MainWindow::CentralView::Heatmap);
        QVERIFY(window.revealNote(QString::fromStdString(id)));
        QCOMPARE(window.currentCentralView(), MainWindow::CentralView::Logs);
        QCOMPARE(table->currentIndex().row(), 1);
        QApplication::processEvents();
        const QImage shot = table->viewport()->grab().toImage();
        ItemViewNoteCanvas probe(
            *table, NoteView::Logs, "templates",
            [](int, std::string *) { return std::optional<NoteAnchor>(); },
            [](const NoteAnchor &) { return 1; });
        const QRectF badge = badgeOf(window.noteLayer(NoteView::Logs), probe, id);
        QVERIFY(!badge.isEmpty());
        QVERIFY(
            isBadgeColour(shot.pixelColor(QPoint(int(badge.left()) + 3, int(badge.center().y())))));
        window.noteBook()->remove(id);
    }

    void collectivesNotes()
    {
        // A hang with Flight Recorder dumps: the Collectives strip has its group.
        const QString bundle = m_dir.filePath(QStringLiteral("hang"));
        SynthOptions synth;
        synth.scenario = "hang-dataloader";
        synth.ranks = 16;
        synth.outDir = bundle.toStdString();
        writeSyntheticBundle(synth);
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QSignalSpy collectivesReady(window.collectiveLoader(), &CollectiveLoader::ready);
        QSignalSpy stacksReady(window.session(), &BundleSession::resultsReady);
        window.openBundle(bundle);
        QVERIFY(stacksReady.wait(120000));
        if (collectivesReady.isEmpty())
            QVERIFY(collectivesReady.wait(60000));
        // The Collectives strip: a member's entry pinned, drawn into its picture.
        CollectivesView *collectives = window.collectivesView();
        QVERIFY(collectives->hasData());
        window.showCentralView(MainWindow::CentralView::Collectives);
        QApplication::processEvents();
        CollectiveStripWidget *strip = collectives->strip();
        const CollectiveStripLayout &layout = strip->scene().layout(strip->size());
        const QPoint cell(layout.cells.left() + layout.cells.width() / 2, layout.cells.top() + 3);
        const std::string onCollective =
            window.noteOverlay(NoteView::Collectives)->addPin(cell, QStringLiteral("late here"));
        QVERIFY(!onCollective.empty());
        QCOMPARE(window.noteBook()->find(onCollective)->anchor.target, NoteTarget::Collective);
        const QString file = m_dir.filePath(QStringLiteral("collectives-notes.png"));
        QString error;
        QVERIFY2(window.exportImage(file, &error), qPrintable(error));
        keep(file, QStringLiteral("collectives-notes.png"));
        const QImage picture(file);
        CollectiveStripNoteCanvas stripCanvas(strip->scene(), strip->size());
        const QRectF stripBadge =
            badgeOf(window.noteLayer(NoteView::Collectives), stripCanvas, onCollective);
        QVERIFY(!stripBadge.isEmpty());
        const int band = picture.height() - strip->height();
        QVERIFY(isBadgeColour(picture.pixelColor(
            QPoint(int(stripBadge.left()) + 3, int(stripBadge.center().y()) + band))));
    }

    void overviewNotes()
    {
        // The hang: the Overview names a culprit; notes go on it, on a rank of the coverage
        // strip and as a box over the verdict, come back in a new window, are drawn into the
        // Overview's picture and listed in the incident report.
        const QString bundle = m_dir.filePath(QStringLiteral("hang-overview"));
        SynthOptions synth;
        synth.scenario = "hang-dataloader";
        synth.ranks = 16;
        synth.outDir = bundle.toStdString();
        writeSyntheticBundle(synth);
        std::string onCulprit, onRank, onVerdict;
        int culpritRank = -1;
        {
            MainWindow window;
            window.resize(1400, 900);
            window.show();
            window.openBundle(bundle);
            QVERIFY(QTest::qWaitFor([&] { return window.isSettled(); }, 180000));
            OverviewView *overview = window.overviewView();
            QTRY_VERIFY_WITH_TIMEOUT(overview->culpritCount() > 0, 60000);
            window.showCentralView(MainWindow::CentralView::Overview);
            QApplication::processEvents();
            NoteOverlay *on = window.noteOverlay(NoteView::Overview);
            QVERIFY(on);
            QCOMPARE(on->surface(), overview->page());

            const QRect culprit = overview->culpritRect(0);
            QVERIFY(!culprit.isEmpty());
            onCulprit = on->addPin(culprit.topLeft() + QPoint(60, 12),
                                   QStringLiteral("NFS mount on the node hung"));
            QVERIFY(!onCulprit.empty());
            const Note *stored = window.noteBook()->find(onCulprit);
            QCOMPARE(stored->anchor.target, NoteTarget::View);
            QCOMPARE(stored->anchor.name, std::string("culprit"));
            culpritRank = stored->anchor.rank;
            QVERIFY(overview->data()->verdict.culprits.front().ranks.contains(culpritRank));

            const CoverageStrip *strip = overview->coverageStrip();
            const QRect column = strip->rankColumns(3, 3);
            QVERIFY(!column.isEmpty());
            onRank = on->addPin(strip->mapTo(overview->page(), column.center()),
                                QStringLiteral("rank 3 sent no trace"));
            QVERIFY(!onRank.empty());
            QCOMPARE(window.noteBook()->find(onRank)->anchor.target, NoteTarget::Cell);
            QCOMPARE(window.noteBook()->find(onRank)->anchor.rank, 3);

            const QRect verdict = overview->sectionRect("verdict");
            QVERIFY(!verdict.isEmpty());
            onVerdict = on->addShape(NoteKind::Highlight, verdict.topLeft(), verdict.bottomRight(),
                                     QStringLiteral("the answer"));
            QVERIFY(!onVerdict.empty());

            // The page is labels: a click on the culprit's badge reaches the overlay through
            // the label under it and selects the note.
            const OverviewNoteCanvas canvas(*overview);
            const QRectF badge = badgeOf(window.noteLayer(NoteView::Overview), canvas, onCulprit);
            QVERIFY(!badge.isEmpty());
            QWidget *under = overview->page()->childAt(badge.center().toPoint());
            QVERIFY(under);
            QTest::mouseClick(under, Qt::LeftButton, {},
                              under->mapFrom(overview->page(), badge.center().toPoint()));
            QCOMPARE(window.noteBook()->selected(), onCulprit);
            window.noteBook()->select({});

            // Drawn into the picture: the badge's pixels below the caption band.
            const QString file = m_dir.filePath(QStringLiteral("overview-notes.png"));
            QString error;
            QVERIFY2(window.exportImage(file, &error), qPrintable(error));
            keep(file, QStringLiteral("overview-notes.png"));
            const QImage picture(file);
            QVERIFY(!picture.isNull());
            const int band = picture.height() - overview->page()->height();
            QVERIFY(band > 0);
            QVERIFY(isBadgeColour(
                picture.pixelColor(QPoint(int(badge.left()) + 3, int(badge.center().y()) + band))));
            keepWindow(window, QStringLiteral("overview-notes-window.png"));
        }
        // A new window: the notes are back, on the same culprit, and in the report.
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        window.openBundle(bundle);
        QVERIFY(QTest::qWaitFor([&] { return window.isSettled(); }, 180000));
        OverviewView *overview = window.overviewView();
        QTRY_VERIFY_WITH_TIMEOUT(overview->culpritCount() > 0, 60000);
        QApplication::processEvents();
        QCOMPARE(window.noteLayer(NoteView::Overview).entries.size(), std::size_t(3));
        const OverviewNoteCanvas canvas(*overview);
        const Note *culprit = window.noteBook()->find(onCulprit);
        QVERIFY(culprit);
        QCOMPARE(canvas.culpritOf(culprit->anchor), 0);
        QVERIFY(canvas.anchorRect(window.noteBook()->find(onRank)->anchor).has_value());
        window.showCentralView(MainWindow::CentralView::Stacks);
        QVERIFY(window.revealNote(QString::fromStdString(onCulprit)));
        QCOMPARE(window.currentCentralView(), MainWindow::CentralView::Overview);

        const QString html = m_dir.filePath(QStringLiteral("overview-report.html"));
        QString error;
        QVERIFY2(window.exportReport(html, &error), qPrintable(error));
        QFile report(html);
        QVERIFY(report.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(report.readAll());
        QVERIFY(text.contains(QStringLiteral("NFS mount on the node hung")));
        QVERIFY(text.contains(QStringLiteral("rank 3 sent no trace")));
        QVERIFY(text.contains(QStringLiteral("the answer")));
    }

    void diffTableNotes()
    {
        // A straggler against its healthy baseline: a note on a log template's line of the
        // Diff, listed in the Diff picture's caption, found again from the Notes panel.
        const QString bundle = m_dir.filePath(QStringLiteral("diff-target"));
        const QString baseline = m_dir.filePath(QStringLiteral("diff-baseline"));
        for (const bool healthy : {false, true}) {
            SynthOptions synth;
            synth.scenario = "straggler-gpu";
            synth.ranks = 16;
            synth.iterations = 20;
            synth.healthyBaseline = healthy;
            synth.outDir = (healthy ? baseline : bundle).toStdString();
            writeSyntheticBundle(synth);
        }
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QSignalSpy diffReady(window.comparison(), &BaselineComparison::diffReady);
        window.openBaseline(baseline);
        window.openBundle(bundle);
        QVERIFY(diffReady.wait(180000));
        window.showCentralView(MainWindow::CentralView::Diff);
        DiffView *diff = window.diffView();
        diff->showPage(DiffView::Page::Ops);
        QApplication::processEvents();
        OpDiffTable *ops = diff->opTable();
        QVERIFY(ops->model()->rowCount() > 0);
        NoteOverlay *onOps = window.noteOverlay(NoteView::Diff, "ops");
        QVERIFY(onOps);
        const QRect row = ops->visualRect(ops->model()->index(0, 1));
        QVERIFY(!row.isEmpty());
        const std::string id = onOps->addPin(row.center(), QStringLiteral("slower on one rank"));
        QVERIFY(!id.empty());
        const Note *note = window.noteBook()->find(id);
        QCOMPARE(note->anchor.target, NoteTarget::DiffLine);
        QCOMPARE(note->anchor.scope, std::string("ops"));
        const auto *proxy = qobject_cast<const QAbstractProxyModel *>(ops->model());
        QVERIFY(proxy);
        QCOMPARE(note->anchor.name,
                 ops->sourceModel()->op(proxy->mapToSource(ops->model()->index(0, 0)).row())->name);

        const QString file = m_dir.filePath(QStringLiteral("diff-notes.png"));
        QString error;
        QVERIFY2(window.exportImage(file, &error), qPrintable(error));
        keep(file, QStringLiteral("diff-notes.png"));
        QImageReader reader(file);
        QVERIFY2(reader.text(QStringLiteral("Description"))
                     .contains(QStringLiteral("slower on one rank")),
                 qPrintable(reader.text(QStringLiteral("Description"))));

        diff->showPage(DiffView::Page::Stacks);
        QVERIFY(window.revealNote(QString::fromStdString(id)));
        QCOMPARE(diff->currentPage(), DiffView::Page::Ops);
        QCOMPARE(ops->currentOp(), proxy->mapToSource(ops->model()->index(0, 0)).row());
    }

private:
    QTemporaryDir m_dir;
    QString m_bundle;
    int m_rank = -1;
    int m_window = -1;
};

QTEST_MAIN(TestAnnotations)
#include "test_annotations.moc"
