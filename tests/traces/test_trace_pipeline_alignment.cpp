// Clock alignment and arrival order on a hand-built pipeline-parallel job (PipelineJob.h: 2 nodes
// x 8 ranks, 4 stages x 4 replicas, 1F1B with send/recv between stages, per-node clocks tens of
// ms apart): sends and recvs are matched by peer, never used as "ends together" anchors; the
// node offsets are recovered; a healthy pipeline gives no straggler and no caused-wait outlier;
// a rank whose job.json node is wrong is split off its node; a poor alignment withholds the
// time-based metrics instead of inventing stragglers.

#include "traces/PipelineJob.h"

#include "core/traces/ClockAlignment.h"
#include "core/traces/CollectiveRecords.h"
#include "core/traces/StragglerDetection.h"
#include "core/traces/TraceWindowMetrics.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>

using namespace rankscope;
using rankscope_test::HandBuiltTrace;
using rankscope_test::PipelineJob;
using rankscope_test::PipelineJobSpec;

namespace {

// Everything the import would derive from the job's traces.
struct AnalysedJob
{
    std::vector<TraceData> traces;
    std::vector<RankClockInput> inputs;
    std::vector<ClockOffset> offsets;
    TraceWindowTable windows;
    ArrivalSummary arrivals;
    JobInfo job;
    StragglerReport report;
};

JobInfo jobInfo(const PipelineJob &pipeline)
{
    const PipelineJobSpec &spec = pipeline.spec();
    JobInfo job;
    job.worldSize = spec.ranks();
    job.fromManifest = true;
    for (int r = 0; r < spec.ranks(); ++r) {
        RankInfo info;
        info.rank = r;
        info.node = spec.nodeName(spec.claimedNodeOf(r));
        info.groups = {{"pp", spec.replicaOf(r)}, {"dp", spec.stageOf(r)}};
        job.ranks.push_back(info);
    }
    return job;
}

AnalysedJob analyse(const PipelineJob &pipeline)
{
    AnalysedJob result;
    result.job = jobInfo(pipeline);
    std::map<int, std::vector<CollectiveRecord>> collectives;
    for (int r = 0; r < pipeline.spec().ranks(); ++r) {
        result.traces.push_back(pipeline.trace(r));
        RankClockInput input;
        input.rank = r;
        input.node = result.job.nodeOf(r);
        input.collectives = collectiveRecords(result.traces.back());
        input.iterations = result.traces.back().iterations;
        collectives[r] = input.collectives;
        result.inputs.push_back(std::move(input));
    }
    result.offsets = alignClocks(result.inputs);
    result.windows.axis = WindowAxis::Iteration;
    for (const ClockOffset &offset : result.offsets) {
        const TraceData &trace = result.traces[std::size_t(offset.rank)];
        const std::vector<TraceWindowRow> rows = computeWindowMetrics(
            trace, offset.rank, iterationSpans(trace), offset.offsetNs, WindowAxis::Iteration);
        result.windows.rows.insert(result.windows.rows.end(), rows.begin(), rows.end());
    }
    result.arrivals = fillCollectiveWait(result.windows.rows, collectives, result.offsets);
    result.report =
        analyzeStragglers(result.windows, result.job, withClockAlignment({}, result.offsets));
    return result;
}

const ClockOffset &offsetOf(const AnalysedJob &job, int rank)
{
    return job.offsets[std::size_t(rank)];
}

std::string describe(const AnalysedJob &job)
{
    std::string text =
        stragglerVerdictKey(job.report.verdict) + std::string(": ") + job.report.summary;
    for (const StragglerSuspect &suspect : job.report.suspects)
        text += "\n  " + suspect.reason;
    return text;
}

bool hasSuspectOn(const StragglerReport &report, TraceMetric metric)
{
    return std::any_of(report.suspects.begin(), report.suspects.end(),
                       [&](const StragglerSuspect &s) { return s.metric == metric; });
}

} // namespace

class PipelineAlignmentTest : public QObject
{
    Q_OBJECT

private slots:
    void sendsAndRecvsPairByPeer();
    void pointToPointWithoutPeerIsNeverMatched();
    void healthyPipelineRecoversNodeOffsets();
    void healthyPipelineHasNoStragglers();
    void onlyPointToPointLinksTheNodes();
    void wrongNodeInManifestIsSplitOff();
    void poorAlignmentWithholdsWaitFindings();
};

