// Window metrics on hand-built traces whose expected values are worked out on paper, time bins,
// coarsening, NaN rules, and the real 8-rank DLRM traces of param-et-kineto.

#include "HandBuiltTrace.h"
#include "TraceTestSupport.h"
#include "core/traces/IntervalUnion.h"
#include "core/traces/TraceWindowMetrics.h"

#include <QDir>
#include <QtTest>

#include <cmath>

using namespace rankscope;
using rankscope_test::HandBuiltTrace;

namespace {

double metric(const TraceWindowRow &row, TraceMetric metric)
{
    return row.value(metric);
}

// The two-iteration trace of the comments below. Times in ns.
//
// CPU thread:  ProfilerStep#1 [0, 1000), ProfilerStep#2 [1000, 2000)
//              aten::mm [10, 110) holding aten::addmm [20, 60); record_param_comms [90, 130)
//              aten::add [1040, 1090); a late aten::copy_ [2100, 2200) after the last step
// stream 7:    K1 [100, 200) launched [50, 120); K2 [300, 400) launched [250, 320);
//              memcpy [450, 500) (no launch); K3 [1100, 1500) launched [1050, 1080)
// stream 13:   nccl1 [150, 350) launched [140, 145); nccl2 [600, 700) launched [500, 650)
//
// Stream launch gaps: K2 waits [200, 300) (its launch returned at 320 > start 300: gap to the
// start); nccl2 waits [350, 600); K3 waits [500, 1080) (its launch returned at 1080 < start 1100).
// Merged, and without the times another stream kept the GPU busy ([100, 400), [450, 500),
// [600, 700)), the GPU starved for launches in [400, 450), [500, 600) and [700, 1080).
TraceData twoStepTrace()
{
    HandBuiltTrace builder(3);
    const std::uint32_t cpu = builder.cpuThread();
    const std::uint32_t compute = builder.gpuStream(7);
    const std::uint32_t comm = builder.gpuStream(13);
    builder.iteration(cpu, 1, 0, 1000);
    builder.iteration(cpu, 2, 1000, 2000);
    builder.slice(cpu, TraceEventKind::CpuOp, "aten::mm", 10, 110);
    builder.slice(cpu, TraceEventKind::CpuOp, "aten::addmm", 20, 60);
    builder.slice(cpu, TraceEventKind::CpuCommunication, "record_param_comms", 90, 130);
    builder.slice(cpu, TraceEventKind::CpuOp, "aten::add", 1040, 1090);
    builder.slice(cpu, TraceEventKind::CpuOp, "aten::copy_", 2100, 2200);
    builder.launchedKernel(cpu, compute, TraceEventKind::ComputeKernel, "K1", 100, 200, 50, 120);
    builder.launchedKernel(cpu, compute, TraceEventKind::ComputeKernel, "K2", 300, 400, 250, 320);
    builder.slice(compute, TraceEventKind::Memcpy, "Memcpy HtoD", 450, 500);
    builder.launchedKernel(cpu, compute, TraceEventKind::ComputeKernel, "K3", 1100, 1500, 1050,
                           1080);
    builder.launchedKernel(cpu, comm, TraceEventKind::CommunicationKernel, "ncclKernel_a", 150, 350,
                           140, 145);
    builder.launchedKernel(cpu, comm, TraceEventKind::CommunicationKernel, "ncclKernel_b", 600, 700,
                           500, 650);
    return builder.build();
}

struct Expected
{
    double step, compute, communication, exposed, idle, cpu, launchGap;
};

void compareRow(const TraceWindowRow &row, const Expected &expected)
{
    QCOMPARE(metric(row, TraceMetric::StepTime), expected.step);
    QCOMPARE(metric(row, TraceMetric::ComputeTime), expected.compute);
    QCOMPARE(metric(row, TraceMetric::CommunicationTime), expected.communication);
    QCOMPARE(metric(row, TraceMetric::ExposedCommunication), expected.exposed);
    QCOMPARE(metric(row, TraceMetric::GpuIdle), expected.idle);
    QCOMPARE(metric(row, TraceMetric::CpuOpTime), expected.cpu);
    QCOMPARE(metric(row, TraceMetric::LaunchGap), expected.launchGap);
    QVERIFY(std::isnan(metric(row, TraceMetric::CollectiveWait)));
    QVERIFY(std::isnan(metric(row, TraceMetric::CommunicationTransfer)));
}

TraceWindowRow fineRow(int rank, std::int64_t window, double step, double compute)
{
    TraceWindowRow row;
    row.rank = rank;
    row.window = window;
    row.startNs = window * 100;
    row.endNs = window * 100 + 100;
    row.values[std::size_t(TraceMetric::StepTime)] = step;
    row.values[std::size_t(TraceMetric::ComputeTime)] = compute;
    return row;
}

} // namespace

