#pragma once

#include "core/model/CollectiveProgress.h"

#include <cstddef>

namespace rankscope {

// What a file's records are cut to before they are stored. A dump of 2,000 entries per rank is
// 32 million entries at 16,384 ranks, while the analysis and the Collectives view look at each
// group's frontier only: where the members stop agreeing. Per (rank, process group, sequence
// kind) this keeps every entry that did not complete (up to `pendingLimit`, the earliest ones:
// the first one pending is where the rank waits) and the `completedLimit` last completed ones
// (the sequence the others still agree on). Entries without a sequence number and records of
// log lines, statuses, claims and groups are all kept.
struct CollectiveTailLimits
{
    std::size_t completedLimit = 8;
    std::size_t pendingLimit = 32;
};

// Returns how many entries were dropped.
std::size_t keepCollectiveTail(CollectiveRecords &records, CollectiveTailLimits limits = {});

} // namespace rankscope
