#include "core/traces/OpBreakdown.h"

#include <algorithm>
#include <unordered_map>

namespace rankscope {

namespace {

bool isGpuOp(TraceEventKind kind)
{
    return isGpuWork(kind);
}

bool isCpuOp(TraceEventKind kind)
{
    return kind == TraceEventKind::CpuOp || kind == TraceEventKind::CpuCommunication;
}

std::uint64_t opKey(TraceEventKind kind, TraceStringId name)
{
    return (std::uint64_t(kind) << 32) | name;
}

// Adds the events of one track selected by `wanted` that overlap [startNs, endNs).
// `outermostOnly` skips events that start inside an earlier selected one (nested cpu_ops).
template <typename Wanted>
void addTrack(const TraceData &trace, const TraceTrack &track, std::int64_t startNs,
              std::int64_t endNs, Wanted wanted, bool outermostOnly,
              std::unordered_map<std::uint64_t, std::size_t> &byKey, std::vector<OpTotal> &totals,
              std::vector<TraceStringId> &names)
{
    bool open = false;
    std::int64_t openUntil = 0;
    for (const TraceEvent &event :
         std::span(trace.events).subspan(track.firstEvent, track.eventCount)) {
        if (event.startNs >= endNs)
            break; // events of a track are in start order
        if (event.phase != TracePhase::Slice || !wanted(event.kind))
            continue;
        if (outermostOnly) {
            if (open && event.startNs < openUntil)
                continue;
            open = true;
            openUntil = event.endNs();
        }
        // Zero-length slices inside the window count as one run of 0 ns.
        const bool overlaps =
            event.endNs() > startNs || (event.durationNs == 0 && event.startNs >= startNs);
        if (!overlaps)
            continue;
        const std::int64_t clipped =
            std::min(event.endNs(), endNs) - std::max(event.startNs, startNs);
        const auto [found, inserted] =
            byKey.try_emplace(opKey(event.kind, event.name), totals.size());
        if (inserted) {
            totals.emplace_back();
            totals.back().kind = event.kind;
            names.push_back(event.name);
        }
        OpTotal &total = totals[found->second];
        ++total.count;
        total.totalNs += clipped;
    }
}

} // namespace

std::vector<OpTotal> opTotals(const TraceData &trace, std::int64_t startNs, std::int64_t endNs)
{
    std::vector<OpTotal> totals;
    std::vector<TraceStringId> names;
    std::unordered_map<std::uint64_t, std::size_t> byKey;
    for (const TraceTrack &track : trace.tracks) {
        if (track.kind == TraceTrackKind::GpuStream)
            addTrack(trace, track, startNs, endNs, isGpuOp, false, byKey, totals, names);
        else if (track.kind == TraceTrackKind::CpuThread)
            addTrack(trace, track, startNs, endNs, isCpuOp, true, byKey, totals, names);
    }
    for (std::size_t i = 0; i < totals.size(); ++i)
        totals[i].name = std::string(trace.string(names[i]));
    std::sort(totals.begin(), totals.end(), [](const OpTotal &a, const OpTotal &b) {
        if (a.totalNs != b.totalNs)
            return a.totalNs > b.totalNs;
        if (a.kind != b.kind)
            return a.kind < b.kind;
        return a.name < b.name;
    });
    return totals;
}

} // namespace rankscope