class TraceMetricsTest : public QObject
{
    Q_OBJECT

private slots:
    void intervalUnionMeasures();
    void iterationWindows();
    void timeBins();
    void timeBinsWithOffset();
    void missingGpuOrCpuGivesNaN();
    void coarsening();
    void realDlrmTraces();
};

void TraceMetricsTest::intervalUnionMeasures()
{
    std::vector<TimeInterval> intervals = {{50, 60}, {0, 10}, {5, 20}, {20, 30}, {70, 70}};
    const IntervalUnion set = IntervalUnion::fromIntervals(intervals);
    QCOMPARE(set.pieces().size(), std::size_t(2)); // [0, 30) and [50, 60); the empty one dropped
    QCOMPARE(set.totalNs(), std::int64_t(40));
    QCOMPARE(set.measure(-100, 100), std::int64_t(40));
    QCOMPARE(set.measure(5, 55), std::int64_t(30));
    QCOMPARE(set.measure(12, 18), std::int64_t(6)); // inside one piece
    QCOMPARE(set.measure(30, 50), std::int64_t(0)); // the hole between pieces
    QCOMPARE(set.measure(58, 58), std::int64_t(0));
    QCOMPARE(set.measure(60, 10), std::int64_t(0)); // inverted query
    QCOMPARE(IntervalUnion().measure(0, 10), std::int64_t(0));
}

void TraceMetricsTest::iterationWindows()
{
    const TraceData trace = twoStepTrace();
    const std::vector<WindowSpan> spans = iterationSpans(trace);
    QCOMPARE(spans.size(), std::size_t(2));
    QCOMPARE(spans[0].window, std::int64_t(1));
    QCOMPARE(spans[1].startNs, std::int64_t(1000));

    const std::vector<TraceWindowRow> rows =
        computeWindowMetrics(trace, trace.rank, spans, 0, WindowAxis::Iteration);
    QCOMPARE(rows.size(), std::size_t(2));
    QCOMPARE(rows[0].rank, 3);
    QCOMPARE(rows[0].window, std::int64_t(1));
    // Step 1: compute [100,200)+[300,400)+[450,500) = 250; comm [150,350)+[600,700) = 300;
    // busy [100,400)+[450,500)+[600,700) = 450; exposed = 450 - 250 = 200; idle 1000 - 450;
    // cpu [10,130) = 120 (nested addmm and the overlapping record_param_comms count once);
    // launch gaps [400, 450) + [500, 600) + [700, 1000) = 450 (K2's wait is hidden by nccl1).
    compareRow(rows[0], {1000, 250, 300, 200, 550, 120, 450});
    // Step 2: K3 [1100, 1500); cpu aten::add 50; the rest of K3's gap, [1000, 1080).
    compareRow(rows[1], {1000, 400, 0, 0, 600, 50, 80});
}

