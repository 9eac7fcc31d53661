#include "importers/bundle/ShardPlan.h"

#include "core/cache/StableHash.h"
#include "core/model/RankSet.h"
#include "importers/bundle/JobManifest.h"
#include "importers/bundle/RankFromPath.h"
#include "importers/collectives/FlightRecorderDump.h"
#include "importers/traces/NsightRankIdentity.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <stdexcept>

namespace rankscope {

namespace {

std::optional<int> shardNumber(std::string_view text)
{
    int value = 0;
    const char *end = text.data() + text.size();
    const auto [at, error] = std::from_chars(text.data(), end, value);
    if (error != std::errc() || at != end || text.empty())
        return std::nullopt;
    return value;
}

ShardSpec checkedShard(std::optional<int> index, std::optional<int> count, const std::string &what)
{
    if (!count || *count < 1 || *count > kMaxShards)
        throw std::invalid_argument(what + ": the shard count must be 1 to " +
                                    std::to_string(kMaxShards));
    if (!index || *index < 0 || *index >= *count)
        throw std::invalid_argument(what + ": the shard must be 0 to " +
                                    std::to_string(*count - 1));
    return {*index, *count};
}

ShardSpec shardFromScheduler(const EnvironmentLookup &env)
{
    if (const auto task = env("SLURM_ARRAY_TASK_ID")) {
        // A stated shard count makes the task id the shard: a failed task run again on its
        // own (sbatch --array=5) is still shard 5 of 8, not shard 0 of 1.
        if (const auto stated = env("RANKSCOPE_SHARD_COUNT"))
            return checkedShard(shardNumber(*task), shardNumber(*stated),
                                "--shard auto (SLURM_ARRAY_TASK_ID=" + *task +
                                    ", RANKSCOPE_SHARD_COUNT=" + *stated + ")");
        if (const auto step = env("SLURM_ARRAY_TASK_STEP"); step && *step != "1")
            throw std::invalid_argument("--shard auto: the job array steps by " + *step +
                                        ", so its task ids are not shards; set "
                                        "RANKSCOPE_SHARD_COUNT, or give --shard K/N");
        const auto count = env("SLURM_ARRAY_TASK_COUNT");
        if (!count)
            throw std::invalid_argument("--shard auto: SLURM_ARRAY_TASK_ID is set but not "
                                        "SLURM_ARRAY_TASK_COUNT (submit with sbatch --array)");
        // --array=1-8 numbers tasks from 1: the shard is the task's place in the array.
        const std::optional<int> min = shardNumber(env("SLURM_ARRAY_TASK_MIN").value_or("0"));
        const std::optional<int> id = shardNumber(*task);
        return checkedShard(id && min ? std::optional<int>(*id - *min) : std::nullopt,
                            shardNumber(*count),
                            "--shard auto (SLURM_ARRAY_TASK_ID=" + *task +
                                ", SLURM_ARRAY_TASK_COUNT=" + *count + ")");
    }
    if (const auto index = env("JOB_COMPLETION_INDEX")) {
        const auto count = env("RANKSCOPE_SHARD_COUNT");
        if (!count)
            throw std::invalid_argument(
                "--shard auto: JOB_COMPLETION_INDEX is set but not RANKSCOPE_SHARD_COUNT (set it "
                "to the Indexed Job's completions, as packaging/kubernetes does)");
        return checkedShard(shardNumber(*index), shardNumber(*count),
                            "--shard auto (JOB_COMPLETION_INDEX=" + *index +
                                ", RANKSCOPE_SHARD_COUNT=" + *count + ")");
    }
    throw std::invalid_argument("--shard auto: neither a Slurm job array (SLURM_ARRAY_TASK_ID) "
                                "nor a Kubernetes Indexed Job (JOB_COMPLETION_INDEX) is running "
                                "this; give --shard K/N");
}

// Nodes in the order of their first rank, so that consecutive nodes (and their ranks) share a
// shard.
std::vector<int> nodeIndexOfRanks(const JobInfo &job, int &nodeCount)
{
    std::map<std::string, int> nodes;
    std::vector<int> ofRank(job.ranks.size(), -1);
    for (const RankInfo &info : job.ranks) {
        if (info.rank < 0 || info.node.empty())
            continue;
        const auto [it, added] = nodes.emplace(info.node, int(nodes.size()));
        ofRank[std::size_t(info.rank)] = it->second;
    }
    nodeCount = int(nodes.size());
    return ofRank;
}

// The rank a file's path names: the bundle's path rules, and for a Flight Recorder dump its own
// naming ("_dump_3", "<prefix>3"), which those rules do not read.
std::optional<int> rankOfFile(const BundleFile &file)
{
    if (const auto rank = rankFromPath(file.path))
        return rank;
    if (file.kind != BundleFileKind::CollectiveDump)
        return std::nullopt;
    const std::size_t slash = file.path.rfind('/');
    const int rank = flightRecorderRankFromName(
        std::string_view(file.path).substr(slash == std::string::npos ? 0 : slash + 1));
    return rank >= 0 && rank <= kMaxSupportedRank ? std::optional<int>(rank) : std::nullopt;
}

std::uint64_t pathHash(std::string_view path)
{
    StableHasher hasher;
    hasher.add(path);
    return hasher.finish();
}

} // namespace

ShardSpec parseShardSpec(std::string_view text, const EnvironmentLookup &env)
{
    if (text == "auto")
        return shardFromScheduler(env);
    const std::size_t slash = text.find('/');
    if (slash == std::string_view::npos)
        throw std::invalid_argument("--shard " + std::string(text) +
                                    ": expected K/N (shard K of N, from 0) or auto");
    return checkedShard(shardNumber(text.substr(0, slash)), shardNumber(text.substr(slash + 1)),
                        "--shard " + std::string(text));
}

ShardPlan::ShardPlan(const BundleListing &listing, std::string_view manifestText, int shardCount)
    : m_shardCount(std::max(shardCount, 1)), m_shardRanks(std::size_t(m_shardCount))
{
    if (!manifestText.empty()) {
        const JobManifest manifest = parseJobManifest(manifestText);
        if (manifest.ok) {
            m_worldSize = std::max(manifest.job.worldSize, int(manifest.job.ranks.size()));
            m_nodeOfRank = nodeIndexOfRanks(manifest.job, m_nodeCount);
        }
    }
    int pathNodes = 0;
    for (const BundleFile &file : listing.files) {
        if (const auto rank = rankOfFile(file))
            m_worldSize = std::max(m_worldSize, *rank + 1);
        else if (const auto node = nodeIndexFromPath(file.path))
            pathNodes = std::max(pathNodes, std::min(*node, kMaxSupportedRank) + 1);
    }
    if (m_nodeCount == 0)
        m_nodeCount = pathNodes;
    std::vector<RankSet> ranks(static_cast<std::size_t>(m_shardCount));
    for (int rank = 0; rank < m_worldSize; ++rank)
        ranks[std::size_t(shardOfRank(rank))].insert(rank);
    for (int shard = 0; shard < m_shardCount; ++shard)
        m_shardRanks[std::size_t(shard)] = ranks[std::size_t(shard)].toString();
}

int ShardPlan::shardOfNode(int nodeIndex) const
{
    return int(std::int64_t(nodeIndex) * m_shardCount / std::max(m_nodeCount, 1));
}

int ShardPlan::shardOfRank(int rank) const
{
    if (rank < int(m_nodeOfRank.size()) && m_nodeOfRank[std::size_t(rank)] >= 0)
        return shardOfNode(m_nodeOfRank[std::size_t(rank)]);
    return int(std::int64_t(rank) * m_shardCount / std::max(m_worldSize, 1));
}

int ShardPlan::shardOf(const BundleFile &file) const
{
    if (file.kind == BundleFileKind::Manifest)
        return -1;
    if (const auto rank = rankOfFile(file))
        return shardOfRank(*rank);
    if (const auto node = nodeIndexFromPath(file.path); node && *node < m_nodeCount)
        return shardOfNode(*node);
    return int(pathHash(file.path) % std::uint64_t(m_shardCount));
}

void keepShardFiles(BundleListing &listing, const ShardPlan &plan, int shard)
{
    std::erase_if(listing.files, [&](const BundleFile &file) {
        const int owner = plan.shardOf(file);
        return owner >= 0 && owner != shard;
    });
}

std::string bundleFingerprint(const BundleListing &listing)
{
    StableHasher hasher;
    std::size_t files = 0;
    for (const BundleFile &file : listing.files) {
        // Only what is imported: a shard's own output written inside the bundle folder (an
        // ignored file) must not make the next shard see another bundle.
        if (file.kind == BundleFileKind::Ignored || file.kind == BundleFileKind::Quiet)
            continue;
        ++files;
        hasher.add(std::string_view(file.path));
        hasher.add(std::uint64_t(file.size));
        hasher.add(std::uint64_t(file.mtimeNs));
    }
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hasher.finish()));
    return std::string(text) + "-" + std::to_string(files);
}

} // namespace rankscope
