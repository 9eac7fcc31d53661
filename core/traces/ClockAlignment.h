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
    Reference,    // the reference node (that of the lowest rank with data): offset 0
    Collectives,  // median difference of the ends of the same collectives (they finish together)
    PointToPoint, // bounded by matched sends and recvs (a recv ends after its send started)
    Steps,        // median difference of ProfilerStep#N starts (when nothing else links it)
    Node,         // no data of its own; a rank of the same node was aligned (one clock)
    Manifest,     // job.json "clock_offsets_ns" said so
    None,         // nothing to align with: offset 0
};
// "reference", "collectives", "p2p", "steps", "node", "manifest", "none"
const char *clockOffsetSourceKey(ClockOffsetSource source);
ClockOffsetSource clockOffsetSourceFromKey(std::string_view key); // None when unknown

// How far time-based findings (collective wait, transfer, caused wait, arrival order) can be
// trusted for a rank: its alignment uncertainty against the scale of its collectives.
enum class ClockQuality : std::uint8_t
{
    Good, // uncertainty <= max(20 us, 10% of the rank's typical collective duration)
    Fair, // uncertainty <= 50% of it (or aligned by ProfilerStep starts only)
    Poor, // larger, or nothing to align with while other ranks had data
};
const char *clockQualityKey(ClockQuality quality);      // "good", "fair", "poor"
ClockQuality clockQualityFromKey(std::string_view key); // Poor when unknown

inline constexpr std::int64_t kGoodAlignmentFloorNs = 20'000;
inline constexpr double kGoodAlignmentShare = 0.10;
inline constexpr double kFairAlignmentShare = 0.50;

struct ClockOffset
{
    int rank = -1;
    std::int64_t offsetNs = 0; // local clock = aligned clock + offsetNs
    ClockOffsetSource source = ClockOffsetSource::None;
    int anchors = 0;           // collectives, p2p pairs or steps the estimate of its node used
    std::int64_t spreadNs = 0; // median absolute deviation of the per-anchor differences
    // The clock domain: the rank's node, or "" when the node is unknown (then the rank is a
    // domain of its own). Every rank of one domain gets the same offset.
    std::string node;
    // How far an aligned time of this rank may be off the job's clock (after alignment): the
    // largest of the median |residual| of its collective ends against the other members' (the
    // ends of one collective are simultaneous), half the width of its node's p2p bound, the
    // spread of its node's step anchors, and the largest p2p causality violation it takes part
    // in (a recv that ends before its send started).
    std::int64_t uncertaintyNs = 0;
    // Median duration of its matched collectives (of its matched sends and recvs when it has no
    // matched collective; 0: none): the scale its uncertainty is judged against.
    std::int64_t typicalDurationNs = 0;
    int droppedAnchors = 0; // its collective ends that disagreed with its node-mates' (dropped)
    int p2pViolations = 0;  // matched send/recv pairs whose recv ended before the send started
    ClockQuality quality = ClockQuality::Poor;
};

// Estimates one offset per rank so that the same collective ends at the same aligned time on
// every rank (the ends of a collective are simultaneous: every rank leaves it once the last one
// has joined and the data moved). Results are sorted by rank, one per input.
//
// Ranks of one node read one clock, so the estimate is made per node (ranks without a node are
// nodes of their own). A node's end of a collective is the median of its members' ends; a
// member whose end is off that median by more than max(50 us, 10% of the kernel's median
// duration) contradicts the shared clock: that anchor is dropped (ClockOffset::droppedAnchors),
// and a collective on which no strict majority of the node's members agree is dropped whole.
//
// - Reference: the node of the lowest rank with data (collectives or iterations) gets 0.
// - Collectives: a breadth-first walk from the reference over nodes sharing collective keys.
//   Against an aligned node u, node v's offset is offset(u) + median over the keys both hold of
//   (end_v - end_u); anchors = the number of shared keys, spreadNs = the median absolute
//   deviation of those differences from their median. Sends and recvs are never used here: they
//   do not end together.
// - PointToPoint: when the walk reaches no further, a node with matched send/recv pairs in both
//   directions to aligned nodes is bounded by causality alone: a recv ends after its send
//   started, so every pair a -> b gives offset_b - offset_a <= recvEnd_b - sendStart_a (local
//   times). The tightest bounds of both directions bracket the offset; it is their midpoint and
//   half the bracket is its uncertainty (an empty bracket is reported as violations). The walk
//   then resumes from it.
// - Steps: else a node with iterations is aligned to the reference, else to the lowest aligned
//   node, sharing step numbers: offset(u) + median over common steps of the difference of the
//   nodes' median ProfilerStep#N starts (a one-sided p2p bound, when there is one, clamps it).
// - Node: a rank without data takes the offset of its node when another rank aligned it.
// - None: ranks left over get offset 0 (quality Poor when any rank had data to align).
// - Manifest: `manifestOffsets` (rank -> ns, local = aligned + offset) replaces the estimate of
//   the ranks it names; ranks it names without an input are ignored. The manifest does not
//   steer the estimate of other ranks. Quality is measured with the offsets in force.
// Medians of an even count are the mean of the two middle values (rounded toward the lower).
// Every offset is a plausible time (core/model/TimeArithmetic.h): one estimated from absurd data
// (clocks more than 146 years apart) is clamped to that range and computed without overflow, so
// a rank's local time minus its offset always fits in an int64.
// Cost: O(K log K) for K records of all ranks, plus O(S) per step-aligned node.
std::vector<ClockOffset> alignClocks(std::span<const RankClockInput> ranks,
                                     const std::map<int, std::int64_t> &manifestOffsets = {});

// The alignment of a whole job in one word, for the Stragglers panel and `stragglers` output.
struct ClockAlignmentSummary
{
    ClockQuality quality = ClockQuality::Good;
    std::int64_t uncertaintyNs = 0;     // 90th percentile of the ranks' uncertainties
    std::int64_t typicalDurationNs = 0; // median of the ranks' typical collective durations
    int good = 0;
    int fair = 0;
    int poor = 0;
    int droppedAnchors = 0;
    int p2pViolations = 0;
};
// The job's quality is that of the 90th-percentile rank (the worst tenth may be poor while the
// job is fair or good: their own findings are still marked by their own quality). Empty input:
// Good with zero counts.
ClockAlignmentSummary summarizeClockAlignment(std::span<const ClockOffset> offsets);

// True when time-based findings about `rank` should not be trusted (its quality is Poor).
bool alignmentIsPoor(std::span<const ClockOffset> offsets, int rank);

} // namespace rankscope
