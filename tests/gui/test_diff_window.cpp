#include "DemoBundle.h"
#include "MainWindow.h"
#include "views/common/ElidedLabel.h"
#include "views/diff/DiffSummaryPanel.h"
#include "views/diff/DiffView.h"
#include "views/diff/StackChangeList.h"
#include "views/diff/StackComparisonView.h"
#include "views/flamegraph/FlameGraphWidget.h"
#include "views/heatmap/HeatmapView.h"
#include "views/heatmap/HeatmapWidget.h"
#include "views/logs/LogsView.h"

#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QImageReader>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

using namespace rankscope;

namespace {

QJsonObject groundTruth(const QString &bundle)
{
    QFile file(bundle + QStringLiteral("/ground_truth.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

bool mentions(const std::vector<std::string> &frames, const std::string &function)
{
    for (const std::string &frame : frames)
        if (frame.find(function) != std::string::npos)
            return true;
    return false;
}

} // namespace

// Drives the real window offscreen on the demos, which come with their healthy baselines: the
// manifest's "baseline" opens it, the Diff tab fills, its evidence links work, it exports, the
// heatmap's difference mode shows the slow rank, and the baseline can be swapped and closed.
class TestDiffWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QCoreApplication::setOrganizationName(QStringLiteral("rankscope-test")); }

    void manifestBaselineOpensAndTheDiffLeadsWithTheHang()
    {
        QString error;
        const QString demo = DemoBundle::ensure(QStringLiteral("hang-dataloader"), &error);
        QVERIFY2(!demo.isEmpty(), qPrintable(error));
        const QJsonObject truth = groundTruth(demo);
        const int faultRank = truth.value(QStringLiteral("fault_ranks")).toArray().at(0).toInt(-1);
        QVERIFY(faultRank >= 0);

        MainWindow window;
        window.resize(1500, 950);
        window.show();
        QSignalSpy diffReady(window.comparison(), &BaselineComparison::diffReady);
        window.openBundle(demo);
        QVERIFY(diffReady.wait(180000));

        // The manifest named the baseline beside the demo; nothing else opened it.
        QVERIFY(window.comparison()->hasBaseline());
        QCOMPARE(QFileInfo(window.comparison()->baselinePath()).fileName(),
                 QFileInfo(demo).fileName() + QStringLiteral("-baseline"));
        const auto diff = window.comparison()->diff();
        QVERIFY(diff);
        QVERIFY(diff->hasStacks);
        QVERIFY(!diff->summary.empty());

        // The summary's first line is about the stuck rank's data loader, and links to a stack
        // change that the baseline never had.
        DiffView *view = window.diffView();
        QCOMPARE(view->diff(), diff);
        DiffSummaryPanel *summary = view->summaryPanel();
        QVERIFY(summary->lineCount() >= 1);
        QVERIFY2(summary->lineText(0).contains(QString::number(faultRank)),
                 qPrintable(summary->lineText(0)));
        const DiffEvidence first = summary->lineEvidence(0);
        QCOMPARE(first.kind, DiffEvidence::Kind::StackPath);
        const StackPathChange &change = diff->stacks.changes.at(std::size_t(first.index));
        QCOMPARE(change.kind, StackPathChangeKind::New);
        QVERIFY(change.targetRanks.contains(faultRank));
        QVERIFY(change.baselineRanks.empty());

        // Clicking the line opens the Stacks page with that change current and its path selected
        // in the target's graph.
        window.showCentralView(MainWindow::CentralView::Diff);
        summary->activateLine(0);
        QCOMPARE(view->currentPage(), DiffView::Page::Stacks);
        QCOMPARE(view->stacks()->currentChange(), first.index);
        FlameGraphWidget *target = view->stacks()->mode() == StackComparisonView::Mode::SideBySide
                                       ? view->stacks()->targetGraph()
                                       : view->stacks()->differentialGraph();
        QVERIFY(target->selectedNode() > 0);
        QVERIFY(mentions(target->tree()->pathLabels(target->selectedNode()), change.frames.back()));

        // The logs section has the hang's new watchdog template, and the Logs tab's ranking now
        // knows what the baseline also logs.
        QVERIFY(diff->hasLogs);
        QVERIFY(diff->logs.significantCount() > 0);
        QCOMPARE(diff->logs.changes.front().kind, LogTemplateChangeKind::New);

        // Export writes a picture whose title names the Diff view.
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("diff.png"));
        QVERIFY2(window.exportImage(file, &error), qPrintable(error));
        QImageReader reader(file);
        QVERIFY(reader.text(QStringLiteral("Title")).contains(QStringLiteral("Diff")));
        QVERIFY(!reader.read().isNull());

        // Swap: the healthy run becomes the bundle, the hang the baseline; the stuck rank's path
        // is now gone rather than new.
        QSignalSpy swapped(window.comparison(), &BaselineComparison::diffReady);
        window.comparison()->swap();
        QVERIFY(swapped.wait(180000));
        const auto reversed = window.comparison()->diff();
        QVERIFY(reversed && reversed != diff);
        QCOMPARE(QFileInfo(window.comparison()->baselinePath()).fileName(),
                 QFileInfo(demo).fileName());
        bool goneLoader = false;
        for (const StackPathChange &c : reversed->stacks.changes)
            goneLoader |= c.kind == StackPathChangeKind::Gone &&
                          c.baselineRanks.contains(faultRank) && c.frames == change.frames;
        QVERIFY(goneLoader);

        // Close: the Diff tab says how to open one again and no diff is kept.
        window.comparison()->closeBaseline();
        QVERIFY(!window.comparison()->hasBaseline());
        QVERIFY(!window.comparison()->diff());
        QVERIFY(!view->diff());
    }

