#include "core/synth/SyntheticLayout.h"

#include <algorithm>

namespace rankscope {

SyntheticLayout SyntheticLayout::plan(int worldSize, int ranksPerNode)
{
    SyntheticLayout layout;
    layout.worldSize = std::max(1, worldSize);
    layout.ranksPerNode = std::max(1, ranksPerNode);
    // Tensor parallelism needs the fast intra-node links: 8-way when a whole node holds it.
    if (layout.worldSize >= 8 && layout.worldSize % 8 == 0 && layout.ranksPerNode % 8 == 0)
        layout.tensorParallel = 8;
    const int rest = layout.worldSize / layout.tensorParallel;
    // Two pipeline stages once there are enough model replicas to split; otherwise one.
    if (rest >= 4 && rest % 2 == 0)
        layout.pipelineParallel = 2;
    layout.dataParallel = rest / layout.pipelineParallel;
    return layout;
}

SyntheticLayout SyntheticLayout::planWithoutPipeline(int worldSize, int ranksPerNode,
                                                     int tensorParallel)
{
    SyntheticLayout layout;
    layout.worldSize = std::max(1, worldSize);
    layout.ranksPerNode = std::max(1, ranksPerNode);
    layout.tensorParallel =
        tensorParallel > 0 && layout.worldSize % tensorParallel == 0 ? tensorParallel : 1;
    layout.dataParallel = layout.worldSize / layout.tensorParallel;
    return layout;
}

int SyntheticLayout::dataGroupOf(int rank) const
{
    const int stage = pipelineStageOf(rank);
    const int tensorRank = rank % tensorParallel;
    return stage * tensorParallel + tensorRank;
}

} // namespace rankscope
