#include "core/model/TimeArithmetic.h"
#include "core/traces/ClockAlignment.h"
#include "core/traces/CollectiveRecords.h"

#include <algorithm>
#include <limits>
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

// A rank's clock as the arrival comparison needs it.
struct RankClock
{
    std::int64_t offsetNs = 0;
    std::int64_t uncertaintyNs = 0;
    const std::string *node = nullptr; // nullptr or "": a clock of its own
};

// What all ranks' records say about one key.
struct KeyArrivals
{
    int lastRank = -1;
    int secondRank = -1;
    int members = 0;
    int groupSize = -1;
    bool collective = true;
    std::int64_t lastArrivalNs = std::numeric_limits<std::int64_t>::min(); // aligned
    std::int64_t secondArrivalNs = std::numeric_limits<std::int64_t>::min();
    double othersWaitNs = 0; // sum over the members but the last of their wait
    std::size_t lastRow = kNoRow;
};

// The uncertainty of saying "a arrived after b": one node reads one clock.
std::int64_t comparisonUncertainty(const RankClock &a, const RankClock &b)
{
    if (a.node && b.node && !a.node->empty() && *a.node == *b.node)
        return kSameClockUncertaintyNs;
    return std::max(kSameClockUncertaintyNs, a.uncertaintyNs + b.uncertaintyNs);
}

class ArrivalOrder
{
public:
    ArrivalOrder(std::span<TraceWindowRow> rows,
                 const std::map<int, std::vector<CollectiveRecord>> &collectives,
                 std::unordered_map<int, RankClock> clocks)
        : m_rows(rows), m_collectives(collectives), m_clocks(std::move(clocks))
    {
        for (std::size_t i = 0; i < rows.size(); ++i)
            m_rowsOfRank[rows[i].rank].push_back(i);
        for (auto &[rank, index] : m_rowsOfRank) {
            std::sort(index.begin(), index.end(), [&](std::size_t a, std::size_t b) {
                return rows[a].startNs < rows[b].startNs;
            });
        }
    }

    ArrivalSummary run()
    {
        collectArrivals();
        measureWaits();
        return blameLastArrivers();
    }

private:
    const RankClock &clockOf(int rank)
    {
        static const RankClock kNone;
        const auto found = m_clocks.find(rank);
        return found != m_clocks.end() ? found->second : kNone;
    }

    static bool matchable(const CollectiveRecord &record)
    {
        return record.kind != CollectiveKind::UnmatchedP2p;
    }

    // Pass 1: the last two arrivals at each key, and how many ranks ran it.
    void collectArrivals()
    {
        for (const auto &[rank, records] : m_collectives) {
            const std::int64_t offsetNs = clockOf(rank).offsetNs;
            for (const CollectiveRecord &record : records) {
                if (!matchable(record))
                    continue;
                KeyArrivals &key = m_keys[record.key];
                const std::int64_t arrival = record.startNs - offsetNs;
                ++key.members;
                key.collective = record.kind == CollectiveKind::Collective;
                key.groupSize = std::max(key.groupSize, record.groupSize);
                if (arrival > key.lastArrivalNs) {
                    key.secondArrivalNs = key.lastArrivalNs;
                    key.secondRank = key.lastRank;
                    key.lastArrivalNs = arrival;
                    key.lastRank = rank;
                } else if (arrival > key.secondArrivalNs) {
                    key.secondArrivalNs = arrival;
                    key.secondRank = rank;
                }
            }
        }
    }

    // Pass 2: each rank's wait and transfer, summed per window; the waits of the members
    // behind each key's last arriver.
    void measureWaits()
    {
        m_wait.assign(m_rows.size(), 0.0);
        m_transfer.assign(m_rows.size(), 0.0);
        m_caused.assign(m_rows.size(), 0.0);
        m_late.assign(m_rows.size(), 0.0);
        m_known.assign(m_rows.size(), false);
        for (const auto &[rank, records] : m_collectives) {
            const auto found = m_rowsOfRank.find(rank);
            if (records.empty() || found == m_rowsOfRank.end())
                continue;
            const RankRowIndex &index = found->second;
            // A rank with collectives knows its wait in every window: 0 where it ran none.
            for (std::size_t row : index)
                m_known[row] = true;
            const std::int64_t offsetNs = clockOf(rank).offsetNs;
            for (const CollectiveRecord &record : records) {
                if (!matchable(record))
                    continue;
                KeyArrivals &key = m_keys.find(record.key)->second;
                // Only an operation seen on two or more ranks says who waited for whom.
                if (key.members < 2)
                    continue;
                const std::int64_t arrival = record.startNs - offsetNs;
                const std::size_t row = rowAt(m_rows, index, arrival);
                if (rank == key.lastRank && arrival == key.lastArrivalNs)
                    key.lastRow = row;
                if (row == kNoRow)
                    continue; // started outside every window of the rank
                const std::int64_t duration =
                    std::max<std::int64_t>(0, record.endNs - record.startNs);
                const std::int64_t waited =
                    std::min(duration, saturatingSub(key.lastArrivalNs, arrival));
                m_wait[row] += double(waited);
                m_transfer[row] += double(duration - waited);
                if (rank != key.lastRank)
                    key.othersWaitNs += double(waited);
                if (key.collective && key.groupSize <= key.members)
                    ++m_stats[rank].collectives; // the denominator of its share of last arrivals
            }
        }
    }

