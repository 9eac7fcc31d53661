#include "SyntheticWindows.h"

#include "core/traces/StragglerDetection.h"

#include <QtTest>

#include <algorithm>
#include <numeric>

using namespace rankscope;

namespace {

std::vector<int> rangeOf(int first, int lastInclusive)
{
    std::vector<int> ranks(std::size_t(lastInclusive - first + 1));
    std::iota(ranks.begin(), ranks.end(), first);
    return ranks;
}

QString describe(const StragglerReport &report)
{
    QString text = QString::fromUtf8(stragglerVerdictKey(report.verdict)) + QStringLiteral(": ") +
                   QString::fromStdString(report.summary);
    for (const StragglerSuspect &suspect : report.suspects)
        text += QStringLiteral("\n  ") + QString::fromStdString(suspect.reason);
    return text;
}

} // namespace

class TestStragglerDetection : public QObject
{
    Q_OBJECT
private slots:
    void oneSlowRankIsTheTopBlocker()
    {
        SyntheticJob job; // 32 ranks on 4 nodes, 100 iterations from 100
        job.computeFactor = [](int rank, int column) {
            return rank == 13 && column >= 40 ? 1.3 : 1.0;
        };
        const StragglerReport report = analyzeStragglers(job.table(), job.jobInfo());
        qInfo().noquote() << describe(report);

        QCOMPARE(report.verdict, StragglerVerdict::StragglersFound);
        QCOMPARE(report.suspects.size(), std::size_t(1));
        const StragglerSuspect &top = report.suspects.front();
        QCOMPARE(top.ranks, std::vector<int>{13});
        QCOMPARE(top.nodes, std::vector<std::string>{"node-1"});
        QCOMPARE(top.group, std::string("trainer"));
        QCOMPARE(top.metric, TraceMetric::ComputeTime);
        QCOMPARE(top.role, StragglerRole::Blocker);
        QCOMPARE(top.firstWindow, std::int64_t(140));
        QVERIFY2(std::abs(top.magnitude - 0.3) < 0.04, std::to_string(top.magnitude).c_str());
        QVERIFY(top.windowsFlagged >= 55 && top.windowsFlagged <= 60);
        QCOMPARE(top.windowsTotal, 100);
        QVERIFY(top.firstWindowStartNs > 0);
        QCOMPARE(top.confidence, StragglerConfidence::Confirmed);
        QCOMPARE(top.period, 0);
        // It leads the next-slowest of 31 peers by ~16 ms in each of its 60 slow steps.
        QCOMPARE(top.costWindows, 60);
        QVERIFY2(top.costPerWindowNs > 13e6 && top.costPerWindowNs < 18e6,
                 std::to_string(top.costPerWindowNs).c_str());
        QVERIFY2(QRegularExpression(
                     QStringLiteral("^rank 13 \\(node-1\\): compute \\+30% over peer median from "
                                    "iteration 140, confirmed in 60 of 100 iterations; costs the "
                                    "job ~1[3-8] ms per step, [0-9.]+ (ms|s) over 60 steps$"))
                     .match(QString::fromStdString(top.reason))
                     .hasMatch(),
                 top.reason.c_str());

        // Everyone else waits for it in the collectives.
        std::vector<int> others = rangeOf(0, 31);
        others.erase(others.begin() + 13);
        QCOMPARE(report.waiters, others);
        QVERIFY2(QRegularExpression(
                     QStringLiteral("^rank 13 \\(node-1\\) is a straggler: its compute time is "
                                    "30% above its peers' from iteration 140; it costs the job "
                                    "~1[3-8] ms per step, [0-9.]+ (ms|s) over 60 steps; 31 ranks "
                                    "wait for it in collectives\\.$"))
                     .match(QString::fromStdString(report.summary))
                     .hasMatch(),
                 report.summary.c_str());
    }

    void healthyNoiseHasNoStragglers()
    {
        SyntheticJob job;
        job.ranks = 1024;
        job.windows = 200;
        job.noise = 0.03;
        job.seed = 11;
        const TraceWindowTable table = job.table();
        QElapsedTimer timer;
        timer.start();
        const StragglerReport report = analyzeStragglers(table, job.jobInfo());
        qInfo("1024 ranks x 200 windows x %d metrics analysed in %lld ms", kTraceMetricCount,
              qint64(timer.elapsed()));
        qInfo().noquote() << describe(report);
        QCOMPARE(report.verdict, StragglerVerdict::NoStragglers);
        QVERIFY(report.suspects.empty());
        QVERIFY(report.waiters.empty());
    }

