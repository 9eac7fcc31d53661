#pragma once

#include "core/model/JobInfo.h"
#include "core/model/Message.h"
#include "core/model/RankSet.h"

#include <map>
#include <string>

namespace rankscope {

// The ranks of each node, from the job's rank -> node mapping (job.json), so that a finding
// about every rank of one node can name the node: a dead host, not eight unlucky ranks.
class NodeRanks
{
public:
    explicit NodeRanks(const JobInfo &job);

    // The node whose ranks `ranks` are, all of them and no other; "" when there is none (or the
    // job says nothing about nodes).
    std::string wholeNode(const RankSet &ranks) const;
    // "node-3 (ranks 24-31)" for a whole node, else "rank 5" / "ranks 0-3,9".
    std::string describe(const RankSet &ranks) const;
    Message describeMessage(const RankSet &ranks) const; // the same, translatable

private:
    const JobInfo &m_job;
    std::map<std::string, RankSet> m_ranksOfNode;
};

// "rank 5" / "ranks 0-3,9".
Message describeRanksMessage(const RankSet &ranks);

} // namespace rankscope
