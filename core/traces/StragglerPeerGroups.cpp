#include "core/traces/StragglerDetection.h"

#include <algorithm>
#include <map>
#include <optional>
#include <utility>

namespace rankscope {

namespace {

// The manifest's groups are communicator ids: the ranks sharing a "pp" id form one pipeline,
// one rank per stage. Megatron and torch number a pipeline's ranks in stage order
// (r, r + world / pp, ...), so a rank's stage is its position among its pipeline's ranks.
// A hand-written manifest may give the stage number instead; then there are fewer ids than
// ranks per id (4 stages of 128 ranks, where pipeline ids would be 128 pipelines of 4), and the
// id is the stage.
std::map<int, int> pipelineStages(const JobInfo &job)
{
    std::map<int, std::vector<int>> pipelines;
    for (const RankInfo &info : job.ranks) {
        if (info.rank < 0)
            continue;
        if (const auto pp = info.groups.find("pp"); pp != info.groups.end())
            pipelines[pp->second].push_back(info.rank);
    }
    std::map<int, int> stageOfRank;
    std::size_t largest = 0;
    for (const auto &entry : pipelines)
        largest = std::max(largest, entry.second.size());
    if (pipelines.size() < largest) {
        for (const auto &[stage, ranks] : pipelines) {
            for (int rank : ranks)
                stageOfRank[rank] = stage;
        }
        return stageOfRank;
    }
    for (auto &[id, ranks] : pipelines) {
        std::sort(ranks.begin(), ranks.end());
        for (std::size_t stage = 0; stage < ranks.size(); ++stage)
            stageOfRank[ranks[stage]] = int(stage);
    }
    return stageOfRank;
}

} // namespace

// Ranks are peers when they run the same code on the same share of the model: the same role and
// the same pipeline stage. Data-parallel (and tensor-parallel) indices may differ. Ranks the
// manifest says nothing about are trainers without a stage.
std::vector<PeerGroup> stragglerPeerGroups(const MetricMatrix &matrix, const JobInfo &job)
{
    const std::map<int, int> stageOfRank = pipelineStages(job);
    using Key = std::pair<std::string, std::optional<int>>; // role, pipeline stage
    std::map<Key, std::vector<int>> rowsByKey;
    for (int row = 0; row < matrix.rowCount(); ++row) {
        const int rank = matrix.ranks[std::size_t(row)];
        Key key{"trainer", std::nullopt};
        if (const RankInfo *info = job.rankInfo(rank); info && !info->role.empty())
            key.first = info->role;
        if (const auto stage = stageOfRank.find(rank); stage != stageOfRank.end())
            key.second = stage->second;
        rowsByKey[key].push_back(row);
    }

    std::vector<PeerGroup> groups;
    groups.reserve(rowsByKey.size());
    for (auto &[key, rows] : rowsByKey) {
        PeerGroup group;
        group.name = key.first;
        if (key.second)
            group.name += "/pp=" + std::to_string(*key.second);
        group.rows = std::move(rows);
        groups.push_back(std::move(group));
    }
    return groups;
}

} // namespace rankscope
