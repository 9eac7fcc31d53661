#include "core/traces/CollectiveRecords.h"

#include <algorithm>
#include <unordered_map>

namespace rankscope {

namespace {

// The row indices of one rank sorted by aligned start, to find the window holding a time.
using RankRowIndex = std::vector<std::size_t>;

const std::size_t kNoRow = std::size_t(-1);

std::size_t rowAt(std::span<const TraceWindowRow> rows, const RankRowIndex &index,
                  std::int64_t timeNs)
{
    const auto it = std::upper_bound(
        index.begin(), index.end(), timeNs,
        [&](std::int64_t time, std::size_t row) { return time < rows[row].startNs; });
    if (it == index.begin())
        return kNoRow;
    const std::size_t row = *(it - 1);
    return timeNs < rows[row].endNs ? row : kNoRow;
}

// What all ranks' records say about one collective key.
struct KeyArrivals
{
    int firstRank = 0;
    bool severalRanks = false;
    std::int64_t lastArrivalNs = 0; // aligned
};

std::int64_t offsetOf(const std::map<int, std::int64_t> &offsets, int rank)
{
    const auto found = offsets.find(rank);
    return found != offsets.end() ? found->second : 0;
}

} // namespace

// Two passes over the records with a hash map of keys (a few thousand) rather than one sort of
// all records (millions for a large job).
void fillCollectiveWait(std::span<TraceWindowRow> rows,
                        const std::map<int, std::vector<CollectiveRecord>> &collectives,
                        const std::map<int, std::int64_t> &offsets)
{
    std::unordered_map<int, RankRowIndex> rowsOfRank;
    for (std::size_t i = 0; i < rows.size(); ++i)
        rowsOfRank[rows[i].rank].push_back(i);
    for (auto &[rank, index] : rowsOfRank) {
        std::sort(index.begin(), index.end(),
                  [&](std::size_t a, std::size_t b) { return rows[a].startNs < rows[b].startNs; });
    }

    // Pass 1: the last arrival at each key, and whether two ranks ran it.
    std::unordered_map<std::uint64_t, KeyArrivals> arrivals;
    for (const auto &[rank, records] : collectives) {
        const std::int64_t offsetNs = offsetOf(offsets, rank);
        for (const CollectiveRecord &record : records) {
            const std::int64_t arrival = record.startNs - offsetNs;
            const auto [found, inserted] =
                arrivals.try_emplace(record.key, KeyArrivals{rank, false, arrival});
            if (inserted)
                continue;
            found->second.severalRanks |= found->second.firstRank != rank;
            found->second.lastArrivalNs = std::max(found->second.lastArrivalNs, arrival);
        }
    }

    // Pass 2: each rank's wait and transfer, summed per window in double (float ns would lose
    // precision over thousands of collectives) and stored at the end.
    std::vector<double> wait(rows.size(), 0.0);
    std::vector<double> transfer(rows.size(), 0.0);
    std::vector<bool> known(rows.size(), false);
    for (const auto &[rank, records] : collectives) {
        const auto found = rowsOfRank.find(rank);
        if (records.empty() || found == rowsOfRank.end())
            continue;
        const RankRowIndex &index = found->second;
        // A rank with collectives knows its wait in every window: 0 where it ran none.
        for (std::size_t row : index)
            known[row] = true;
        const std::int64_t offsetNs = offsetOf(offsets, rank);
        for (const CollectiveRecord &record : records) {
            const KeyArrivals &key = arrivals.find(record.key)->second;
            // Only a collective seen on two or more ranks says who waited for whom.
            if (!key.severalRanks)
                continue;
            const std::int64_t arrival = record.startNs - offsetNs;
            const std::size_t row = rowAt(rows, index, arrival);
            if (row == kNoRow)
                continue; // started outside every window of the rank
            const std::int64_t duration = std::max<std::int64_t>(0, record.endNs - record.startNs);
            const std::int64_t waited = std::min(duration, key.lastArrivalNs - arrival);
            wait[row] += double(waited);
            transfer[row] += double(duration - waited);
        }
    }

    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (!known[i])
            continue;
        rows[i].values[std::size_t(TraceMetric::CollectiveWait)] = float(wait[i]);
        rows[i].values[std::size_t(TraceMetric::CommunicationTransfer)] = float(transfer[i]);
    }
}

} // namespace rankscope
