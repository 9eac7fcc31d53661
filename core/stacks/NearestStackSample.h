#pragma once

#include "core/model/StackDataset.h"
#include "core/stacks/StackTree.h"

#include <cstdint>

namespace rankscope {

// The stack sample of a rank taken closest in time to a moment of its trace, and where its
// stack ends in a merged tree: what the rank was doing when the heatmap cell was measured.
struct NearestStackSample
{
    int sample = -1;              // index into StackDataset::samples, -1 when the rank has none
    std::int64_t timeNs = 0;      // its sampling time (0 when unknown)
    std::int64_t distanceNs = -1; // |timeNs - asked time|; -1 when the sample has no time
    int leafNode = -1;            // deepest tree node on its stack's path, -1 when not in the tree
};

// Considers only samples the tree compares (sampleSelected under tree.options()), so the leaf
// is drawn in the flame graph. Samples without a time are used only when no timed one exists.
NearestStackSample nearestStackSample(const StackDataset &data, const StackTree &tree, int rank,
                                      std::int64_t timeNs);

} // namespace rankscope