    // Pass 3: each collective's clear last arriver carries the others' mean wait.
    ArrivalSummary blameLastArrivers()
    {
        ArrivalSummary summary;
        for (auto &[hash, key] : m_keys) {
            if (!key.collective || key.members < 2)
                continue;
            if (key.groupSize > key.members) {
                ++summary.incomplete; // the true last arriver may be a rank without a trace
                continue;
            }
            ++summary.collectives;
            const std::int64_t margin = saturatingSub(key.lastArrivalNs, key.secondArrivalNs);
            if (margin <= comparisonUncertainty(clockOf(key.lastRank), clockOf(key.secondRank))) {
                ++summary.noClearLast;
                continue;
            }
            ++summary.clearLast;
            const double caused = key.othersWaitNs / double(key.members - 1);
            if (key.lastRow == kNoRow)
                continue; // the last arriver's start is outside its windows
            RankArrivalStats &stats = m_stats[key.lastRank];
            ++stats.lastArrivals;
            stats.maxMarginNs = std::max(stats.maxMarginNs, double(margin));
            stats.causedWaitNs += caused;
            m_caused[key.lastRow] += caused;
            m_late[key.lastRow] += 1;
        }
        for (std::size_t i = 0; i < m_rows.size(); ++i) {
            if (!m_known[i])
                continue;
            auto &values = m_rows[i].values;
            values[std::size_t(TraceMetric::CollectiveWait)] = m_wait[i];
            values[std::size_t(TraceMetric::CommunicationTransfer)] = m_transfer[i];
            values[std::size_t(TraceMetric::CausedWait)] = m_caused[i];
            values[std::size_t(TraceMetric::LateArrivals)] = m_late[i];
        }
        for (auto &[rank, stats] : m_stats) {
            stats.rank = rank;
            summary.ranks.push_back(stats);
        }
        return summary;
    }

    std::span<TraceWindowRow> m_rows;
    const std::map<int, std::vector<CollectiveRecord>> &m_collectives;
    std::unordered_map<int, RankClock> m_clocks;
    std::unordered_map<int, RankRowIndex> m_rowsOfRank;
    std::unordered_map<std::uint64_t, KeyArrivals> m_keys;
    std::map<int, RankArrivalStats> m_stats; // by rank
    std::vector<double> m_wait;
    std::vector<double> m_transfer;
    std::vector<double> m_caused;
    std::vector<double> m_late;
    std::vector<bool> m_known;
};

} // namespace

// Three passes over the records with a hash map of keys (a few thousand) rather than one sort of
// all records (millions for a large job).
ArrivalSummary fillCollectiveWait(std::span<TraceWindowRow> rows,
                                  const std::map<int, std::vector<CollectiveRecord>> &collectives,
                                  std::span<const ClockOffset> offsets)
{
    std::unordered_map<int, RankClock> clocks;
    for (const ClockOffset &offset : offsets)
        clocks[offset.rank] = {offset.offsetNs, offset.uncertaintyNs, &offset.node};
    return ArrivalOrder(rows, collectives, std::move(clocks)).run();
}

ArrivalSummary fillCollectiveWait(std::span<TraceWindowRow> rows,
                                  const std::map<int, std::vector<CollectiveRecord>> &collectives,
                                  const std::map<int, std::int64_t> &offsets)
{
    std::unordered_map<int, RankClock> clocks;
    for (const auto &[rank, offsetNs] : offsets)
        clocks[rank] = {offsetNs, 0, nullptr};
    return ArrivalOrder(rows, collectives, std::move(clocks)).run();
}

} // namespace rankscope
