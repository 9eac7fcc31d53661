#pragma once

#include "core/diff/LogDiff.h"
#include "core/diff/OpDiff.h"
#include "core/diff/StackDiff.h"
#include "core/diff/StepTimeComparison.h"
#include "core/model/Message.h"
#include "core/model/StackDataset.h"
#include "core/stacks/StackTree.h"
#include "core/stacks/StackTreeOptions.h"
#include "core/traces/TraceMetric.h"

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace rankscope {

// What a line of the "what changed" summary points at, so the Diff view can open its evidence.
struct DiffEvidence
{
    enum class Kind : std::uint8_t
    {
        None,
        StackPath,   // stacks.changes[index]
        LogTemplate, // logs.changes[index]
        Op,          // ops.ops[index]
        StepTime,    // the step-time distributions (and the heatmap's difference mode)
        StepSeries,  // the job's step-time and loss series from the logs (Logs tab chart)
    };
    Kind kind = Kind::None;
    int index = -1;
    TraceMetric metric = TraceMetric::StepTime; // StepTime/Op: the heatmap metric to open
};
// "stack", "log", "op", "step_time", "step_series"
const char *diffEvidenceKindKey(DiffEvidence::Kind kind);

struct DiffSummaryLine
{
    std::string text; // one plain sentence: "Rank 37 is now stuck in DataLoader.__next__ ..."
    Message message;  // the same sentence as a message, for the GUI to translate
    DiffEvidence evidence;
    double weight = 0; // how much it changed, comparable across sections (sorting key)
};

// One run of the comparison: its stacks as loaded by the import and its cache file.
struct BundleDiffSide
{
    std::string name; // shown in the report ("last-week", the bundle's folder name)
    std::shared_ptr<const StackDataset> stacks;
    std::filesystem::path cacheFile;
};

struct BundleDiff
{
    std::string baselineName;
    std::string targetName;
    int baselineRanks = 0; // ranks with data (stacks), or with traces/logs when no stacks
    int targetRanks = 0;

    bool hasStacks = false;                             // both runs have stack samples
    std::shared_ptr<const StackDataset> baselineStacks; // what the trees were built from (frames'
    std::shared_ptr<const StackDataset> targetStacks;   // files and lines, for tooltips)
    std::shared_ptr<const StackTree> baselineTree;
    std::shared_ptr<const StackTree> targetTree;
    StackDiff stacks;
    // Per frame of each tree, its share of ranks against the other run's (the differential
    // flame graph's colours), computed with the diff so the view does not on the UI thread.
    std::vector<StackNodeChange> targetNodeChanges;
    std::vector<StackNodeChange> baselineNodeChanges;

    bool hasLogs = false; // both runs have logs (else the section is not compared)
    bool baselineHasLogs = false;
    bool targetHasLogs = false;
    LogDiff logs;

    // Each run's job-level step time and loss from its iteration lines (Megatron prints them
    // unprefixed, from the last stage), and whether iterations got slower: the median over the
    // steady iterations of each run, compared with a significance rule (StepTimeComparison.h).
    JobStepSeries baselineSeries;
    JobStepSeries targetSeries;
    StepTimeComparison stepTimes;

    bool hasOps = false; // both runs have profiler traces, or both have step times (ops then
                         // empty: an iteration axis from logs has no per-op totals)
    OpDiff ops;

    std::vector<DiffSummaryLine> summary; // largest change first; says so when nothing changed
};

struct BundleDiffOptions
{
    StackTreeOptions tree;        // the same options for both runs' merged trees
    double minStackChange = 0.05; // see diffStackTrees()
    LogDiffParams logs;
    OpDiffParams ops;
};

// Builds both merged trees, diffs stacks, logs and per-op timing from the two caches (read over
// connections of its own; the caches must exist), and writes the summary. Returns early with an
// incomplete result when *cancel turns true (the caller drops it). Throws SqliteError when a cache
// cannot be read.
BundleDiff computeBundleDiff(const BundleDiffSide &baseline, const BundleDiffSide &target,
                             const BundleDiffOptions &options = {},
                             const std::atomic<bool> *cancel = nullptr);

// The plain-word lines of the summary (computeBundleDiff calls it; exposed for tests).
std::vector<DiffSummaryLine> summarizeBundleDiff(const BundleDiff &diff);

} // namespace rankscope
