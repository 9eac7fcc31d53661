#include "core/traces/ClockAlignment.h"

#include "core/model/TimeArithmetic.h"
#include "core/traces/ClockAlignmentSteps.h"
#include "core/traces/RobustStatistics.h"

#include <algorithm>
#include <deque>
#include <limits>
#include <numeric>
#include <unordered_map>

namespace rankscope {

using namespace clock_detail;

namespace {

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
            // Clamped: two clocks 146 years apart are absurd data, and medians of clamped
            // values cannot overflow.
            differences.push_back(clampToPlausibleTime(saturatingSub(a->second, b->second)));
            ++a;
            ++b;
        }
    }
}

// Aligns `domain` to the already aligned `to` from per-anchor differences (domain's local time
// minus to's local time for the same instant): offset = to's offset + their median.
void alignFrom(ClockDomain &domain, const ClockDomain &to, std::vector<std::int64_t> &differences,
               ClockOffsetSource source)
{
    const int anchors = int(differences.size());
    const std::int64_t median = medianInPlace(differences);
    domain.offsetNs = clampToPlausibleTime(saturatingAdd(to.offsetNs, median));
    domain.source = source;
    domain.anchors = anchors;
    domain.spreadNs = medianAbsoluteDeviationInPlace(differences, median);
    domain.aligned = true;
}

