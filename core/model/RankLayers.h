#pragma once

#include "core/model/RankSet.h"

#include <string>

namespace rankscope {

// Which of the bundle's layers each rank has: stack samples, a profiler trace that speaks for
// it, log events. Summaries say this instead of an alarm-like "no stack data" on a bundle that
// simply has no stacks (docs/bundle-format.md, "Coverage").
struct RankLayers
{
    RankSet stacks;
    RankSet traces;
    RankSet logs;
    RankSet dumps; // a Flight Recorder dump (the collective-progress layer)
    // Ranks whose files were never brought into this cache (a merge without their shard,
    // --allow-missing): unknown in every layer, which no analysis may read as a rank that
    // went silent. Not part of any().
    RankSet uncollected;

    RankSet any() const { return stacks | traces | logs | dumps; }
};

// Where a job's world size comes from, most trusted first. The world size is the largest of
// what each source says; the first source that says that much names it.
enum class WorldSizeSource : std::uint8_t
{
    None,       // no rank is known
    Manifest,   // job.json "world_size"
    TraceInfo,  // distributedInfo.world_size of the profiler traces
    Logs,       // the logs state it: NCCL "nranks", torchrun global_world_sizes, Megatron
    RanksSeen,  // the highest rank the files' content names (distributedInfo.rank, log
                // prefixes, the manifest's rank list) + 1
    FilePaths,  // the highest rank file paths name + 1
    SingleFile, // one trace or dump opened on its own, taken as rank 0
};

// "job.json", "distributedInfo.world_size in the traces", "stated in the logs", "highest rank
// seen + 1", "from file paths", "one file, taken as rank 0"; "" for None.
const char *worldSizeSourceText(WorldSizeSource source);
// "manifest", "trace_info", "logs", "ranks_seen", "file_paths", "single_file", "none".
const char *worldSizeSourceKey(WorldSizeSource source);

} // namespace rankscope
