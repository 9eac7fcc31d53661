#include "core/traces/ClockAlignment.h"

#include "core/traces/RobustStatistics.h"

#include <algorithm>
#include <deque>
#include <numeric>
#include <unordered_map>
#include <utility>

namespace rankscope {

namespace {

using KeyedTime = std::pair<std::uint64_t, std::int64_t>; // (collective key or step, time)

// One input rank while its offset is being worked out.
struct RankState
{
    int rank = -1;
    const std::string *node = nullptr;
    std::vector<KeyedTime> collectiveEnds; // by key, one per key
    std::vector<KeyedTime> stepStarts;     // by step, one per step
    bool aligned = false;
    ClockOffset offset;

    bool hasData() const { return !collectiveEnds.empty() || !stepStarts.empty(); }
};

std::vector<KeyedTime> sortedUnique(std::vector<KeyedTime> entries)
{
    std::stable_sort(entries.begin(), entries.end(),
                     [](const KeyedTime &a, const KeyedTime &b) { return a.first < b.first; });
    entries.erase(
        std::unique(entries.begin(), entries.end(),
                    [](const KeyedTime &a, const KeyedTime &b) { return a.first == b.first; }),
        entries.end());
    return entries;
}

// The differences (mine - theirs) of the times both lists hold a key for.
void sharedDifferences(const std::vector<KeyedTime> &mine, const std::vector<KeyedTime> &theirs,
                       std::vector<std::int64_t> &differences)
{
    differences.clear();
    auto a = mine.begin();
    auto b = theirs.begin();
    while (a != mine.end() && b != theirs.end()) {
        if (a->first < b->first) {
            ++a;
        } else if (b->first < a->first) {
            ++b;
        } else {
            differences.push_back(a->second - b->second);
            ++a;
            ++b;
        }
    }
}

// Aligns `rank` to the already aligned `to` from per-anchor differences (rank's local time
// minus to's local time for the same instant): offset = to's offset + their median.
void alignFrom(RankState &rank, const RankState &to, std::vector<std::int64_t> &differences,
               ClockOffsetSource source)
{
    const int anchors = int(differences.size());
    const std::int64_t median = medianInPlace(differences);
    rank.offset.offsetNs = to.offset.offsetNs + median;
    rank.offset.source = source;
    rank.offset.anchors = anchors;
    rank.offset.spreadNs = medianAbsoluteDeviationInPlace(differences, median);
    rank.aligned = true;
}

// Which ranks hold each collective key: the graph the alignment walks. Keys are numbered by a
// hash map and their holders bucketed by a counting pass: linear in the records, where sorting
// millions of (key, rank) pairs of a 1,024-rank job would dominate the alignment.
class CollectiveGraph
{
public:
    explicit CollectiveGraph(const std::vector<RankState> &states)
    {
        std::size_t records = 0;
        for (const RankState &state : states)
            records += state.collectiveEnds.size();
        m_groupOf.reserve(records / std::max<std::size_t>(states.size(), 1) * 2 + 16);
        std::vector<std::size_t> counts;
        for (const RankState &state : states) {
            for (const KeyedTime &end : state.collectiveEnds) {
                const auto [found, inserted] = m_groupOf.try_emplace(end.first, counts.size());
                if (inserted)
                    counts.push_back(0);
                ++counts[found->second];
            }
        }
        m_groupStart.assign(counts.size() + 1, 0);
        for (std::size_t g = 0; g < counts.size(); ++g)
            m_groupStart[g + 1] = m_groupStart[g] + counts[g];
        m_holders.resize(records);
        std::vector<std::size_t> fill(m_groupStart.begin(), m_groupStart.end() - 1);
        for (std::size_t r = 0; r < states.size(); ++r) {
            for (const KeyedTime &end : states[r].collectiveEnds)
                m_holders[fill[m_groupOf.find(end.first)->second]++] = r; // in rank order
        }
        m_expanded.assign(counts.size(), false);
    }

