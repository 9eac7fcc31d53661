// The per-op timing diff of the baseline comparison (issue 5) on hand-built per-rank totals:
// which op leads, how runs of different sizes and lengths are normalised, new and gone ops,
// what noise stays unchanged, the per-second fallback, and the step-time quantiles.

#include "core/diff/OpDiff.h"

#include <QtTest>

#include <cmath>
#include <string>
#include <vector>

using namespace rankscope;

namespace {

const std::string kGemm = "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64";
const std::string kAllReduce = "ncclDevKernel_AllReduce_Sum_bf16_RING_LL";
const std::string kMatmul = "aten::mm";

// One op of a rank: `nsPerIteration` and `callsPerIteration` times the rank's iterations.
struct OpSpec
{
    std::string name;
    TraceEventKind kind;
    double nsPerIteration;
    std::int64_t callsPerIteration = 1;
};

RankOpTotals rankWith(int rank, std::int64_t iterations, std::int64_t stepNs,
                      const std::vector<OpSpec> &ops)
{
    RankOpTotals totals;
    totals.rank = rank;
    totals.iterations = iterations;
    totals.spanNs = iterations * stepNs;
    for (const OpSpec &spec : ops) {
        OpTotal op;
        op.name = spec.name;
        op.kind = spec.kind;
        op.count = spec.callsPerIteration * iterations;
        op.totalNs = std::int64_t(std::llround(spec.nsPerIteration * double(iterations)));
        totals.ops.push_back(op);
    }
    return totals;
}

// `ranks` ranks whose GEMM and all-reduce times vary by up to +-2% around the given values.
std::vector<RankOpTotals> run(int ranks, std::int64_t iterations, double gemmNs, double allReduceNs)
{
    std::vector<RankOpTotals> result;
    for (int r = 0; r < ranks; ++r) {
        const double wobble = 1.0 + 0.02 * (double((r * 7) % 5) - 2.0) / 2.0;
        result.push_back(
            rankWith(r, iterations, 10'000'000,
                     {{kGemm, TraceEventKind::ComputeKernel, gemmNs * wobble, 24},
                      {kAllReduce, TraceEventKind::CommunicationKernel, allReduceNs * wobble, 4},
                      {kMatmul, TraceEventKind::CpuOp, 300'000 * wobble, 24}}));
    }
    return result;
}

const OpChange *find(const OpDiff &diff, const std::string &name)
{
    for (const OpChange &op : diff.ops) {
        if (op.name == name)
            return &op;
    }
    return nullptr;
}

std::vector<double> steps(int count, double ns)
{
    return std::vector<double>(std::size_t(count), ns);
}

} // namespace

class OpDiffTest : public QObject
{
    Q_OBJECT

private slots:
    void slowerAllReduceLeadsWhileGemmsAreUnchanged();
    void differentRankAndIterationCountsNormalise();
    void newAndGoneOps();
    void noiseWithinTheBaselineSpreadIsUnchanged();
    void tinyChangesAreUnchanged();
    void fasterOpIsAnImprovement();
    void perSecondWhenARunHasNoIterations();
    void stepTimeQuantiles();
    void emptyRuns();
};

void OpDiffTest::slowerAllReduceLeadsWhileGemmsAreUnchanged()
{
    const auto baseline = run(16, 20, 4'000'000, 1'000'000);
    const auto target = run(16, 20, 4'000'000, 2'300'000);
    const OpDiff diff = diffOps(baseline, target, steps(320, 10e6), steps(320, 11.3e6));

    QVERIFY(diff.perIteration);
    QCOMPARE(diff.ops.size(), std::size_t(3));
    const OpChange &top = diff.ops.front();
    QCOMPARE(top.name, kAllReduce);
    QCOMPARE(top.kind, TraceEventKind::CommunicationKernel);
    QCOMPARE(top.change, OpChangeKind::Slower);
    QVERIFY2(std::abs(top.ratio - 2.3) < 0.01, qPrintable(QString::number(top.ratio)));
    QVERIFY(std::abs(top.deltaNsPerUnit - 1'300'000) < 20'000);
    QCOMPARE(top.baseline.ranks, 16);
    QCOMPARE(top.baseline.ranksWithOp, 16);
    QCOMPARE(top.baseline.countPerUnit, 4.0);
    QVERIFY(std::abs(top.target.medianNsPerCall - 2'300'000 / 4.0) < 10'000);
    QVERIFY(top.baseline.p10NsPerUnit <= top.baseline.medianNsPerUnit);
    QVERIFY(top.baseline.p90NsPerUnit >= top.baseline.medianNsPerUnit);
    QCOMPARE(top.countRatio, 1.0);

    QCOMPARE(find(diff, kGemm)->change, OpChangeKind::Unchanged);
    QCOMPARE(find(diff, kGemm)->ratio, 1.0);
    QCOMPARE(find(diff, kMatmul)->change, OpChangeKind::Unchanged);

    const auto regressions = diff.regressions();
    QCOMPARE(regressions.size(), std::size_t(1));
    QCOMPARE(regressions.front()->name, kAllReduce);
    QVERIFY(diff.improvements().empty());
    QCOMPARE(diff.baselineSteps.samples, 320);
    QCOMPARE(diff.targetSteps.p50Ns, 11.3e6);
    QCOMPARE(opChangeKindKey(top.change), "slower");
}

void OpDiffTest::differentRankAndIterationCountsNormalise()
{
    // 4 ranks profiled for 10 iterations against 32 ranks profiled for 37: per iteration and
    // per rank, the work is the same.
    const OpDiff diff = diffOps(run(4, 10, 4'000'000, 1'000'000), run(32, 37, 4'000'000, 1'000'000),
                                steps(40, 10e6), steps(32 * 37, 10e6));
    QVERIFY(diff.perIteration);
    for (const OpChange &op : diff.ops) {
        QCOMPARE(op.change, OpChangeKind::Unchanged);
        QVERIFY2(std::abs(op.ratio - 1.0) < 0.03, op.name.c_str());
        QVERIFY2(std::abs(op.countRatio - 1.0) < 1e-9, op.name.c_str());
        QCOMPARE(op.baseline.ranks, 4);
        QCOMPARE(op.target.ranks, 32);
        QCOMPARE(op.target.ranksWithOp, 32);
    }
    QCOMPARE(find(diff, kGemm)->target.countPerUnit, 24.0);
    QVERIFY(diff.regressions().empty());
    QVERIFY(diff.improvements().empty());
}

void OpDiffTest::newAndGoneOps()
{
    auto baseline = run(8, 10, 4'000'000, 1'000'000);
    auto target = run(8, 10, 4'000'000, 1'000'000);
    // The baseline's ranks 0-3 ran a gradient clip that the target no longer runs; the target's
    // ranks 2 and 5 run a new copy.
    for (int r = 0; r < 4; ++r)
        baseline[std::size_t(r)].ops.push_back(
            {"clip_grad_norm_kernel", TraceEventKind::ComputeKernel, 10, 200'000 * 10});
    for (int r : {2, 5})
        target[std::size_t(r)].ops.push_back(
            {"Memcpy DtoH (Device -> Pinned)", TraceEventKind::Memcpy, 30, 600'000 * 10});
    const OpDiff diff = diffOps(baseline, target, steps(80, 10e6), steps(80, 10e6));

    const OpChange *gone = find(diff, "clip_grad_norm_kernel");
    QVERIFY(gone);
    QCOMPARE(gone->change, OpChangeKind::Gone);
    QCOMPARE(gone->baseline.ranksWithOp, 4);
    QCOMPARE(gone->baseline.ranks, 8);
    QCOMPARE(gone->target.ranksWithOp, 0);
    QCOMPARE(gone->deltaNsPerUnit, -200'000.0);

    const OpChange *added = find(diff, "Memcpy DtoH (Device -> Pinned)");
    QVERIFY(added);
    QCOMPARE(added->change, OpChangeKind::New);
    QCOMPARE(added->kind, TraceEventKind::Memcpy);
    QCOMPARE(added->target.ranksWithOp, 2);
    QCOMPARE(added->target.medianNsPerUnit, 600'000.0);
    QCOMPARE(added->target.countPerUnit, 3.0);
    QCOMPARE(added->ratio, 0.0);
    QCOMPARE(added->deltaNsPerUnit, 600'000.0);

    // Largest |delta| first: the new copy (0.6 ms) before the gone clip (0.2 ms).
    QCOMPARE(diff.ops[0].name, added->name);
    QCOMPARE(diff.ops[1].name, gone->name);
    QCOMPARE(diff.regressions().size(), std::size_t(1));
    QCOMPARE(diff.regressions().front(), added);
    QCOMPARE(diff.improvements().size(), std::size_t(1));
    QCOMPARE(diff.improvements().front(), gone);
}

void OpDiffTest::noiseWithinTheBaselineSpreadIsUnchanged()
{
    // The baseline's ranks spread from 0.6 ms to 1.4 ms per iteration; the target's median is
    // 15% above the baseline's but well inside that spread.
    std::vector<RankOpTotals> baseline;
    std::vector<RankOpTotals> target;
    for (int r = 0; r < 9; ++r) {
        const double base = 600'000 + 100'000 * r; // 0.6 .. 1.4 ms, median 1.0 ms
        baseline.push_back(
            rankWith(r, 10, 10'000'000, {{kAllReduce, TraceEventKind::CommunicationKernel, base}}));
        target.push_back(
            rankWith(r, 10, 10'000'000,
                     {{kAllReduce, TraceEventKind::CommunicationKernel, base + 150'000}}));
    }
    const OpDiff diff = diffOps(baseline, target, steps(90, 10e6), steps(90, 10e6));
    QCOMPARE(diff.ops.size(), std::size_t(1));
    QVERIFY(diff.ops[0].ratio >= 1.15 - 1e-9);
    QCOMPARE(diff.ops[0].change, OpChangeKind::Unchanged);

    // The spread rule is what held it back.
    OpDiffParams params;
    params.outsideSpread = false;
    QCOMPARE(diffOps(baseline, target, steps(90, 10e6), steps(90, 10e6), params).ops[0].change,
             OpChangeKind::Slower);
}

void OpDiffTest::tinyChangesAreUnchanged()
{
    // A 3x slower op that costs 3 us of a 10 ms step is not worth reporting.
    std::vector<RankOpTotals> baseline{
        rankWith(0, 10, 10'000'000, {{"aten::zero_", TraceEventKind::CpuOp, 1'000}})};
    std::vector<RankOpTotals> target{
        rankWith(0, 10, 10'000'000, {{"aten::zero_", TraceEventKind::CpuOp, 3'000}})};
    OpDiff diff = diffOps(baseline, target, steps(10, 10e6), steps(10, 10e6));
    QCOMPARE(diff.ops[0].ratio, 3.0);
    QCOMPARE(diff.ops[0].change, OpChangeKind::Unchanged);

    // Without step times the threshold comes from the ranks' span per iteration (10 ms).
    diff = diffOps(baseline, target, {}, {});
    QCOMPARE(diff.ops[0].change, OpChangeKind::Unchanged);
    // With a 0.5 ms step, 2 us is worth a line (0.2% of it is 1 us).
    diff = diffOps(baseline, target, steps(10, 0.5e6), steps(10, 0.5e6));
    QCOMPARE(diff.ops[0].change, OpChangeKind::Slower);
}

void OpDiffTest::fasterOpIsAnImprovement()
{
    const OpDiff diff = diffOps(run(8, 10, 4'000'000, 1'000'000), run(8, 10, 2'500'000, 1'000'000),
                                steps(80, 10e6), steps(80, 8.5e6));
    QCOMPARE(diff.ops.front().name, kGemm);
    QCOMPARE(diff.ops.front().change, OpChangeKind::Faster);
    QVERIFY(std::abs(diff.ops.front().ratio - 0.625) < 1e-6);
    QVERIFY(diff.regressions().empty());
    QCOMPARE(diff.improvements().size(), std::size_t(1));
    QCOMPARE(diff.improvements(0).size(), std::size_t(0));
    QCOMPARE(opChangeKindKey(OpChangeKind::Faster), "faster");
}

void OpDiffTest::perSecondWhenARunHasNoIterations()
{
    // The baseline was profiled without ProfilerStep (2 s of trace); the target has steps.
    RankOpTotals base;
    base.rank = 0;
    base.iterations = 0;
    base.spanNs = 2'000'000'000;
    base.ops = {{kGemm, TraceEventKind::ComputeKernel, 1000, 1'000'000'000},
                {kAllReduce, TraceEventKind::CommunicationKernel, 200, 200'000'000}};
    RankOpTotals next;
    next.rank = 0;
    next.iterations = 40;
    next.spanNs = 4'000'000'000;
    next.ops = {{kGemm, TraceEventKind::ComputeKernel, 2000, 2'000'000'000},
                {kAllReduce, TraceEventKind::CommunicationKernel, 400, 800'000'000}};
    const OpDiff diff = diffOps({base}, {next}, {}, steps(40, 100e6));
    QVERIFY(!diff.perIteration);
    const OpChange *gemm = find(diff, kGemm);
    QCOMPARE(gemm->baseline.medianNsPerUnit, 0.5e9); // half of each second
    QCOMPARE(gemm->target.medianNsPerUnit, 0.5e9);
    QCOMPARE(gemm->baseline.countPerUnit, 500.0);
    QCOMPARE(gemm->change, OpChangeKind::Unchanged);
    const OpChange *allReduce = find(diff, kAllReduce);
    QCOMPARE(allReduce->ratio, 2.0);
    QCOMPARE(allReduce->deltaNsPerUnit, 0.1e9);
    QCOMPARE(allReduce->change, OpChangeKind::Slower);
    QCOMPARE(diff.ops.front().name, kAllReduce);

    // A rank without iterations in the target alone also switches to per second.
    RankOpTotals second = next;
    second.rank = 1;
    second.iterations = 0;
    QVERIFY(!diffOps({next}, {next, second}, {}, {}).perIteration);
    QVERIFY(diffOps({next}, {next}, {}, {}).perIteration);
}

void OpDiffTest::stepTimeQuantiles()
{
    std::vector<double> values;
    for (int i = 100; i >= 1; --i)
        values.push_back(double(i));
    values.push_back(std::nan(""));
    const StepTimeDistribution d = stepTimeDistribution(values);
    QCOMPARE(d.samples, 100);
    QVERIFY(std::abs(d.p10Ns - 10.9) < 1e-9);
    QVERIFY(std::abs(d.p50Ns - 50.5) < 1e-9);
    QVERIFY(std::abs(d.p90Ns - 90.1) < 1e-9);
    QVERIFY(std::abs(d.p99Ns - 99.01) < 1e-9);
    QCOMPARE(d.maxNs, 100.0);

    const StepTimeDistribution one = stepTimeDistribution({7e6});
    QCOMPARE(one.samples, 1);
    QCOMPARE(one.p10Ns, 7e6);
    QCOMPARE(one.p99Ns, 7e6);
    QCOMPARE(stepTimeDistribution({}).samples, 0);
    QCOMPARE(stepTimeDistribution({}).maxNs, 0.0);
}

void OpDiffTest::emptyRuns()
{
    const OpDiff nothing = diffOps({}, {}, {}, {});
    QVERIFY(nothing.ops.empty());
    QVERIFY(nothing.regressions().empty());

    // Everything of a run compared with an empty one is new.
    const OpDiff fresh = diffOps({}, run(2, 5, 4'000'000, 1'000'000), {}, {});
    QCOMPARE(fresh.ops.size(), std::size_t(3));
    for (const OpChange &op : fresh.ops)
        QCOMPARE(op.change, OpChangeKind::New);
    QCOMPARE(fresh.ops.front().name, kGemm);
}

QTEST_GUILESS_MAIN(OpDiffTest)
#include "tst_op_diff.moc"
