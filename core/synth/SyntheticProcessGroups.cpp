#include "core/synth/SyntheticProcessGroups.h"

namespace rankscope {

std::string SyntheticProcessGroup::ranksText() const
{
    std::string text;
    text.reserve(static_cast<std::size_t>(count) * 7 + 2);
    text += '[';
    for (int i = 0; i < count; ++i) {
        if (i > 0)
            text += ", ";
        text += std::to_string(globalRank(i));
    }
    text += ']';
    return text;
}

std::vector<SyntheticProcessGroup> syntheticProcessGroupsOf(const SyntheticLayout &layout, int rank)
{
    std::vector<SyntheticProcessGroup> groups;
    SyntheticProcessGroup world;
    world.localId = kSyntheticDefaultPg;
    world.name = "0";
    world.desc = "default_pg";
    world.count = layout.worldSize;
    groups.push_back(world);

    // Megatron's data-parallel groups: one per (pipeline stage, tensor rank), members the
    // model replicas' ranks at that place.
    const int tp = layout.tensorParallel;
    const int dataGroups = tp * layout.pipelineParallel;
    SyntheticProcessGroup data;
    data.localId = kSyntheticDataParallelPg;
    data.name = std::to_string(1 + layout.dataGroupOf(rank));
    data.desc = "DATA_PARALLEL_GROUP";
    data.firstRank = layout.pipelineStageOf(rank) * tp * layout.dataParallel + rank % tp;
    data.stride = tp;
    data.count = layout.dataParallel;
    groups.push_back(data);

    if (tp > 1) {
        SyntheticProcessGroup tensor;
        tensor.localId = kSyntheticTensorParallelPg;
        tensor.name = std::to_string(1 + dataGroups + layout.tensorGroupOf(rank));
        tensor.desc = "TENSOR_MODEL_PARALLEL_GROUP";
        tensor.firstRank = layout.tensorGroupOf(rank) * tp;
        tensor.count = tp;
        groups.push_back(tensor);
    }
    return groups;
}

} // namespace rankscope
