// Collective records, clock alignment across ranks (collectives, steps, node and manifest
// fallbacks) and collective wait, on hand-built ranks with known clock offsets, and on the real
// 8-rank DLRM traces of param-et-kineto.

#include "HandBuiltTrace.h"
#include "TraceTestSupport.h"
#include "core/traces/ClockAlignment.h"
#include "core/traces/CollectiveRecords.h"
#include "core/traces/TraceWindowMetrics.h"

#include <QDir>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace rankscope;
using rankscope_test::HandBuiltTrace;

namespace {

constexpr std::int64_t kMs = 1'000'000;
constexpr std::int64_t kStep = 100 * kMs;
constexpr int kSteps = 4;

// One rank of the synthetic job: its node's clock runs `offsetNs` ahead of the aligned clock
// (local = aligned + offset). Every step s runs collectives c = 0, 1 of group "0" ending at
// aligned s*kStep + (c+1)*20 ms on every rank; the rank arrives `lateness` earlier or later.
struct RankSetup
{
    int rank;
    std::string node;
    std::int64_t offsetNs;
    bool worldCollectives = true;
    bool pairCollectives = false; // also group "7", shared by ranks 4 and 6 only
    bool steps = true;
    std::int64_t stepJitterNs = 0;
};

TraceData buildRank(const RankSetup &setup)
{
    HandBuiltTrace builder(setup.rank);
    const std::uint32_t cpu = builder.cpuThread();
    const std::uint32_t comm = builder.gpuStream(20);
    for (int s = 0; s < kSteps; ++s) {
        const std::int64_t stepStart = s * kStep + setup.offsetNs;
        if (setup.steps) {
            // Steps start with some host jitter: +j, 0, -j, 0 (the median cancels it).
            const std::int64_t jitter = (s % 4 == 0)   ? setup.stepJitterNs
                                        : (s % 4 == 2) ? -setup.stepJitterNs
                                                       : 0;
            builder.iteration(cpu, s, stepStart + jitter, stepStart + jitter + kStep - kMs);
        }
        for (int c = 0; c < 2 && setup.worldCollectives; ++c) {
            const std::int64_t end = stepStart + (c + 1) * 20 * kMs;
            const std::int64_t duration = (1 + setup.rank % 3) * kMs; // arrivals differ
            builder.collectiveKernel(comm, "ncclDevKernel_AllReduce_Sum_f32_RING_LL", "0",
                                     "allreduce", end - duration, end);
        }
        if (setup.pairCollectives) {
            const std::int64_t end = stepStart + 60 * kMs;
            // A collective of a group of two (a send would not do: sends never align clocks).
            builder.collectiveKernel(comm, "ncclDevKernel_AllReduce_Sum_f32_RING_LL", "7",
                                     "allreduce", end - kMs, end);
        }
    }
    return builder.build();
}

RankClockInput clockInput(const TraceData &trace, const std::string &node)
{
    RankClockInput input;
    input.rank = trace.rank;
    input.node = node;
    input.collectives = collectiveRecords(trace);
    input.iterations = trace.iterations;
    return input;
}

const ClockOffset *offsetOf(const std::vector<ClockOffset> &offsets, int rank)
{
    for (const ClockOffset &offset : offsets) {
        if (offset.rank == rank)
            return &offset;
    }
    return nullptr;
}

TraceWindowRow windowRow(int rank, std::int64_t window, std::int64_t startNs, std::int64_t endNs)
{
    TraceWindowRow row;
    row.rank = rank;
    row.window = window;
    row.startNs = startNs;
    row.endNs = endNs;
    return row;
}

CollectiveRecord record(std::uint64_t key, std::int64_t startNs, std::int64_t endNs)
{
    CollectiveRecord result;
    result.key = key;
    result.startNs = startNs;
    result.endNs = endNs;
    return result;
}

double valueOf(const TraceWindowRow &row, TraceMetric metric)
{
    return row.value(metric);
}

} // namespace

class ClockAlignmentTest : public QObject
{
    Q_OBJECT

private slots:
    void collectiveRecordsMatchAcrossRanks();
    void collectiveRecordsWithoutArgs();
    void collectiveKeysSurviveAnExtraCollectiveBeforeTheFirstStep();
    void threeNodesRecoveredExactly();
    void fallbacksAndManifest();
    void nothingToAlign();
    void collectiveWait();
    void causedWaitBlamesTheClearLastArriver();
    void realDlrmTraces();
};

