#pragma once

#include "core/diff/BundleDiff.h"
#include "core/model/JobInfo.h"

#include <atomic>
#include <filesystem>
#include <memory>

namespace rankscope {

// The three independent parts of computeBundleDiff(), exposed so that `rankscope-cli
// bench-diff` can time each on its own. Each opens its own read-only cache connections, so they
// may run on different threads at the same time.

struct StackSectionDiff
{
    bool has = false; // both runs have selected stack samples
    std::shared_ptr<const StackTree> baselineTree;
    std::shared_ptr<const StackTree> targetTree;
    StackDiff diff;
    std::vector<StackNodeChange> targetNodeChanges; // see BundleDiff
    std::vector<StackNodeChange> baselineNodeChanges;
};
// Both merged trees with the same options: an empty role is resolved on the target and the
// baseline uses that role too when it has it (else its own main role). Changed paths need
// `minStackChange`; a path that only one run took is listed whatever its share, because one
// rank in a place no baseline rank ever was (a stuck DataLoader) can be the whole story.
StackSectionDiff diffBundleStacks(const StackDataset &baseline, const StackDataset &target,
                                  const BundleDiffOptions &options,
                                  const std::atomic<bool> *cancel = nullptr);

struct LogSectionDiff
{
    bool has = false; // both runs have logs
    bool baselineHasLogs = false;
    bool targetHasLogs = false;
    int baselineRanks = 0; // ranks with log events
    int targetRanks = 0;
    LogDiff diff;
    JobStepSeries baselineSeries; // from each run's iteration lines, even when the other run
    JobStepSeries targetSeries;   // has no logs
    StepTimeComparison stepTimes;
};
LogSectionDiff diffBundleLogs(const std::filesystem::path &baselineCache,
                              const JobInfo &baselineJob, const std::filesystem::path &targetCache,
                              const JobInfo &targetJob, const LogDiffParams &params,
                              const std::atomic<bool> *cancel = nullptr);

struct OpSectionDiff
{
    bool has = false;      // both runs have op totals (traces) or both have step times
    int baselineRanks = 0; // ranks with op totals
    int targetRanks = 0;
    OpDiff diff;
};
OpSectionDiff diffBundleOps(const std::filesystem::path &baselineCache,
                            const std::filesystem::path &targetCache, const OpDiffParams &params,
                            const std::atomic<bool> *cancel = nullptr);

} // namespace rankscope
