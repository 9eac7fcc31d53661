#pragma once

#include "core/model/CollectiveProgress.h"
#include "core/model/StackDataset.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rankscope {

// One rank's blocking op and its Python call site: the oldest op it has not seen complete (a
// rank blocks in the first op it cannot finish). The merged flame graph takes these frames as a
// separate stack source, "collective call site" (issue 11 point 5).
struct CollectiveCallSite
{
    int rank = -1;
    int entry = -1; // index into CollectiveDataset::entries
    std::string pgName;
    std::string pgDesc;
    std::string op;
    std::int64_t seq = -1; // the collective or, for a send/recv, the p2p sequence
    bool p2p = false;
    std::vector<CollectiveFrame> frames; // innermost first, as the dump lists them; may be empty
};

// One per rank with a pending (scheduled or started) entry of known global rank, by rank.
std::vector<CollectiveCallSite> collectiveCallSites(const CollectiveDataset &data);

// The "collective call site" stack source: each rank's call site above (for a rank whose
// entries all completed, its latest entry) as one stack sample of that rank, root first, with
// the collective itself as the leaf frame ("nccl:all_reduce #20417 (DATA_PARALLEL_GROUP)"). The
// merged flame graph of these samples shows where in the code each rank waits, also for a
// bundle without py-spy dumps. Ranks whose entry carries no frames have no sample. `job` is
// copied into the result (world size, nodes) with its stacks layer set to the sampled ranks.
StackDataset collectiveCallSiteStacks(const CollectiveDataset &data, const JobInfo &job);

} // namespace rankscope
