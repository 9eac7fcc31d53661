#pragma once

#include "core/synth/SyntheticRankStacks.h"
#include "core/synth/SyntheticScenario.h"

#include <cstdint>
#include <string>

namespace rankscope {

// Who a rank is in its log lines: host, pids and threads (the same pids as in its stacks),
// GPU and NCCL communicator.
struct SyntheticRankIdentity
{
    int rank = 0;
    int localRank = 0;
    int node = 0;
    std::string host;        // "node-3", as job.json names the node
    std::string address;     // the node's eth0 address, "10.0.3.17"
    std::string busId;       // the GPU's PCI bus id as NCCL prints it, "4e000"
    std::string commPointer; // "0x55d0c3a0e2b0": the rank's ncclComm_t
    SyntheticProcessIds ids;
    std::int64_t ncclThread = 0;     // NCCL's init/proxy thread
    std::int64_t watchdogThread = 0; // ProcessGroupNCCL's watchdog (a C++ thread py-spy omits)
};

SyntheticRankIdentity syntheticRankIdentity(const SyntheticScenario &scenario, int rank);

// "node-3:20412:20590 [3] NCCL INFO " and the like: NCCL's own line header.
void appendNcclHeader(std::string &out, const SyntheticRankIdentity &id, std::int64_t thread,
                      const char *level);

// The job's NCCL unique id as ncclCommInitRank prints it (the same on every rank).
std::string syntheticCommId(std::uint64_t seed);

} // namespace rankscope
