#include "core/cache/TraceEventLoading.h"

#include "core/cache/ByteCoding.h"
#include "core/cache/SqliteStatement.h"
#include "core/cache/TraceBlobCodec.h"
#include "core/model/ParallelFor.h"

#include <algorithm>

namespace rankscope {

namespace {

struct LoadedEvent
{
    std::uint32_t original = 0; // index in the full trace
    TraceEvent event;
};

bool overlaps(const TraceEvent &e, std::int64_t startNs, std::int64_t endNs)
{
    if (e.startNs >= endNs)
        return false;
    return e.durationNs > 0 ? e.endNs() > startNs : e.startNs >= startNs;
}

// New index of a full-trace event index, or kNoTraceEvent when it was not loaded.
std::uint32_t newIndex(const std::vector<LoadedEvent> &events, std::uint32_t original)
{
    const auto it = std::lower_bound(
        events.begin(), events.end(), original,
        [](const LoadedEvent &e, std::uint32_t index) { return e.original < index; });
    return it != events.end() && it->original == original ? std::uint32_t(it - events.begin())
                                                          : kNoTraceEvent;
}

} // namespace

StoredTraceBlobs readStoredTraceBlobs(SqliteDatabase &db, std::int64_t traceId,
                                      std::int64_t startNs, std::int64_t endNs)
{
    StoredTraceBlobs blobs;
    SqliteStatement header = db.prepare("SELECT header FROM trace_files WHERE id = ?");
    header.bind(1, traceId);
    if (!header.step())
        return blobs;
    blobs.found = true;
    const auto copy = [](std::span<const std::byte> bytes) {
        return std::string(reinterpret_cast<const char *>(bytes.data()), bytes.size());
    };
    blobs.header = copy(header.columnBlob(0));
    SqliteStatement blocks =
        db.prepare("SELECT data, events FROM trace_event_blocks WHERE trace_id = ? "
                   "AND start_ns < ? AND end_ns >= ? ORDER BY block");
    blocks.bind(1, traceId).bind(2, endNs).bind(3, startNs);
    while (blocks.step()) {
        blobs.blocks.push_back(copy(blocks.columnBlob(0)));
        blobs.events += std::max<std::int64_t>(0, blocks.columnInt64(1));
    }
    return blobs;
}

TraceData loadStoredTraceEvents(SqliteDatabase &db, std::int64_t traceId, std::int64_t startNs,
                                std::int64_t endNs)
{
    try {
        return assembleStoredTrace(readStoredTraceBlobs(db, traceId, startNs, endNs), startNs,
                                   endNs);
    } catch (const BlobFormatError &error) {
        throw CacheDamagedError("cache database " + db.file().string() +
                                ": stored trace data is damaged (" + error.what() +
                                "); force a re-import to rebuild it");
    }
}

TraceData assembleStoredTrace(const StoredTraceBlobs &blobs, std::int64_t startNs,
                              std::int64_t endNs, unsigned helperThreads)
{
    TraceData trace;
    if (!blobs.found)
        return trace;
    const auto bytes = [](const std::string &blob) {
        return std::as_bytes(std::span(blob.data(), blob.size()));
    };
    std::vector<LoadedEvent> events;
    std::vector<TraceCollective> collectives;
    std::vector<TraceFlow> flows;
    decodeTraceHeader(bytes(blobs.header), trace);
    // The stored count is a hint (a damaged row must not reserve the machine): growing the
    // vector instead copies it and faults in fresh pages at every doubling.
    events.reserve(std::size_t(std::clamp<std::int64_t>(blobs.events, 0, std::int64_t(1) << 26)));
    const std::size_t batchSize = 2 * (std::size_t(helperThreads) + 1);
    std::vector<TraceEventBlock> batch(std::min(batchSize, blobs.blocks.size()));
    for (std::size_t first = 0; first < blobs.blocks.size(); first += batchSize) {
        const std::size_t count = std::min(batchSize, blobs.blocks.size() - first);
        parallelFor(count, helperThreads, [&](std::size_t i) {
            batch[i] = decodeTraceEventBlock(bytes(blobs.blocks[first + i]));
        });
        for (std::size_t b = 0; b < count; ++b) {
            TraceEventBlock &block = batch[b];
            for (std::size_t i = 0; i < block.events.size(); ++i) {
                if (overlaps(block.events[i], startNs, endNs))
                    events.push_back({block.eventIndex[i], block.events[i]});
            }
            collectives.insert(collectives.end(), block.collectives.begin(),
                               block.collectives.end());
            flows.insert(flows.end(), block.flows.begin(), block.flows.end());
            block = TraceEventBlock();
        }
    }

    // Blocks hold time slices, the model orders by track: the full-trace index restores it.
    std::sort(events.begin(), events.end(),
              [](const LoadedEvent &a, const LoadedEvent &b) { return a.original < b.original; });
    for (TraceTrack &track : trace.tracks) {
        track.firstEvent = 0;
        track.eventCount = 0;
        track.firstSample = 0;
        track.sampleCount = 0;
    }
    trace.events.reserve(events.size());
    for (const LoadedEvent &loaded : events) {
        if (loaded.event.track >= trace.tracks.size() ||
            loaded.event.name >= trace.strings.size() ||
            loaded.event.category >= trace.strings.size())
            throw BlobFormatError("event refers to a missing track or string");
        TraceTrack &track = trace.tracks[loaded.event.track];
        if (track.eventCount == 0)
            track.firstEvent = std::uint32_t(trace.events.size());
        ++track.eventCount;
        trace.events.push_back(loaded.event);
    }
    // Empty tracks point where their events would be, as in the model.
    std::uint32_t end = 0;
    for (TraceTrack &track : trace.tracks) {
        if (track.eventCount == 0)
            track.firstEvent = end;
        else
            end = track.firstEvent + track.eventCount;
    }
    for (TraceCollective &collective : collectives) {
        collective.event = newIndex(events, collective.event);
        if (collective.event != kNoTraceEvent)
            trace.collectives.push_back(collective);
    }
    std::sort(trace.collectives.begin(), trace.collectives.end(),
              [](const TraceCollective &a, const TraceCollective &b) { return a.event < b.event; });
    for (TraceFlow &flow : flows) {
        flow.fromEvent =
            flow.fromEvent == kNoTraceEvent ? kNoTraceEvent : newIndex(events, flow.fromEvent);
        flow.toEvent =
            flow.toEvent == kNoTraceEvent ? kNoTraceEvent : newIndex(events, flow.toEvent);
        if (flow.fromEvent != kNoTraceEvent || flow.toEvent != kNoTraceEvent)
            trace.flows.push_back(flow);
    }
    for (TraceIteration &iteration : trace.iterations)
        iteration.event = newIndex(events, iteration.event);
    if (!trace.events.empty()) {
        trace.firstNs = std::numeric_limits<std::int64_t>::max();
        trace.lastNs = std::numeric_limits<std::int64_t>::min();
        for (const TraceEvent &e : trace.events) {
            trace.firstNs = std::min(trace.firstNs, e.startNs);
            trace.lastNs = std::max(trace.lastNs, e.endNs());
        }
    }
    return trace;
}

void shiftTraceClock(TraceData &trace, std::int64_t offsetNs)
{
    if (offsetNs == 0)
        return;
    for (TraceEvent &e : trace.events)
        e.startNs -= offsetNs;
    for (TraceIteration &iteration : trace.iterations) {
        iteration.startNs -= offsetNs;
        iteration.endNs -= offsetNs;
    }
    for (TraceCounterSample &sample : trace.counterSamples)
        sample.timeNs -= offsetNs;
    trace.firstNs -= offsetNs;
    trace.lastNs -= offsetNs;
}

} // namespace rankscope
