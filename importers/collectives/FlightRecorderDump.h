#pragma once

#include "core/model/CollectiveProgress.h"
#include "core/model/CollectiveTail.h"
#include "core/model/StackDataset.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rankscope {

// Reading PyTorch Flight Recorder dumps: the pickle PyTorch writes by default (read by a
// restricted reader that accepts only the opcodes and value types these dumps use and never
// executes anything) and the TORCH_NCCL_DUMP_JSON form. Formats: docs/collectives.md and
// ../shared/reference/collectives_and_nsys.md (section 1).

struct FlightRecorderReadResult
{
    CollectiveDumpInfo info;   // rank, file, version, library version, counts, truncated
    CollectiveRecords records; // pg_config -> groups, entries, pg_status -> statuses; every
                               // record's rank is info.rank and source.file the dump's path
    std::vector<ImportProblem> problems; // each names the file and the byte offset
    bool ok = false; // false when nothing usable was read (not a dump, refused, cut before any
                     // entry); problems say why
};

struct FlightRecorderReadOptions
{
    // Build records only for the entries keepCollectiveTail would keep with these limits (the
    // frontier of each group and sequence kind): the analysis lines ranks up where each group's
    // sequence ends, and a 16k-rank bundle of 2,000-entry dumps is 32 million entries
    // otherwise. info.entries still counts every complete entry of the dump.
    std::optional<CollectiveTailLimits> tail;
    bool frames = true; // read the entries' call-site frames
};

// Parses one dump. `bundlePath` is the file's bundle-relative path (for sources and problems);
// `rank` its rank from the file name (-1 when the name has none: then the content must say, or
// the result is not ok). A truncated dump keeps its complete entries and reports the cut.
FlightRecorderReadResult readFlightRecorderDump(std::string_view bytes,
                                                const std::string &bundlePath, int rank);
FlightRecorderReadResult readFlightRecorderDump(std::string_view bytes,
                                                const std::string &bundlePath, int rank,
                                                const FlightRecorderReadOptions &options);

// True when the first bytes look like a Flight Recorder dump: a pickle (protocol 2-5) whose top
// dict starts with one of the dump's keys, or a JSON object whose first key is a dump key and
// whose head names "pg_config", "entries", "pg_status" or a library version (nlohmann writes
// keys sorted, so "version" comes last). Used to find dumps outside fr/ and flight_recorder/.
bool looksLikeFlightRecorderDump(std::string_view head);

// True for paths PyTorch's dump writers produce, in a folder named fr/, flight_recorder/ or
// flight-recorder/ (any depth): `nccl_trace_rank_<N>`, `<prefix><N>`
// (TORCH_NCCL_DEBUG_INFO_TEMP_FILE / TORCH_FR_DUMP_TEMP_FILE prefixes of word characters and
// dashes), `_dump_<N>`, each optionally with .pkl/.pickle/.json. PyTorch's default
// `nccl_trace_rank_<N>` counts in any folder.
bool isFlightRecorderPath(std::string_view relativePath);

// The rank a dump's file name ends with ("nccl_trace_rank_12" -> 12, "_dump_3.json" -> 3); -1
// when the name has no trailing number.
int flightRecorderRankFromName(std::string_view fileName);

} // namespace rankscope