void ClockAlignmentTest::collectiveRecordsMatchAcrossRanks()
{
    const TraceData a = buildRank({0, "a", 0, true, false, true, 0});
    const TraceData b = buildRank({1, "b", 5 * kMs, true, false, true, 0});
    const std::vector<CollectiveRecord> ra = collectiveRecords(a);
    const std::vector<CollectiveRecord> rb = collectiveRecords(b);
    QCOMPARE(ra.size(), std::size_t(2 * kSteps));
    QCOMPARE(rb.size(), ra.size());
    for (std::size_t i = 0; i < ra.size(); ++i) {
        QCOMPARE(ra[i].key, rb[i].key); // the same collective on both ranks
        QCOMPARE(ra[i].step, std::int64_t(i / 2));
        QCOMPARE(rb[i].endNs - ra[i].endNs, 5 * kMs);
        if (i > 0)
            QVERIFY(ra[i].key != ra[i - 1].key);
        if (i > 0)
            QVERIFY(ra[i].startNs >= ra[i - 1].startNs);
    }
}

void ClockAlignmentTest::collectiveRecordsWithoutArgs()
{
    // No collective args: the kernel name stands for the collective. The step comes from the
    // launching runtime call: the kernel itself runs after ProfilerStep#3 ended.
    HandBuiltTrace builder;
    const std::uint32_t cpu = builder.cpuThread();
    const std::uint32_t stream = builder.gpuStream(20);
    builder.iteration(cpu, 3, 0, 1000);
    builder.launchedKernel(cpu, stream, TraceEventKind::CommunicationKernel, "ncclKernel_A", 1200,
                           1300, 900, 950);
    builder.launchedKernel(cpu, stream, TraceEventKind::CommunicationKernel, "ncclKernel_A", 1400,
                           1500, 1100, 1150);
    builder.slice(stream, TraceEventKind::ComputeKernel, "sgemm", 1500, 1600);
    const TraceData trace = builder.build();
    const std::vector<CollectiveRecord> records = collectiveRecords(trace);
    QCOMPARE(records.size(), std::size_t(2)); // compute kernels are not collectives
    QCOMPARE(records[0].step, std::int64_t(3));
    QCOMPARE(records[1].step, std::int64_t(-1)); // launched after the last step
    QVERIFY(records[0].key != records[1].key);
    QCOMPARE(records[0].startNs, std::int64_t(1200));
    QCOMPARE(records[0].endNs, std::int64_t(1300));
    QVERIFY(collectiveRecords(HandBuiltTrace().build()).empty());
}

void ClockAlignmentTest::collectiveKeysSurviveAnExtraCollectiveBeforeTheFirstStep()
{
    // Rank b's profiler started earlier and caught one more all-reduce before ProfilerStep#0:
    // the records of the steps still pair up with rank a's, because ordinals restart per step.
    const auto build = [](bool extra) {
        HandBuiltTrace builder;
        const std::uint32_t cpu = builder.cpuThread();
        const std::uint32_t stream = builder.gpuStream(20);
        if (extra)
            builder.collectiveKernel(stream, "ncclKernel", "0", "allreduce", 10, 20);
        for (int s = 0; s < 3; ++s) {
            builder.iteration(cpu, s, 100 + s * 100, 200 + s * 100);
            builder.collectiveKernel(stream, "ncclKernel", "0", "allreduce", 150 + s * 100,
                                     160 + s * 100);
        }
        return collectiveRecords(builder.build());
    };
    const std::vector<CollectiveRecord> a = build(false);
    const std::vector<CollectiveRecord> b = build(true);
    QCOMPARE(a.size(), std::size_t(3));
    QCOMPARE(b.size(), std::size_t(4));
    QCOMPARE(b[0].step, std::int64_t(-1));
    for (std::size_t i = 0; i < a.size(); ++i)
        QCOMPARE(a[i].key, b[i + 1].key);
}

