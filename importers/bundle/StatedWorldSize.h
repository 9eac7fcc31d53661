#pragma once

#include <string_view>

namespace rankscope {

// The world size a log line states, 0 when it states none:
//   NCCL:     "comm 0x55d1 rank 36 nranks 64 cudaDev 4 ... - Init COMPLETE" (nRanks in newer
//             versions): the largest communicator is the world, so the caller keeps the maximum;
//   torchrun: the elastic agent's rendezvous result, "global_world_sizes=[16, 16, ...]";
//   Megatron: "using world size: 64, data-parallel size: 64, ...".
// Every line of a job's logs passes here once, so it looks for two short words before parsing.
int statedWorldSize(std::string_view text);

} // namespace rankscope