void TraceMetricsTest::timeBins()
{
    const TraceData trace = twoStepTrace();
    // The trace covers [0, 2200): bins of 500 ns from 0 give windows 0..4.
    const std::vector<WindowSpan> spans = timeBinSpans(trace, 0, 0, 500);
    QCOMPARE(spans.size(), std::size_t(5));
    QCOMPARE(spans.front().window, std::int64_t(0));
    QCOMPARE(spans.back().window, std::int64_t(4));
    QCOMPARE(spans.back().endNs, std::int64_t(2500));

    const std::vector<TraceWindowRow> rows =
        computeWindowMetrics(trace, 0, spans, 0, WindowAxis::TimeBin);
    QCOMPARE(rows.size(), std::size_t(5));
    // [0, 500): compute 250, comm [150, 350) = 200, busy [100,400)+[450,500) = 350; cpu 120;
    // GPU starved for launches in [400, 450) = 50.
    compareRow(rows[0], {500, 250, 200, 100, 150, 120, 50});
    // [500, 1000): nccl2 only; starved in [500, 600) and [700, 1000) = 400.
    compareRow(rows[1], {500, 0, 100, 100, 400, 0, 400});
    // [1000, 1500): K3; gaps [1000, 1080).
    compareRow(rows[2], {500, 400, 0, 0, 100, 50, 80});
    compareRow(rows[3], {500, 0, 0, 0, 500, 0, 0});
    // [2000, 2500): no iteration runs (step time unknown); the trace records only until 2200,
    // so idle is 200, not 500.
    QVERIFY(std::isnan(metric(rows[4], TraceMetric::StepTime)));
    QCOMPARE(metric(rows[4], TraceMetric::GpuIdle), 200.0);
    QCOMPARE(metric(rows[4], TraceMetric::CpuOpTime), 100.0);

    QVERIFY(timeBinSpans(trace, 0, 0, 0).empty());
    QVERIFY(timeBinSpans(HandBuiltTrace().build(), 0, 0, 500).empty());
}

void TraceMetricsTest::timeBinsWithOffset()
{
    // The rank's clock runs 10 us ahead (local = aligned + 10000): on the aligned clock the
    // trace covers [-10000, -7800).
    const TraceData trace = twoStepTrace();
    const std::int64_t offset = 10000;
    const std::vector<WindowSpan> spans = timeBinSpans(trace, offset, -10500, 1000);
    // Aligned bins [-10500,-9500) .. [-8500,-7500) hold [-10000, -7800): bins 0, 1, 2.
    QCOMPARE(spans.size(), std::size_t(3));
    QCOMPARE(spans[0].window, std::int64_t(0));
    QCOMPARE(spans[0].startNs, std::int64_t(-500)); // local = aligned + offset
    const std::vector<TraceWindowRow> rows =
        computeWindowMetrics(trace, 0, spans, offset, WindowAxis::TimeBin);
    QCOMPARE(rows[0].startNs, std::int64_t(-10500));
    QCOMPARE(rows[0].endNs, std::int64_t(-9500));
    // Local [-500, 500): recorded from 0 only, so idle is 500 - busy 350.
    QCOMPARE(metric(rows[0], TraceMetric::GpuIdle), 150.0);
    QCOMPARE(metric(rows[0], TraceMetric::StepTime), 500.0);
    QCOMPARE(metric(rows[0], TraceMetric::ComputeTime), 250.0);

    // Bins before the origin get negative ids.
    const std::vector<WindowSpan> early = timeBinSpans(trace, 0, 1000, 500);
    QCOMPARE(early.front().window, std::int64_t(-2));
    QCOMPARE(early.front().startNs, std::int64_t(0));
}

