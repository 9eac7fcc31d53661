#include "importers/bundle/RankTimingWindows.h"

#include "core/model/TimeArithmetic.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace rankscope {

namespace {

struct Accumulated
{
    double sumNs = 0;
    int count = 0;
};

using CellKey = std::pair<int, std::int64_t>; // rank, window

bool rowBefore(const TraceWindowRow &row, const CellKey &key)
{
    return row.rank != key.first ? row.rank < key.first : row.window < key.second;
}

// The job's iteration lines by iteration: the earliest time any file printed it.
std::map<std::int64_t, std::int64_t> jobIterationTimes(const std::vector<LogIterationRecord> &lines)
{
    std::map<std::int64_t, std::int64_t> times;
    for (const LogIterationRecord &line : lines) {
        if (line.iteration < 0 || line.timeNs <= 0)
            continue;
        auto [at, added] = times.emplace(line.iteration, line.timeNs);
        if (!added)
            at->second = std::min(at->second, line.timeNs);
    }
    return times;
}

// (time, iteration) by time.
std::vector<std::pair<std::int64_t, std::int64_t>>
iterationsByTime(const std::map<std::int64_t, std::int64_t> &times)
{
    std::vector<std::pair<std::int64_t, std::int64_t>> sorted;
    sorted.reserve(times.size());
    for (const auto &[iteration, at] : times)
        sorted.emplace_back(at, iteration);
    std::sort(sorted.begin(), sorted.end());
    return sorted;
}

// The iteration printed last at or before `timeNs`, -1 when none was.
std::int64_t
iterationPrintedBefore(const std::vector<std::pair<std::int64_t, std::int64_t>> &byTime,
                       std::int64_t timeNs)
{
    const auto after =
        std::upper_bound(byTime.begin(), byTime.end(), timeNs,
                         [](std::int64_t time, const auto &entry) { return time < entry.first; });
    return after == byTime.begin() ? -1 : std::prev(after)->second;
}

} // namespace

TraceMetric metricOfRankTiming(RankTimingKind kind)
{
    switch (kind) {
    case RankTimingKind::DetectorRoundTrip:
        return TraceMetric::DetectorRoundTrip;
    case RankTimingKind::DetectorGetBatch:
        return TraceMetric::DetectorGetBatch;
    case RankTimingKind::TimerCompute:
        return TraceMetric::TimerCompute;
    case RankTimingKind::TimerBatch:
        return TraceMetric::TimerBatch;
    case RankTimingKind::TimerCommunication:
        return TraceMetric::TimerCommunication;
    }
    return TraceMetric::DetectorRoundTrip;
}

RankTimingPlacement addRankTimings(TraceWindowTable &table,
                                   const std::vector<LogRankTimingRecord> &timings,
                                   const std::vector<LogIterationRecord> &iterations,
                                   const std::map<int, std::int64_t> &offsets)
{
    RankTimingPlacement placement;
    if (timings.empty())
        return placement;
    const bool byIteration = table.axis == WindowAxis::Iteration;
    if (!byIteration && table.binWidthNs <= 0) {
        placement.unplaced = int(timings.size());
        return placement;
    }
    // Time bins: only those the table already spans. A ten-hour log beside a two-minute
    // profiler capture would otherwise stretch the capture's bins over ten hours of columns.
    std::int64_t firstBin = std::numeric_limits<std::int64_t>::max();
    std::int64_t lastBin = std::numeric_limits<std::int64_t>::min();
    for (const TraceWindowRow &row : table.rows) {
        firstBin = std::min(firstBin, row.window);
        lastBin = std::max(lastBin, row.window);
    }
    const std::map<std::int64_t, std::int64_t> lineTimes = jobIterationTimes(iterations);
    const auto linesByTime = iterationsByTime(lineTimes);
    // The time-ordered iterations, for a record whose file printed none: searched once per
    // distinct time, which the records of one report share.
    std::int64_t lastTime = -1;
    std::int64_t lastIteration = -1;

    std::map<std::pair<CellKey, int>, Accumulated> cells;
    for (const LogRankTimingRecord &record : timings) {
        const std::optional<std::int64_t> valueNs = plausibleDurationFromUnits(record.valueMs, 1e6);
        if (record.rank < 0 || !valueNs) {
            ++placement.unplaced;
            continue;
        }
        std::int64_t window = 0;
        if (byIteration) {
            window = record.iteration;
            if (window < 0 && record.timeNs > 0) {
                if (record.timeNs != lastTime) {
                    lastTime = record.timeNs;
                    lastIteration = iterationPrintedBefore(linesByTime, record.timeNs);
                }
                window = lastIteration;
            }
            if (window < 0) {
                ++placement.unplaced;
                continue;
            }
        } else {
            if (record.timeNs <= 0) {
                ++placement.unplaced;
                continue;
            }
            const auto offset = offsets.find(record.rank);
            const std::int64_t aligned =
                saturatingSub(record.timeNs, offset == offsets.end() ? 0 : offset->second);
            const std::int64_t fromOrigin = saturatingSub(aligned, table.originNs);
            window = fromOrigin >= 0 ? fromOrigin / table.binWidthNs
                                     : -((-(fromOrigin + 1)) / table.binWidthNs) - 1;
            if (!table.rows.empty() && (window < firstBin || window > lastBin)) {
                ++placement.unplaced;
                continue;
            }
        }
        Accumulated &cell = cells[{{record.rank, window}, int(metricOfRankTiming(record.kind))}];
        cell.sumNs += double(*valueNs);
        ++cell.count;
        ++placement.placed;
    }

    std::vector<TraceWindowRow> added;
    for (const auto &[key, cell] : cells) {
        const auto &[rankWindow, metric] = key;
        const MetricValue value = MetricValue(std::llround(cell.sumNs / cell.count));
        auto at = std::lower_bound(table.rows.begin(), table.rows.end(), rankWindow, rowBefore);
        if (at != table.rows.end() && at->rank == rankWindow.first &&
            at->window == rankWindow.second) {
            at->values[std::size_t(metric)] = value;
            continue;
        }
        // Cells come by (rank, window): a new row is the last one added or a fresh one.
        if (added.empty() || added.back().rank != rankWindow.first ||
            added.back().window != rankWindow.second) {
            TraceWindowRow row;
            row.rank = rankWindow.first;
            row.window = rankWindow.second;
            if (byIteration) {
                const auto line = lineTimes.find(row.window);
                row.endNs = line != lineTimes.end() ? line->second : 0;
                const auto before = line != lineTimes.end() && line != lineTimes.begin()
                                        ? std::prev(line)
                                        : lineTimes.end();
                row.startNs = before != lineTimes.end() ? before->second : row.endNs;
            } else {
                row.startNs =
                    saturatingAdd(table.originNs, saturatingMul(row.window, table.binWidthNs));
                row.endNs = saturatingAdd(row.startNs, table.binWidthNs);
            }
            added.push_back(row);
        }
        added.back().values[std::size_t(metric)] = value;
    }
    if (!added.empty()) {
        placement.rowsAdded = int(added.size());
        table.rows.insert(table.rows.end(), added.begin(), added.end());
        std::stable_sort(table.rows.begin(), table.rows.end(),
                         [](const TraceWindowRow &a, const TraceWindowRow &b) {
                             return a.rank != b.rank ? a.rank < b.rank : a.window < b.window;
                         });
    }
    return placement;
}

} // namespace rankscope
