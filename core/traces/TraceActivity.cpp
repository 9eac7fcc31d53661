#include "core/traces/TraceActivity.h"

#include "core/traces/BusBytes.h"

#include "core/traces/RuntimeLaunchIndex.h"

#include <algorithm>

namespace rankscope {

namespace {

bool isComputeWork(TraceEventKind kind)
{
    return kind == TraceEventKind::ComputeKernel || kind == TraceEventKind::Memcpy ||
           kind == TraceEventKind::Memset;
}

bool isKernel(TraceEventKind kind)
{
    return kind == TraceEventKind::ComputeKernel || kind == TraceEventKind::CommunicationKernel;
}

// Collects the slices of `trackKind` tracks whose kind passes `wanted` into `scratch` and
// returns their union. `scratch` is reused between calls to keep allocations down.
template <typename Wanted>
IntervalUnion unionOf(const TraceData &trace, TraceTrackKind trackKind, Wanted wanted,
                      std::vector<TimeInterval> &scratch)
{
    scratch.clear();
    for (const TraceTrack &track : trace.tracks) {
        if (track.kind != trackKind)
            continue;
        for (std::uint32_t i = track.firstEvent; i < track.firstEvent + track.eventCount; ++i) {
            const TraceEvent &event = trace.events[i];
            if (event.phase == TracePhase::Slice && event.durationNs > 0 && wanted(event.kind))
                scratch.push_back({event.startNs, event.endNs()});
        }
    }
    return IntervalUnion::fromIntervals(scratch);
}

// The launch-gap pieces of one GPU stream. Its events are in start order; `busyUntil` is the
// end of all GPU work seen so far on the stream. Before each kernel, the stream idles from
// busyUntil to the kernel's start; the part of that idle time before the kernel's launch call
// returned is the host's fault. Kernels without a matched launch add nothing.
std::vector<TimeInterval> launchGapsOfStream(const TraceData &trace, const TraceTrack &track,
                                             const RuntimeLaunchIndex &launches)
{
    std::vector<TimeInterval> gaps;
    bool anyWork = false;
    std::int64_t busyUntil = 0;
    for (std::uint32_t i = track.firstEvent; i < track.firstEvent + track.eventCount; ++i) {
        const TraceEvent &event = trace.events[i];
        if (!isGpuWork(event.kind))
            continue;
        if (anyWork && isKernel(event.kind)) {
            if (const TraceEvent *launch = launches.launchOf(event.correlationId)) {
                const std::int64_t gapEnd = std::min(event.startNs, launch->endNs());
                if (gapEnd > busyUntil)
                    gaps.push_back({busyUntil, gapEnd});
            }
        }
        busyUntil = anyWork ? std::max(busyUntil, event.endNs()) : event.endNs();
        anyWork = true;
    }
    return gaps;
}

// The parts of `from` that `minus` does not cover; both are sorted and disjoint.
std::vector<TimeInterval> subtractUnion(const IntervalUnion &from, const IntervalUnion &minus)
{
    std::vector<TimeInterval> result;
    const std::span<const TimeInterval> cut = minus.pieces();
    std::size_t next = 0;
    for (TimeInterval piece : from.pieces()) {
        while (next < cut.size() && cut[next].endNs <= piece.startNs)
            ++next;
        std::size_t at = next;
        while (piece.startNs < piece.endNs && at < cut.size() && cut[at].startNs < piece.endNs) {
            if (cut[at].startNs > piece.startNs)
                result.push_back({piece.startNs, cut[at].startNs});
            piece.startNs = std::max(piece.startNs, cut[at].endNs);
            ++at;
        }
        if (piece.startNs < piece.endNs)
            result.push_back(piece);
    }
    return result;
}

} // namespace

// The communication kernels with a collective of known bus size, for the time per GB.
static void addSizedTransfers(const TraceData &trace, TraceActivity &activity)
{
    struct Transfer
    {
        std::int64_t startNs;
        std::int64_t durationNs;
        std::int64_t busBytes;
    };
    std::vector<Transfer> transfers;
    std::uint32_t lastEvent = kNoTraceEvent;
    for (const TraceCollective &collective : trace.collectives) {
        if (collective.event >= trace.events.size() || collective.event == lastEvent)
            continue; // one collective per kernel counts
        const TraceEvent &event = trace.events[collective.event];
        if (event.kind != TraceEventKind::CommunicationKernel || event.durationNs <= 0)
            continue;
        const std::int64_t bytes = busBytesOf(trace, collective);
        if (bytes <= 0)
            continue;
        lastEvent = collective.event;
        transfers.push_back({event.startNs, event.durationNs, bytes});
    }
    std::sort(transfers.begin(), transfers.end(),
              [](const Transfer &a, const Transfer &b) { return a.startNs < b.startNs; });
    activity.sizedTransferNsSum.assign(1, 0.0);
    activity.sizedTransferBytesSum.assign(1, 0.0);
    for (const Transfer &transfer : transfers) {
        activity.sizedTransferStartNs.push_back(transfer.startNs);
        activity.sizedTransferNsSum.push_back(activity.sizedTransferNsSum.back() +
                                              double(transfer.durationNs));
        activity.sizedTransferBytesSum.push_back(activity.sizedTransferBytesSum.back() +
                                                 double(transfer.busBytes));
    }
}

TraceActivity buildTraceActivity(const TraceData &trace)
{
    TraceActivity activity;
    activity.firstNs = trace.firstNs;
    activity.lastNs = trace.lastNs;
    for (const TraceTrack &track : trace.tracks)
        activity.hasGpuStreams |= track.kind == TraceTrackKind::GpuStream;

    std::vector<TimeInterval> scratch;
    scratch.reserve(trace.events.size() / 2);
    if (activity.hasGpuStreams) {
        activity.compute = unionOf(trace, TraceTrackKind::GpuStream, isComputeWork, scratch);
        activity.communication = unionOf(
            trace, TraceTrackKind::GpuStream,
            [](TraceEventKind kind) { return kind == TraceEventKind::CommunicationKernel; },
            scratch);
        activity.gpuBusy = unionOf(
            trace, TraceTrackKind::GpuStream, [](TraceEventKind kind) { return isGpuWork(kind); },
            scratch);
        // No training step runs without compute kernels: a trace without any recorded only
        // its collectives, and its idle time is not the GPU's.
        activity.communicationOnly = activity.compute.empty() && !activity.communication.empty();
    }
    const auto isCpuOp = [](TraceEventKind kind) {
        return kind == TraceEventKind::CpuOp || kind == TraceEventKind::CpuCommunication;
    };
    for (const TraceTrack &track : trace.tracks) {
        if (track.kind != TraceTrackKind::CpuThread || activity.hasCpuOps)
            continue;
        for (const TraceEvent &event :
             std::span(trace.events).subspan(track.firstEvent, track.eventCount)) {
            if (isCpuOp(event.kind)) {
                activity.hasCpuOps = true;
                break;
            }
        }
    }
    activity.cpuOps = unionOf(trace, TraceTrackKind::CpuThread, isCpuOp, scratch);

    scratch.clear();
    for (const TraceIteration &iteration : trace.iterations)
        scratch.push_back({iteration.startNs, iteration.endNs});
    activity.iterations = IntervalUnion::fromIntervals(scratch);

    if (activity.hasGpuStreams)
        addSizedTransfers(trace, activity);
    if (activity.hasGpuStreams) {
        const RuntimeLaunchIndex launches(trace);
        if (!launches.empty()) {
            scratch.clear();
            for (const TraceTrack &track : trace.tracks) {
                if (track.kind != TraceTrackKind::GpuStream)
                    continue;
                const std::vector<TimeInterval> gaps = launchGapsOfStream(trace, track, launches);
                scratch.insert(scratch.end(), gaps.begin(), gaps.end());
            }
            // Two streams waiting for the host at once starve one GPU once, and a stream
            // waiting while another computes does not leave the GPU idle: keep only the time
            // when the whole GPU idles, so launch gaps never exceed GPU idle time.
            const IntervalUnion merged = IntervalUnion::fromIntervals(scratch);
            std::vector<TimeInterval> idle = subtractUnion(merged, activity.gpuBusy);
            if (!idle.empty())
                activity.launchGaps.push_back(IntervalUnion::fromDisjointSorted(std::move(idle)));
        }
    }
    return activity;
}

} // namespace rankscope
