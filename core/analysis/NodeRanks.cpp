#include "core/analysis/NodeRanks.h"

namespace rankscope {

NodeRanks::NodeRanks(const JobInfo &job) : m_job(job)
{
    for (const RankInfo &info : job.ranks) {
        if (info.rank >= 0 && !info.node.empty())
            m_ranksOfNode[info.node].insert(info.rank);
    }
}

std::string NodeRanks::wholeNode(const RankSet &ranks) const
{
    if (ranks.empty() || m_ranksOfNode.size() < 2)
        return {}; // a single-node job: naming the node says nothing
    const std::string node = m_job.nodeOf(ranks.first());
    if (node.empty())
        return {};
    auto it = m_ranksOfNode.find(node);
    return it != m_ranksOfNode.end() && it->second == ranks ? node : std::string();
}

std::string NodeRanks::describe(const RankSet &ranks) const
{
    const std::string ranksText = (ranks.count() == 1 ? "rank " : "ranks ") + ranks.toString();
    const std::string node = wholeNode(ranks);
    return node.empty() ? ranksText : node + " (" + ranksText + ")";
}

} // namespace rankscope
