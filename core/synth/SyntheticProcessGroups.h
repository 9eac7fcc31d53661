#pragma once

#include "core/synth/SyntheticLayout.h"

#include <string>
#include <vector>

namespace rankscope {

// One process group a synthetic rank belongs to, numbered as PyTorch numbers it: `name` is the
// job-wide creation counter (every rank calls new_group for every group, so names agree across
// ranks: "0" for the default group, then Megatron's data-parallel groups, then its
// tensor-parallel groups); `localId` is the pg_id of the rank's own ProcessGroupNCCL objects,
// counted only over the groups it is a member of (0 default_pg, 1 data parallel, 2 tensor
// parallel). Members are `count` ranks from `firstRank`, `stride` apart.
struct SyntheticProcessGroup
{
    int localId = 0;
    std::string name;
    const char *desc = "";
    int firstRank = 0;
    int stride = 1;
    int count = 1;

    int groupRankOf(int rank) const { return (rank - firstRank) / stride; }
    int globalRank(int groupRank) const { return firstRank + groupRank * stride; }
    // "[0, 1, 2]": how pg_config lists the members.
    std::string ranksText() const;
};

inline constexpr int kSyntheticDefaultPg = 0;
inline constexpr int kSyntheticDataParallelPg = 1;
inline constexpr int kSyntheticTensorParallelPg = 2;

// The groups `rank` is a member of, by localId: default_pg and DATA_PARALLEL_GROUP always,
// TENSOR_MODEL_PARALLEL_GROUP when the layout has tensor parallelism.
std::vector<SyntheticProcessGroup> syntheticProcessGroupsOf(const SyntheticLayout &layout,
                                                            int rank);

} // namespace rankscope
