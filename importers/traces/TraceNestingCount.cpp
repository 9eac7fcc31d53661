#include "importers/traces/TraceNestingCount.h"

#include <vector>

namespace rankscope {

void countUnnestedSlices(TraceData &data)
{
    std::int64_t count = 0;
    std::vector<std::uint32_t> open; // slices enclosing the current one, outermost first
    for (const TraceTrack &track : data.tracks) {
        if (track.kind != TraceTrackKind::CpuThread && track.kind != TraceTrackKind::GpuStream)
            continue;
        open.clear();
        for (std::uint32_t i = track.firstEvent; i < track.firstEvent + track.eventCount; ++i) {
            const TraceEvent &event = data.events[i];
            if (event.phase != TracePhase::Slice)
                continue;
            while (!open.empty() && data.events[open.back()].endNs() <= event.startNs)
                open.pop_back();
            if (!open.empty() && event.endNs() > data.events[open.back()].endNs())
                ++count;
            open.push_back(i);
        }
    }
    data.stats.unnestedSlices = count;
}

} // namespace rankscope
