#pragma once

#include "core/model/TraceModel.h"

#include <cstdint>
#include <vector>

namespace rankscope {

// One slice as the timeline draws it: clipped to the window, with its place in the model.
struct TimelineSlice
{
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
    std::uint32_t event = 0; // index into TraceData::events
    TraceEventKind kind = TraceEventKind::Other;
};

// One track of the trace (a CPU thread or a GPU stream) with its slices split by nesting depth.
// Each depth's slices are sorted by start, so painting finds the visible ones by binary search.
struct TimelineLane
{
    std::uint32_t track = 0;
    TraceTrackKind kind = TraceTrackKind::CpuThread;
    std::vector<std::vector<TimelineSlice>> depths;
    std::vector<std::int64_t> longestAtDepth; // bounds how far left of the view a visible slice
                                              // can start
    int depthCount() const { return int(depths.size()); }
};

// The lanes of one rank's trace inside one window: CPU threads first (in the trace's sort
// order), then GPU streams (by device and stream), then other tracks with events; counter
// tracks and tracks without events in the window are left out.
struct TimelineLanes
{
    static constexpr int kMaxDepth = 24; // deeper slices share the last row

    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
    std::vector<TimelineLane> lanes;
    std::vector<TraceEventKind> kinds; // the kinds present, for the legend
    std::size_t sliceCount = 0;

    // [startNs, endNs) on the trace's clock; an empty window means the whole trace.
    static TimelineLanes build(const TraceData &trace, std::int64_t startNs, std::int64_t endNs);
};

} // namespace rankscope
