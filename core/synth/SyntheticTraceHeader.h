#pragma once

#include "core/synth/SyntheticScenario.h"

#include <string>
#include <string_view>

namespace rankscope {

// The text of a trace file around its events: the metadata Kineto and PyTorch write before
// "traceEvents" (devices, distributedInfo with the process groups, baseTimeNanoseconds), and the
// closing "traceName".
void appendSyntheticTraceHeader(std::string &out, const SyntheticScenario &scenario, int rank);
void appendSyntheticTraceFooter(std::string &out, const SyntheticScenario &scenario, int rank);

// The args PyTorch records for one collective: on record_param_comms (`op`) and, copied by
// Kineto, on the NCCL kernel (`kernel`), already written as `"key": value, ...`.
struct SyntheticCollectiveArgs
{
    std::string op;
    std::string kernel;
    std::string_view kernelName;
};

struct SyntheticCollectiveArgTexts
{
    SyntheticCollectiveArgs gradientBucket;       // allreduce on default_pg
    SyntheticCollectiveArgs tensorParallelGather; // _allgather_base on the node's tp group
    SyntheticCollectiveArgs tensorParallelReduce; // allreduce on the node's tp group
};

// Process groups: "0" is default_pg (every rank); node k's tp group is "k+1", as PyTorch names
// groups in creation order, so that the same collective never has the same key on two nodes.
SyntheticCollectiveArgTexts syntheticCollectiveArgs(const SyntheticScenario &scenario, int rank);

} // namespace rankscope
