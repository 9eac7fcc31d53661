#pragma once

#include "core/model/TraceModel.h"
#include "core/traces/CollectiveRecords.h"
#include "core/traces/TraceWindows.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace rankscope {

// The binary forms of a rank's trace in the cache. Every encode returns a zstd frame; every
// decode throws BlobFormatError (core/cache/ByteCoding.h) on damaged input.

// A slice of one rank's events: the events of one iteration (or of one fixed-size chunk), with
// the collectives and flows that start in it. Event indexes are those of the rank's full
// TraceData, so blocks loaded together merge back into the model's order.
struct TraceEventBlock
{
    std::vector<std::uint32_t> eventIndex; // parallel to events, ascending
    std::vector<TraceEvent> events;
    std::vector<TraceCollective> collectives; // .event is a full-trace index
    std::vector<TraceFlow> flows;             // .fromEvent/.toEvent are full-trace indexes
};
std::string encodeTraceEventBlock(const TraceEventBlock &block);
TraceEventBlock decodeTraceEventBlock(std::span<const std::byte> blob);

// Everything of a trace but its events: file facts, strings, tracks (event ranges left as
// written: they describe the full trace), iterations. `into` receives the decoded fields.
std::string encodeTraceHeader(const TraceData &trace);
void decodeTraceHeader(std::span<const std::byte> blob, TraceData &into);

std::string encodeCollectiveRecords(std::span<const CollectiveRecord> records);
std::vector<CollectiveRecord> decodeCollectiveRecords(std::span<const std::byte> blob);

// Window rows of one rank (rank not stored; the caller knows it).
std::string encodeWindowRows(std::span<const TraceWindowRow> rows);
std::vector<TraceWindowRow> decodeWindowRows(std::span<const std::byte> blob, int rank);
// The same, appended to `rows` (no intermediate vector: the heatmap loads 200k rows this way).
void appendWindowRows(std::span<const std::byte> blob, int rank, std::vector<TraceWindowRow> &rows);

} // namespace rankscope
