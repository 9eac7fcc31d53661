#include "core/traces/StragglerEffects.h"
#include "core/model/Median.h"

#include "core/traces/StragglerCost.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rankscope {

namespace {

// The median of a row's values over the marked (or unmarked) columns, NaN when none is known.
double rowMedian(const MetricMatrix &matrix, int row, const std::vector<char> &marked, bool inside,
                 std::vector<double> &buffer)
{
    buffer.clear();
    for (int c = 0; c < matrix.columnCount(); ++c) {
        if (bool(marked[std::size_t(c)]) != inside)
            continue;
        if (const double value = matrix.at(row, c); !std::isnan(value))
            buffer.push_back(value);
    }
    return medianOf(buffer);
}

// The other ranks of the peer groups of `rows`.
std::vector<int> peerRowsOf(std::span<const int> rows, const std::vector<PeerGroup> &groups,
                            const std::vector<int> &groupOfRow)
{
    std::set<int> groupIndices;
    for (int row : rows)
        groupIndices.insert(groupOfRow[std::size_t(row)]);
    const std::set<int> own(rows.begin(), rows.end());
    std::vector<int> peers;
    for (int g : groupIndices) {
        for (int row : groups[std::size_t(g)].rows) {
            if (!own.count(row))
                peers.push_back(row);
        }
    }
    return peers;
}

} // namespace

void addWaitingRows(std::span<const BlockerRows> blockers, const std::vector<PeerGroup> &groups,
                    const std::vector<int> &groupOfRow, const MetricEvidence *wait,
                    const StragglerParams &params, std::set<int> &waiterRows)
{
    std::set<int> blockerRows;
    for (const BlockerRows &blocker : blockers)
        blockerRows.insert(blocker.rows.begin(), blocker.rows.end());
    if (!wait)
        return;
    const MetricMatrix &matrix = wait->matrix;
    const int minWindows = std::max(1, params.minPersistentWindows);
    std::vector<double> buffer;
    std::vector<char> slow;
    for (const BlockerRows &blocker : blockers) {
        slow.assign(std::size_t(matrix.columnCount()), 0);
        for (int c : blocker.slowColumns)
            slow[std::size_t(c)] = 1;
        const int slowCount = int(blocker.slowColumns.size());
        if (slowCount < minWindows || matrix.columnCount() - slowCount < minWindows) {
            for (int row : peerRowsOf(blocker.rows, groups, groupOfRow)) {
                if (!blockerRows.count(row))
                    waiterRows.insert(row);
            }
            continue;
        }
        for (int row = 0; row < matrix.rowCount(); ++row) {
            if (blockerRows.count(row) || waiterRows.count(row))
                continue;
            const double usual = rowMedian(matrix, row, slow, false, buffer);
            const double held = rowMedian(matrix, row, slow, true, buffer);
            const double rise = held - usual;
            if (rise > params.minSlowdownNs && rise > (params.slowRatio - 1) * usual)
                waiterRows.insert(row);
        }
    }
}

// The median gap between consecutive window ids (1 for consecutive iterations).
static std::int64_t typicalWindowGap(const std::vector<std::int64_t> &windows)
{
    std::vector<std::int64_t> gaps;
    for (std::size_t i = 1; i < windows.size(); ++i) {
        if (windows[i] > windows[i - 1])
            gaps.push_back(windows[i] - windows[i - 1]);
    }
    if (gaps.empty())
        return 1;
    const auto middle = gaps.begin() + std::ptrdiff_t(gaps.size() / 2);
    std::nth_element(gaps.begin(), middle, gaps.end());
    return *middle;
}

void attachCost(StragglerSuspect &suspect, std::span<const int> rows, int firstColumn,
                const MetricEvidence &metric, const std::vector<PeerGroup> &groups,
                const std::vector<int> &groupOfRow, const MetricEvidence *wait,
                const MetricEvidence *causedWait)
{
    // Measured first: the wait the arrival order at its collectives puts on this rank.
    if (causedWait) {
        const std::vector<double> measured =
            measuredWaitCausedNs(causedWait->matrix, rows, firstColumn);
        const StragglerCost cost = stragglerCost(measured);
        if (cost.windows > 0 && cost.totalNs > 0) {
            suspect.costPerWindowNs = cost.perWindowNs;
            suspect.costTotalNs = cost.totalNs;
            suspect.costWindows = cost.windows;
            suspect.costMeasured = true;
            return;
        }
    }
    const std::vector<int> peers = peerRowsOf(rows, groups, groupOfRow);
    const StragglerCost cost =
        stragglerCost(estimatedWaitCausedNs(metric, rows, peers, wait, firstColumn));
    suspect.costPerWindowNs = cost.perWindowNs;
    suspect.costTotalNs = cost.totalNs;
    suspect.costWindows = cost.windows;
    // What Megatron printed is a per-iteration mean over its log interval: one window holds
    // `interval` iterations (the gap between its window ids, which are iterations), so the
    // cost per window is per iteration and the total counts every iteration.
    if (isReportedTimingMetric(metric.matrix.metric) &&
        metric.matrix.axis == WindowAxis::Iteration && cost.windows > 0) {
        const std::int64_t interval = typicalWindowGap(metric.matrix.windows);
        if (interval > 1 && interval < (std::int64_t(1) << 20)) {
            suspect.costTotalNs = cost.totalNs * double(interval);
            suspect.costWindows = int(std::min<std::int64_t>(std::int64_t(cost.windows) * interval,
                                                             std::numeric_limits<int>::max()));
        }
    }
}

std::vector<RankBreakdown>
rankBreakdown(const std::array<MetricEvidence, kTraceMetricCount> &evidence,
              const std::vector<PeerGroup> &groups, const std::vector<int> &groupOfRow)
{
    const MetricMatrix &layout = evidence.front().matrix;
    const int columns = layout.columnCount();
    std::vector<RankBreakdown> breakdown(std::size_t(layout.rowCount()));
    for (int row = 0; row < layout.rowCount(); ++row) {
        RankBreakdown &entry = breakdown[std::size_t(row)];
        entry.rank = layout.ranks[std::size_t(row)];
        if (const int g = groupOfRow[std::size_t(row)]; g >= 0)
            entry.group = groups[std::size_t(g)].name;
        entry.value.fill(kNaN);
        entry.peerMedian.fill(kNaN);
    }
    std::vector<double> values;
    for (int m = 0; m < kTraceMetricCount; ++m) {
        if (isLogMetric(TraceMetric(m)))
            continue;
        const MetricEvidence &metric = evidence[std::size_t(m)];
        for (const PeerGroup &group : groups) {
            // The group's median is the same for all its rows: one median over the windows.
            values.clear();
            for (int c = 0; c < columns && !group.rows.empty(); ++c) {
                const double peer =
                    metric.spatial
                        .peerMedian[std::size_t(group.rows.front()) * std::size_t(columns) +
                                    std::size_t(c)];
                if (!std::isnan(peer))
                    values.push_back(peer);
            }
            const double peerMedian = medianOf(values);
            for (int row : group.rows) {
                values.clear();
                for (int c = 0; c < columns; ++c) {
                    if (const double value = metric.matrix.at(row, c); !std::isnan(value))
                        values.push_back(value);
                }
                breakdown[std::size_t(row)].value[std::size_t(m)] = medianOf(values);
                breakdown[std::size_t(row)].peerMedian[std::size_t(m)] = peerMedian;
            }
        }
    }
    return breakdown;
}

} // namespace rankscope
