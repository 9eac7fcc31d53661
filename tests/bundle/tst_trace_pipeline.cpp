// A pipeline-parallel job as Kineto would write it (tests/traces/PipelineJob.h: 2 nodes x 8
// ranks, 4 stages x 4 replicas, 1F1B with send/recv kernels carrying "Dst Rank" / "Src Rank",
// node clocks 40 ms apart), through the whole import: traces/ and job.json -> cache -> aligned
// windows, clock quality, arrival order, straggler analysis. Healthy, it must give its node
// offsets back with quality good and no straggler; with only p2p crossing the nodes, the offsets
// come from send/recv bounds; a rank 30% slower at its own work is still found, and its node-mates
// do not wait for it more than the others.

#include "TraceBundleSupport.h"
#include "traces/PipelineJob.h"

#include "core/traces/StragglerDetection.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace rankscope;
using rankscope_test::PipelineJob;
using rankscope_test::PipelineJobSpec;

namespace {

struct Imported
{
    TraceOverview overview;
    std::vector<ClockOffset> offsets;
    TraceWindowTable iterations;
    ArrivalSummary arrivals;
    StragglerReport report;
};

Imported importJob(const QTemporaryDir &dir, const PipelineJob &job)
{
    const QString root = dir.filePath(QStringLiteral("bundle"));
    for (int r = 0; r < job.spec().ranks(); ++r)
        bundle_test::writeFile(root, QStringLiteral("traces/rank%1.pt.trace.json").arg(r),
                               QByteArray::fromStdString(job.kinetoJson(r)));
    bundle_test::writeFile(root, QStringLiteral("job.json"),
                           QByteArray::fromStdString(job.manifest()));
    const ImportResult result =
        importBundle(bundle_test::options(root, dir.filePath(QStringLiteral("cache"))));
    auto db = bundle_test::openCache(result);
    Imported imported;
    imported.overview = loadTraceOverview(*db);
    imported.offsets = clockOffsetsOf(imported.overview);
    imported.iterations = loadTraceWindows(*db, WindowAxis::Iteration, 0);
    imported.arrivals = loadArrivalSummary(*db);
    imported.report = analyzeStragglers(imported.iterations, result.stacks.job,
                                        withClockAlignment({}, imported.offsets));
    return imported;
}

QByteArray describe(const StragglerReport &report)
{
    std::string text = std::string(stragglerVerdictKey(report.verdict)) + ": " + report.summary;
    for (const StragglerSuspect &suspect : report.suspects)
        text += "\n  " + suspect.reason;
    return QByteArray::fromStdString(text);
}

} // namespace

class TracePipelineTest : public QObject
{
    Q_OBJECT

private slots:
    void healthyPipeline();
    void pointToPointOnlyAcrossNodes();
    void slowRankInAPipeline();
};

void TracePipelineTest::healthyPipeline()
{
    QTemporaryDir dir;
    const PipelineJob job{PipelineJobSpec{}};
    const Imported imported = importJob(dir, job);
    const std::int64_t truth = job.spec().nodeOffsetsNs[1] - job.spec().nodeOffsetsNs[0];
    QCOMPARE(int(imported.offsets.size()), job.spec().ranks());
    for (const ClockOffset &offset : imported.offsets) {
        QCOMPARE(offset.offsetNs, job.spec().nodeOf(offset.rank) == 1 ? truth : std::int64_t(0));
        QCOMPARE(offset.quality, ClockQuality::Good);
    }
    QCOMPARE(summarizeClockAlignment(imported.offsets).quality, ClockQuality::Good);
    QVERIFY2(imported.report.verdict == StragglerVerdict::NoStragglers,
             describe(imported.report).constData());
    QCOMPARE(imported.arrivals.collectives, job.spec().steps * (job.spec().stages + 1));
    QCOMPARE(imported.arrivals.incomplete, 0);
    // Every iteration window has the new metrics, exact to the nanosecond.
    for (const TraceWindowRow &row : imported.iterations.rows) {
        QVERIFY(!std::isnan(row.value(TraceMetric::CausedWait)));
        QVERIFY(!std::isnan(row.value(TraceMetric::LateArrivals)));
        const double step = row.value(TraceMetric::StepTime);
        QCOMPARE(step, double(row.endNs - row.startNs));
        QCOMPARE(step, std::round(step));
    }
}

void TracePipelineTest::pointToPointOnlyAcrossNodes()
{
    QTemporaryDir dir;
    PipelineJobSpec spec;
    spec.worldAllReduce = false;
    const PipelineJob job{spec};
    const Imported imported = importJob(dir, job);
    const std::int64_t truth = spec.nodeOffsetsNs[1] - spec.nodeOffsetsNs[0];
    for (const ClockOffset &offset : imported.offsets) {
        if (spec.nodeOf(offset.rank) == 0)
            continue;
        QCOMPARE(offset.source, ClockOffsetSource::PointToPoint);
        QVERIFY(std::llabs(offset.offsetNs - truth) <= offset.uncertaintyNs);
        QVERIFY(offset.quality != ClockQuality::Poor);
    }
    QVERIFY2(imported.report.verdict == StragglerVerdict::NoStragglers,
             describe(imported.report).constData());
}

void TracePipelineTest::slowRankInAPipeline()
{
    QTemporaryDir dir;
    PipelineJobSpec spec;
    spec.slowRank = 9; // stage 2, replica 1, node 1
    spec.steps = 6;
    const PipelineJob job{spec};
    const Imported imported = importJob(dir, job);
    QVERIFY2(imported.report.verdict == StragglerVerdict::StragglersFound,
             describe(imported.report).constData());
    const StragglerSuspect &top = imported.report.suspects.front();
    QVERIFY2(top.ranks == std::vector<int>{9}, describe(imported.report).constData());
    QCOMPARE(top.role, StragglerRole::Blocker);
    // Its stage's data-parallel all-reduce waits for it every step: it is their last arriver.
    const auto nine = std::find_if(imported.arrivals.ranks.begin(), imported.arrivals.ranks.end(),
                                   [](const RankArrivalStats &r) { return r.rank == 9; });
    QVERIFY(nine != imported.arrivals.ranks.end());
    QVERIFY(nine->lastArrivals >= spec.steps);
    QVERIFY(nine->causedWaitNs > 0);
}

QTEST_GUILESS_MAIN(TracePipelineTest)
#include "tst_trace_pipeline.moc"
