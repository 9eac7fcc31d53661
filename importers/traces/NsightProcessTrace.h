#pragma once

#include "core/model/TraceModel.h"
#include "importers/traces/TraceBuilder.h"
#include "importers/traces/TraceProblemLog.h"

#include <cstdint>
#include <limits>
#include <set>
#include <string>
#include <vector>

namespace rankscope {

// One process of an Nsight Systems export while it is read: a rank's trace. An export made per
// rank has one; `nsys profile torchrun ...` on a node has one per local rank.
struct NsightProcessTrace
{
    NsightProcessTrace(std::int64_t processId, TraceProblemLog &problems)
        : globalPid(processId), builder(data, problems)
    {}
    NsightProcessTrace(const NsightProcessTrace &) = delete;
    NsightProcessTrace &operator=(const NsightProcessTrace &) = delete;

    std::int64_t globalPid = 0; // PROCESSES.globalPid: VM and pid bits
    TraceData data;
    TraceBuilder builder; // after `data`, which it fills
    std::int64_t nextIndex = 0;
    std::int64_t firstDevice = std::numeric_limits<std::int64_t>::max(); // its lowest GPU
    std::set<std::int64_t> threads; // globalTid of every CPU track
    std::set<std::int64_t> devices;
    std::vector<std::string> rankTexts; // NVTX texts "MPI Rank N" of its threads
};

} // namespace rankscope