    void aLateStragglerInALargeJobIsStillFound()
    {
        // The same 1024 x 200 noise, with one rank 20% slower over the last 30 iterations.
        SyntheticJob job;
        job.ranks = 1024;
        job.windows = 200;
        job.noise = 0.03;
        job.seed = 11;
        job.computeFactor = [](int rank, int column) {
            return rank == 700 && column >= 170 ? 1.2 : 1.0;
        };
        const StragglerReport report = analyzeStragglers(job.table(), job.jobInfo());
        qInfo().noquote() << describe(report);
        QCOMPARE(report.verdict, StragglerVerdict::StragglersFound);
        QCOMPARE(report.suspects.size(), std::size_t(1));
        QCOMPARE(report.suspects.front().ranks, std::vector<int>{700});
        QCOMPARE(report.suspects.front().firstWindow, std::int64_t(270));
        QCOMPARE(report.waiters.size(), std::size_t(1023));
    }

    void halfTheGroupSlowIsInconclusive()
    {
        SyntheticJob job;
        job.ranks = 16;
        job.windows = 60;
        job.computeFactor = [](int rank, int column) {
            return rank % 2 == 0 && column >= 30 ? 1.3 : 1.0;
        };
        const StragglerReport report = analyzeStragglers(job.table(), job.jobInfo());
        qInfo().noquote() << describe(report);
        QCOMPARE(report.verdict, StragglerVerdict::Inconclusive);
        QVERIFY(report.suspects.empty());
        QCOMPARE(report.summary,
                 std::string("Inconclusive: from iteration 130 the trainer group splits on "
                             "compute time without a strict healthy majority, so no rank can be "
                             "named."));
    }

    void aSlowNodeIsOneNodeSuspect()
    {
        SyntheticJob job;
        job.ranks = 64; // 8 nodes
        job.windows = 80;
        job.transferFactor = [](int rank, int column) {
            return rank / 8 == 3 && column >= 40 ? 1.6 : 1.0;
        };
        const StragglerReport report = analyzeStragglers(job.table(), job.jobInfo());
        qInfo().noquote() << describe(report);
        QCOMPARE(report.verdict, StragglerVerdict::StragglersFound);
        QCOMPARE(report.suspects.size(), std::size_t(1));
        const StragglerSuspect &node = report.suspects.front();
        QCOMPARE(node.ranks, rangeOf(24, 31));
        QCOMPARE(node.nodes, std::vector<std::string>{"node-3"});
        QCOMPARE(node.metric, TraceMetric::CommunicationTransfer);
        QCOMPARE(node.role, StragglerRole::Blocker);
        QCOMPARE(node.firstWindow, std::int64_t(140));
        QVERIFY2(std::abs(node.magnitude - 0.6) < 0.06, std::to_string(node.magnitude).c_str());
        // The peer median includes the slow node, so the excess reads a point or two low.
        QVERIFY2(QRegularExpression(
                     QStringLiteral("^node-3 \\(ranks 24-31\\): communication transfer "
                                    "\\+(58|59|60|61)% over peer median from iteration 140, "
                                    "confirmed in 40 of 80 iterations; costs the job ~[0-9.]+ ms "
                                    "per step, .* over 40 steps$"))
                     .match(QString::fromStdString(node.reason))
                     .hasMatch(),
                 node.reason.c_str());
        QCOMPARE(report.waiters.size(), std::size_t(56));
        // Its transfers take ~6 ms longer: the collectives end that much later for everyone.
        QVERIFY2(node.costPerWindowNs > 4e6 && node.costPerWindowNs < 7e6,
                 std::to_string(node.costPerWindowNs).c_str());
        QVERIFY(QString::fromStdString(report.summary)
                    .startsWith(QStringLiteral("node-3 (ranks 24-31) is slow")));
    }

