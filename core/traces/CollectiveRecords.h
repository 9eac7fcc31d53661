#pragma once

#include "core/model/TraceModel.h"
#include "core/traces/TraceWindows.h"

#include <cstdint>
#include <map>
#include <span>
#include <vector>

namespace rankscope {

// One execution of a collective on one rank, as its GPU communication kernel shows it. The key
// identifies the same collective on every participating rank: a hash of (process group name,
// collective name, ordinal of this collective among the rank's collectives of that group). When
// the trace has no collective args, the group is "" and the name is the kernel's name.
struct CollectiveRecord
{
    std::uint64_t key = 0;
    std::int64_t startNs = 0; // the rank's own clock
    std::int64_t endNs = 0;
    std::int64_t step = -1; // the iteration its launch belongs to, -1 when outside any
};

// The communication kernels of a trace as collective records, in start order.
std::vector<CollectiveRecord> collectiveRecords(const TraceData &trace);

// Fills CollectiveWait and CommunicationTransfer of `rows` (all ranks, one axis; aligned
// times). For each collective key seen on two or more ranks, the arrival is the aligned start
// on each rank; a rank's wait is min(duration, last arrival - its own arrival), the rest of the
// kernel is transfer. Waits are summed into the window (by aligned start) of each rank. A rank
// without records keeps NaN; a rank with records but none in a window gets 0.
// `offsets` maps rank -> offset (local = aligned + offset); missing ranks use 0.
void fillCollectiveWait(std::span<TraceWindowRow> rows,
                        const std::map<int, std::vector<CollectiveRecord>> &collectives,
                        const std::map<int, std::int64_t> &offsets);

} // namespace rankscope
