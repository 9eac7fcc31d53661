#include "core/model/TraceModel.h"

#include <algorithm>

namespace rankscope {

const char *traceTrackKindName(TraceTrackKind kind)
{
    switch (kind) {
    case TraceTrackKind::CpuThread:
        return "cpu-thread";
    case TraceTrackKind::GpuStream:
        return "gpu-stream";
    case TraceTrackKind::Counter:
        return "counter";
    case TraceTrackKind::Other:
        return "other";
    }
    return "other";
}

const TraceCollective *TraceData::collectiveOf(std::uint32_t event) const
{
    if (event >= events.size() || !(events[event].flags & TraceEventFlag::HasCollective))
        return nullptr;
    auto found = std::lower_bound(
        collectives.begin(), collectives.end(), event,
        [](const TraceCollective &collective, std::uint32_t e) { return collective.event < e; });
    return found != collectives.end() && found->event == event ? &*found : nullptr;
}

std::size_t TraceData::memoryBytes() const
{
    std::size_t bytes = sizeof(TraceData) + strings.characterBytes() +
                        strings.size() * (sizeof(std::string_view) * 2 + 16);
    bytes += tracks.capacity() * sizeof(TraceTrack);
    bytes += events.capacity() * sizeof(TraceEvent);
    bytes += collectives.capacity() * sizeof(TraceCollective);
    bytes += flows.capacity() * sizeof(TraceFlow);
    bytes += counterSamples.capacity() * sizeof(TraceCounterSample);
    bytes += iterations.capacity() * sizeof(TraceIteration);
    for (const TraceProblem &problem : problems)
        bytes += sizeof(TraceProblem) + problem.message.capacity();
    return bytes;
}

} // namespace rankscope
