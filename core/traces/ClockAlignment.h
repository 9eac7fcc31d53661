#pragma once

#include "core/model/TraceModel.h"
#include "core/traces/CollectiveRecords.h"

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

namespace rankscope {

// What one rank brings to clock alignment.
struct RankClockInput
{
    int rank = -1;
    std::string node; // ranks of one node share a clock: "" when unknown
    std::vector<CollectiveRecord> collectives;
    std::vector<TraceIteration> iterations;
};

enum class ClockOffsetSource : std::uint8_t
{
    Reference,   // the reference rank (lowest rank with data): offset 0 by definition
    Collectives, // median difference of the ends of the same collectives (they finish together)
    Steps,       // median difference of ProfilerStep#N starts (when no shared collectives)
    Node,        // a rank of the same node was aligned; the node shares its clock
    Manifest,    // job.json "clock_offsets_ns" said so
    None,        // nothing to align with: offset 0
};
const char *clockOffsetSourceKey(ClockOffsetSource source); // "reference", "collectives", ...

struct ClockOffset
{
    int rank = -1;
    std::int64_t offsetNs = 0; // local clock = aligned clock + offsetNs
    ClockOffsetSource source = ClockOffsetSource::None;
    int anchors = 0;           // collectives or steps the estimate used
    std::int64_t spreadNs = 0; // median absolute deviation of the per-anchor differences
};

// Estimates one offset per rank so that the same collective ends at the same aligned time on
// every rank. Ranks are aligned to the reference rank directly, or through other ranks they
// share collectives with; steps are the fallback. `manifestOffsets` (rank -> ns) overrides the
// estimate of those ranks. Results are by rank, one per input.
std::vector<ClockOffset> alignClocks(std::span<const RankClockInput> ranks,
                                     const std::map<int, std::int64_t> &manifestOffsets = {});

} // namespace rankscope
