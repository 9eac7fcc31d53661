#pragma once

// A hand-built comparison for the Diff view tests and screenshots: 16-rank baseline and target
// whose stacks, logs and per-op timing differ the way issue 5's story does (ranks stuck in the
// data loader, an I/O error on node-3, a 2.3x slower all-reduce while the GEMM is unchanged).
#include "core/DatasetBuilder.h"
#include "core/diff/BundleDiff.h"

#include <memory>
#include <string>

namespace rankscope_test {

using namespace rankscope;

inline constexpr int kFixtureRanks = 16;

inline LogTemplateChange logChange(LogTemplateChangeKind kind, const std::string &text,
                                   std::int64_t baselineCount, std::int64_t targetCount,
                                   TemplateId targetTemplate, double score)
{
    LogTemplateChange change;
    change.kind = kind;
    change.text = text;
    change.baselineText = kind == LogTemplateChangeKind::New ? std::string() : text;
    change.baselineCount = baselineCount;
    change.targetCount = targetCount;
    change.baselineTemplate = baselineCount > 0 ? TemplateId(100 + targetTemplate) : kNoTemplate;
    change.targetTemplate = targetCount > 0 ? targetTemplate : kNoTemplate;
    change.baselineRanks = baselineCount > 0 ? RankSet::range(0, kFixtureRanks - 1) : RankSet();
    change.targetRanks = targetCount > 0 ? RankSet::range(0, kFixtureRanks - 1) : RankSet();
    change.baselineRate = double(baselineCount) / (kFixtureRanks * 100.0);
    change.targetRate = double(targetCount) / (kFixtureRanks * 100.0);
    change.ratio = change.baselineRate > 0 ? change.targetRate / change.baselineRate : 0;
    change.firstTargetIteration = targetCount > 0 ? 3 : -1;
    change.firstTargetRank = targetCount > 0 ? 0 : -1;
    change.score = score;
    return change;
}

inline OpRunStats opStats(double medianMs, double spreadMs, double calls)
{
    OpRunStats stats;
    stats.ranks = kFixtureRanks;
    stats.ranksWithOp = kFixtureRanks;
    stats.countPerUnit = calls;
    stats.medianNsPerUnit = medianMs * 1e6;
    stats.p10NsPerUnit = (medianMs - spreadMs) * 1e6;
    stats.p90NsPerUnit = (medianMs + spreadMs) * 1e6;
    stats.medianNsPerCall = stats.medianNsPerUnit / calls;
    return stats;
}

inline OpChange opChange(const std::string &name, TraceEventKind kind, OpChangeKind change,
                         double baselineMs, double targetMs, double calls)
{
    OpChange op;
    op.name = name;
    op.kind = kind;
    op.change = change;
    op.significant = change != OpChangeKind::Unchanged; // as diffOps marks a large change
    op.baseline = opStats(baselineMs, baselineMs * 0.04, calls);
    op.target = opStats(targetMs, targetMs * 0.05, calls);
    op.ratio = targetMs / baselineMs;
    op.deltaNsPerUnit = (targetMs - baselineMs) * 1e6;
    op.countRatio = 1;
    return op;
}

inline StepTimeDistribution steps(double p50Ms, double maxMs)
{
    StepTimeDistribution d;
    d.samples = kFixtureRanks * 100;
    d.p10Ns = p50Ms * 0.97e6;
    d.p50Ns = p50Ms * 1e6;
    d.p90Ns = p50Ms * 1.04e6;
    d.p99Ns = p50Ms * 1.08e6;
    d.maxNs = maxMs * 1e6;
    return d;
}

// The index of the first stack change of `kind`, -1 when none.
inline int stackChangeIndex(const BundleDiff &diff, StackPathChangeKind kind)
{
    for (std::size_t i = 0; i < diff.stacks.changes.size(); ++i) {
        if (diff.stacks.changes[i].kind == kind)
            return int(i);
    }
    return -1;
}

inline std::shared_ptr<BundleDiff> makeBundleDiff()
{
    auto diff = std::make_shared<BundleDiff>();
    diff->baselineName = "last-week";
    diff->targetName = "tonight";
    diff->baselineRanks = kFixtureRanks;
    diff->targetRanks = kFixtureRanks;

    // Stacks: in the target, ranks 12-15 wait in the data loader instead of the all-reduce.
    DatasetBuilder baseline(kFixtureRanks), target(kFixtureRanks);
    for (int r = 0; r < kFixtureRanks; ++r) {
        baseline.rank(r, "main;train_step;forward;linear");
        baseline.rank(r, "main;train_step;all_reduce", 1);
        target.rank(r, "main;train_step;forward;linear");
        target.rank(r,
                    r >= 12 ? "main;train_step;DataLoader.__next__;queue.get"
                            : "main;train_step;all_reduce",
                    1);
    }
    diff->hasStacks = true;
    diff->baselineTree =
        std::make_shared<const StackTree>(StackTreeBuilder::build(baseline.data(), {}));
    diff->targetTree =
        std::make_shared<const StackTree>(StackTreeBuilder::build(target.data(), {}));
    diff->stacks = diffStackTrees(*diff->baselineTree, *diff->targetTree);

    // Logs: one new error on node-3, one gone warning, one more frequent, two unchanged.
    diff->hasLogs = true;
    diff->logs.unit = LogRateUnit::PerRankIteration;
    diff->logs.baselineExposure = kFixtureRanks * 100.0;
    diff->logs.targetExposure = kFixtureRanks * 100.0;
    LogTemplateChange io = logChange(LogTemplateChangeKind::New,
                                     "OSError: [Errno 5] Input/output error: <*>", 0, 4, 7, 9.0);
    io.severity = LogSeverity::Error;
    io.targetRanks = RankSet::range(12, 15);
    io.targetNodes = {"node-3"};
    io.firstTargetIteration = 412;
    io.firstTargetRank = 13;
    diff->logs.changes.push_back(io);
    diff->logs.changes.push_back(logChange(LogTemplateChangeKind::MoreFrequent,
                                           "NCCL WARN Call to recv returned <*>, retrying", 20, 380,
                                           8, 6.0));
    diff->logs.changes.push_back(logChange(LogTemplateChangeKind::Gone,
                                           "Checkpoint saved to <*> in <NUM> s", 32, 0, 9, 3.0));
    diff->logs.changes.push_back(logChange(LogTemplateChangeKind::Unchanged,
                                           "iteration <NUM> loss <NUM> lr <NUM>", 1600, 1600, 10,
                                           0.0));
    diff->logs.changes.push_back(
        logChange(LogTemplateChangeKind::Unchanged, "Saving model parameters", 16, 16, 11, 0.0));

    // Ops: the all-reduce is 2.3x slower, the GEMM unchanged, a copy a little faster.
    diff->hasOps = true;
    diff->ops.perIteration = true;
    diff->ops.ops.push_back(opChange("ncclDevKernel_AllReduce_Sum_bf16_RING_LL",
                                     TraceEventKind::CommunicationKernel, OpChangeKind::Slower,
                                     20.0, 46.0, 12));
    diff->ops.ops.push_back(opChange("Memcpy DtoH (Device -> Pinned)", TraceEventKind::Memcpy,
                                     OpChangeKind::Faster, 6.0, 4.5, 4));
    diff->ops.ops.push_back(opChange("sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n",
                                     TraceEventKind::ComputeKernel, OpChangeKind::Unchanged, 61.0,
                                     61.2, 96));
    diff->ops.baselineSteps = steps(100, 112);
    diff->ops.targetSteps = steps(128, 410);

    // The summary, largest change first, each line pointing at its evidence.
    auto line = [&](const std::string &text, DiffEvidence::Kind kind, int index, double weight) {
        DiffSummaryLine summary;
        summary.text = text;
        summary.evidence.kind = kind;
        summary.evidence.index = index;
        summary.weight = weight;
        diff->summary.push_back(summary);
    };
    line("Ranks 12-15 (25% of the ranks) now wait in DataLoader.__next__ -> queue.get; the "
         "baseline never did.",
         DiffEvidence::Kind::StackPath, stackChangeIndex(*diff, StackPathChangeKind::New), 0.25);
    line("New log template on node-3 (ranks 12-15): \"OSError: [Errno 5] Input/output error\".",
         DiffEvidence::Kind::LogTemplate, 0, 0.2);
    line("ncclDevKernel_AllReduce is 2.30x slower per iteration (20.0 ms -> 46.0 ms, median over "
         "ranks); the GEMMs are unchanged.",
         DiffEvidence::Kind::Op, 0, 0.15);
    line("The median step time rose 28% (100 ms -> 128 ms); the slowest step took 410 ms.",
         DiffEvidence::Kind::StepTime, -1, 0.1);
    return diff;
}

} // namespace rankscope_test
