#pragma once

#include "core/model/TraceModel.h"
#include "core/traces/TraceWindows.h"

#include <cstdint>
#include <span>
#include <vector>

namespace rankscope {

// A window to measure, on the rank's own (unaligned) clock.
struct WindowSpan
{
    std::int64_t window = 0; // iteration step, or time-bin index
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
};

// One window per ProfilerStep#N of the trace (TraceData::iterations), on the trace's clock.
std::vector<WindowSpan> iterationSpans(const TraceData &trace);

// Time bins [originNs + k*width, originNs + (k+1)*width) on the *aligned* clock that overlap the
// trace's events, converted to the trace's own clock by adding offsetNs (local = aligned + offset).
std::vector<WindowSpan> timeBinSpans(const TraceData &trace, std::int64_t offsetNs,
                                     std::int64_t originNs, std::int64_t binWidthNs);

// Measures every metric except CollectiveWait and CommunicationTransfer (left NaN; they need
// the other ranks, see fillCollectiveWait) for each span. Rows carry `rank` and the span's times
// converted to the aligned clock (aligned = local - offsetNs). For the Iteration axis StepTime
// is the span length; for TimeBin it is the part of the bin covered by some iteration (NaN when
// none). Definitions of each metric: TraceMetric.h and docs/analysis.md.
std::vector<TraceWindowRow> computeWindowMetrics(const TraceData &trace, int rank,
                                                 std::span<const WindowSpan> spans,
                                                 std::int64_t offsetNs, WindowAxis axis);

// Merges consecutive windows of a level-0 table into a coarser level: groups of `factor`
// windows (by window id / factor); durations add up, StepTime is the mean of the known values.
TraceWindowTable coarsenWindowTable(const TraceWindowTable &fine, int factor);

} // namespace rankscope
