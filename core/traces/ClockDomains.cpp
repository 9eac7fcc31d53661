#include "core/traces/ClockAlignmentSteps.h"

#include "core/traces/RobustStatistics.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <tuple>
#include <unordered_map>

namespace rankscope::clock_detail {

namespace {

// Ends of one collective on one machine agree to microseconds; a member further off than this
// from its node-mates' median is matched to another collective (or its node is wrong).
constexpr std::int64_t kSameClockToleranceNs = 50'000;
constexpr double kSameClockToleranceShare = 0.10;

template <typename Entry, typename KeyOf> void sortUnique(std::vector<Entry> &entries, KeyOf keyOf)
{
    std::stable_sort(entries.begin(), entries.end(),
                     [&](const Entry &a, const Entry &b) { return keyOf(a) < keyOf(b); });
    entries.erase(std::unique(entries.begin(), entries.end(),
                              [&](const Entry &a, const Entry &b) { return keyOf(a) == keyOf(b); }),
                  entries.end());
}

// One member's end of a collective, while its node's ends are gathered.
struct MemberEnd
{
    std::uint64_t key;
    std::int64_t endNs;
    std::int64_t durationNs;
    std::size_t rank; // RankAnchors index
};

// Per member: how many of its ends could be checked against node-mates', and how many of those
// contradicted the node's median.
struct MemberAgreement
{
    int checkable = 0;
    int contradicted = 0;
};

// The node's end of each collective its members ran, from their ends grouped by key. With
// `agreement` set, only counts agreements (nothing is kept or dropped).
void agreeOnEnds(ClockDomain &domain, std::vector<MemberEnd> &ends, std::vector<RankAnchors> &ranks,
                 std::unordered_map<std::size_t, MemberAgreement> *agreement = nullptr)
{
    std::sort(ends.begin(), ends.end(), [](const MemberEnd &a, const MemberEnd &b) {
        return a.key != b.key ? a.key < b.key : a.rank < b.rank;
    });
    std::vector<std::int64_t> values;
    std::vector<std::int64_t> durations;
    for (std::size_t first = 0; first < ends.size();) {
        std::size_t last = first;
        while (last < ends.size() && ends[last].key == ends[first].key)
            ++last;
        if (last - first == 1) {
            if (!agreement)
                domain.collectiveEnds.emplace_back(ends[first].key, ends[first].endNs);
            first = last;
            continue;
        }
        values.clear();
        durations.clear();
        for (std::size_t i = first; i < last; ++i) {
            values.push_back(ends[i].endNs);
            durations.push_back(ends[i].durationNs);
        }
        const std::int64_t median = medianInPlace(values);
        const std::int64_t tolerance =
            std::max(kSameClockToleranceNs,
                     std::int64_t(kSameClockToleranceShare * double(medianInPlace(durations))));
        values.clear();
        for (std::size_t i = first; i < last; ++i) {
            if (std::llabs(ends[i].endNs - median) <= tolerance)
                values.push_back(ends[i].endNs);
        }
        const std::size_t members = last - first;
        if (agreement) {
            for (std::size_t i = first; i < last; ++i) {
                MemberAgreement &member = (*agreement)[ends[i].rank];
                ++member.checkable;
                member.contradicted += std::llabs(ends[i].endNs - median) > tolerance;
            }
        } else if (2 * values.size() > members) {
            domain.collectiveEnds.emplace_back(ends[first].key, medianInPlace(values));
            for (std::size_t i = first; i < last; ++i) {
                if (std::llabs(ends[i].endNs - median) > tolerance)
                    ++ranks[ends[i].rank].droppedAnchors;
            }
        } else {
            for (std::size_t i = first; i < last; ++i)
                ++ranks[ends[i].rank].droppedAnchors;
        }
        first = last;
    }
}

void medianStepStarts(ClockDomain &domain, std::span<const RankAnchors> ranks)
{
    if (domain.members.size() == 1) {
        domain.stepStarts = ranks[domain.members.front()].stepStarts;
        return;
    }
    std::map<std::uint64_t, std::vector<std::int64_t>> starts;
    for (std::size_t member : domain.members) {
        for (const KeyedTime &start : ranks[member].stepStarts)
            starts[start.first].push_back(start.second);
    }
    for (auto &[step, times] : starts)
        domain.stepStarts.emplace_back(step, medianInPlace(times));
}

} // namespace

std::vector<RankAnchors> rankAnchors(std::span<const RankClockInput> ranks,
                                     std::vector<std::size_t> &order)
{
    order.resize(ranks.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return ranks[a].rank < ranks[b].rank; });
    std::vector<RankAnchors> anchors(ranks.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        const RankClockInput &input = ranks[order[i]];
        RankAnchors &rank = anchors[i];
        rank.rank = input.rank;
        rank.node = &input.node;
        rank.collectiveEnds.reserve(input.collectives.size());
        for (const CollectiveRecord &record : input.collectives) {
            if (record.kind == CollectiveKind::Collective)
                rank.collectiveEnds.push_back(
                    {record.key, record.endNs,
                     std::max<std::int64_t>(0, record.endNs - record.startNs)});
        }
        sortUnique(rank.collectiveEnds, [](const KeyedEnd &e) { return e.key; });
        rank.stepStarts.reserve(input.iterations.size());
        for (const TraceIteration &iteration : input.iterations)
            rank.stepStarts.emplace_back(std::uint64_t(iteration.step), iteration.startNs);
        sortUnique(rank.stepStarts, [](const KeyedTime &t) { return t.first; });
    }
    return anchors;
}

