#include "importers/traces/TraceEventOrdering.h"

#include <algorithm>
#include <numeric>

namespace rankscope {

namespace {

bool comesBefore(const TraceEvent &a, const TraceEvent &b)
{
    if (a.startNs != b.startNs)
        return a.startNs < b.startNs;
    return a.durationNs > b.durationNs;
}

// Event indices grouped by track (counting sort: stable and linear).
std::vector<std::uint32_t> groupByTrack(TraceData &data)
{
    std::vector<std::uint32_t> trackStart(data.tracks.size() + 1, 0);
    for (const TraceEvent &event : data.events)
        ++trackStart[event.track + 1];
    std::partial_sum(trackStart.begin(), trackStart.end(), trackStart.begin());
    for (std::size_t t = 0; t < data.tracks.size(); ++t) {
        data.tracks[t].firstEvent = trackStart[t];
        data.tracks[t].eventCount = trackStart[t + 1] - trackStart[t];
    }
    std::vector<std::uint32_t> order(data.events.size());
    for (std::uint32_t i = 0; i < data.events.size(); ++i)
        order[trackStart[data.events[i].track]++] = i;
    return order;
}

void orderCounterSamples(TraceData &data)
{
    std::stable_sort(data.counterSamples.begin(), data.counterSamples.end(),
                     [](const TraceCounterSample &a, const TraceCounterSample &b) {
                         return a.track != b.track ? a.track < b.track : a.timeNs < b.timeNs;
                     });
    for (std::uint32_t i = 0; i < data.counterSamples.size(); ++i) {
        TraceTrack &track = data.tracks[data.counterSamples[i].track];
        if (track.sampleCount++ == 0)
            track.firstSample = i;
    }
}

} // namespace

void orderTraceEvents(TraceData &data)
{
    std::vector<std::uint32_t> order = groupByTrack(data);
    const std::vector<TraceEvent> &events = data.events;
    for (const TraceTrack &track : data.tracks) {
        auto first = order.begin() + track.firstEvent;
        auto last = first + track.eventCount;
        auto before = [&](std::uint32_t a, std::uint32_t b) {
            return comesBefore(events[a], events[b]);
        };
        if (!std::is_sorted(first, last, before))
            std::stable_sort(first, last, before);
    }

    bool identity = true;
    for (std::uint32_t i = 0; i < order.size() && identity; ++i)
        identity = order[i] == i;
    if (!identity) {
        std::vector<TraceEvent> sorted;
        sorted.reserve(events.size());
        for (std::uint32_t index : order)
            sorted.push_back(events[index]);
        data.events = std::move(sorted);

        if (!data.collectives.empty()) {
            std::vector<std::uint32_t> newIndex(order.size());
            for (std::uint32_t i = 0; i < order.size(); ++i)
                newIndex[order[i]] = i;
            for (TraceCollective &collective : data.collectives)
                collective.event = newIndex[collective.event];
            std::sort(data.collectives.begin(), data.collectives.end(),
                      [](const TraceCollective &a, const TraceCollective &b) {
                          return a.event < b.event;
                      });
        }
    }
    orderCounterSamples(data);
}

} // namespace rankscope
