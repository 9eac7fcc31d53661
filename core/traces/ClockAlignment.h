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
// every rank (the ends of a collective are simultaneous: every rank leaves it once the last one
// has joined and the data moved). Results are sorted by rank, one per input.
//
// - Reference: the lowest rank with data (collectives or iterations) gets offset 0.
// - Collectives: a breadth-first walk from the reference over ranks sharing collective keys.
//   Every rank sharing a key with the reference is aligned to it directly; the others to the
//   first aligned rank they share a key with. Against an aligned rank u, rank v's offset is
//   offset(u) + median over the keys both hold of (end_v - end_u); anchors = the number of shared
//   keys, spreadNs = the median absolute deviation of those differences from their median.
// - Steps: when the walk reaches no further, an unaligned rank with iterations is aligned to
//   the reference, else to the lowest aligned rank, sharing step numbers: offset(u) + median
//   over common steps of (start_v - start_u) (anchors, spread likewise); the collective walk
//   then resumes from it.
// - Node: a rank that neither reaches takes the offset of the lowest aligned rank with the same
//   non-empty node (one machine, one clock); anchors 0, spread 0. The walk resumes from it.
// - None: ranks left over (no data and no aligned node-mate, or data shared with nobody
//   aligned) get offset 0.
// - Manifest: `manifestOffsets` (rank -> ns, local = aligned + offset) replaces the estimate of
//   the ranks it names (anchors 0, spread 0); ranks it names without an input are ignored. The
//   manifest does not steer the estimate of other ranks.
// Medians of an even count are the mean of the two middle values (rounded toward the lower).
// Cost: O(K log K) for K records of all ranks, plus O(S) per step-aligned rank and aligned
// rank scanned.
std::vector<ClockOffset> alignClocks(std::span<const RankClockInput> ranks,
                                     const std::map<int, std::int64_t> &manifestOffsets = {});

} // namespace rankscope
