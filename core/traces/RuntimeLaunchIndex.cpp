#include "core/traces/RuntimeLaunchIndex.h"

#include <algorithm>

namespace rankscope {

RuntimeLaunchIndex::RuntimeLaunchIndex(const TraceData &trace) : m_trace(trace)
{
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        if (trace.tracks[t].kind != TraceTrackKind::CpuThread)
            continue;
        const TraceTrack &track = trace.tracks[t];
        for (std::uint32_t i = track.firstEvent; i < track.firstEvent + track.eventCount; ++i) {
            const TraceEvent &event = trace.events[i];
            if (event.kind == TraceEventKind::Runtime && event.correlationId != 0)
                m_launches.emplace_back(event.correlationId, i);
        }
    }
    // Stable, so that among calls sharing an id the first in model order wins.
    std::stable_sort(m_launches.begin(), m_launches.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
}

const TraceEvent *RuntimeLaunchIndex::launchOf(std::int64_t correlationId) const
{
    if (correlationId == 0)
        return nullptr;
    const auto it = std::lower_bound(m_launches.begin(), m_launches.end(), correlationId,
                                     [](const std::pair<std::int64_t, std::uint32_t> &entry,
                                        std::int64_t id) { return entry.first < id; });
    if (it == m_launches.end() || it->first != correlationId)
        return nullptr;
    return &m_trace.events[it->second];
}

} // namespace rankscope