    // Aligns every unaligned rank sharing a key with the aligned rank `from`, directly to it,
    // and queues them. Each key is expanded once: after that all its holders are aligned.
    void expand(std::vector<RankState> &states, std::size_t from, std::deque<std::size_t> &queue,
                std::vector<std::int64_t> &differences)
    {
        for (const KeyedTime &end : states[from].collectiveEnds) {
            const std::size_t group = m_groupOf.find(end.first)->second;
            if (m_expanded[group])
                continue;
            m_expanded[group] = true;
            for (std::size_t i = m_groupStart[group]; i < m_groupStart[group + 1]; ++i) {
                RankState &other = states[m_holders[i]];
                if (other.aligned)
                    continue;
                sharedDifferences(other.collectiveEnds, states[from].collectiveEnds, differences);
                alignFrom(other, states[from], differences, ClockOffsetSource::Collectives);
                queue.push_back(m_holders[i]);
            }
        }
    }

private:
    std::unordered_map<std::uint64_t, std::size_t> m_groupOf; // key -> group
    std::vector<std::size_t> m_holders;                       // state indices, by group
    std::vector<std::size_t> m_groupStart;
    std::vector<bool> m_expanded;
};

// Steps fallback: aligns one unaligned rank with steps to the reference, else to the first
// aligned rank (in rank order) sharing step numbers. True when one was aligned.
bool alignOneByStep(std::vector<RankState> &states, std::size_t reference,
                    std::deque<std::size_t> &queue, std::vector<std::int64_t> &differences)
{
    for (std::size_t r = 0; r < states.size(); ++r) {
        if (states[r].aligned || states[r].stepStarts.empty())
            continue;
        std::vector<std::size_t> candidates{reference};
        for (std::size_t other = 0; other < states.size(); ++other) {
            if (other != reference && states[other].aligned)
                candidates.push_back(other);
        }
        for (std::size_t other : candidates) {
            sharedDifferences(states[r].stepStarts, states[other].stepStarts, differences);
            if (differences.empty())
                continue;
            alignFrom(states[r], states[other], differences, ClockOffsetSource::Steps);
            queue.push_back(r);
            return true;
        }
    }
    return false;
}

// Node fallback: an unaligned rank takes the offset of an aligned rank of its node (the
// lowest), since the ranks of one machine read one clock. True when one was aligned.
bool alignOneByNode(std::vector<RankState> &states, std::deque<std::size_t> &queue)
{
    for (std::size_t r = 0; r < states.size(); ++r) {
        if (states[r].aligned || states[r].node->empty())
            continue;
        for (std::size_t mate = 0; mate < states.size(); ++mate) {
            if (!states[mate].aligned || *states[mate].node != *states[r].node)
                continue;
            states[r].offset.offsetNs = states[mate].offset.offsetNs;
            states[r].offset.source = ClockOffsetSource::Node;
            states[r].aligned = true;
            queue.push_back(r);
            return true;
        }
    }
    return false;
}

} // namespace

const char *clockOffsetSourceKey(ClockOffsetSource source)
{
    switch (source) {
    case ClockOffsetSource::Reference:
        return "reference";
    case ClockOffsetSource::Collectives:
        return "collectives";
    case ClockOffsetSource::Steps:
        return "steps";
    case ClockOffsetSource::Node:
        return "node";
    case ClockOffsetSource::Manifest:
        return "manifest";
    case ClockOffsetSource::None:
        break;
    }
    return "none";
}

std::vector<ClockOffset> alignClocks(std::span<const RankClockInput> ranks,
                                     const std::map<int, std::int64_t> &manifestOffsets)
{
    // States in rank order, so "lowest rank" and "first aligned mate" are index order.
    std::vector<std::size_t> order(ranks.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return ranks[a].rank < ranks[b].rank; });
    std::vector<RankState> states(ranks.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        const RankClockInput &input = ranks[order[i]];
        RankState &state = states[i];
        state.rank = input.rank;
        state.node = &input.node;
        state.offset.rank = input.rank;
        std::vector<KeyedTime> ends;
        ends.reserve(input.collectives.size());
        for (const CollectiveRecord &record : input.collectives)
            ends.emplace_back(record.key, record.endNs);
        state.collectiveEnds = sortedUnique(std::move(ends));
        std::vector<KeyedTime> starts;
        starts.reserve(input.iterations.size());
        for (const TraceIteration &iteration : input.iterations)
            starts.emplace_back(std::uint64_t(iteration.step), iteration.startNs);
        state.stepStarts = sortedUnique(std::move(starts));
    }

    const auto reference = std::find_if(states.begin(), states.end(),
                                        [](const RankState &state) { return state.hasData(); });
    if (reference != states.end()) {
        const std::size_t referenceIndex = std::size_t(reference - states.begin());
        reference->aligned = true;
        reference->offset.source = ClockOffsetSource::Reference;
        CollectiveGraph graph(states);
        std::deque<std::size_t> queue{referenceIndex};
        std::vector<std::int64_t> differences;
        // Collectives first, as far as they reach; then one rank by steps or by node at a time,
        // whose collectives may reach further ranks again.
        do {
            while (!queue.empty()) {
                const std::size_t next = queue.front();
                queue.pop_front();
                graph.expand(states, next, queue, differences);
            }
        } while (alignOneByStep(states, referenceIndex, queue, differences) ||
                 alignOneByNode(states, queue));
    }

    std::vector<ClockOffset> offsets;
    offsets.reserve(states.size());
    for (RankState &state : states) {
        const auto manifest = manifestOffsets.find(state.rank);
        if (manifest != manifestOffsets.end()) {
            state.offset.offsetNs = manifest->second;
            state.offset.source = ClockOffsetSource::Manifest;
            state.offset.anchors = 0;
            state.offset.spreadNs = 0;
        }
        offsets.push_back(state.offset);
    }
    return offsets;
}

} // namespace rankscope