    void heatmapDifferenceModeShowsTheSlowRank()
    {
        QString error;
        const QString demo = DemoBundle::ensure(QStringLiteral("straggler-gpu"), &error);
        QVERIFY2(!demo.isEmpty(), qPrintable(error));
        const QJsonObject truth = groundTruth(demo);
        const int faultRank = truth.value(QStringLiteral("fault_ranks")).toArray().at(0).toInt(-1);
        const int faultIteration = truth.value(QStringLiteral("first_iteration")).toInt(-1);
        QVERIFY(faultRank >= 0 && faultIteration >= 0);

        MainWindow window;
        window.resize(1500, 950);
        window.show();
        QSignalSpy diffReady(window.comparison(), &BaselineComparison::diffReady);
        window.openBundle(demo);
        QVERIFY(diffReady.wait(180000));
        const auto diff = window.comparison()->diff();
        QVERIFY(diff->hasOps);
        QVERIFY(diff->ops.targetSteps.p90Ns > diff->ops.baselineSteps.p90Ns);

        HeatmapView *heatmapView = window.heatmapView();
        QVERIFY(heatmapView->isDifferenceAvailable());
        QVERIFY(heatmapView->differenceButton()->isVisibleTo(heatmapView));

        // A step-time request from the Diff view opens the heatmap in difference mode.
        QSignalSpy differenceReady(window.comparison(),
                                   &BaselineComparison::heatmapDifferenceReady);
        emit window.diffView()->heatmapDifferenceRequested(TraceMetric::ComputeTime);
        QVERIFY(differenceReady.wait(60000));
        QCOMPARE(window.currentCentralView(), MainWindow::CentralView::Heatmap);
        QVERIFY(heatmapView->isDifferenceMode());
        const MetricMatrix *matrix = heatmapView->heatmap()->matrix();
        QVERIFY(matrix);
        QCOMPARE(matrix->metric, TraceMetric::ComputeTime);

        // After the fault, the slow rank's compute grew against its own baseline; a peer's did
        // not move by more than noise.
        const int row = matrix->rowOfRank(faultRank);
        const int peer = matrix->rowOfRank((faultRank + 9) % matrix->rowCount());
        const int column = matrix->columnOfWindow(faultIteration + 3);
        QVERIFY(row >= 0 && peer >= 0 && column >= 0);
        const double slow = matrix->at(row, column);
        const double other = matrix->at(peer, column);
        QVERIFY2(slow > 0 && slow > 10 * std::abs(other),
                 qPrintable(QStringLiteral("slow %1 peer %2").arg(slow).arg(other)));

        // Its cell is painted warm (red above zero), the peer's near white.
        QApplication::processEvents();
        const QImage picture = heatmapView->heatmap()->grab().toImage();
        const QColor slowColour = picture.pixelColor(
            heatmapView->heatmap()->cellRect(faultRank, faultIteration + 3).center());
        QVERIFY2(slowColour.red() > slowColour.blue() + 40, qPrintable(slowColour.name()));

        // Another baseline while the difference shows: it is subtracted anew, not kept. Against
        // itself the bundle differs by nothing.
        QSignalSpy again(window.comparison(), &BaselineComparison::heatmapDifferenceReady);
        window.openBaseline(demo);
        QVERIFY(again.wait(120000));
        QVERIFY(heatmapView->isDifferenceMode());
        const MetricMatrix *self = heatmapView->heatmap()->matrix();
        QVERIFY(self && self != matrix);
        QCOMPARE(self->at(self->rowOfRank(faultRank), column), 0.0);

        // Another bundle whose job.json names another baseline: the difference follows, instead
        // of the heatmap waiting for a request nobody repeats.
        const QString slowNode = DemoBundle::ensure(QStringLiteral("slow-node"), &error);
        QVERIFY2(!slowNode.isEmpty(), qPrintable(error));
        window.comparison()->closeBaseline();
        heatmapView->differenceButton()->setChecked(false);
        QSignalSpy plainAgain(window.session(), &BundleSession::heatmapReady);
        window.openBundle(demo);
        QVERIFY(plainAgain.wait(120000));
        QSignalSpy followed(window.comparison(), &BaselineComparison::heatmapDifferenceReady);
        QVERIFY(diffReady.wait(120000));
        window.showHeatmapDifference(TraceMetric::StepTime);
        QVERIFY(followed.wait(60000));
        window.openBundle(slowNode);
        QVERIFY(followed.wait(180000));
        QVERIFY(heatmapView->isDifferenceMode());
        QCOMPARE(QFileInfo(window.comparison()->baselinePath()).fileName(),
                 QFileInfo(slowNode).fileName() + QStringLiteral("-baseline"));
        matrix = heatmapView->heatmap()->matrix();
        QVERIFY(matrix && matrix->rowCount() == 64);

        // Turning it off brings the plain matrix back.
        QSignalSpy plain(window.session(), &BundleSession::heatmapReady);
        heatmapView->differenceButton()->setChecked(false);
        QVERIFY(plain.wait(60000));
        QVERIFY(!heatmapView->isDifferenceMode());
    }

