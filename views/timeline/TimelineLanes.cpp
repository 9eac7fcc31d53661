#include "views/timeline/TimelineLanes.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace rankscope {

namespace {

int laneClass(TraceTrackKind kind)
{
    switch (kind) {
    case TraceTrackKind::CpuThread:
        return 0;
    case TraceTrackKind::GpuStream:
        return 1;
    default:
        return 2;
    }
}

} // namespace

TimelineLanes TimelineLanes::build(const TraceData &trace, std::int64_t startNs, std::int64_t endNs)
{
    TimelineLanes result;
    if (endNs <= startNs) {
        startNs = trace.firstNs;
        endNs = std::max(trace.lastNs, trace.firstNs + 1);
    }
    result.startNs = startNs;
    result.endNs = endNs;

    std::vector<std::uint32_t> order;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        if (trace.tracks[t].kind != TraceTrackKind::Counter && trace.tracks[t].eventCount > 0)
            order.push_back(t);
    }
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        const TraceTrack &x = trace.tracks[a];
        const TraceTrack &y = trace.tracks[b];
        const int cx = laneClass(x.kind);
        const int cy = laneClass(y.kind);
        if (cx != cy)
            return cx < cy;
        if (x.kind == TraceTrackKind::GpuStream)
            return std::tie(x.gpuDevice, x.gpuStream) < std::tie(y.gpuDevice, y.gpuStream);
        return std::tie(x.processSortIndex, x.pid, x.sortIndex, x.tid) <
               std::tie(y.processSortIndex, y.pid, y.sortIndex, y.tid);
    });

    std::set<TraceEventKind> kinds;
    std::vector<std::int64_t> openEnds; // ends of the enclosing slices, innermost last
    for (const std::uint32_t t : order) {
        TimelineLane lane;
        lane.track = t;
        lane.kind = trace.tracks[t].kind;
        openEnds.clear();
        const std::uint32_t first = trace.tracks[t].firstEvent;
        const auto events = trace.eventsOf(t);
        for (std::size_t i = 0; i < events.size(); ++i) {
            const TraceEvent &e = events[i];
            if (e.startNs >= endNs)
                break; // sorted by start
            // Depth comes from every earlier slice of the track, visible or not, so a slice keeps
            // its row whatever the window.
            while (!openEnds.empty() && openEnds.back() <= e.startNs)
                openEnds.pop_back();
            const int depth = std::min(int(openEnds.size()), kMaxDepth - 1);
            if (e.durationNs > 0)
                openEnds.push_back(e.endNs());
            if (e.endNs() < startNs || (e.endNs() == startNs && e.durationNs > 0))
                continue;
            if (lane.depthCount() <= depth) {
                lane.depths.resize(std::size_t(depth) + 1);
                lane.longestAtDepth.resize(std::size_t(depth) + 1, 0);
            }
            TimelineSlice slice;
            slice.startNs = std::max(e.startNs, startNs);
            slice.endNs = std::min(e.endNs(), endNs);
            slice.event = first + std::uint32_t(i);
            slice.kind = e.kind;
            lane.depths[std::size_t(depth)].push_back(slice);
            lane.longestAtDepth[std::size_t(depth)] =
                std::max(lane.longestAtDepth[std::size_t(depth)], slice.endNs - slice.startNs);
            kinds.insert(e.kind);
            ++result.sliceCount;
        }
        if (lane.depthCount() > 0)
            result.lanes.push_back(std::move(lane));
    }
    result.kinds.assign(kinds.begin(), kinds.end());
    return result;
}

} // namespace rankscope