void PipelineAlignmentTest::sendsAndRecvsPairByPeer()
{
    const PipelineJob pipeline{PipelineJobSpec{}};
    // Every send of rank a to b has exactly one recv on b from a with the same key, and no send
    // or recv key is a collective's.
    std::unordered_map<std::uint64_t, std::pair<int, int>> sends; // key -> (sender, receiver)
    std::unordered_map<std::uint64_t, std::pair<int, int>> recvs;
    std::unordered_map<std::uint64_t, int> collectives;
    int sendCount = 0;
    for (int r = 0; r < pipeline.spec().ranks(); ++r) {
        for (const CollectiveRecord &record : collectiveRecords(pipeline.trace(r))) {
            switch (record.kind) {
            case CollectiveKind::Send:
                QVERIFY(sends.emplace(record.key, std::make_pair(r, record.peer)).second);
                ++sendCount;
                break;
            case CollectiveKind::Recv:
                QVERIFY(recvs.emplace(record.key, std::make_pair(record.peer, r)).second);
                break;
            case CollectiveKind::Collective:
                ++collectives[record.key];
                QCOMPARE(record.peer, -1);
                break;
            case CollectiveKind::UnmatchedP2p:
                QFAIL("every p2p kernel of the job names its peer");
            }
        }
    }
    QVERIFY(sendCount > 0);
    QCOMPARE(sends.size(), recvs.size());
    for (const auto &[key, pair] : sends) {
        const auto recv = recvs.find(key);
        QVERIFY2(recv != recvs.end(), "a send without its recv");
        QCOMPARE(recv->second, pair);
        QVERIFY(collectives.find(key) == collectives.end());
        // Neighbouring stages only: a 1F1B pipeline sends to the next or previous stage.
        QCOMPARE(std::abs(pair.first - pair.second), pipeline.spec().replicas);
    }
    // Each all-reduce instance is one key held by every member of its group.
    for (const auto &[key, holders] : collectives)
        QVERIFY(holders == pipeline.spec().replicas || holders == pipeline.spec().ranks());
}

void PipelineAlignmentTest::pointToPointWithoutPeerIsNeverMatched()
{
    // Older PyTorch / Kineto: "send" without "Dst Rank"; a batch_isend_irecv ("coalesced"), and
    // a bare SendRecv kernel without args: none can be paired, none is a collective.
    HandBuiltTrace builder(3);
    const std::uint32_t stream = builder.gpuStream(20);
    builder.collectiveKernel(stream, "ncclDevKernel_SendRecv(ncclDevKernelArgsStorage<4096ul>)",
                             "5", "send", 100, 200);
    builder.collectiveKernel(stream, "ncclDevKernel_SendRecv(ncclDevKernelArgsStorage<4096ul>)",
                             "5", "coalesced", 300, 400);
    builder.slice(stream, TraceEventKind::CommunicationKernel,
                  "ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, "
                  "ncclWork*)",
                  500, 600);
    // all_to_all runs SendRecv kernels on the whole group: a collective.
    builder.collectiveKernel(stream, "ncclDevKernel_SendRecv(ncclDevKernelArgsStorage<4096ul>)",
                             "0", "all_to_allv", 700, 800);
    const std::vector<CollectiveRecord> records = collectiveRecords(builder.build());
    QCOMPARE(records.size(), std::size_t(4));
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(records[std::size_t(i)].kind, CollectiveKind::UnmatchedP2p);
        QCOMPARE(records[std::size_t(i)].key, std::uint64_t(0));
    }
    QCOMPARE(records[3].kind, CollectiveKind::Collective);
    QVERIFY(isPointToPoint("recv", "anything"));
    QVERIFY(!isPointToPoint("allreduce", "ncclDevKernel_SendRecv"));
    QVERIFY(isPointToPoint("", "ncclSendRecvKernel_copy_i8"));
    QCOMPARE(collectiveKindKey(CollectiveKind::UnmatchedP2p), "p2p");

    // Unmatched p2p is no anchor: two ranks linked only by peerless sends are not aligned by
    // them (each is the reference of nothing but itself; the second falls back to none).
    HandBuiltTrace a(0);
    HandBuiltTrace b(1);
    const std::uint32_t sa = a.gpuStream(20);
    const std::uint32_t sb = b.gpuStream(20);
    a.collectiveKernel(sa, "ncclDevKernel_SendRecv", "5", "send", 1000, 2000);
    b.collectiveKernel(sb, "ncclDevKernel_SendRecv", "5", "send", 90'000, 91'000);
    const TraceData ta = a.build();
    const TraceData tb = b.build();
    const std::vector<RankClockInput> inputs = {{0, "n0", collectiveRecords(ta), {}},
                                                {1, "n1", collectiveRecords(tb), {}}};
    const std::vector<ClockOffset> offsets = alignClocks(inputs);
    QCOMPARE(offsets[1].source, ClockOffsetSource::None);
    QCOMPARE(offsets[1].offsetNs, std::int64_t(0));
}