    // The status bar's comparison sentence in a narrow window: cut with "…" to the room it has
    // (again after each resize), whole in its tooltip, and a click on it opens the Diff.
    void statusComparisonElidesAndOpensTheDiff()
    {
        QString error;
        const QString demo = DemoBundle::ensure(QStringLiteral("hang-dataloader"), &error);
        QVERIFY2(!demo.isEmpty(), qPrintable(error));
        MainWindow window;
        window.resize(1500, 950);
        window.show();
        QSignalSpy diffReady(window.comparison(), &BaselineComparison::diffReady);
        window.openBundle(demo);
        QVERIFY(diffReady.wait(180000));
        ElidedLabel *line = window.statusLine();
        const QString sentence = window.statusText();
        QVERIFY2(sentence.startsWith(QStringLiteral("Compared with ")), qPrintable(sentence));
        QVERIFY(line->isClickable());

        window.showCentralView(MainWindow::CentralView::Stacks);
        // Narrower than the sentence.
        const int needed = line->fontMetrics().horizontalAdvance(sentence);
        window.resize(std::min(needed, 1700), 700);
        QTRY_VERIFY(line->width() < needed);
        QTRY_VERIFY2(line->isElided(), qPrintable(line->displayedText()));
        const QString shown = line->displayedText();
        QVERIFY2(shown.endsWith(QChar(0x2026)), qPrintable(shown));
        QVERIFY(sentence.startsWith(shown.chopped(1)));
        QVERIFY(line->fontMetrics().horizontalAdvance(shown) <= line->width());
        QVERIFY2(line->toolTip().contains(sentence.toHtmlEscaped()), qPrintable(line->toolTip()));
        QCOMPARE(window.statusText(), sentence); // the whole sentence for whoever reads it
        // Narrower still: cut again to the new width.
        window.resize(window.width() - 200, 700);
        QVERIFY(window.width() < std::min(needed, 1700));
        QTRY_VERIFY(line->displayedText().size() < shown.size());
        QVERIFY(line->displayedText().endsWith(QChar(0x2026)));

        QCOMPARE(window.currentCentralView(), MainWindow::CentralView::Stacks);
        QTest::mouseClick(line, Qt::LeftButton);
        QCOMPARE(window.currentCentralView(), MainWindow::CentralView::Diff);
        // Another status is plain text: a click does nothing.
        window.showCentralView(MainWindow::CentralView::Stacks);
        window.activateTopSuspect();
        QVERIFY(!line->isClickable());
        QTest::mouseClick(line, Qt::LeftButton);
        QCOMPARE(window.currentCentralView(), MainWindow::CentralView::Stacks);
    }

