#include "core/traces/CollectiveRecords.h"

#include "core/cache/StableHash.h"
#include "core/traces/RuntimeLaunchIndex.h"

#include <algorithm>
#include <cctype>
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

bool containsIgnoringCase(std::string_view text, std::string_view word)
{
    return std::search(text.begin(), text.end(), word.begin(), word.end(), [](char a, char b) {
               return std::tolower(static_cast<unsigned char>(a)) ==
                      std::tolower(static_cast<unsigned char>(b));
           }) != text.end();
}

// Ordinals count per (what, step): numbering restarts every step, so a rank whose profiler
// caught one operation more before the first step still matches its peers.
class OrdinalKeys
{
public:
    // `sequence` holds everything that names the operation but its ordinal.
    std::uint64_t next(const StableHasher &sequence)
    {
        const std::int64_t ordinal = m_ordinals[sequence.finish()]++;
        StableHasher key = sequence;
        key.add(std::uint64_t(ordinal));
        return key.finish();
    }

private:
    std::unordered_map<std::uint64_t, std::int64_t> m_ordinals;
};

// The innermost CPU-side communication range (nccl:all_to_all, c10d::alltoall_base_,
// nccl:send...) around a kernel's launch, other than the generic record_param_comms: what a
// trace without collective args on its kernels still says about a SendRecv kernel. "" when none
// (no launch found, or none within the few slices before the launch on its thread).
std::string_view enclosingCommunication(const TraceData &trace, const TraceEvent &launch)
{
    constexpr int kLookBack = 64; // slices: the op and its wrappers start just before the launch
    const TraceTrack &track = trace.tracks[launch.track];
    const std::uint32_t first = track.firstEvent;
    std::uint32_t i = std::uint32_t(&launch - trace.events.data());
    for (int seen = 0; i > first && seen < kLookBack; ++seen) {
        const TraceEvent &event = trace.events[--i];
        if (event.kind != TraceEventKind::CpuCommunication || event.endNs() < launch.startNs)
            continue;
        const std::string_view name = trace.string(event.name);
        if (name != "record_param_comms")
            return name;
    }
    return {};
}

} // namespace

const char *collectiveKindKey(CollectiveKind kind)
{
    switch (kind) {
    case CollectiveKind::Collective:
        return "collective";
    case CollectiveKind::Send:
        return "send";
    case CollectiveKind::Recv:
        return "recv";
    case CollectiveKind::UnmatchedP2p:
        break;
    }
    return "p2p";
}

bool isPointToPoint(std::string_view collectiveName, std::string_view kernelName)
{
    if (collectiveName == "send" || collectiveName == "recv" || collectiveName == "recvAnysource" ||
        collectiveName == "recv_any_source")
        return true;
    if (!collectiveName.empty() && collectiveName != "coalesced")
        return false; // all_to_all runs SendRecv kernels too, but on the whole group
    return containsIgnoringCase(kernelName, "SendRecv") ||
           containsIgnoringCase(kernelName, "ncclDevKernel_Send") ||
           containsIgnoringCase(kernelName, "ncclDevKernel_Recv");
}

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

    OrdinalKeys keys;
    OrdinalKeys nameKeys;
    records.reserve(kernels.size());
    for (std::uint32_t index : kernels) {
        const TraceEvent &kernel = trace.events[index];
        const TraceCollective *collective = trace.collectiveOf(index);
        std::string_view group;
        std::string_view name;
        if (collective) {
            group = trace.string(collective->processGroupName);
            name = trace.string(collective->collectiveName);
        }
        const std::string_view kernelName = trace.string(kernel.name);
        const TraceEvent *launch = launches.launchOf(kernel.correlationId);

        CollectiveRecord record;
        record.startNs = kernel.startNs;
        record.endNs = kernel.endNs();
        record.step = stepAt(iterations, launch ? launch->startNs : kernel.startNs);
        if (collective)
            record.groupSize = collective->groupSize;

        // Without collective args a SendRecv kernel is p2p or an all_to_all: the CPU op that
        // launched it tells which (nccl:send / nccl:all_to_all), and names the collective.
        if (name.empty() && launch && isPointToPoint(name, kernelName)) {
            const std::string_view around = enclosingCommunication(trace, *launch);
            if (!around.empty() && !containsIgnoringCase(around, "send") &&
                !containsIgnoringCase(around, "recv") && !containsIgnoringCase(around, "coalesced"))
                name = around;
        }
        StableHasher sequence;
        if (isPointToPoint(name, kernelName)) {
            record.groupSize = -1;
            const bool send = name == "send";
            const std::int32_t peer = !collective      ? -1
                                      : send           ? collective->dstRank
                                      : name == "recv" ? collective->srcRank
                                                       : -1;
            if (peer < 0 || trace.rank < 0 || peer == trace.rank) {
                record.kind = CollectiveKind::UnmatchedP2p;
                records.push_back(record);
                continue;
            }
            record.kind = send ? CollectiveKind::Send : CollectiveKind::Recv;
            record.peer = peer;
            // Both sides name the pair the same way: (sender, receiver).
            sequence.add(std::string_view("p2p"));
            sequence.add(group);
            sequence.add(std::uint64_t(send ? trace.rank : peer));
            sequence.add(std::uint64_t(send ? peer : trace.rank));
            sequence.add(std::uint64_t(record.step));
        } else {
            const bool bare = name.empty();
            if (bare)
                name = kernelName;
            sequence.add(group);
            sequence.add(name);
            if (collective && collective->sequence >= 0) {
                sequence.add(std::string_view("seq"));
                sequence.add(std::uint64_t(collective->sequence));
            } else {
                sequence.add(std::uint64_t(record.step));
            }
            record.keyFromArgs = !bare && collective;
            // The same hash as a rank without args would make of this kernel.
            StableHasher byName;
            byName.add(std::string_view());
            byName.add(kernelName);
            byName.add(std::uint64_t(record.step));
            record.nameKey = nameKeys.next(byName);
        }
        record.key = keys.next(sequence);
        if (record.nameKey == 0)
            record.nameKey = record.key;
        records.push_back(record);
    }
    return records;
}

bool useNameKeysWhenMixed(std::vector<std::vector<CollectiveRecord> *> ranks)
{
    bool withArgs = false;
    bool withoutArgs = false;
    for (const std::vector<CollectiveRecord> *records : ranks) {
        bool any = false;
        bool args = false;
        for (const CollectiveRecord &record : *records) {
            if (record.kind != CollectiveKind::Collective)
                continue;
            any = true;
            args = args || record.keyFromArgs;
        }
        if (any) {
            withArgs = withArgs || args;
            withoutArgs = withoutArgs || !args;
        }
    }
    if (!withArgs || !withoutArgs)
        return false;
    for (std::vector<CollectiveRecord> *records : ranks) {
        for (CollectiveRecord &record : *records) {
            if (record.kind == CollectiveKind::Collective)
                record.key = record.nameKey;
        }
    }
    return true;
}

} // namespace rankscope
