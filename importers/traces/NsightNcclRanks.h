#pragma once

#include "importers/traces/NsightDatabase.h"

#include <cstdint>
#include <map>

namespace rankscope {

// A process's rank in its largest NCCL communicator (the world's, in a training job).
struct NcclCommunicatorRank
{
    int rank = -1;
    int ranks = 0; // the communicator's size
};

// Most NVTX payload rows read for it: the communicator inits come first in a capture, and NCCL
// attaches a payload to every collective after them.
inline constexpr std::int64_t kMaxNcclPayloadRows = 1'000'000;

// NCCL's own NVTX ranges carry binary payloads (NCCL 2.20+; `nsys export --include-blobs=true`
// keeps them in NVTX_EVENTS.binaryData): a 32-byte header (domain id, schema id, payload size,
// payload offset, each a little-endian u64), then the payload the schema describes
// (NVTX_PAYLOAD_SCHEMA_ENTRIES: name, type, offset). ncclCommInitRank and its kin
// (ncclCommInitRankConfig, ncclCommSplit, ...) describe their communicator with the entries
// "No. of ranks" and "Rank". Returns, per process (globalPid), the rank of its largest
// communicator; empty when the export has no such payloads. Blobs that do not fit their schema
// are skipped; never throws.
std::map<std::int64_t, NcclCommunicatorRank> ncclCommunicatorRanks(NsightDatabase &db);

} // namespace rankscope
