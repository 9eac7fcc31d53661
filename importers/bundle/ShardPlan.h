#pragma once

#include "importers/bundle/BundleScanner.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rankscope {

// One shard of a sharded import: shard `index` of `count` (0-based, as Slurm's array task ids
// and Kubernetes' completion indexes are).
struct ShardSpec
{
    int index = 0;
    int count = 1;
};

// The most shards rankscope splits a bundle into: a merge opens every part, and a job array of
// more tasks than that waits in the queue longer than it saves.
inline constexpr int kMaxShards = 4096;

// "K/N" (0 <= K < N <= kMaxShards), or "auto": the scheduler's variables, read through `env`:
// in a Slurm array, SLURM_ARRAY_TASK_ID of RANKSCOPE_SHARD_COUNT when that is set (so a task
// run again alone keeps its shard), else SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN of
// SLURM_ARRAY_TASK_COUNT (a stepped array is refused); else Kubernetes' JOB_COMPLETION_INDEX
// of RANKSCOPE_SHARD_COUNT, which the Indexed Job sets to its completions. Throws
// std::invalid_argument with a one-line message naming what is wrong.
using EnvironmentLookup = std::function<std::optional<std::string>(const char *name)>;
ShardSpec parseShardSpec(std::string_view text, const EnvironmentLookup &env);

// Which shard each file of a bundle belongs to. Whole nodes go to one shard, so a node's
// per-rank files, its per-node log and its Nsight export stay together: a file's node comes
// from the rank its path names (job.json's node for it; a Flight Recorder dump's own naming,
// "_dump_3", counts), or from the node its path names
// ("node3"); nodes are dealt out in blocks of consecutive nodes (ordered by their first rank).
// Ranks job.json gives no node go in blocks of consecutive ranks. A file whose path names
// neither (a combined launcher log, a trace named by host and pid) goes whole to the shard its
// path hashes to; its lines are split by rank when read, as in a single import. job.json goes
// to every shard. The plan depends only on the listing and job.json, so every shard of one
// bundle computes the same one.
class ShardPlan
{
public:
    // `manifestText`: job.json's content ("" without one).
    ShardPlan(const BundleListing &listing, std::string_view manifestText, int shardCount);

    int shardCount() const { return m_shardCount; }
    // The shard of one file of the listing; every shard for job.json (-1).
    int shardOf(const BundleFile &file) const;
    // The ranks whose files (by path) go to `shard`, as RankSet text ("0-31"); what a merge
    // says has no data when that shard is missing.
    const std::string &ranksOfShard(int shard) const { return m_shardRanks.at(shard); }

private:
    int shardOfRank(int rank) const;
    int shardOfNode(int nodeIndex) const;

    int m_shardCount = 1;
    int m_worldSize = 0;                   // job.json's, else the largest rank in a path + 1
    int m_nodeCount = 0;                   // job.json's nodes, else the largest "nodeK" + 1
    std::vector<int> m_nodeOfRank;         // job.json: node index of each rank, -1 without one
    std::vector<std::string> m_shardRanks; // per shard, RankSet text
};

// Removes from `listing` the files of other shards (job.json stays in every shard).
void keepShardFiles(BundleListing &listing, const ShardPlan &plan, int shard);

// A fingerprint of the whole bundle as scanned (every file it imports: path, size and mtime):
// shards of one bundle carry the same one, so the merge can refuse parts of different bundles.
// Files it ignores are left out (a part written into the bundle folder by an earlier shard).
std::string bundleFingerprint(const BundleListing &listing);

} // namespace rankscope