void ClockAlignmentTest::threeNodesRecoveredExactly()
{
    const std::vector<RankSetup> setups = {
        {0, "node-a", 0},       {1, "node-a", 0},         {2, "node-b", 5 * kMs},
        {3, "node-b", 5 * kMs}, {4, "node-c", -12 * kMs}, {5, "node-c", -12 * kMs},
    };
    std::vector<RankClockInput> inputs;
    // Given in reverse order: the result is by rank whatever the input order.
    for (auto it = setups.rbegin(); it != setups.rend(); ++it)
        inputs.push_back(clockInput(buildRank(*it), it->node));
    const std::vector<ClockOffset> offsets = alignClocks(inputs);
    QCOMPARE(offsets.size(), setups.size());
    for (std::size_t i = 0; i < setups.size(); ++i) {
        const ClockOffset &offset = offsets[i];
        QCOMPARE(offset.rank, setups[i].rank);
        QCOMPARE(offset.offsetNs, setups[i].offsetNs);
        QCOMPARE(offset.spreadNs, std::int64_t(0));
        QCOMPARE(offset.node, setups[i].node);
        QCOMPARE(offset.quality, ClockQuality::Good);
        // Ranks of one node share its clock: node-a is the reference node, both its ranks.
        if (setups[i].node == "node-a") {
            QCOMPARE(offset.source, ClockOffsetSource::Reference);
            QCOMPARE(offset.anchors, 0);
        } else {
            QCOMPARE(offset.source, ClockOffsetSource::Collectives);
            QCOMPARE(offset.anchors, 2 * kSteps);
        }
    }
    QCOMPARE(clockOffsetSourceKey(ClockOffsetSource::Collectives), "collectives");
    QCOMPARE(clockOffsetSourceKey(ClockOffsetSource::None), "none");
}

void ClockAlignmentTest::fallbacksAndManifest()
{
    std::vector<RankClockInput> inputs;
    const auto add = [&](const RankSetup &setup) {
        inputs.push_back(clockInput(buildRank(setup), setup.node));
    };
    // Rank 0 (reference) has no collectives of group "7"; rank 6 shares only those with rank 4,
    // so it is aligned through rank 4 (by collectives, although its steps could align it too).
    add({0, "node-a", 0});
    add({2, "node-b", 5 * kMs});
    add({3, "node-b", 5 * kMs});
    add({4, "node-c", -12 * kMs, true, true});
    add({6, "node-d", 2 * kMs, false, true});
    // Rank 7 runs no collective at all: its steps (jittered +-1 us) align it.
    add({7, "node-e", 3 * kMs, false, false, true, 1000});
    // Rank 8 has nothing, but its node-mates 2 and 3 are aligned; rank 9 has nothing and no node.
    inputs.push_back({8, "node-b", {}, {}});
    inputs.push_back({9, "", {}, {}});
    const std::vector<ClockOffset> offsets = alignClocks(inputs, {{3, 777}, {42, 1}});
    QCOMPARE(offsets.size(), inputs.size());

    const ClockOffset *six = offsetOf(offsets, 6);
    QVERIFY(six);
    QCOMPARE(six->source, ClockOffsetSource::Collectives);
    QCOMPARE(six->offsetNs, 2 * kMs);
    QCOMPARE(six->anchors, kSteps);

    const ClockOffset *seven = offsetOf(offsets, 7);
    QCOMPARE(seven->source, ClockOffsetSource::Steps);
    QCOMPARE(seven->offsetNs, 3 * kMs); // median of 3 ms + (+1 us, 0, -1 us, 0)
    QCOMPARE(seven->anchors, kSteps);
    QCOMPARE(seven->spreadNs, std::int64_t(500)); // MAD of {1000, 0, 1000, 0}

    const ClockOffset *eight = offsetOf(offsets, 8);
    QCOMPARE(eight->source, ClockOffsetSource::Node);
    QCOMPARE(eight->offsetNs, 5 * kMs);
    QCOMPARE(eight->anchors, 0);

    const ClockOffset *nine = offsetOf(offsets, 9);
    QCOMPARE(nine->source, ClockOffsetSource::None);
    QCOMPARE(nine->offsetNs, std::int64_t(0));

    const ClockOffset *three = offsetOf(offsets, 3);
    QCOMPARE(three->source, ClockOffsetSource::Manifest);
    QCOMPARE(three->offsetNs, std::int64_t(777));
    QCOMPARE(offsetOf(offsets, 2)->offsetNs, 5 * kMs);
    QCOMPARE(offsetOf(offsets, 4)->offsetNs, -12 * kMs);
    QVERIFY(!offsetOf(offsets, 42)); // the manifest names a rank without a trace: ignored
}

