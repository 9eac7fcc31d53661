#include "importers/traces/TraceFlowResolver.h"

#include <algorithm>
#include <unordered_map>

namespace rankscope {

namespace {

// How far back to look for an enclosing slice among earlier siblings. Flow points sit at the
// start of their slice in practice, so the first candidate almost always matches.
constexpr int kMaxBackwardSteps = 64;

std::uint32_t sliceAt(const TraceData &data, const PendingFlowPoint &point)
{
    const TraceTrack &track = data.tracks[point.track];
    const auto first = data.events.begin() + track.firstEvent;
    const auto last = first + track.eventCount;
    if (!point.bindsToEnclosingSlice && point.phase == 'f') {
        auto next =
            std::lower_bound(first, last, point.tsNs,
                             [](const TraceEvent &e, std::int64_t ts) { return e.startNs < ts; });
        while (next != last && next->phase != TracePhase::Slice)
            ++next;
        return next == last ? kNoTraceEvent : std::uint32_t(next - data.events.begin());
    }
    auto candidate =
        std::upper_bound(first, last, point.tsNs,
                         [](std::int64_t ts, const TraceEvent &e) { return ts < e.startNs; });
    for (int step = 0; candidate != first && step < kMaxBackwardSteps; ++step) {
        --candidate;
        if (candidate->phase == TracePhase::Slice && candidate->endNs() >= point.tsNs)
            return std::uint32_t(candidate - data.events.begin());
    }
    return kNoTraceEvent;
}

struct FlowKey
{
    std::uint64_t id;
    TraceStringId category;
    bool operator==(const FlowKey &other) const
    {
        return id == other.id && category == other.category;
    }
};

struct FlowKeyHash
{
    std::size_t operator()(const FlowKey &key) const
    {
        return std::size_t(key.id * 0x9E3779B97F4A7C15ull ^ key.category);
    }
};

} // namespace

void resolveFlows(const std::vector<PendingFlowPoint> &points, TraceData &data)
{
    // The point of each flow still waiting for its other end.
    std::unordered_map<FlowKey, const PendingFlowPoint *, FlowKeyHash> waiting;
    waiting.reserve(points.size() / 2 + 1);
    for (const PendingFlowPoint &point : points) {
        if (point.phase == 't')
            continue;
        const FlowKey key{point.id, point.category};
        auto [found, inserted] = waiting.try_emplace(key, &point);
        if (inserted)
            continue;
        const PendingFlowPoint &other = *found->second;
        if (other.phase == point.phase) {
            // Same side twice: the older one never got its partner.
            ++data.stats.unpairedFlowPoints;
            found->second = &point;
            continue;
        }
        const PendingFlowPoint &start = point.phase == 's' ? point : other;
        const PendingFlowPoint &end = point.phase == 's' ? other : point;
        TraceFlow flow;
        flow.id = point.id;
        flow.category = point.category;
        flow.fromEvent = sliceAt(data, start);
        flow.toEvent = sliceAt(data, end);
        data.flows.push_back(flow);
        waiting.erase(found);
    }
    data.stats.unpairedFlowPoints += static_cast<std::int64_t>(waiting.size());
}

} // namespace rankscope
