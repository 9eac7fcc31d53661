// Op totals of a window (GPU kernels, memcpy/memset, outermost CPU ops) and the comparison of a
// rank's totals with its peers', on hand-built traces and the real DLRM traces.

#include "HandBuiltTrace.h"
#include "TraceTestSupport.h"
#include "core/traces/OpBreakdown.h"
#include "core/traces/TraceWindowMetrics.h"

#include <QDir>
#include <QtTest>

using namespace rankscope;
using rankscope_test::HandBuiltTrace;

namespace {

// CPU thread 1: ProfilerStep#0 [0, 1000) (not an op); aten::linear [100, 400) holding
//   aten::addmm [150, 350); record_param_comms [500, 600); aten::linear [700, 1100) holding
//   aten::mm [1050, 1080); a cudaLaunchKernel and a python function (not ops).
// CPU thread 2: aten::add [200, 300) (overlaps thread 1, counted on its own).
// stream 7: memcpy [0, 50), sgemm [100, 200) and [250, 300).
// stream 13: ncclKernel [150, 450), memset [990, 1010).
TraceData breakdownTrace()
{
    HandBuiltTrace builder;
    const std::uint32_t main = builder.cpuThread(1);
    const std::uint32_t other = builder.cpuThread(2);
    const std::uint32_t compute = builder.gpuStream(7);
    const std::uint32_t comm = builder.gpuStream(13);
    builder.iteration(main, 0, 0, 1000);
    builder.slice(main, TraceEventKind::CpuOp, "aten::linear", 100, 400);
    builder.slice(main, TraceEventKind::CpuOp, "aten::addmm", 150, 350);
    builder.slice(main, TraceEventKind::CpuCommunication, "record_param_comms", 500, 600);
    builder.slice(main, TraceEventKind::CpuOp, "aten::linear", 700, 1100);
    builder.slice(main, TraceEventKind::CpuOp, "aten::mm", 1050, 1080);
    builder.slice(main, TraceEventKind::PythonFunction, "model.py(12): forward", 90, 410);
    builder.launchedKernel(main, compute, TraceEventKind::ComputeKernel, "sgemm", 100, 200, 60, 70);
    builder.slice(compute, TraceEventKind::ComputeKernel, "sgemm", 250, 300);
    builder.slice(compute, TraceEventKind::Memcpy, "Memcpy HtoD", 0, 50);
    builder.slice(other, TraceEventKind::CpuOp, "aten::add", 200, 300);
    builder.slice(comm, TraceEventKind::CommunicationKernel, "ncclKernel", 150, 450);
    builder.slice(comm, TraceEventKind::Memset, "Memset", 990, 1010);
    return builder.build();
}

struct ExpectedOp
{
    const char *name;
    TraceEventKind kind;
    std::int64_t count;
    std::int64_t totalNs;
};

void compareTotals(const std::vector<OpTotal> &totals, const std::vector<ExpectedOp> &expected)
{
    QStringList actual;
    for (const OpTotal &op : totals)
        actual << QStringLiteral("%1 %2 x%3 %4")
                      .arg(QString::fromStdString(op.name),
                           QString::fromUtf8(traceEventKindName(op.kind)))
                      .arg(op.count)
                      .arg(op.totalNs);
    QVERIFY2(totals.size() == expected.size(), qPrintable(actual.join(QStringLiteral("; "))));
    for (std::size_t i = 0; i < expected.size(); ++i) {
        QCOMPARE(totals[i].name, std::string(expected[i].name));
        QCOMPARE(totals[i].kind, expected[i].kind);
        QCOMPARE(totals[i].count, expected[i].count);
        QCOMPARE(totals[i].totalNs, expected[i].totalNs);
    }
}

OpTotal op(const char *name, TraceEventKind kind, std::int64_t totalNs)
{
    OpTotal total;
    total.name = name;
    total.kind = kind;
    total.count = 1;
    total.totalNs = totalNs;
    return total;
}

} // namespace

