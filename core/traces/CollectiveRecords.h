#pragma once

#include "core/model/TraceModel.h"
#include "core/traces/TraceWindows.h"

#include <cstdint>
#include <map>
#include <span>
#include <vector>

namespace rankscope {

// One execution of a collective on one rank, as its GPU communication kernel shows it. The key
// identifies the same collective on every participating rank: a stable hash (StableHasher) of
// (process group name, collective name, step, ordinal), the ordinal counting this rank's earlier
// collectives with the same group, name and step. Counting per step keeps the keys of ranks
// matched when one rank's profiler caught a collective more before the first step; it means the
// ranks must agree on their ProfilerStep#N numbers (Kineto numbers them the same on every rank).
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
};

// The communication kernels (TraceEventKind::CommunicationKernel on GPU-stream tracks) of a
// trace as collective records, in start order (ties in model order).
std::vector<CollectiveRecord> collectiveRecords(const TraceData &trace);

// Fills CollectiveWait and CommunicationTransfer of `rows` (all ranks, one axis; aligned
// times). For each collective key seen on two or more ranks, the arrival is the aligned start
// (local start - offset) on each rank; a rank's wait is min(duration, last arrival - its own
// arrival), so the last rank to arrive waits 0, and the rest of its kernel is transfer. Wait and
// transfer are summed (in double, stored as float) into the rank's row whose [startNs, endNs)
// holds the aligned start; a start outside all of the rank's rows is dropped. Keys seen on one
// rank only count for neither (there is no peer to compare with). A rank without records keeps
// NaN in both metrics; a rank with records gets 0 in its rows without any. Other metrics are
// left untouched. `offsets` maps rank -> offset (local = aligned + offset); missing ranks use 0.
// Cost: O(R log R) for R records of all ranks.
void fillCollectiveWait(std::span<TraceWindowRow> rows,
                        const std::map<int, std::vector<CollectiveRecord>> &collectives,
                        const std::map<int, std::int64_t> &offsets);

} // namespace rankscope