void TraceMetricsTest::missingGpuOrCpuGivesNaN()
{
    HandBuiltTrace cpuOnly;
    const std::uint32_t cpu = cpuOnly.cpuThread();
    cpuOnly.iteration(cpu, 0, 0, 100);
    cpuOnly.slice(cpu, TraceEventKind::CpuOp, "aten::mm", 10, 30);
    const TraceData cpuTrace = cpuOnly.build();
    const std::vector<TraceWindowRow> cpuRows =
        computeWindowMetrics(cpuTrace, 0, iterationSpans(cpuTrace), 0, WindowAxis::Iteration);
    QCOMPARE(cpuRows.size(), std::size_t(1));
    QCOMPARE(metric(cpuRows[0], TraceMetric::StepTime), 100.0);
    QCOMPARE(metric(cpuRows[0], TraceMetric::CpuOpTime), 20.0);
    for (TraceMetric gpu :
         {TraceMetric::ComputeTime, TraceMetric::CommunicationTime,
          TraceMetric::ExposedCommunication, TraceMetric::GpuIdle, TraceMetric::LaunchGap})
        QVERIFY2(std::isnan(metric(cpuRows[0], gpu)), traceMetricKey(gpu));

    // GPU streams without any work in the window: 0, not NaN; no cpu_op at all: NaN.
    HandBuiltTrace idleGpu;
    const std::uint32_t thread = idleGpu.cpuThread();
    const std::uint32_t stream = idleGpu.gpuStream(7);
    idleGpu.iteration(thread, 0, 0, 100);
    idleGpu.iteration(thread, 1, 100, 200);
    idleGpu.slice(stream, TraceEventKind::ComputeKernel, "K", 150, 160);
    const TraceData gpuTrace = idleGpu.build();
    const std::vector<TraceWindowRow> gpuRows =
        computeWindowMetrics(gpuTrace, 0, iterationSpans(gpuTrace), 0, WindowAxis::Iteration);
    QCOMPARE(metric(gpuRows[0], TraceMetric::ComputeTime), 0.0);
    QCOMPARE(metric(gpuRows[0], TraceMetric::GpuIdle), 100.0);
    QCOMPARE(metric(gpuRows[0], TraceMetric::LaunchGap), 0.0);
    QCOMPARE(metric(gpuRows[1], TraceMetric::ComputeTime), 10.0);
    QVERIFY(std::isnan(metric(gpuRows[0], TraceMetric::CpuOpTime)));

    // A trace without iterations has no iteration windows.
    QVERIFY(iterationSpans(HandBuiltTrace().build()).empty());
}

void TraceMetricsTest::coarsening()
{
    TraceWindowTable fine;
    fine.axis = WindowAxis::TimeBin;
    fine.binWidthNs = 100;
    fine.originNs = 0;
    const double nan = kNoMetricValue;
    // Rank 1 given first and out of order: the result is still by (rank, window).
    fine.rows = {fineRow(1, 5, 30, 7),  fineRow(1, 4, 10, 3),    fineRow(0, 0, 100, 1),
                 fineRow(0, 1, 200, 2), fineRow(0, 2, nan, nan), fineRow(0, 3, 300, 4),
                 fineRow(0, -1, 50, 5)};
    const TraceWindowTable coarse = coarsenWindowTable(fine, 4);
    QCOMPARE(coarse.level, 1);
    QCOMPARE(coarse.binWidthNs, std::int64_t(400));
    QCOMPARE(coarse.axis, WindowAxis::TimeBin);
    QCOMPARE(coarse.rows.size(), std::size_t(3));
    // Rank 0, window -1 (fine -1: floor(-1/4) = -1), alone.
    QCOMPARE(coarse.rows[0].rank, 0);
    QCOMPARE(coarse.rows[0].window, std::int64_t(-1));
    QCOMPARE(metric(coarse.rows[0], TraceMetric::ComputeTime), 5.0);
    // Rank 0, window 0 = fine 0..3: compute sums the known 1+2+4; step time is the mean of the
    // known 100, 200, 300; the span covers all four.
    QCOMPARE(coarse.rows[1].window, std::int64_t(0));
    QCOMPARE(metric(coarse.rows[1], TraceMetric::ComputeTime), 7.0);
    QCOMPARE(metric(coarse.rows[1], TraceMetric::StepTime), 200.0);
    QCOMPARE(coarse.rows[1].startNs, std::int64_t(0));
    QCOMPARE(coarse.rows[1].endNs, std::int64_t(400));
    QVERIFY(std::isnan(metric(coarse.rows[1], TraceMetric::GpuIdle))); // unknown everywhere
    // Rank 1, window 1 = fine 4, 5.
    QCOMPARE(coarse.rows[2].rank, 1);
    QCOMPARE(coarse.rows[2].window, std::int64_t(1));
    QCOMPARE(metric(coarse.rows[2], TraceMetric::ComputeTime), 10.0);
    QCOMPARE(metric(coarse.rows[2], TraceMetric::StepTime), 20.0);

    const TraceWindowTable coarser = coarsenWindowTable(coarse, 4);
    QCOMPARE(coarser.level, 2);
    QCOMPARE(coarser.binWidthNs, std::int64_t(1600));
    QCOMPARE(coarsenWindowTable(fine, 16).level, 2);
    QCOMPARE(coarsenWindowTable(fine, 16).rows.size(), coarser.rows.size());
}

