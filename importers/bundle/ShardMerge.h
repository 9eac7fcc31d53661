#pragma once

#include "importers/bundle/BundleImport.h"

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace rankscope {

// How much of the profiler traces' raw events a merged cache keeps (--keep-events). Windows,
// metrics, collectives, op totals and findings are kept whole whatever this says; only the
// event blocks the rank timeline reads are left out. Logs always travel whole: their templates
// and lines are a small share of a bundle, and the log views need every line.
enum class KeptEvents
{
    All,
    Outliers, // the suspects' and stragglers' traces, and a few healthy peers for comparison
    None,
};
std::string keptEventsKey(KeptEvents kept); // "all", "outliers", "none"

struct MergeOptions
{
    std::vector<std::filesystem::path> parts; // partial caches of `import --shard K/N --out`
    std::filesystem::path output;             // JOB.rscache, written only once complete
    bool allowMissing = false; // merge without missing shards: their ranks have no data
    KeptEvents keptEvents = KeptEvents::All;
};

struct MergeSummary
{
    std::string bundlePath; // the bundle the shards were imported from
    int shardCount = 0;
    std::vector<int> missingShards;
    std::string missingRanks; // what the missing shards held, by path (RankSet text)
    int files = 0;
    std::int64_t traceEventBlocks = 0;   // kept in the output
    std::int64_t droppedEventBlocks = 0; // left out by --keep-events
    std::string keptTraceRanks;          // outliers: the ranks whose events were kept
    std::int64_t outputBytes = 0;
    double seconds = 0;
    bool cancelled = false; // nothing was written
};

// Merges the partial caches of one bundle's sharded import into one cache that opens like the
// bundle (rankscope JOB.rscache). Every file's rows are copied as the shard read them; what
// depends on every rank at once is computed again over all of them, as a single import does:
// which trace speaks for each rank, clock alignment, windows and arrival order at collectives,
// log templates (one set for the job) and the log metrics of the windows. Throws BundleError
// naming the part when a part is not a finished shard of this version, parts come from
// different bundles or splits, a shard is given twice, or one is missing (unless
// allowMissing). The output appears in one rename, complete, or not at all.
MergeSummary mergeShardCaches(const MergeOptions &options,
                              const ImportProgressCallback &progress = {},
                              const std::atomic<bool> *cancel = nullptr);

} // namespace rankscope