void ClockAlignmentTest::nothingToAlign()
{
    QVERIFY(alignClocks({}).empty());
    // No rank has data: no reference, every offset 0 with source None.
    const std::vector<RankClockInput> empty = {{1, "n", {}, {}}, {0, "n", {}, {}}};
    const std::vector<ClockOffset> offsets = alignClocks(empty);
    QCOMPARE(offsets.size(), std::size_t(2));
    QCOMPARE(offsets[0].rank, 0);
    QCOMPARE(offsets[0].source, ClockOffsetSource::None);
    QCOMPARE(offsets[1].source, ClockOffsetSource::None);
    // The lowest rank with data is the reference, even when a lower one has none.
    const TraceData trace = buildRank({5, "n", 0});
    const std::vector<RankClockInput> one = {{1, "", {}, {}}, clockInput(trace, "n")};
    const std::vector<ClockOffset> single = alignClocks(one);
    QCOMPARE(single[1].source, ClockOffsetSource::Reference);
    QCOMPARE(single[0].source, ClockOffsetSource::None);
}

void ClockAlignmentTest::collectiveWait()
{
    // Three ranks run collective 11 in aligned window [0, 1000): rank 0 arrives at 100, rank 1
    // at 130, rank 2 (the late one) at 170; all finish at 200. Ranks 1 and 2 have offset clocks.
    const std::map<int, std::int64_t> offsets = {{1, 5000}, {2, -12000}};
    std::map<int, std::vector<CollectiveRecord>> collectives;
    collectives[0] = {record(11, 100, 200), record(12, 1500, 1600)};
    collectives[1] = {record(11, 5130, 5200), record(12, 6550, 6600)};
    collectives[2] = {record(11, -11830, -11800)};
    collectives[4] = {record(99, 100, 150)}; // seen on rank 4 only: nothing to compare
    std::vector<TraceWindowRow> rows = {
        windowRow(0, 0, 0, 1000),    windowRow(0, 1, 1000, 2000), windowRow(1, 0, 0, 1000),
        windowRow(1, 1, 1000, 2000), windowRow(2, 0, 0, 1000),    windowRow(2, 1, 1000, 2000),
        windowRow(3, 0, 0, 1000),    windowRow(4, 0, 0, 1000),
    };
    fillCollectiveWait(rows, collectives, offsets);
    // Window 0: rank 0 waits 170 - 100 = 70, rank 1 waits 40, the late rank 2 waits 0; each
    // then transfers for the last 30 ns.
    QCOMPARE(valueOf(rows[0], TraceMetric::CollectiveWait), 70.0);
    QCOMPARE(valueOf(rows[2], TraceMetric::CollectiveWait), 40.0);
    QCOMPARE(valueOf(rows[4], TraceMetric::CollectiveWait), 0.0);
    QCOMPARE(valueOf(rows[0], TraceMetric::CommunicationTransfer), 30.0);
    QCOMPARE(valueOf(rows[2], TraceMetric::CommunicationTransfer), 30.0);
    QCOMPARE(valueOf(rows[4], TraceMetric::CommunicationTransfer), 30.0);
    // Window 1, collective 12: rank 0 arrives at 1500, rank 1 at 1550: rank 0 waits 50; its
    // duration (100) caps nothing here. Rank 2 did not run it: 0 in window 1, but known.
    QCOMPARE(valueOf(rows[1], TraceMetric::CollectiveWait), 50.0);
    QCOMPARE(valueOf(rows[1], TraceMetric::CommunicationTransfer), 50.0);
    QCOMPARE(valueOf(rows[3], TraceMetric::CollectiveWait), 0.0);
    QCOMPARE(valueOf(rows[3], TraceMetric::CommunicationTransfer), 50.0);
    QCOMPARE(valueOf(rows[5], TraceMetric::CollectiveWait), 0.0);
    // Rank 3 has no records: unknown. Rank 4's only collective has no peer: 0.
    QVERIFY(std::isnan(valueOf(rows[6], TraceMetric::CollectiveWait)));
    QVERIFY(std::isnan(valueOf(rows[6], TraceMetric::CommunicationTransfer)));
    QCOMPARE(valueOf(rows[7], TraceMetric::CollectiveWait), 0.0);
    QCOMPARE(valueOf(rows[7], TraceMetric::CommunicationTransfer), 0.0);

    // A wait never exceeds the kernel: a rank arriving long before the last waits its duration.
    std::map<int, std::vector<CollectiveRecord>> early;
    early[0] = {record(5, 0, 10)};
    early[1] = {record(5, 500, 510)};
    std::vector<TraceWindowRow> two = {windowRow(0, 0, 0, 1000), windowRow(1, 0, 0, 1000)};
    fillCollectiveWait(two, early, std::map<int, std::int64_t>{});
    QCOMPARE(valueOf(two[0], TraceMetric::CollectiveWait), 10.0);
    QCOMPARE(valueOf(two[0], TraceMetric::CommunicationTransfer), 0.0);
}

