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

std::size_t keepCollectiveTail(CollectiveRecords &records, CollectiveTailLimits limits)
{
    // (rank, group, p2p) -> indices of its sequenced entries.
    using Lane = std::tuple<int, std::string, int, bool>;
    std::map<Lane, std::vector<std::size_t>> lanes;
    for (std::size_t i = 0; i < records.entries.size(); ++i) {
        const CollectiveEntry &entry = records.entries[i];
        if (sequenced(entry))
            lanes[{entry.rank, entry.pgName, entry.pgName.empty() ? entry.pgId : -1, entry.isP2p}]
                .push_back(i);
    }
    std::vector<bool> keep(records.entries.size(), true);
    std::size_t dropped = 0;
    for (auto &[lane, indices] : lanes) {
        if (indices.size() <= limits.completedLimit)
            continue;
        // Sequence order; ties (a coalesced group shares one seq) by record id.
        std::stable_sort(indices.begin(), indices.end(), [&](std::size_t a, std::size_t b) {
            const CollectiveEntry &x = records.entries[a];
            const CollectiveEntry &y = records.entries[b];
            return std::pair(sequenceOf(x), x.recordId) < std::pair(sequenceOf(y), y.recordId);
        });
        std::size_t completedKept = 0;
        std::size_t pendingKept = 0;
        // Completed ones from the end (the last ones), pending ones from the start (the first).
        for (auto it = indices.rbegin(); it != indices.rend(); ++it) {
            if (records.entries[*it].state != CollectiveState::Completed)
                continue;
            if (completedKept < limits.completedLimit)
                ++completedKept;
            else
                keep[*it] = false;
        }
        for (std::size_t index : indices) {
            if (records.entries[index].state == CollectiveState::Completed)
                continue;
            if (pendingKept < limits.pendingLimit)
                ++pendingKept;
            else
                keep[index] = false;
        }
    }
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
