#pragma once

#include "core/cache/SqliteDatabase.h"
#include "core/model/TraceModel.h"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace rankscope {

// The stored trace `traceId` (trace_files.id: a rank's trace) with its events that overlap
// [startNs, endNs) of the rank's own clock (instants count when they lie inside): tracks, strings
// and iterations complete, events in the model's order, collectives and flows of the loaded events
// (a flow end that was not loaded is kNoTraceEvent). Only the event blocks that overlap the range
// are read. Counter samples are not stored. Throws SqliteError when a stored blob is damaged.
TraceData loadStoredTraceEvents(SqliteDatabase &db, std::int64_t traceId,
                                std::int64_t startNs = std::numeric_limits<std::int64_t>::min(),
                                std::int64_t endNs = std::numeric_limits<std::int64_t>::max());

// The two halves of loadStoredTraceEvents, so that decoding can run on another thread than the
// one that owns the connection: reading the compressed blobs (fast, needs the connection), and
// decoding them into the model (the bulk of the work; throws BlobFormatError).
struct StoredTraceBlobs
{
    bool found = false; // the trace is stored
    std::string header;
    std::vector<std::string> blocks; // the blocks that overlap the range, in time order
    std::int64_t events = 0;         // their events, as stored (room reserved up front)
};
StoredTraceBlobs
readStoredTraceBlobs(SqliteDatabase &db, std::int64_t traceId,
                     std::int64_t startNs = std::numeric_limits<std::int64_t>::min(),
                     std::int64_t endNs = std::numeric_limits<std::int64_t>::max());
// `helperThreads` more threads decode blocks side by side (a few at a time, so memory stays
// near the trace's own); the trace is the same whatever their number.
TraceData assembleStoredTrace(const StoredTraceBlobs &blobs,
                              std::int64_t startNs = std::numeric_limits<std::int64_t>::min(),
                              std::int64_t endNs = std::numeric_limits<std::int64_t>::max(),
                              unsigned helperThreads = 0);

// Moves every time of `trace` by -offsetNs: from a rank's own clock to the aligned clock when
// offsetNs is the rank's offset (local = aligned + offset).
void shiftTraceClock(TraceData &trace, std::int64_t offsetNs);

} // namespace rankscope