void ClockAlignmentTest::causedWaitBlamesTheClearLastArriver()
{
    const auto collective = [](std::uint64_t key, std::int64_t start, std::int64_t end,
                               int groupSize) {
        CollectiveRecord result = record(key, start, end);
        result.groupSize = groupSize;
        return result;
    };
    const auto p2p = [](std::uint64_t key, CollectiveKind kind, int peer, std::int64_t start,
                        std::int64_t end) {
        CollectiveRecord result = record(key, start, end);
        result.kind = kind;
        result.peer = peer;
        return result;
    };
    std::map<int, std::vector<CollectiveRecord>> collectives;
    // 21: rank 3 arrives 3.8 ms after the second-last: the clear last arriver.
    // 22: ranks 1 and 2 arrive 500 ns apart, last: within one node's 1 us, no clear last.
    // 23: group of 8, seen on 4 ranks: incomplete, nobody blamed.
    // 24: rank 3 arrives 1 ms after rank 2, but rank 3's clock is 2 ms uncertain: no clear last.
    // 25: a send 0 -> 1 that rank 1 waited for: a wait, never a blame.
    collectives[0] = {
        collective(21, 1'000'000, 6'000'000, 4), collective(22, 9'000'000, 12'000'000, 4),
        collective(23, 20'000'000, 22'000'000, 8), collective(24, 30'000'000, 33'000'000, 4),
        p2p(25, CollectiveKind::Send, 1, 40'000'000, 40'100'000)};
    collectives[1] = {
        collective(21, 1'200'000, 6'000'000, 4), collective(22, 10'000'000, 12'000'000, 4),
        collective(23, 20'000'000, 22'000'000, 8), collective(24, 30'000'000, 33'000'000, 4),
        p2p(25, CollectiveKind::Recv, 0, 35'000'000, 40'100'000)};
    collectives[2] = {
        collective(21, 1'100'000, 6'000'000, 4), collective(22, 10'000'500, 12'000'000, 4),
        collective(23, 20'000'000, 22'000'000, 8), collective(24, 31'000'000, 33'000'000, 4)};
    collectives[3] = {
        collective(21, 5'000'000, 6'000'000, 4), collective(22, 9'000'000, 12'000'000, 4),
        collective(23, 21'000'000, 22'000'000, 8), collective(24, 32'000'000, 33'000'000, 4)};
    std::vector<ClockOffset> offsets(4);
    for (int r = 0; r < 4; ++r) {
        offsets[std::size_t(r)].rank = r;
        offsets[std::size_t(r)].node = r < 3 ? "a" : "b";
        offsets[std::size_t(r)].uncertaintyNs = r < 3 ? 100 : 2'000'000;
    }
    std::vector<TraceWindowRow> rows;
    for (int r = 0; r < 4; ++r)
        rows.push_back(windowRow(r, 0, 0, 100'000'000));
    const ArrivalSummary summary = fillCollectiveWait(rows, collectives, offsets);

    // 21: the others waited 4.0, 3.8 and 3.9 ms for rank 3: 3.9 ms on average.
    QCOMPARE(valueOf(rows[3], TraceMetric::CausedWait), 3'900'000.0);
    QCOMPARE(valueOf(rows[3], TraceMetric::LateArrivals), 1.0);
    for (int r = 0; r < 3; ++r) {
        QCOMPARE(valueOf(rows[std::size_t(r)], TraceMetric::CausedWait), 0.0);
        QCOMPARE(valueOf(rows[std::size_t(r)], TraceMetric::LateArrivals), 0.0);
    }
    // The recv waited 5 ms for its send (25), and counts in rank 1's collective wait.
    QVERIFY(valueOf(rows[1], TraceMetric::CollectiveWait) >= 5'000'000.0);
    QCOMPARE(summary.collectives, 3);
    QCOMPARE(summary.clearLast, 1);
    QCOMPARE(summary.noClearLast, 2);
    QCOMPARE(summary.incomplete, 1);
    QCOMPARE(int(summary.ranks.size()), 4);
    const RankArrivalStats &three = summary.ranks[3];
    QCOMPARE(three.rank, 3);
    QCOMPARE(three.collectives, 3);
    QCOMPARE(three.lastArrivals, 1);
    QCOMPARE(three.causedWaitNs, 3'900'000.0);
    QCOMPARE(three.maxMarginNs, 3'800'000.0);
    QCOMPARE(summary.ranks[0].lastArrivals, 0);

    // With exact clocks (bare offsets, 1 us floor), 24's 1 ms margin is clear.
    std::vector<TraceWindowRow> exact;
    for (int r = 0; r < 4; ++r)
        exact.push_back(windowRow(r, 0, 0, 100'000'000));
    const ArrivalSummary bare =
        fillCollectiveWait(exact, collectives, std::map<int, std::int64_t>{});
    QCOMPARE(bare.clearLast, 2);
    QCOMPARE(valueOf(exact[3], TraceMetric::LateArrivals), 2.0);
}

