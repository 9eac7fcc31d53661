#pragma once

#include "core/model/RankLayers.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rankscope {

// What the bundle says about one rank: from the job.json manifest, or inferred from file paths.
struct RankInfo
{
    int rank = -1;
    std::string node;                  // host name, "" when unknown
    int localRank = -1;                // rank within the node, -1 when unknown
    std::string role;                  // process type of the rank ("trainer" by default)
    std::map<std::string, int> groups; // parallel-group ids: {"dp": 0, "tp": 3, "pp": 1}
};

// The job a bundle describes. worldSize is the largest of the manifest's world_size, the
// traces' distributedInfo.world_size, the world size the logs state and the highest rank seen
// + 1; worldSizeSource says which.
struct JobInfo
{
    std::string jobId;
    int worldSize = 0;
    WorldSizeSource worldSizeSource = WorldSizeSource::None;
    bool fromManifest = false;
    RankLayers layers; // which ranks have stacks, a trace, log events
    // The manifest's optional "baseline": a healthy run to compare with, as written (relative
    // paths are relative to the bundle root); "" when none.
    std::string baseline;
    std::vector<RankInfo>
        ranks; // indexed by rank; ranks the bundle says nothing about have rank -1

    const RankInfo *rankInfo(int rank) const
    {
        if (rank < 0 || rank >= static_cast<int>(ranks.size()) || ranks[rank].rank < 0)
            return nullptr;
        return &ranks[rank];
    }
    std::string nodeOf(int rank) const
    {
        const RankInfo *info = rankInfo(rank);
        return info ? info->node : std::string();
    }
};

} // namespace rankscope