    void commandLineBaselineWinsOverNone()
    {
        // A bundle without a manifest baseline compared through openBaseline (as --baseline
        // does): the healthy baseline against itself changes nothing.
        QString error;
        const QString demo = DemoBundle::ensure(QStringLiteral("hang-dataloader"), &error);
        QVERIFY2(!demo.isEmpty(), qPrintable(error));
        const QString healthy = demo + QStringLiteral("-baseline");
        QVERIFY(QFileInfo::exists(healthy + QStringLiteral("/job.json")));
        MainWindow window;
        window.show();
        QSignalSpy diffReady(window.comparison(), &BaselineComparison::diffReady);
        window.openBaseline(healthy);
        window.openBundle(healthy);
        QVERIFY(diffReady.wait(180000));
        const auto diff = window.comparison()->diff();
        QVERIFY(diff->stacks.changes.empty());
        QCOMPARE(diff->logs.significantCount(), 0);
        QCOMPARE(diff->summary.size(), std::size_t(1));
        QCOMPARE(diff->summary.front().evidence.kind, DiffEvidence::Kind::None);
    }

    void chosenBaselineStaysManifestBaselineFollowsTheBundle()
    {
        QString error;
        const QString demo = DemoBundle::ensure(QStringLiteral("hang-dataloader"), &error);
        QVERIFY2(!demo.isEmpty(), qPrintable(error));
        const QString healthy = demo + QStringLiteral("-baseline");
        MainWindow window;
        window.show();
        BaselineComparison *comparison = window.comparison();

        // A baseline the user chose wins over the one the manifest names.
        QSignalSpy imported(window.session(), &BundleSession::importFinished);
        window.openBaseline(healthy);
        window.openBundle(demo);
        QVERIFY(imported.wait(180000));
        QCOMPARE(comparison->baselinePath(), healthy);

        // Without one, the manifest's is opened, and opening a bundle whose manifest names none
        // closes it again.
        comparison->closeBaseline();
        window.openBundle(healthy);
        QVERIFY(imported.wait(180000));
        QVERIFY(!comparison->hasBaseline());
        window.openBundle(demo);
        QVERIFY(imported.wait(180000));
        QCOMPARE(QDir(comparison->baselinePath()).canonicalPath(), QDir(healthy).canonicalPath());
        window.openBundle(healthy);
        QVERIFY(imported.wait(180000));
        QVERIFY(!comparison->hasBaseline());
    }
};

QTEST_MAIN(TestDiffWindow)
#include "test_diff_window.moc"
