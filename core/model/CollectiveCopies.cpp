#include "core/model/CollectiveCopies.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace rankscope {

namespace {

bool fromLogs(CollectiveEvidence evidence)
{
    return evidence != CollectiveEvidence::FlightRecorder && evidence != CollectiveEvidence::Trace;
}

template <typename T, typename Key> std::size_t dropCopies(std::vector<T> &records, Key key)
{
    std::set<decltype(key(records.front()))> seen;
    const auto before = records.size();
    std::erase_if(records, [&](const T &record) {
        return fromLogs(record.evidence) && !seen.insert(key(record)).second;
    });
    return before - records.size();
}

bool complete(const ProcessGroupConfig &group)
{
    return std::none_of(group.ranks.begin(), group.ranks.end(), [](int rank) { return rank < 0; });
}

// True when every slot both know holds the same rank.
bool agree(const ProcessGroupConfig &a, const ProcessGroupConfig &b)
{
    if (a.ranks.size() != b.ranks.size())
        return false;
    for (std::size_t i = 0; i < a.ranks.size(); ++i)
        if (a.ranks[i] >= 0 && b.ranks[i] >= 0 && a.ranks[i] != b.ranks[i])
            return false;
    return true;
}

std::size_t mergePartialGroups(std::vector<ProcessGroupConfig> &groups)
{
    std::vector<ProcessGroupConfig> merged;
    std::size_t dropped = 0;
    for (ProcessGroupConfig &group : groups) {
        if (complete(group)) {
            merged.push_back(std::move(group));
            continue;
        }
        auto into = std::find_if(merged.begin(), merged.end(), [&](const ProcessGroupConfig &m) {
            return !complete(m) && m.name == group.name && agree(m, group);
        });
        if (into == merged.end()) {
            merged.push_back(std::move(group));
            continue;
        }
        for (std::size_t i = 0; i < group.ranks.size(); ++i)
            if (into->ranks[i] < 0)
                into->ranks[i] = group.ranks[i];
        ++dropped;
    }
    // A partial list that a complete one of the same group covers says nothing more.
    const auto covered = [&](const ProcessGroupConfig &partial) {
        return !complete(partial) &&
               std::any_of(merged.begin(), merged.end(), [&](const ProcessGroupConfig &full) {
                   return complete(full) && full.name == partial.name && agree(full, partial);
               });
    };
    const auto before = merged.size();
    std::erase_if(merged, covered);
    dropped += before - merged.size();
    groups = std::move(merged);
    return dropped;
}

} // namespace

std::size_t mergeCollectiveCopies(CollectiveDataset &data)
{
    std::size_t dropped = 0;
    if (!data.entries.empty())
        dropped += dropCopies(data.entries, [](const CollectiveEntry &e) {
            return std::make_tuple(e.evidence, e.rank, e.groupRank, e.pgName, e.pgId,
                                   e.collectiveSeq, e.p2pSeq, e.op, e.state);
        });
    if (!data.statuses.empty())
        dropped += dropCopies(data.statuses, [](const CollectiveGroupStatus &s) {
            return std::make_tuple(s.evidence, s.rank, s.groupRank, s.pgName, s.pgId,
                                   s.lastEnqueued, s.lastStarted, s.lastCompleted);
        });
    if (!data.claims.empty())
        dropped += dropCopies(data.claims, [](const CollectiveClaim &c) {
            return std::make_tuple(c.evidence, c.reportingRank, c.pgName, c.pgId, c.seq, c.op,
                                   c.missingRanks, c.culpritRanks, c.failedRanks, c.text);
        });
    dropped += mergePartialGroups(data.groups);
    return dropped;
}

} // namespace rankscope