void PipelineAlignmentTest::healthyPipelineRecoversNodeOffsets()
{
    const PipelineJob pipeline{PipelineJobSpec{}};
    const AnalysedJob job = analyse(pipeline);
    const std::int64_t truth =
        pipeline.spec().nodeOffsetsNs[1] - pipeline.spec().nodeOffsetsNs[0]; // -40 ms
    for (int r = 0; r < pipeline.spec().ranks(); ++r) {
        const ClockOffset &offset = offsetOf(job, r);
        const bool nodeOne = pipeline.spec().nodeOf(r) == 1;
        QCOMPARE(offset.offsetNs, nodeOne ? truth : std::int64_t(0));
        QCOMPARE(offset.node, pipeline.spec().nodeName(pipeline.spec().nodeOf(r)));
        QCOMPARE(offset.source,
                 nodeOne ? ClockOffsetSource::Collectives : ClockOffsetSource::Reference);
        QCOMPARE(offset.droppedAnchors, 0);
        QCOMPARE(offset.p2pViolations, 0);
        QCOMPARE(offset.quality, ClockQuality::Good);
        QVERIFY(offset.typicalDurationNs > 0);
    }
    const ClockAlignmentSummary summary = summarizeClockAlignment(job.offsets);
    QCOMPARE(summary.quality, ClockQuality::Good);
    QCOMPARE(summary.good, pipeline.spec().ranks());
    QCOMPARE(summary.poor, 0);
    // Node 1 is aligned by the world all-reduce alone (one per step): the sends and recvs that
    // cross the nodes were not anchors.
    QCOMPARE(offsetOf(job, 8).anchors, pipeline.spec().steps);
}

void PipelineAlignmentTest::healthyPipelineHasNoStragglers()
{
    const PipelineJob pipeline{PipelineJobSpec{}};
    const AnalysedJob job = analyse(pipeline);
    QVERIFY2(job.report.verdict != StragglerVerdict::StragglersFound, describe(job).c_str());
    QVERIFY(!hasSuspectOn(job.report, TraceMetric::CausedWait));
    // Arrival order was measured: every all-reduce instance matched, none incomplete.
    const int expected = pipeline.spec().steps * (pipeline.spec().stages + 1);
    QCOMPARE(job.arrivals.collectives, expected);
    QCOMPARE(job.arrivals.incomplete, 0);
    QCOMPARE(job.arrivals.clearLast + job.arrivals.noClearLast, expected);
    // No rank is the one the others wait for: nobody was last at every collective it ran.
    for (const RankArrivalStats &rank : job.arrivals.ranks)
        QVERIFY2(rank.lastArrivals < rank.collectives,
                 qPrintable(QStringLiteral("rank %1 last at %2 of %3")
                                .arg(rank.rank)
                                .arg(rank.lastArrivals)
                                .arg(rank.collectives)));
}

void PipelineAlignmentTest::onlyPointToPointLinksTheNodes()
{
    PipelineJobSpec spec;
    spec.worldAllReduce = false; // the data-parallel all-reduces stay inside each node
    const PipelineJob pipeline{spec};
    const AnalysedJob job = analyse(pipeline);
    const std::int64_t truth = spec.nodeOffsetsNs[1] - spec.nodeOffsetsNs[0];
    for (int r = 0; r < spec.ranks(); ++r) {
        const ClockOffset &offset = offsetOf(job, r);
        if (spec.nodeOf(r) == 0) {
            QCOMPARE(offset.offsetNs, std::int64_t(0));
            continue;
        }
        QCOMPARE(offset.source, ClockOffsetSource::PointToPoint);
        // Causality alone brackets the offset to within a transfer: the estimate is inside the
        // uncertainty it reports, and that is about one transfer time.
        const std::int64_t error = std::llabs(offset.offsetNs - truth);
        QVERIFY2(error <= offset.uncertaintyNs,
                 qPrintable(QStringLiteral("error %1 ns, uncertainty %2 ns")
                                .arg(error)
                                .arg(offset.uncertaintyNs)));
        QVERIFY(offset.uncertaintyNs <= 2 * spec.transferNs);
        QVERIFY(offset.anchors > 0);
        QCOMPARE(offset.p2pViolations, 0);
        QVERIFY2(offset.quality != ClockQuality::Poor,
                 qPrintable(QStringLiteral("rank %1: uncertainty %2 ns, typical %3 ns")
                                .arg(offset.rank)
                                .arg(offset.uncertaintyNs)
                                .arg(offset.typicalDurationNs)));
    }
    QVERIFY(summarizeClockAlignment(job.offsets).quality != ClockQuality::Poor);
    QVERIFY2(job.report.verdict != StragglerVerdict::StragglersFound, describe(job).c_str());
    QVERIFY(!hasSuspectOn(job.report, TraceMetric::CausedWait));
}

