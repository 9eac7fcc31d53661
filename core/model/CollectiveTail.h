#pragma once

#include "core/model/CollectiveProgress.h"

#include <cstddef>
#include <cstdint>
#include <vector>

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

// The same rule on the few facts it needs, so a reader can choose the entries to keep before it
// builds them (the dump reader does, on 2,000-entry dumps). Every item here is sequenced; the
// caller keeps the unsequenced ones itself.
struct CollectiveTailItem
{
    std::uint32_t lane = 0; // (rank, group, sequence kind), numbered by the caller
    std::int64_t seq = -1;
    std::int64_t recordId = -1;
    bool completed = false;
};
// keep[i] for items[i].
std::vector<bool> selectCollectiveTail(const std::vector<CollectiveTailItem> &items,
                                       CollectiveTailLimits limits = {});

} // namespace rankscope
