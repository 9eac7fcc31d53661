#pragma once

#include "core/traces/TraceMetric.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace rankscope {

// How the time axis of a job is cut into windows.
enum class WindowAxis : std::uint8_t
{
    Iteration, // one window per ProfilerStep#N; window id = N
    TimeBin,   // fixed-width bins of aligned time; window id = bin index from the job's start
};

const char *windowAxisKey(WindowAxis axis); // "iteration", "time"

// One window value: nanoseconds (a count for log metrics). A double holds every integer up to
// 2^53 exactly (104 days in ns), so window values and their sums stay exact to the nanosecond;
// a 32-bit float kept only 24 bits (a 100 ms step rounded to 8 ns, a 20 s window to 2 us).
using MetricValue = double;
inline constexpr MetricValue kNoMetricValue = std::numeric_limits<double>::quiet_NaN();

// The metrics of one rank in one window. Times are on the aligned job clock (ns since the Unix
// epoch after the rank's clock offset is removed).
struct TraceWindowRow
{
    int rank = -1;
    std::int64_t window = 0;
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
    std::array<MetricValue, kTraceMetricCount> values{}; // ns; kNoMetricValue when unknown

    TraceWindowRow() { values.fill(kNoMetricValue); }
    MetricValue value(TraceMetric metric) const { return values[std::size_t(metric)]; }
};

// Every window row of one axis and zoom level, as stored in the cache. Level 0 is the finest
// (one iteration, or one base bin); level k merges 4^k consecutive windows of level 0 (sums of
// the durations; step time the mean), so a zoomed-out view reads few rows.
struct TraceWindowTable
{
    WindowAxis axis = WindowAxis::Iteration;
    int level = 0;
    std::int64_t binWidthNs = 0;      // TimeBin: the width of one window at this level
    std::int64_t originNs = 0;        // TimeBin: aligned start of window 0
    std::vector<TraceWindowRow> rows; // by (rank, window)
};

// One metric as a dense rank x window matrix: what the heatmap draws and the straggler analysis
// reads. Row i is ranks[i], column j is windows[j]; missing cells are NaN.
struct MetricMatrix
{
    TraceMetric metric = TraceMetric::StepTime;
    WindowAxis axis = WindowAxis::Iteration;
    std::vector<int> ranks;                  // ascending
    std::vector<std::int64_t> windows;       // ascending window ids
    std::vector<std::int64_t> windowStartNs; // per column: earliest aligned start over ranks
    std::vector<std::int64_t> windowEndNs;   // per column: latest aligned end over ranks
    std::vector<MetricValue> values;         // ranks.size() * windows.size(), row-major

    int rowCount() const { return int(ranks.size()); }
    int columnCount() const { return int(windows.size()); }
    MetricValue at(int row, int column) const
    {
        return values[std::size_t(row) * windows.size() + std::size_t(column)];
    }
    MetricValue &at(int row, int column)
    {
        return values[std::size_t(row) * windows.size() + std::size_t(column)];
    }
    int rowOfRank(int rank) const;                 // -1 when absent
    int columnOfWindow(std::int64_t window) const; // -1 when absent
};

// Builds the matrix of one metric from a window table (ranks and windows that appear in it).
MetricMatrix metricMatrix(const TraceWindowTable &table, TraceMetric metric);

} // namespace rankscope