class OpBreakdownTest : public QObject
{
    Q_OBJECT

private slots:
    void totalsOfWindow();
    void totalsClipAtWindowEdges();
    void comparisonWithPeers();
    void realDlrmTraces();
};

void OpBreakdownTest::totalsOfWindow()
{
    const TraceData trace = breakdownTrace();
    // aten::addmm is inside aten::linear: not counted; the second aten::linear is clipped at
    // 1000; aten::add and record_param_comms tie at 100 (CPU op before CPU communication).
    compareTotals(opTotals(trace, 0, 1000),
                  {{"aten::linear", TraceEventKind::CpuOp, 2, 600},
                   {"ncclKernel", TraceEventKind::CommunicationKernel, 1, 300},
                   {"sgemm", TraceEventKind::ComputeKernel, 2, 150},
                   {"aten::add", TraceEventKind::CpuOp, 1, 100},
                   {"record_param_comms", TraceEventKind::CpuCommunication, 1, 100},
                   {"Memcpy HtoD", TraceEventKind::Memcpy, 1, 50},
                   {"Memset", TraceEventKind::Memset, 1, 10}});
}

void OpBreakdownTest::totalsClipAtWindowEdges()
{
    const TraceData trace = breakdownTrace();
    // [1000, 2000): the tail of aten::linear (its nested aten::mm stays uncounted although
    // the outer op started before the window) and of the memset.
    compareTotals(opTotals(trace, 1000, 2000), {{"aten::linear", TraceEventKind::CpuOp, 1, 100},
                                                {"Memset", TraceEventKind::Memset, 1, 10}});
    // [120, 160): slices cut on both sides.
    compareTotals(opTotals(trace, 120, 160),
                  {{"aten::linear", TraceEventKind::CpuOp, 1, 40},
                   {"sgemm", TraceEventKind::ComputeKernel, 1, 40},
                   {"ncclKernel", TraceEventKind::CommunicationKernel, 1, 10}});
    QVERIFY(opTotals(trace, 5000, 6000).empty());
    QVERIFY(opTotals(trace, 600, 100).empty());
}

void OpBreakdownTest::comparisonWithPeers()
{
    const std::vector<OpTotal> rank = {op("A", TraceEventKind::CpuOp, 500),
                                       op("B", TraceEventKind::ComputeKernel, 100)};
    const std::vector<std::vector<OpTotal>> peers = {
        {op("A", TraceEventKind::CpuOp, 100), op("B", TraceEventKind::ComputeKernel, 100),
         op("C", TraceEventKind::Memcpy, 50)},
        {op("A", TraceEventKind::CpuOp, 200), op("B", TraceEventKind::ComputeKernel, 120)},
        {op("A", TraceEventKind::CpuOp, 300)}};
    const std::vector<OpComparison> lines = compareOpTotals(rank, peers);
    QCOMPARE(lines.size(), std::size_t(3));
    // A: peers 100, 200, 300 -> median 200; the rank is 300 above it.
    QCOMPARE(lines[0].name, std::string("A"));
    QCOMPARE(lines[0].rankTotalNs, std::int64_t(500));
    QCOMPARE(lines[0].rankCount, std::int64_t(1));
    QCOMPARE(lines[0].peerMedianNs, 200.0);
    QCOMPARE(lines[0].peersWithOp, 3);
    QCOMPARE(lines[0].peers, 3);
    QCOMPARE(lines[0].ratio, 2.5);
    // B: peers 100, 120 and 0 (absent) -> median 100, no difference; C: the rank lacks it and
    // the median is 0 -> ratio 0. Both differ by 0: kind order.
    QCOMPARE(lines[1].name, std::string("B"));
    QCOMPARE(lines[1].peerMedianNs, 100.0);
    QCOMPARE(lines[1].peersWithOp, 2);
    QCOMPARE(lines[1].ratio, 1.0);
    QCOMPARE(lines[2].name, std::string("C"));
    QCOMPARE(lines[2].rankTotalNs, std::int64_t(0));
    QCOMPARE(lines[2].peerMedianNs, 0.0);
    QCOMPARE(lines[2].peersWithOp, 1);
    QCOMPARE(lines[2].ratio, 0.0);

    // An even number of peers: the mean of the two middle totals.
    const std::vector<std::vector<OpTotal>> two = {{op("A", TraceEventKind::CpuOp, 100)},
                                                   {op("A", TraceEventKind::CpuOp, 200)}};
    QCOMPARE(compareOpTotals(rank, two)[0].peerMedianNs, 150.0);
    // No peers: medians 0.
    const std::vector<OpComparison> alone = compareOpTotals(rank, {});
    QCOMPARE(alone.size(), std::size_t(2));
    QCOMPARE(alone[0].peers, 0);
    QCOMPARE(alone[0].peerMedianNs, 0.0);
}