void TraceMetricsTest::realDlrmTraces()
{
    RANKSCOPE_REQUIRE_SHARED_DATA(shared);
    const QDir dir(shared +
                   QStringLiteral("/param-et-kineto/et_replay/tests/inputs/extracted/dlrm_kineto"));
    const QStringList files =
        dir.entryList({QStringLiteral("*.pt.trace.json")}, QDir::Files, QDir::Name);
    if (files.isEmpty())
        QSKIP("param-et-kineto dlrm_kineto traces are absent");
    QCOMPARE(files.size(), 8);
    for (const QString &file : files) {
        const TraceData trace = importTraceFile(dir.filePath(file).toStdString());
        QVERIFY2(!trace.iterations.empty(), qPrintable(file));
        const std::vector<WindowSpan> spans = iterationSpans(trace);
        const std::vector<TraceWindowRow> rows =
            computeWindowMetrics(trace, trace.rank, spans, 0, WindowAxis::Iteration);
        QCOMPARE(rows.size(), trace.iterations.size());
        for (const TraceWindowRow &row : rows) {
            const double step = metric(row, TraceMetric::StepTime);
            const double compute = metric(row, TraceMetric::ComputeTime);
            const double comm = metric(row, TraceMetric::CommunicationTime);
            const double exposed = metric(row, TraceMetric::ExposedCommunication);
            const double idle = metric(row, TraceMetric::GpuIdle);
            const double cpu = metric(row, TraceMetric::CpuOpTime);
            const double gap = metric(row, TraceMetric::LaunchGap);
            for (double value : {step, compute, comm, exposed, idle, cpu, gap})
                QVERIFY2(std::isfinite(value) && value >= 0, qPrintable(file));
            QVERIFY(step > 0);
            QVERIFY(compute > 0);
            QVERIFY(comm > 0); // DLRM's all-to-all and all-reduce run NCCL kernels
            QVERIFY(exposed <= comm);
            // compute + exposed comm = GPU busy; busy + idle = the step.
            QCOMPARE(compute + exposed + idle, step);
            QVERIFY(cpu <= step);
            // Launch gaps are the part of GPU idle time spent waiting for the host.
            QVERIFY(gap <= idle);
            qInfo("%s step %lld: step %.3f ms, compute %.3f, comm %.3f, exposed %.3f, idle %.3f, "
                  "cpu %.3f, launch gaps %.3f",
                  qPrintable(file), static_cast<long long>(row.window), step / 1e6, compute / 1e6,
                  comm / 1e6, exposed / 1e6, idle / 1e6, cpu / 1e6, gap / 1e6);
        }
        const std::vector<TraceWindowRow> bins = computeWindowMetrics(
            trace, trace.rank, timeBinSpans(trace, 0, trace.firstNs, 1'000'000), 0,
            WindowAxis::TimeBin);
        QVERIFY(!bins.empty());
        double computeInBins = 0;
        for (const TraceWindowRow &bin : bins)
            computeInBins += metric(bin, TraceMetric::ComputeTime);
        QVERIFY(computeInBins >= metric(rows.front(), TraceMetric::ComputeTime) - 1);
    }
}

QTEST_GUILESS_MAIN(TraceMetricsTest)
#include "test_trace_metrics.moc"