// Which domains hold each collective key: the graph the alignment walks. Keys are numbered by a
// hash map and their holders bucketed by a counting pass: linear in the records, where sorting
// millions of (key, domain) pairs of a 1,024-rank job would dominate the alignment.
class CollectiveGraph
{
public:
    explicit CollectiveGraph(const std::vector<ClockDomain> &domains)
    {
        std::size_t records = 0;
        for (const ClockDomain &domain : domains)
            records += domain.collectiveEnds.size();
        m_groupOf.reserve(records / std::max<std::size_t>(domains.size(), 1) * 2 + 16);
        std::vector<std::size_t> counts;
        for (const ClockDomain &domain : domains) {
            for (const KeyedTime &end : domain.collectiveEnds) {
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
        for (std::size_t d = 0; d < domains.size(); ++d) {
            for (const KeyedTime &end : domains[d].collectiveEnds)
                m_holders[fill[m_groupOf.find(end.first)->second]++] = d; // in rank order
        }
        m_expanded.assign(counts.size(), false);
    }

    // Aligns every unaligned domain sharing a key with the aligned domain `from`, directly to
    // it, and queues them. Each key is expanded once: after that all its holders are aligned.
    void expand(std::vector<ClockDomain> &domains, std::size_t from, std::deque<std::size_t> &queue,
                std::vector<std::int64_t> &differences)
    {
        for (const KeyedTime &end : domains[from].collectiveEnds) {
            const std::size_t group = m_groupOf.find(end.first)->second;
            if (m_expanded[group])
                continue;
            m_expanded[group] = true;
            for (std::size_t i = m_groupStart[group]; i < m_groupStart[group + 1]; ++i) {
                ClockDomain &other = domains[m_holders[i]];
                if (other.aligned)
                    continue;
                sharedDifferences(other.collectiveEnds, domains[from].collectiveEnds, differences);
                alignFrom(other, domains[from], differences, ClockOffsetSource::Collectives);
                queue.push_back(m_holders[i]);
            }
        }
    }

private:
    std::unordered_map<std::uint64_t, std::size_t> m_groupOf; // key -> group
    std::vector<std::size_t> m_holders;                       // domain indices, by group
    std::vector<std::size_t> m_groupStart;
    std::vector<bool> m_expanded;
};

// Causality bounds on an unaligned domain's offset from its p2p pairs with aligned domains.
struct OffsetBounds
{
    std::int64_t lower = std::numeric_limits<std::int64_t>::min(); // from its sends
    std::int64_t upper = std::numeric_limits<std::int64_t>::max(); // from its recvs
    int pairs = 0;
    bool hasLower() const { return lower != std::numeric_limits<std::int64_t>::min(); }
    bool hasUpper() const { return upper != std::numeric_limits<std::int64_t>::max(); }
};

// offset_v - offset_u <= recvEnd_v - sendStart_u for a send u -> v (the recv cannot end before
// the data started to leave), and >= sendStart_v - recvEnd_u for a send v -> u.
OffsetBounds boundsOf(std::size_t domain, const std::vector<ClockDomain> &domains,
                      std::span<const RankAnchors> ranks, std::span<const PointToPointPair> pairs)
{
    OffsetBounds bounds;
    for (const PointToPointPair &pair : pairs) {
        const std::size_t from = ranks[pair.sender].domain;
        const std::size_t to = ranks[pair.receiver].domain;
        if (to == domain && from != domain && domains[from].aligned) {
            bounds.upper =
                std::min(bounds.upper,
                         saturatingSub(pair.recvEndNs,
                                       saturatingSub(pair.sendStartNs, domains[from].offsetNs)));
            ++bounds.pairs;
        } else if (from == domain && to != domain && domains[to].aligned) {
            bounds.lower = std::max(
                bounds.lower, saturatingSub(pair.sendStartNs,
                                            saturatingSub(pair.recvEndNs, domains[to].offsetNs)));
            ++bounds.pairs;
        }
    }
    return bounds;
}

// Aligns the unaligned domain bracketed by the most p2p pairs (both directions). True when one
// was aligned.
bool alignOneByPointToPoint(std::vector<ClockDomain> &domains, std::span<const RankAnchors> ranks,
                            std::span<const PointToPointPair> pairs, std::deque<std::size_t> &queue)
{
    if (pairs.empty())
        return false;
    std::size_t best = domains.size();
    OffsetBounds bestBounds;
    for (std::size_t d = 0; d < domains.size(); ++d) {
        if (domains[d].aligned)
            continue;
        const OffsetBounds bounds = boundsOf(d, domains, ranks, pairs);
        if (bounds.hasLower() && bounds.hasUpper() && bounds.pairs > bestBounds.pairs) {
            best = d;
            bestBounds = bounds;
        }
    }
    if (best == domains.size())
        return false;
    ClockDomain &domain = domains[best];
    // An empty bracket (lower > upper) means some pair broke causality under any offset: the
    // midpoint is still the best guess, and the quality step reports the violations.
    domain.offsetNs = clampToPlausibleTime(std::midpoint(bestBounds.lower, bestBounds.upper));
    domain.boundNs = saturatingDistance(bestBounds.upper, bestBounds.lower) / 2;
    domain.source = ClockOffsetSource::PointToPoint;
    domain.anchors = bestBounds.pairs;
    domain.spreadNs = 0;
    domain.aligned = true;
    queue.push_back(best);
    return true;
}

// Steps fallback: aligns one unaligned domain with steps to the reference, else to the first
// aligned domain sharing step numbers; a one-sided p2p bound clamps the estimate.
bool alignOneByStep(std::vector<ClockDomain> &domains, std::size_t reference,
                    std::span<const RankAnchors> ranks, std::span<const PointToPointPair> pairs,
                    std::deque<std::size_t> &queue, std::vector<std::int64_t> &differences)
{
    for (std::size_t d = 0; d < domains.size(); ++d) {
        if (domains[d].aligned || domains[d].stepStarts.empty())
            continue;
        std::vector<std::size_t> candidates{reference};
        for (std::size_t other = 0; other < domains.size(); ++other) {
            if (other != reference && domains[other].aligned)
                candidates.push_back(other);
        }
        for (std::size_t other : candidates) {
            sharedDifferences(domains[d].stepStarts, domains[other].stepStarts, differences);
            if (differences.empty())
                continue;
            alignFrom(domains[d], domains[other], differences, ClockOffsetSource::Steps);
            const OffsetBounds bounds = boundsOf(d, domains, ranks, pairs);
            if (bounds.hasLower())
                domains[d].offsetNs = std::max(domains[d].offsetNs, bounds.lower);
            if (bounds.hasUpper())
                domains[d].offsetNs = std::min(domains[d].offsetNs, bounds.upper);
            domains[d].offsetNs = clampToPlausibleTime(domains[d].offsetNs);
            queue.push_back(d);
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
    case ClockOffsetSource::PointToPoint:
        return "p2p";
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

ClockOffsetSource clockOffsetSourceFromKey(std::string_view key)
{
    for (ClockOffsetSource source : {ClockOffsetSource::Reference, ClockOffsetSource::Collectives,
                                     ClockOffsetSource::PointToPoint, ClockOffsetSource::Steps,
                                     ClockOffsetSource::Node, ClockOffsetSource::Manifest}) {
        if (key == clockOffsetSourceKey(source))
            return source;
    }
    return ClockOffsetSource::None;
}

namespace clock_detail {

void alignDomains(std::vector<ClockDomain> &domains, std::span<const RankAnchors> ranks,
                  std::span<const PointToPointPair> pairs)
{
    // The reference: the domain of the lowest rank with data (ranks are in rank order).
    const auto first = std::find_if(ranks.begin(), ranks.end(),
                                    [](const RankAnchors &rank) { return rank.hasData(); });
    if (first == ranks.end())
        return;
    const std::size_t reference = first->domain;
    domains[reference].aligned = true;
    domains[reference].source = ClockOffsetSource::Reference;
    CollectiveGraph graph(domains);
    std::deque<std::size_t> queue{reference};
    std::vector<std::int64_t> differences;
    // Collectives first, as far as they reach; then one domain by p2p bounds or by steps at a
    // time, whose collectives may reach further domains again.
    do {
        while (!queue.empty()) {
            const std::size_t next = queue.front();
            queue.pop_front();
            graph.expand(domains, next, queue, differences);
        }
    } while (alignOneByPointToPoint(domains, ranks, pairs, queue) ||
             alignOneByStep(domains, reference, ranks, pairs, queue, differences));
}

} // namespace clock_detail

std::vector<ClockOffset> alignClocks(std::span<const RankClockInput> ranks,
                                     const std::map<int, std::int64_t> &manifestOffsets)
{
    std::vector<std::size_t> order;
    std::vector<RankAnchors> anchors = rankAnchors(ranks, order);
    std::vector<ClockDomain> domains = clockDomains(anchors);
    const std::vector<PointToPointPair> pairs = pointToPointPairs(ranks, order, anchors);
    alignDomains(domains, anchors, pairs);

    std::vector<ClockOffset> offsets;
    offsets.reserve(anchors.size());
    for (const RankAnchors &rank : anchors) {
        const ClockDomain &domain = domains[rank.domain];
        ClockOffset offset;
        offset.rank = rank.rank;
        offset.node = domain.node;
        offset.droppedAnchors = rank.droppedAnchors;
        if (domain.aligned) {
            offset.offsetNs = domain.offsetNs;
            offset.source = domain.source;
            offset.anchors = domain.anchors;
            offset.spreadNs = domain.spreadNs;
            // A rank without data of its own rides on its node's clock.
            if (!rank.hasData()) {
                offset.source = ClockOffsetSource::Node;
                offset.anchors = 0;
                offset.spreadNs = 0;
            }
        }
        if (const auto manifest = manifestOffsets.find(rank.rank);
            manifest != manifestOffsets.end()) {
            offset.offsetNs = clampToPlausibleTime(manifest->second);
            offset.source = ClockOffsetSource::Manifest;
            offset.anchors = 0;
            offset.spreadNs = 0;
        }
        offsets.push_back(std::move(offset));
    }
    measureClockQuality(offsets, anchors, domains, pairs);
    return offsets;
}

} // namespace rankscope
