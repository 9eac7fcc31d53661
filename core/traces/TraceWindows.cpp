#include "core/traces/TraceWindows.h"

#include <algorithm>

namespace rankscope {

const char *windowAxisKey(WindowAxis axis)
{
    return axis == WindowAxis::Iteration ? "iteration" : "time";
}

int MetricMatrix::rowOfRank(int rank) const
{
    const auto it = std::lower_bound(ranks.begin(), ranks.end(), rank);
    return it != ranks.end() && *it == rank ? int(it - ranks.begin()) : -1;
}

int MetricMatrix::columnOfWindow(std::int64_t window) const
{
    const auto it = std::lower_bound(windows.begin(), windows.end(), window);
    return it != windows.end() && *it == window ? int(it - windows.begin()) : -1;
}

MetricMatrix metricMatrix(const TraceWindowTable &table, TraceMetric metric)
{
    MetricMatrix matrix;
    matrix.metric = metric;
    matrix.axis = table.axis;
    for (const TraceWindowRow &row : table.rows) {
        matrix.ranks.push_back(row.rank);
        matrix.windows.push_back(row.window);
    }
    const auto unique = [](auto &list) {
        std::sort(list.begin(), list.end());
        list.erase(std::unique(list.begin(), list.end()), list.end());
    };
    unique(matrix.ranks);
    unique(matrix.windows);
    const std::size_t columns = matrix.windows.size();
    matrix.values.assign(matrix.ranks.size() * columns, kNoMetricValue);
    matrix.windowStartNs.assign(columns, std::numeric_limits<std::int64_t>::max());
    matrix.windowEndNs.assign(columns, std::numeric_limits<std::int64_t>::min());
    for (const TraceWindowRow &row : table.rows) {
        const int r = matrix.rowOfRank(row.rank);
        const int c = matrix.columnOfWindow(row.window);
        matrix.at(r, c) = row.value(metric);
        matrix.windowStartNs[c] = std::min(matrix.windowStartNs[c], row.startNs);
        matrix.windowEndNs[c] = std::max(matrix.windowEndNs[c], row.endNs);
    }
    return matrix;
}

} // namespace rankscope
