// The Stragglers panel shows each suspect's confidence (confirmed, or tentative for a capture of
// one or two profiler steps), a periodic pattern, and what it costs the job; waiters cost nothing.
// Renders the panel offscreen (RANKSCOPE_SCREENSHOT_DIR keeps the picture).

#include "../views/ScreenshotSupport.h"
#include "StragglersPanel.h"

#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

using namespace rankscope;

namespace {

TraceResults resultsWith(StragglerReport report)
{
    TraceResults results;
    auto overview = std::make_shared<TraceOverview>();
    overview->traceFiles = 64;
    results.overview = overview;
    results.stragglers = std::make_shared<StragglerReport>(std::move(report));
    return results;
}

StragglerSuspect periodicBlocker()
{
    StragglerSuspect suspect;
    suspect.ranks = {21};
    suspect.nodes = {"node-2"};
    suspect.metric = TraceMetric::ComputeTime;
    suspect.firstWindow = 103;
    suspect.magnitude = 0.62;
    suspect.windowsFlagged = 20;
    suspect.windowsTotal = 200;
    suspect.period = 10;
    suspect.costPerWindowNs = 3.3e6;
    suspect.costTotalNs = 650e6;
    suspect.costWindows = 197;
    suspect.reason = "rank 21 (node-2): compute +62% over peer median every 10th iteration from "
                     "iteration 103, confirmed in 20 of 200 iterations; costs the job ~3.3 ms per "
                     "step, 650 ms over 197 steps";
    return suspect;
}

} // namespace

class TestStragglersPanel : public QObject
{
    Q_OBJECT
private slots:
    void confirmedPeriodicAndWaiter()
    {
        StragglerReport report;
        report.verdict = StragglerVerdict::StragglersFound;
        report.windows = 200;
        report.summary = "rank 21 (node-2) is a straggler: its compute time is 62% above its "
                         "peers' every 10th iteration from iteration 103; it costs the job ~3.3 ms "
                         "per step, 650 ms over 197 steps; 63 ranks wait for it in collectives.";
        report.suspects.push_back(periodicBlocker());
        StragglerSuspect waiter;
        waiter.ranks = {40};
        waiter.nodes = {"node-5"};
        waiter.metric = TraceMetric::CollectiveWait;
        waiter.firstWindow = 100;
        waiter.magnitude = 0.4;
        waiter.windowsFlagged = 150;
        waiter.windowsTotal = 200;
        waiter.role = StragglerRole::Waiter;
        report.suspects.push_back(waiter);

        StragglersPanel panel;
        panel.resize(1100, 320);
        panel.setTraces(resultsWith(report));
        auto *tree = panel.findChild<QTreeWidget *>(QStringLiteral("stragglerSuspects"));
        QVERIFY(tree);
        QCOMPARE(tree->columnCount(), 7);
        QCOMPARE(tree->headerItem()->text(5), QStringLiteral("Confidence"));
        QCOMPARE(tree->headerItem()->text(6), QStringLiteral("Costs the job"));
        QCOMPARE(tree->topLevelItemCount(), 2);
        const QTreeWidgetItem *top = tree->topLevelItem(0);
        QCOMPARE(top->text(4), QStringLiteral("every 10 iterations from iteration 103"));
        QCOMPARE(top->text(5), QStringLiteral("confirmed (20 of 200)"));
        QCOMPARE(top->text(6), QStringLiteral("~3.30 ms per step (650 ms in all)"));
        QCOMPARE(tree->topLevelItem(1)->text(6), QStringLiteral("\u2014"));

        QTemporaryDir dir;
        const QString path = rankscope_test::saveScreenshot(panel.grab().toImage(), dir.path(),
                                                            QStringLiteral("stragglers_panel.png"));
        QVERIFY(!path.isEmpty());
    }

    void tentativeFromOneWindow()
    {
        StragglerReport report;
        report.verdict = StragglerVerdict::StragglersFound;
        report.windows = 1;
        report.summary = "rank 5 (node-0) may be a straggler (tentative, one window): its compute "
                         "time is 40% above its peers' in iteration 12; it costs the job ~24 ms in "
                         "that step; 7 ranks wait for it in collectives.";
        StragglerSuspect suspect;
        suspect.ranks = {5};
        suspect.nodes = {"node-0"};
        suspect.firstWindow = 12;
        suspect.magnitude = 0.4;
        suspect.windowsFlagged = 1;
        suspect.windowsTotal = 1;
        suspect.confidence = StragglerConfidence::Tentative;
        suspect.costPerWindowNs = 23.5e6;
        suspect.costTotalNs = 23.5e6;
        suspect.costWindows = 1;
        report.suspects.push_back(suspect);
        StragglersPanel panel;
        panel.resize(1100, 240);
        panel.setTraces(resultsWith(report));
        const QTreeWidgetItem *top =
            panel.findChild<QTreeWidget *>(QStringLiteral("stragglerSuspects"))->topLevelItem(0);
        QCOMPARE(top->text(4), QStringLiteral("iteration 12"));
        QCOMPARE(top->text(5), QStringLiteral("tentative (one window)"));
        QVERIFY(top->font(5).italic());
        QCOMPARE(top->text(6), QStringLiteral("~23.5 ms in that step"));
        QTemporaryDir dir;
        QVERIFY(!rankscope_test::saveScreenshot(panel.grab().toImage(), dir.path(),
                                                QStringLiteral("stragglers_panel_tentative.png"))
                     .isEmpty());
    }
};

QTEST_MAIN(TestStragglersPanel)
#include "test_stragglers_panel.moc"
