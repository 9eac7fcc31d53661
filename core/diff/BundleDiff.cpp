#include "core/diff/BundleDiff.h"

#include "core/cache/CacheSchema.h"
#include "core/cache/StackCacheReader.h"
#include "core/diff/BundleDiffSections.h"

#include <future>

namespace rankscope {

namespace {

bool cancelled(const std::atomic<bool> *cancel)
{
    return cancel && cancel->load(std::memory_order_relaxed);
}

// The side's stacks as the import gave them, or read back from its cache when the caller has
// none at hand.
std::shared_ptr<const StackDataset> stacksOf(const BundleDiffSide &side,
                                             const std::atomic<bool> *cancel)
{
    if (side.stacks)
        return side.stacks;
    const auto db = openStackCacheReader(side.cacheFile);
    return std::make_shared<const StackDataset>(loadStackDataset(*db, cancel));
}

} // namespace

const char *diffEvidenceKindKey(DiffEvidence::Kind kind)
{
    switch (kind) {
    case DiffEvidence::Kind::StackPath:
        return "stack";
    case DiffEvidence::Kind::LogTemplate:
        return "log";
    case DiffEvidence::Kind::Op:
        return "op";
    case DiffEvidence::Kind::StepTime:
        return "step_time";
    case DiffEvidence::Kind::StepSeries:
        return "step_series";
    case DiffEvidence::Kind::None:
        break;
    }
    return "none";
}

BundleDiff computeBundleDiff(const BundleDiffSide &baseline, const BundleDiffSide &target,
                             const BundleDiffOptions &options, const std::atomic<bool> *cancel)
{
    BundleDiff diff;
    diff.baselineName = baseline.name;
    diff.targetName = target.name;
    const std::shared_ptr<const StackDataset> baselineStacks = stacksOf(baseline, cancel);
    const std::shared_ptr<const StackDataset> targetStacks = stacksOf(target, cancel);
    if (cancelled(cancel))
        return diff;

    // The three sections share nothing but the inputs: each on its own thread, each with its
    // own SQLite connections. The stacks run here, the others beside them.
    auto logs = std::async(std::launch::async, [&] {
        return diffBundleLogs(baseline.cacheFile, baselineStacks->job, target.cacheFile,
                              targetStacks->job, options.logs, cancel);
    });
    auto ops = std::async(std::launch::async, [&] {
        return diffBundleOps(baseline.cacheFile, target.cacheFile, options.ops, cancel);
    });
    StackSectionDiff stacks = diffBundleStacks(*baselineStacks, *targetStacks, options, cancel);
    // get() rethrows a section's SqliteError here, after both threads are done with the inputs.
    LogSectionDiff logSection = logs.get();
    OpSectionDiff opSection = ops.get();
    if (cancelled(cancel))
        return diff;

    diff.hasStacks = stacks.has;
    diff.baselineStacks = baselineStacks;
    diff.targetStacks = targetStacks;
    diff.baselineTree = std::move(stacks.baselineTree);
    diff.targetTree = std::move(stacks.targetTree);
    diff.stacks = std::move(stacks.diff);
    diff.targetNodeChanges = std::move(stacks.targetNodeChanges);
    diff.baselineNodeChanges = std::move(stacks.baselineNodeChanges);
    diff.hasLogs = logSection.has;
    diff.baselineHasLogs = logSection.baselineHasLogs;
    diff.targetHasLogs = logSection.targetHasLogs;
    diff.logs = std::move(logSection.diff);
    diff.baselineSeries = std::move(logSection.baselineSeries);
    diff.targetSeries = std::move(logSection.targetSeries);
    diff.stepTimes = logSection.stepTimes;
    diff.hasOps = opSection.has;
    diff.ops = std::move(opSection.diff);

    // Ranks with data: stacks first, then traces, then logs.
    const auto ranksOf = [&](const StackTree *tree, int traceRanks, int logRanks) {
        if (tree && !tree->ranksWithData().empty())
            return tree->ranksWithData().count();
        return traceRanks > 0 ? traceRanks : logRanks;
    };
    diff.baselineRanks =
        ranksOf(diff.baselineTree.get(), opSection.baselineRanks, logSection.baselineRanks);
    diff.targetRanks =
        ranksOf(diff.targetTree.get(), opSection.targetRanks, logSection.targetRanks);
    diff.summary = summarizeBundleDiff(diff);
    return diff;
}

} // namespace rankscope
