#include "core/traces/CollectiveRecords.h"

#include "core/cache/StableHash.h"
#include "core/traces/RuntimeLaunchIndex.h"

#include <algorithm>
#include <unordered_map>

namespace rankscope {

namespace {

// The step whose ProfilerStep#N range holds `timeNs`, or -1. `byStart` is sorted by start.
std::int64_t stepAt(std::span<const TraceIteration> byStart, std::int64_t timeNs)
{
    auto it = std::upper_bound(byStart.begin(), byStart.end(), timeNs,
                               [](std::int64_t time, const TraceIteration &iteration) {
                                   return time < iteration.startNs;
                               });
    if (it == byStart.begin())
        return -1;
    --it;
    return timeNs < it->endNs ? it->step : -1;
}

} // namespace

std::vector<CollectiveRecord> collectiveRecords(const TraceData &trace)
{
    std::vector<std::uint32_t> kernels;
    for (const TraceTrack &track : trace.tracks) {
        if (track.kind != TraceTrackKind::GpuStream)
            continue;
        for (std::uint32_t i = track.firstEvent; i < track.firstEvent + track.eventCount; ++i) {
            if (trace.events[i].kind == TraceEventKind::CommunicationKernel)
                kernels.push_back(i);
        }
    }
    std::vector<CollectiveRecord> records;
    if (kernels.empty())
        return records;
    std::stable_sort(kernels.begin(), kernels.end(), [&](std::uint32_t a, std::uint32_t b) {
        return trace.events[a].startNs < trace.events[b].startNs;
    });

    std::vector<TraceIteration> iterations = trace.iterations;
    std::sort(
        iterations.begin(), iterations.end(),
        [](const TraceIteration &a, const TraceIteration &b) { return a.startNs < b.startNs; });
    const RuntimeLaunchIndex launches(trace);

    // Ordinals count per (group, name, step): numbering restarts every step, so a rank whose
    // profiler caught one collective more before the first step still matches its peers.
    std::unordered_map<std::uint64_t, std::int64_t> ordinals;
    records.reserve(kernels.size());
    for (std::uint32_t index : kernels) {
        const TraceEvent &kernel = trace.events[index];
        std::string_view group;
        std::string_view name;
        if (const TraceCollective *collective = trace.collectiveOf(index)) {
            group = trace.string(collective->processGroupName);
            name = trace.string(collective->collectiveName);
        }
        if (name.empty())
            name = trace.string(kernel.name);
        const TraceEvent *launch = launches.launchOf(kernel.correlationId);

        CollectiveRecord record;
        record.startNs = kernel.startNs;
        record.endNs = kernel.endNs();
        record.step = stepAt(iterations, launch ? launch->startNs : kernel.startNs);

        StableHasher sequence;
        sequence.add(group);
        sequence.add(name);
        sequence.add(std::uint64_t(record.step));
        const std::int64_t ordinal = ordinals[sequence.finish()]++;
        StableHasher key = sequence;
        key.add(std::uint64_t(ordinal));
        record.key = key.finish();
        records.push_back(record);
    }
    return records;
}

} // namespace rankscope
