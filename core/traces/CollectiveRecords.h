#pragma once

#include "core/model/TraceModel.h"
#include "core/traces/TraceWindows.h"

#include <cstdint>
#include <map>
#include <span>
#include <vector>

namespace rankscope {

struct ClockOffset;

// What a communication kernel is, for matching it across ranks.
enum class CollectiveKind : std::uint8_t
{
    Collective,   // every member of the group runs it and leaves it together
    Send,         // point-to-point send to `peer`
    Recv,         // point-to-point receive from `peer`
    UnmatchedP2p, // point-to-point without its peer (older PyTorch or Kineto, batched p2p, or a
                  // SendRecv kernel without args): never matched, never an anchor
};
const char *collectiveKindKey(CollectiveKind kind); // "collective", "send", "recv", "p2p"

// One execution of a communication kernel on one rank. The key identifies the same operation on
// every rank taking part (a stable hash, StableHasher):
//
// - Collective, with a "Seq" arg: (process group, collective name, Seq, ordinal among this
//   rank's kernels of that group and Seq). Seq is the process group's collective counter, the
//   same on every member, so the match holds whatever the steps or the profiler window.
// - Collective without Seq: (group, name, step, ordinal among this rank's collectives with that
//   group, name and step). Counting per step keeps the keys of ranks matched when one rank's
//   profiler caught a collective more before the first step; it means the ranks must agree on
//   their ProfilerStep#N numbers (Kineto numbers them the same on every rank).
// - Send from rank a to b, and the Recv on b from a: ("p2p", group, a, b, step, ordinal among
//   the rank's p2p ops of that group, direction and step). NCCL delivers the p2p ops of one
//   pair of ranks in the order they were posted, so the k-th send a -> b is received by the k-th
//   recv of b from a. Seq is not used for p2p: it counts every p2p op of the rank in the group,
//   whichever the peer, so a send and its recv carry different values.
// - UnmatchedP2p: key 0.
//
// Group and name come from the kernel's collective args (TraceData::collectiveOf); without them
// (older traces) the group is "" and the name is the kernel's name, which NCCL keeps the same
// on every rank of a communicator.
struct CollectiveRecord
{
    std::uint64_t key = 0;
    std::int64_t startNs = 0; // the rank's own clock
    std::int64_t endNs = 0;
    // The ProfilerStep#N whose range holds the start of the kernel's launching runtime call (the
    // Runtime event on a CPU thread with the kernel's correlationId), or the kernel's own start
    // when no launch is found; -1 when outside every iteration.
    std::int64_t step = -1;
    CollectiveKind kind = CollectiveKind::Collective;
    std::int32_t peer = -1;      // Send: destination rank; Recv: source rank
    std::int32_t groupSize = -1; // "Group size" of a collective, -1 when unknown
    // Collective: true when `key` came from the kernel's collective args (group, name, Seq).
    bool keyFromArgs = false;
    // Collective: the key it would have without collective args: (kernel name, step, ordinal),
    // what a rank whose trace carries no args (an Nsight export) has as `key`. A job that mixes
    // both kinds of rank matches every rank by this one (useNameKeysWhenMixed).
    std::uint64_t nameKey = 0;
};

// When some ranks' collectives are keyed by their args and other ranks' by kernel name alone
// (a Kineto trace beside an Nsight export), the two never match: every rank's collectives are
// then keyed by kernel name and step (CollectiveRecord::nameKey). Returns true when it did.
bool useNameKeysWhenMixed(std::vector<std::vector<CollectiveRecord> *> ranks);

// True for kernels that move data between two ranks only: collective name "send" / "recv",
// or, without a collective name (or with PyTorch's "coalesced" batch), a SendRecv kernel name
// (ncclDevKernel_SendRecv, ncclKernel_SendRecv_*, ncclSendRecvKernel_*).
bool isPointToPoint(std::string_view collectiveName, std::string_view kernelName);

// The communication kernels (TraceEventKind::CommunicationKernel on GPU-stream tracks) of a
// trace as records, in start order (ties in model order). Send and recv records need the
// trace's rank (TraceData::rank); without it they are UnmatchedP2p.
std::vector<CollectiveRecord> collectiveRecords(const TraceData &trace);

// Per-rank totals of the arrival order at collectives (fillCollectiveWait).
struct RankArrivalStats
{
    int rank = -1;
    int collectives = 0;     // matched collective instances it took part in
    int lastArrivals = 0;    // ... at which it was the clear last arriver
    double causedWaitNs = 0; // the CausedWait of all its windows
    double maxMarginNs = 0;  // its largest lead over the second-last arriver
};

struct ArrivalSummary
{
    int collectives = 0; // matched collective instances (seen on >= 2 ranks, group complete)
    int clearLast = 0;   // ... with a clear last arriver
    int noClearLast = 0; // ... where the last two arrived within the clocks' uncertainty
    int incomplete = 0;  // instances seen on fewer ranks than their "Group size"
    std::vector<RankArrivalStats> ranks; // by rank: every rank with records
};

// The same-clock uncertainty of two ranks on one node (one clock, read by two GPUs' kernel
// timestamps): kernel start times of one collective on one machine agree to about this.
inline constexpr std::int64_t kSameClockUncertaintyNs = 1000;

// Fills the collective metrics of `rows` (all ranks, one axis; aligned times). For each key seen
// on two or more ranks, the arrival is the aligned start (local start - offset) on each rank.
//
// - CollectiveWait: a rank's wait is min(duration, last arrival - its own arrival), so the last
//   rank to arrive waits 0; CommunicationTransfer is the rest of its kernel. A matched send and
//   recv count as a collective of two (NCCL's rendezvous: the first to arrive waits).
// - CausedWait and LateArrivals, for Collective keys only (a p2p pair is not a barrier: an
//   eager send does not wait for its receiver, and pipeline schedules make one side wait by
//   design): the last arriver L is *clear* when it arrived after the second-last S by more than
//   the uncertainty of comparing their clocks (kSameClockUncertaintyNs on one node, else the
//   sum of both ranks' ClockOffset::uncertaintyNs, at least kSameClockUncertaintyNs), and the key
//   was seen on every member its "Group size" announces. Then L's LateArrivals counts 1 and its
//   CausedWait adds the mean over the other members r of min(duration_r, arrival_L - arrival_r):
//   how long, on average, each of the others waited for it: the delay L put on the collective, in
//   the units of a step, whatever the group's size (a sum would grow with the group). Otherwise
//   nobody is blamed: "no clear last arriver".
//
// Each value is summed into the rank's row whose [startNs, endNs) holds the rank's own aligned
// arrival; an arrival outside all of the rank's rows is dropped. Keys seen on one rank only count
// for nothing. A rank without records keeps NaN in these metrics; a rank with records gets 0 in
// its rows without any. Other metrics are left untouched. `offsets` gives each rank's offset
// (local = aligned + offset), node and uncertainty; missing ranks use offset 0, no node and
// uncertainty 0. Returns the arrival totals over the records that fell in a row.
// Cost: O(R) hash lookups plus O(R log W) row searches for R records of all ranks.
ArrivalSummary fillCollectiveWait(std::span<TraceWindowRow> rows,
                                  const std::map<int, std::vector<CollectiveRecord>> &collectives,
                                  std::span<const ClockOffset> offsets);
// The same with bare offsets (no node, uncertainty 0: margins over kSameClockUncertaintyNs count).
ArrivalSummary fillCollectiveWait(std::span<TraceWindowRow> rows,
                                  const std::map<int, std::vector<CollectiveRecord>> &collectives,
                                  const std::map<int, std::int64_t> &offsets);

} // namespace rankscope
