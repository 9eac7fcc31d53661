#pragma once

#include "core/cache/TraceFileRecord.h"
#include "core/model/TraceModel.h"
#include "importers/bundle/BundleScanner.h"

#include <cstdint>
#include <filesystem>
#include <span>

namespace rankscope {

// Most events one stored block holds: an iteration with more is split, so loading one window
// of a rank never decodes much more than that window.
inline constexpr std::size_t kMaxEventsPerTraceBlock = 8192;

// Imports one trace file of the bundle and turns it into what the cache stores: the iteration
// metrics (own clock; they do not depend on alignment), the collective records, and the events
// in compressed blocks (one per iteration, or per chunk of at most kMaxEventsPerTraceBlock).
// Never throws for bad input: problems name the byte offset and the file is marked failed when
// nothing is usable (unreadable, no events, no rank).
// `helperThreads` more threads may work on this one file (cores the import would leave idle):
// the text is then decompressed and scanned beside its parsing, and blocks compressed side by
// side. The record is the same whatever their number.
TraceFileRecord readTraceFile(const std::filesystem::path &bundleRoot, const BundleFile &file,
                              std::uint64_t maxFileBytes, unsigned helperThreads = 0);

// The encoding step of readTraceFile for a trace already in memory (tests use it directly).
TraceFileRecord encodeTraceFile(const TraceData &trace, const BundleFile &file,
                                unsigned helperThreads = 0);
// The same for a file of several ranks' traces (a multi-process Nsight export); the file fails
// only when none has events and a rank.
TraceFileRecord encodeTraceFile(std::span<const TraceData> traces, const BundleFile &file,
                                unsigned helperThreads = 0);

} // namespace rankscope