std::vector<ClockDomain> clockDomains(std::vector<RankAnchors> &ranks)
{
    std::vector<ClockDomain> domains;
    std::unordered_map<std::string, std::size_t> byNode;
    for (std::size_t r = 0; r < ranks.size(); ++r) {
        const std::string &node = *ranks[r].node;
        std::size_t domain = domains.size();
        if (!node.empty()) {
            const auto [found, inserted] = byNode.try_emplace(node, domains.size());
            domain = found->second;
            if (!inserted) {
                domains[domain].members.push_back(r);
                ranks[r].domain = domain;
                continue;
            }
        }
        ClockDomain created;
        created.node = node;
        created.members.push_back(r);
        domains.push_back(std::move(created));
        ranks[r].domain = domain;
    }

    const auto gatherEnds = [&](const ClockDomain &domain, std::vector<MemberEnd> &ends) {
        ends.clear();
        for (std::size_t member : domain.members) {
            for (const KeyedEnd &end : ranks[member].collectiveEnds)
                ends.push_back({end.key, end.endNs, end.durationNs, member});
        }
    };

    // A member that contradicts its node-mates on most collectives they share does not read the
    // node's clock (its node in job.json is wrong, or it runs elsewhere): it leaves the node and
    // is aligned on its own, its contradicting ends counted as dropped.
    std::vector<MemberEnd> ends;
    const std::size_t named = domains.size();
    for (std::size_t d = 0; d < named; ++d) {
        if (domains[d].members.size() < 2)
            continue;
        std::unordered_map<std::size_t, MemberAgreement> agreement;
        gatherEnds(domains[d], ends);
        agreeOnEnds(domains[d], ends, ranks, &agreement);
        std::vector<std::size_t> kept;
        const std::vector<std::size_t> members = domains[d].members; // push_back below moves it
        for (std::size_t member : members) {
            const MemberAgreement &counts = agreement[member];
            if (counts.contradicted < 2 || 2 * counts.contradicted <= counts.checkable) {
                kept.push_back(member);
                continue;
            }
            ranks[member].offClock = true;
            ranks[member].droppedAnchors = counts.contradicted;
            ranks[member].domain = domains.size();
            ClockDomain alone;
            alone.members.push_back(member);
            domains.push_back(std::move(alone));
        }
        domains[d].members = std::move(kept);
    }

    for (ClockDomain &domain : domains) {
        for (std::size_t member : domain.members)
            domain.hasData |= ranks[member].hasData();
        gatherEnds(domain, ends);
        agreeOnEnds(domain, ends, ranks);
        medianStepStarts(domain, ranks);
    }
    return domains;
}

std::vector<PointToPointPair> pointToPointPairs(std::span<const RankClockInput> ranks,
                                                std::span<const std::size_t> order,
                                                std::span<const RankAnchors> anchors)
{
    struct Sides
    {
        const CollectiveRecord *send = nullptr;
        const CollectiveRecord *recv = nullptr;
        std::size_t sender = 0;
        std::size_t receiver = 0;
        bool ambiguous = false; // a key seen twice on one side: not a pair
    };
    std::unordered_map<std::uint64_t, Sides> sides;
    for (std::size_t i = 0; i < order.size(); ++i) {
        for (const CollectiveRecord &record : ranks[order[i]].collectives) {
            if (record.kind != CollectiveKind::Send && record.kind != CollectiveKind::Recv)
                continue;
            Sides &entry = sides[record.key];
            const bool send = record.kind == CollectiveKind::Send;
            const CollectiveRecord *&side = send ? entry.send : entry.recv;
            if (side)
                entry.ambiguous = true;
            side = &record;
            (send ? entry.sender : entry.receiver) = i;
        }
    }
    std::vector<PointToPointPair> pairs;
    for (const auto &[key, entry] : sides) {
        if (!entry.send || !entry.recv || entry.ambiguous || entry.sender == entry.receiver)
            continue;
        // A pair whose ranks do not name each other is a hash collision, not a pair.
        if (entry.send->peer != anchors[entry.receiver].rank ||
            entry.recv->peer != anchors[entry.sender].rank)
            continue;
        pairs.push_back({entry.sender, entry.receiver, entry.send->startNs, entry.send->endNs,
                         entry.recv->startNs, entry.recv->endNs});
    }
    // Hash-map order is not stable across runs: the alignment must be.
    std::sort(pairs.begin(), pairs.end(), [](const PointToPointPair &a, const PointToPointPair &b) {
        return std::tie(a.sender, a.receiver, a.sendStartNs, a.recvEndNs) <
               std::tie(b.sender, b.receiver, b.sendStartNs, b.recvEndNs);
    });
    return pairs;
}

} // namespace rankscope::clock_detail
