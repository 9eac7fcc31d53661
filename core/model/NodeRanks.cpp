#include "core/model/NodeRanks.h"

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
    return describeMessage(ranks).english();
}

Message NodeRanks::describeMessage(const RankSet &ranks) const
{
    const std::string node = wholeNode(ranks);
    if (!node.empty())
        return {RANKSCOPE_MESSAGE("ranks.node", "%1 (%2)"), {node, describeRanksMessage(ranks)}};
    return describeRanksMessage(ranks);
}

Message describeRanksMessage(const RankSet &ranks)
{
    if (ranks.count() == 1)
        return {RANKSCOPE_MESSAGE("ranks.one", "rank %1"), {ranks.toString()}};
    return {RANKSCOPE_MESSAGE("ranks.many", "ranks %1"), {ranks.toString()}};
}

} // namespace rankscope