void ClockAlignmentTest::realDlrmTraces()
{
    RANKSCOPE_REQUIRE_SHARED_DATA(shared);
    const QDir dir(shared +
                   QStringLiteral("/param-et-kineto/et_replay/tests/inputs/extracted/dlrm_kineto"));
    const QStringList files =
        dir.entryList({QStringLiteral("*.pt.trace.json")}, QDir::Files, QDir::Name);
    if (files.isEmpty())
        QSKIP("param-et-kineto dlrm_kineto traces are absent");
    std::vector<TraceData> traces;
    std::vector<RankClockInput> inputs;
    for (const QString &file : files) {
        traces.push_back(importTraceFile(dir.filePath(file).toStdString()));
        QVERIFY2(traces.back().rank >= 0, qPrintable(file));
        inputs.push_back(clockInput(traces.back(), std::string()));
        QVERIFY2(!inputs.back().collectives.empty(), qPrintable(file));
    }
    const std::vector<ClockOffset> offsets = alignClocks(inputs);
    QCOMPARE(offsets.size(), std::size_t(8));
    double stepNs = 0;
    for (const TraceData &trace : traces)
        stepNs = std::max(
            stepNs, double(trace.iterations.front().endNs - trace.iterations.front().startNs));
    for (int rank = 0; rank < 8; ++rank) {
        const ClockOffset &offset = offsets[std::size_t(rank)];
        QCOMPARE(offset.rank, rank);
        QVERIFY(offset.source ==
                (rank == 0 ? ClockOffsetSource::Reference : ClockOffsetSource::Collectives));
        if (rank > 0)
            QVERIFY(offset.anchors >= 4);
        // The ends of one collective agree across ranks to far better than a step.
        QVERIFY2(double(offset.spreadNs) < 0.05 * stepNs,
                 qPrintable(QString::number(offset.spreadNs)));
        QVERIFY(std::abs(double(offset.offsetNs)) < 10.0 * stepNs);
        qInfo("rank %d: offset %+.3f ms (%s, %d anchors, spread %.3f ms)", rank,
              double(offset.offsetNs) / 1e6, clockOffsetSourceKey(offset.source), offset.anchors,
              double(offset.spreadNs) / 1e6);
    }

    // With the clocks aligned, the waits of every rank in its iteration are known and bounded
    // by its communication time.
    std::map<int, std::vector<CollectiveRecord>> collectives;
    std::map<int, std::int64_t> offsetByRank;
    std::vector<TraceWindowRow> rows;
    for (std::size_t i = 0; i < traces.size(); ++i) {
        const int rank = traces[i].rank;
        offsetByRank[rank] = offsets[std::size_t(rank)].offsetNs;
        collectives[rank] = inputs[i].collectives;
        const std::vector<TraceWindowRow> rankRows = computeWindowMetrics(
            traces[i], rank, iterationSpans(traces[i]), offsetByRank[rank], WindowAxis::Iteration);
        rows.insert(rows.end(), rankRows.begin(), rankRows.end());
    }
    fillCollectiveWait(rows, collectives, offsetByRank);
    for (const TraceWindowRow &row : rows) {
        const double wait = valueOf(row, TraceMetric::CollectiveWait);
        const double transfer = valueOf(row, TraceMetric::CommunicationTransfer);
        QVERIFY(std::isfinite(wait) && wait >= 0);
        QVERIFY(std::isfinite(transfer) && transfer >= 0);
        qInfo("rank %d step %lld: collective wait %.3f ms, transfer %.3f ms", row.rank,
              static_cast<long long>(row.window), wait / 1e6, transfer / 1e6);
    }
}

QTEST_GUILESS_MAIN(ClockAlignmentTest)
#include "test_trace_clock_alignment.moc"
