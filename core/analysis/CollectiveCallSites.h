#pragma once

#include "core/model/CollectiveProgress.h"
#include "core/model/StackDataset.h"

namespace rankscope {

// The "collective call site" stack source: for every rank, the Python frames Flight Recorder
// recorded for the collective the rank is blocked in (its earliest entry that did not
// complete; the latest entry when all completed), as one stack sample of that rank, with the
// collective itself as the leaf frame ("nccl:all_reduce #20417 (DATA_PARALLEL_GROUP)"). The
// merged flame graph of these samples shows where in the code each rank waits, also for a
// bundle without py-spy dumps. Ranks whose entries carry no frames have no sample. `job` is
// copied into the result (world size, nodes), with its stacks layer set to the ranks that have
// a sample.
StackDataset collectiveCallSiteStacks(const CollectiveDataset &data, const JobInfo &job);

} // namespace rankscope
