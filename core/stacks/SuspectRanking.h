#pragma once

#include "core/model/NodeRanks.h"
#include "core/stacks/StackAnalysis.h"

#include <vector>

namespace rankscope {

// Applies the comparison rules to the per-rank summaries of one tree
// (../shared/reference/algorithms.md 5.4, ../shared/guide/domain.md):
// - waiter/blocker: when a strict majority waits in the same collective, the ranks elsewhere are
//   blocker candidates (not in a wait first, then other collectives, then other call sites);
//   when everyone waits in the same place, or no strict majority exists, the stacks cannot tell;
// - ranks without any sample are reported apart: unknown, possibly dead;
// - minority paths: a branch few ranks took, or one that few ranks missed.
class SuspectRanking
{
public:
    SuspectRanking(const StackDataset &data, const StackTree &tree,
                   const std::vector<RankStackSummary> &ranks);

    const StackVerdict &verdict() const { return m_verdict; }
    const std::vector<Suspect> &suspects() const { return m_suspects; }

private:
    void judgeWaiters();
    bool everyRankMoves() const;
    void judgeMajorityWait(const RankSet &waiters, const std::string &operation,
                           const RankSet &noData);
    void addBlockers(const RankSet &waiters, const std::string &operation);
    void addNoData();
    void addMinorityPaths();
    void finish();

    int divergenceNode(const RankStackSummary &rank, const RankSet &majority) const;
    Message temporalNote(const RankSet &ranks) const;
    void add(SuspectKind kind, const RankSet &ranks, int node, Message reason, double score);

    const StackDataset &m_data;
    const StackTree &m_tree;
    const std::vector<RankStackSummary> &m_ranks;
    NodeRanks m_nodes;
    int m_ranksWithData = 0;
    RankSet m_syncWaiters; // ranks in a CUDA synchronize counted with the collective's waiters
    StackVerdict m_verdict;
    std::vector<Suspect> m_suspects;
};

// "rank 37" or "ranks 0-3,9".
std::string describeRanks(const RankSet &ranks);

} // namespace rankscope
