#include "core/diff/BundleDiffSections.h"

#include "core/cache/CacheSchema.h"
#include "core/cache/LogCacheReader.h"
#include "core/cache/TraceCacheReader.h"
#include "core/cache/TraceOpTotalsCache.h"
#include "core/diff/StackChangeSuspicion.h"

#include <algorithm>
#include <cmath>

namespace rankscope {

namespace {

// Named apart from BundleDiff.cpp's helper: the two can share a unity batch.
bool sectionCancelled(const std::atomic<bool> *cancel)
{
    return cancel && cancel->load(std::memory_order_relaxed);
}

bool hasRole(const StackDataset &data, const std::string &role)
{
    return std::any_of(data.samples.begin(), data.samples.end(),
                       [&](const StackSample &sample) { return sample.role == role; });
}

int ranksWithEvents(const LogAnalysisInput &input)
{
    RankSet ranks;
    for (const TemplatedLogEvent &event : input.events) {
        if (event.rank >= 0)
            ranks.insert(event.rank);
    }
    return ranks.count();
}

// Changes below this are rounding, not a path that moved.
constexpr double kAnyChange = 1e-9;

} // namespace

StackSectionDiff diffBundleStacks(const StackDataset &baseline, const StackDataset &target,
                                  const BundleDiffOptions &options, const std::atomic<bool> *cancel)
{
    StackSectionDiff section;
    StackTreeOptions targetOptions = options.tree;
    StackTreeOptions baselineOptions = options.tree;
    if (targetOptions.role.empty() && !target.samples.empty()) {
        targetOptions.role = resolvedRole(target, options.tree);
        if (hasRole(baseline, targetOptions.role))
            baselineOptions.role = targetOptions.role;
    }
    // A run without samples has no tree (the view says which one); the other is still shown.
    std::shared_ptr<StackTree> targetTree;
    if (!target.samples.empty())
        targetTree =
            std::make_shared<StackTree>(StackTreeBuilder::build(target, targetOptions, cancel));
    if (sectionCancelled(cancel))
        return section;
    std::shared_ptr<StackTree> baselineTree;
    if (!baseline.samples.empty())
        baselineTree =
            std::make_shared<StackTree>(StackTreeBuilder::build(baseline, baselineOptions, cancel));
    if (sectionCancelled(cancel))
        return section;
    section.has = baselineTree && targetTree && !baselineTree->ranksWithData().empty() &&
                  !targetTree->ranksWithData().empty();
    if (section.has) {
        // One pass at any size of change; then keep every path only one run took, and the
        // changed ones that moved by at least the threshold. The reporting place of a change
        // does not depend on the threshold, so this equals diffStackTrees(minStackChange) plus
        // the small new and gone paths.
        StackDiff all = diffStackTrees(*baselineTree, *targetTree, kAnyChange);
        for (StackPathChange &change : all.changes) {
            if (change.kind != StackPathChangeKind::Changed ||
                std::abs(change.change()) >= options.minStackChange)
                section.diff.changes.push_back(std::move(change));
        }
        scoreStackChangeSuspicion(section.diff, *baselineTree, &baseline, *targetTree, &target);
        section.targetNodeChanges = stackNodeChanges(*targetTree, *baselineTree);
        section.baselineNodeChanges = stackNodeChanges(*baselineTree, *targetTree);
    }
    section.baselineTree = std::move(baselineTree);
    section.targetTree = std::move(targetTree);
    return section;
}

LogSectionDiff diffBundleLogs(const std::filesystem::path &baselineCache,
                              const JobInfo &baselineJob, const std::filesystem::path &targetCache,
                              const JobInfo &targetJob, const LogDiffParams &params,
                              const std::atomic<bool> *cancel)
{
    LogSectionDiff section;
    const auto load = [](const std::filesystem::path &cache, const JobInfo &job) {
        const auto db = openStackCacheReader(cache);
        return hasLogData(*db) ? loadLogAnalysisInput(*db, job) : LogAnalysisInput{};
    };
    const LogAnalysisInput baseline = load(baselineCache, baselineJob);
    if (sectionCancelled(cancel))
        return section;
    const LogAnalysisInput target = load(targetCache, targetJob);
    if (sectionCancelled(cancel))
        return section;
    section.baselineSeries = jobStepSeries(baseline.iterations);
    section.targetSeries = jobStepSeries(target.iterations);
    section.stepTimes = compareStepTimes(section.baselineSeries, section.targetSeries);
    // Both runs need logs: against a run without any, every template would look new or gone.
    section.baselineHasLogs = !baseline.files.empty();
    section.targetHasLogs = !target.files.empty();
    section.has = section.baselineHasLogs && section.targetHasLogs;
    if (!section.has)
        return section;
    section.baselineRanks = ranksWithEvents(baseline);
    section.targetRanks = ranksWithEvents(target);
    section.diff = diffLogs(baseline, target, params);
    return section;
}

OpSectionDiff diffBundleOps(const std::filesystem::path &baselineCache,
                            const std::filesystem::path &targetCache, const OpDiffParams &params,
                            const std::atomic<bool> *cancel)
{
    OpSectionDiff section;
    const auto baselineDb = openStackCacheReader(baselineCache);
    const auto targetDb = openStackCacheReader(targetCache);
    if (!hasTraceData(*baselineDb) || !hasTraceData(*targetDb))
        return section;
    const std::vector<RankOpTotals> baseline = loadRankOpTotals(*baselineDb);
    const std::vector<double> baselineSteps = loadStepTimesNs(*baselineDb);
    if (sectionCancelled(cancel))
        return section;
    const std::vector<RankOpTotals> target = loadRankOpTotals(*targetDb);
    const std::vector<double> targetSteps = loadStepTimesNs(*targetDb);
    if (sectionCancelled(cancel))
        return section;
    // Ops compare only when both runs have op totals (against a run without traces every op
    // would look gone); step times alone (an iteration axis from the logs) still compare.
    const bool bothOps = !baseline.empty() && !target.empty();
    section.has = bothOps || (!baselineSteps.empty() && !targetSteps.empty());
    section.baselineRanks = int(baseline.size());
    section.targetRanks = int(target.size());
    if (section.has)
        section.diff = bothOps ? diffOps(baseline, target, baselineSteps, targetSteps, params)
                               : diffOps({}, {}, baselineSteps, targetSteps, params);
    return section;
}

} // namespace rankscope