    void aSlowerLastPipelineStageIsNotAStraggler()
    {
        SyntheticJob job;
        job.ranks = 32;
        job.windows = 60;
        job.ppStages = 4; // stage 3 = ranks 24-31 = node-3
        job.computeFactor = [](int rank, int) { return rank >= 24 ? 1.5 : 1.0; };
        const StragglerReport report = analyzeStragglers(job.table(), job.jobInfo());
        qInfo().noquote() << describe(report);
        QCOMPARE(report.verdict, StragglerVerdict::NoStragglers);
        QVERIFY(report.suspects.empty());

        // The same data without the stages in the manifest mixes them: the last stage now looks
        // like a slow node. This is why the groups must never mix pipeline stages.
        job.manifestHasPp = false;
        const StragglerReport mixed = analyzeStragglers(job.table(), job.jobInfo());
        QCOMPARE(mixed.verdict, StragglerVerdict::StragglersFound);
        QCOMPARE(mixed.suspects.front().ranks, rangeOf(24, 31));
    }

    void pipelineStagesFormSeparateGroups()
    {
        SyntheticJob job;
        job.ranks = 8;
        job.windows = 4;
        job.ppStages = 2;
        const MetricMatrix matrix = metricMatrix(job.table(), TraceMetric::StepTime);
        // Pipeline-group ids (ranks 0 4 | 1 5 | 2 6 | 3 7 share one) and plain stage numbers
        // (ranks 0-3 are stage 0) describe the same layout.
        for (bool stageNumbers : {false, true}) {
            job.ppAsStageNumber = stageNumbers;
            JobInfo info = job.jobInfo();
            QCOMPARE(info.ranks[6].groups["pp"], stageNumbers ? 1 : 2);
            info.ranks[7].role = "dataloader";
            const std::vector<PeerGroup> groups = stragglerPeerGroups(matrix, info);
            QCOMPARE(groups.size(), std::size_t(3));
            QCOMPARE(groups[0].name, std::string("dataloader/pp=1"));
            QCOMPARE(groups[0].rows, std::vector<int>{7});
            QCOMPARE(groups[1].name, std::string("trainer/pp=0"));
            QCOMPARE(groups[1].rows, rangeOf(0, 3));
            QCOMPARE(groups[2].name, std::string("trainer/pp=1"));
            QCOMPARE(groups[2].rows, rangeOf(4, 6));
        }
    }

    void pairsOfRanksAreTooFew()
    {
        SyntheticJob job;
        job.ranks = 4;
        job.windows = 20;
        job.ppStages = 2; // 2 stages of 2 ranks
        job.computeFactor = [](int rank, int) { return rank == 3 ? 1.5 : 1.0; };
        const StragglerReport report = analyzeStragglers(job.table(), job.jobInfo());
        QCOMPARE(report.verdict, StragglerVerdict::TooFewRanks);
        QVERIFY(report.suspects.empty());

        // The per-cell flags say the same: every cell of a group of 2 is inconclusive.
        const MetricMatrix matrix = metricMatrix(job.table(), TraceMetric::ComputeTime);
        const SpatialOutliers spatial =
            detectSpatialOutliers(matrix, stragglerPeerGroups(matrix, job.jobInfo()));
        QCOMPARE(spatial.inconclusiveCells, 4 * 20);
    }

    void twoWindowsGiveATentativeSuspect()
    {
        // Two profiler steps cannot show persistence, but rank 1 is 50% slower at its own work
        // in both: it is named, tentatively.
        SyntheticJob job;
        job.ranks = 8;
        job.windows = 2;
        job.computeFactor = [](int rank, int) { return rank == 1 ? 1.5 : 1.0; };
        const StragglerReport report = analyzeStragglers(job.table(), job.jobInfo());
        qInfo().noquote() << describe(report);
        QCOMPARE(report.verdict, StragglerVerdict::StragglersFound);
        QCOMPARE(report.windows, 2);
        QCOMPARE(report.suspects.size(), std::size_t(1));
        const StragglerSuspect &top = report.suspects.front();
        QCOMPARE(top.ranks, std::vector<int>{1});
        QCOMPARE(top.confidence, StragglerConfidence::Tentative);
        QCOMPARE(top.role, StragglerRole::Blocker);
        QCOMPARE(top.windowsTotal, 2);
        QVERIFY2(QString::fromStdString(top.reason)
                     .startsWith(QStringLiteral("rank 1 (node-0): compute +5")),
                 top.reason.c_str());
        QVERIFY2(QString::fromStdString(top.reason)
                     .contains(QStringLiteral(
                         "over peer median in iterations 100-101, tentative (two windows); costs "
                         "the job ~")),
                 top.reason.c_str());
        QVERIFY2(QString::fromStdString(report.summary)
                     .startsWith(QStringLiteral(
                         "rank 1 (node-0) may be a straggler (tentative, two windows): its "
                         "compute time is")),
                 report.summary.c_str());
        // The other seven wait for it.
        QCOMPARE(report.waiters, (std::vector<int>{0, 2, 3, 4, 5, 6, 7}));
        // The heatmap outlines the slow cells.
        const MetricMatrix matrix = metricMatrix(job.table(), TraceMetric::ComputeTime);
        const SpatialOutliers spatial =
            detectSpatialOutliers(matrix, stragglerPeerGroups(matrix, job.jobInfo()));
        QCOMPARE(spatial.cellFlags[std::size_t(matrix.rowOfRank(1)) * 2], OutlierFlag::Slow);
        QCOMPARE(spatial.cellFlags[std::size_t(matrix.rowOfRank(1)) * 2 + 1], OutlierFlag::Slow);
    }