void OpBreakdownTest::realDlrmTraces()
{
    RANKSCOPE_REQUIRE_SHARED_DATA(shared);
    const QDir dir(shared +
                   QStringLiteral("/param-et-kineto/et_replay/tests/inputs/extracted/dlrm_kineto"));
    const QStringList files =
        dir.entryList({QStringLiteral("*.pt.trace.json")}, QDir::Files, QDir::Name);
    if (files.size() < 2)
        QSKIP("param-et-kineto dlrm_kineto traces are absent");
    std::vector<std::vector<OpTotal>> perRank;
    for (const QString &file : files) {
        const TraceData trace = importTraceFile(dir.filePath(file).toStdString());
        QVERIFY2(!trace.iterations.empty(), qPrintable(file));
        const TraceIteration &step = trace.iterations.front();
        const std::vector<OpTotal> totals = opTotals(trace, step.startNs, step.endNs);
        QVERIFY2(!totals.empty(), qPrintable(file));
        const std::vector<WindowSpan> spans = {{step.step, step.startNs, step.endNs}};
        const TraceWindowRow row =
            computeWindowMetrics(trace, trace.rank, spans, 0, WindowAxis::Iteration).front();
        std::int64_t gpuSum = 0;
        std::int64_t cpuSum = 0;
        for (const OpTotal &total : totals) {
            QVERIFY(total.count > 0 && total.totalNs >= 0);
            QVERIFY(total.totalNs <= step.endNs - step.startNs ||
                    total.count > 1); // one slice never exceeds its window
            if (isGpuWork(total.kind))
                gpuSum += total.totalNs;
            else
                cpuSum += total.totalNs;
        }
        // Sums of slices cover at least their unions; outermost CPU ops on the main threads do
        // not overlap much, so the CPU sum stays within a few times the union.
        const double busy = double(row.value(TraceMetric::ComputeTime)) +
                            double(row.value(TraceMetric::ExposedCommunication));
        QVERIFY(double(gpuSum) >= busy - 1);
        QVERIFY(double(cpuSum) >= double(row.value(TraceMetric::CpuOpTime)) - 1);
        QVERIFY(double(cpuSum) <= 4 * double(row.value(TraceMetric::StepTime)));
        perRank.push_back(totals);
    }
    const std::vector<OpComparison> lines =
        compareOpTotals(perRank.front(), std::span<const std::vector<OpTotal>>(perRank).subspan(1));
    QVERIFY(!lines.empty());
    QCOMPARE(lines.front().peers, int(perRank.size()) - 1);
    for (std::size_t i = 0; i < std::min<std::size_t>(lines.size(), 5); ++i)
        qInfo("rank 0 vs peers: %s (%s) %.3f ms, peer median %.3f ms, ratio %.2f",
              lines[i].name.c_str(), traceEventKindName(lines[i].kind),
              double(lines[i].rankTotalNs) / 1e6, lines[i].peerMedianNs / 1e6, lines[i].ratio);
}

QTEST_GUILESS_MAIN(OpBreakdownTest)
#include "test_trace_op_breakdown.moc"
