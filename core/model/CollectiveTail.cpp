#include "core/model/CollectiveTail.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace rankscope {

namespace {

std::int64_t sequenceOf(const CollectiveEntry &entry)
{
    return entry.isP2p ? entry.p2pSeq : entry.collectiveSeq;
}

bool sequenced(const CollectiveEntry &entry)
{
    return (entry.evidence == CollectiveEvidence::FlightRecorder ||
            entry.evidence == CollectiveEvidence::Trace) &&
           sequenceOf(entry) >= 0;
}

} // namespace

std::vector<bool> selectCollectiveTail(const std::vector<CollectiveTailItem> &items,
                                       CollectiveTailLimits limits)
{
    std::vector<bool> keep(items.size(), true);
    std::uint32_t lanes = 0;
    for (const CollectiveTailItem &item : items)
        lanes = std::max(lanes, item.lane + 1);
    // Items by lane (a counting sort keeps each lane in item order).
    std::vector<std::size_t> start(std::size_t(lanes) + 1, 0);
    for (const CollectiveTailItem &item : items)
        ++start[item.lane + 1];
    for (std::size_t l = 0; l < lanes; ++l)
        start[l + 1] += start[l];
    std::vector<std::size_t> order(items.size());
    std::vector<std::size_t> fill(start.begin(), start.end() - 1);
    for (std::size_t i = 0; i < items.size(); ++i)
        order[fill[items[i].lane]++] = i;

    for (std::size_t l = 0; l < lanes; ++l) {
        const auto first = order.begin() + std::ptrdiff_t(start[l]);
        const auto last = order.begin() + std::ptrdiff_t(start[l + 1]);
        if (std::size_t(last - first) <= limits.completedLimit)
            continue;
        // Sequence order; ties (a coalesced group shares one seq) by record id. A dump lists
        // each lane in that order already.
        const auto before = [&](std::size_t a, std::size_t b) {
            return std::pair(items[a].seq, items[a].recordId) <
                   std::pair(items[b].seq, items[b].recordId);
        };
        if (!std::is_sorted(first, last, before))
            std::stable_sort(first, last, before);
        std::size_t completedKept = 0;
        std::size_t pendingKept = 0;
        // Completed ones from the end (the last ones), pending ones from the start (the first).
        for (auto it = last; it != first;) {
            --it;
            if (!items[*it].completed)
                continue;
            if (completedKept < limits.completedLimit)
                ++completedKept;
            else
                keep[*it] = false;
        }
        for (auto it = first; it != last; ++it) {
            if (items[*it].completed)
                continue;
            if (pendingKept < limits.pendingLimit)
                ++pendingKept;
            else
                keep[*it] = false;
        }
    }
    return keep;
}

std::size_t keepCollectiveTail(CollectiveRecords &records, CollectiveTailLimits limits)
{
    // (rank, group, p2p) -> lane number.
    using Lane = std::tuple<int, std::string, int, bool>;
    std::map<Lane, std::uint32_t> lanes;
    std::vector<CollectiveTailItem> items;
    std::vector<std::size_t> itemEntry;
    for (std::size_t i = 0; i < records.entries.size(); ++i) {
        const CollectiveEntry &entry = records.entries[i];
        if (!sequenced(entry))
            continue;
        const auto [it, added] = lanes.try_emplace(
            {entry.rank, entry.pgName, entry.pgName.empty() ? entry.pgId : -1, entry.isP2p},
            std::uint32_t(lanes.size()));
        items.push_back({it->second, sequenceOf(entry), entry.recordId,
                         entry.state == CollectiveState::Completed});
        itemEntry.push_back(i);
    }
    const std::vector<bool> keepItem = selectCollectiveTail(items, limits);
    std::vector<bool> keep(records.entries.size(), true);
    for (std::size_t k = 0; k < items.size(); ++k)
        keep[itemEntry[k]] = keepItem[k];
    std::size_t dropped = 0;
    std::size_t out = 0;
    for (std::size_t i = 0; i < records.entries.size(); ++i) {
        if (!keep[i]) {
            ++dropped;
            continue;
        }
        if (out != i)
            records.entries[out] = std::move(records.entries[i]);
        ++out;
    }
    records.entries.resize(out);
    return dropped;
}

} // namespace rankscope