    void confirmedAfterThreeWindows()
    {
        // The same rank over three steps: now persistence can be tested and it holds.
        SyntheticJob job;
        job.ranks = 8;
        job.windows = 3;
        job.computeFactor = [](int rank, int) { return rank == 1 ? 1.5 : 1.0; };
        const StragglerReport report = analyzeStragglers(job.table(), job.jobInfo());
        qInfo().noquote() << describe(report);
        QCOMPARE(report.suspects.size(), std::size_t(1));
        QCOMPARE(report.suspects.front().ranks, std::vector<int>{1});
        QCOMPARE(report.suspects.front().confidence, StragglerConfidence::Confirmed);
    }

    void smallExcessesThatCannotSlowAStepAreIgnored()
    {
        // Rank 6's kernel launch gaps triple (0.3 ms -> 0.9 ms): a clear outlier, but 0.6 ms is
        // under 1% of a ~77 ms step.
        SyntheticJob job;
        job.ranks = 16;
        job.windows = 40;
        job.launchGapFactor = [](int rank, int) { return rank == 6 ? 3.0 : 1.0; };
        const TraceWindowTable table = job.table();
        const double gate = practicalStragglerParams(table).minSlowdownNs;
        QVERIFY2(gate > 0.7e6 && gate < 0.85e6, std::to_string(gate).c_str());
        QCOMPARE(analyzeStragglers(table, job.jobInfo()).verdict, StragglerVerdict::NoStragglers);

        StragglerParams anySize;
        anySize.minStepShare = 0;
        const StragglerReport report = analyzeStragglers(table, job.jobInfo(), anySize);
        QCOMPARE(report.suspects.size(), std::size_t(1));
        QCOMPARE(report.suspects.front().metric, TraceMetric::LaunchGap);
        QCOMPARE(report.suspects.front().ranks, std::vector<int>{6});
    }

    void noWindowsIsNoData()
    {
        const StragglerReport report = analyzeStragglers(TraceWindowTable{}, JobInfo{});
        QCOMPARE(report.verdict, StragglerVerdict::NoData);
        QVERIFY(!report.summary.empty());
    }

    void timeBinsAreNamedAsSuch()
    {
        SyntheticJob job;
        job.ranks = 8;
        job.windows = 30;
        job.firstIteration = 0;
        job.computeFactor = [](int rank, int column) {
            return rank == 2 && column >= 12 ? 1.4 : 1.0;
        };
        TraceWindowTable table = job.table();
        table.axis = WindowAxis::TimeBin;
        JobInfo info = job.jobInfo();
        info.ranks[2].node.clear(); // node unknown: omitted from the reason
        const StragglerReport report = analyzeStragglers(table, info);
        qInfo().noquote() << describe(report);
        QCOMPARE(report.suspects.size(), std::size_t(1));
        QCOMPARE(report.suspects.front().axis, WindowAxis::TimeBin);
        QVERIFY2(
            QRegularExpression(QStringLiteral("^rank 2: compute \\+(38|39|40|41)% over peer median "
                                              "from time bin 12, confirmed in 18 of 30 time bins; "
                                              "costs the job ~[0-9.]+ ms per time bin, .* over 18 "
                                              "time bins$"))
                .match(QString::fromStdString(report.suspects.front().reason))
                .hasMatch(),
            report.suspects.front().reason.c_str());
    }
};

QTEST_APPLESS_MAIN(TestStragglerDetection)
#include "test_straggler_detection.moc"