void PipelineAlignmentTest::wrongNodeInManifestIsSplitOff()
{
    // job.json puts rank 9 on node-0, but its trace reads node-1's clock: its all-reduce ends
    // contradict every node-0 rank's, so it is aligned on its own, correctly, and flagged.
    PipelineJobSpec spec;
    spec.claimedNode.assign(std::size_t(spec.ranks()), 0);
    for (int r = 0; r < spec.ranks(); ++r)
        spec.claimedNode[std::size_t(r)] = spec.nodeOf(r);
    spec.claimedNode[9] = 0;
    const PipelineJob pipeline{spec};
    const AnalysedJob job = analyse(pipeline);
    const std::int64_t truth = spec.nodeOffsetsNs[1] - spec.nodeOffsetsNs[0];
    const ClockOffset &nine = offsetOf(job, 9);
    QCOMPARE(nine.offsetNs, truth);
    QVERIFY(nine.droppedAnchors >= spec.steps);
    QCOMPARE(nine.node, std::string()); // a clock of its own
    QCOMPARE(nine.quality, ClockQuality::Fair);
    for (int r : {0, 7})
        QCOMPARE(offsetOf(job, r).offsetNs, std::int64_t(0));
    QCOMPARE(offsetOf(job, 8).offsetNs, truth);
    QVERIFY2(job.report.verdict != StragglerVerdict::StragglersFound, describe(job).c_str());
}

void PipelineAlignmentTest::poorAlignmentWithholdsWaitFindings()
{
    // The same healthy job, but job.json's "clock_offsets_ns" puts ranks 8 and 9 (two of stage
    // 2's four replicas) 30 ms off their node's clock: their collective ends no longer agree with
    // the others', their alignment is poor, and so is the job's. The analysis
    // then leaves waits and arrival order out instead of naming them.
    const PipelineJob pipeline{PipelineJobSpec{}};
    AnalysedJob job = analyse(pipeline);
    std::map<int, std::int64_t> manifest;
    for (int r : {8, 9})
        manifest[r] = offsetOf(job, r).offsetNs + 30'000'000;
    job.offsets = alignClocks(job.inputs, manifest);
    for (int r : {8, 9}) {
        QCOMPARE(offsetOf(job, r).source, ClockOffsetSource::Manifest);
        QCOMPARE(offsetOf(job, r).quality, ClockQuality::Poor);
        QVERIFY(offsetOf(job, r).uncertaintyNs >= 29'000'000);
    }
    // Their partners across the nodes, ranks 4 and 5 (stage 1), now see recvs end before their
    // sends started: a broken causality cannot say whose clock is wrong, both sides are flagged.
    for (int r : {4, 5}) {
        QVERIFY(offsetOf(job, r).p2pViolations > 0);
        QCOMPARE(offsetOf(job, r).quality, ClockQuality::Poor);
    }
    for (int r : {0, 10, 15})
        QCOMPARE(offsetOf(job, r).quality, ClockQuality::Good);
    QCOMPARE(summarizeClockAlignment(job.offsets).quality, ClockQuality::Poor);
    QCOMPARE(summarizeClockAlignment(job.offsets).poor, 4);

    TraceWindowTable windows;
    windows.axis = WindowAxis::Iteration;
    std::map<int, std::vector<CollectiveRecord>> collectives;
    for (const ClockOffset &offset : job.offsets) {
        const TraceData &trace = job.traces[std::size_t(offset.rank)];
        const std::vector<TraceWindowRow> rows = computeWindowMetrics(
            trace, offset.rank, iterationSpans(trace), offset.offsetNs, WindowAxis::Iteration);
        windows.rows.insert(windows.rows.end(), rows.begin(), rows.end());
        collectives[offset.rank] = job.inputs[std::size_t(offset.rank)].collectives;
    }
    fillCollectiveWait(windows.rows, collectives, job.offsets);
    const StragglerReport misled = analyzeStragglers(windows, job.job);
    qInfo("without the alignment's quality: %s: %s", stragglerVerdictKey(misled.verdict),
          misled.summary.c_str());
    const StragglerReport report =
        analyzeStragglers(windows, job.job, withClockAlignment({}, job.offsets));
    QVERIFY2(report.verdict != StragglerVerdict::StragglersFound,
             (std::string(stragglerVerdictKey(report.verdict)) + ": " + report.summary).c_str());
    for (const StragglerSuspect &suspect : report.suspects)
        QVERIFY(!dependsOnClockAlignment(suspect.metric));
    QVERIFY2(report.summary.find("could not be aligned") != std::string::npos,
             report.summary.c_str());
}

QTEST_GUILESS_MAIN(PipelineAlignmentTest)
#include "test_trace_pipeline_alignment.moc"
