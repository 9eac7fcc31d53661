#pragma once

#include "core/synth/SyntheticLayout.h"

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace rankscope {

// What is injected into a scenario that writes profiler traces.
enum class SyntheticTraceFault : std::uint8_t
{
    None,     // every rank healthy (a traced scenario asked for with 0% slowdown)
    SlowGpu,  // one rank's compute kernels are slower from the fault iteration on
    SlowNode, // the node-local ("tp") collectives of one node transfer slower
};

// The job-wide decisions of a traced scenario, made once from the seed before any rank is
// simulated: the fault, the clocks of the nodes and where the job sits in time.
struct SyntheticTracePlan
{
    bool enabled = false; // false for the stack-only scenarios
    SyntheticTraceFault fault = SyntheticTraceFault::None;
    int iterations = 0;          // ProfilerStep#0 .. #iterations-1 on every rank
    double slowdownPercent = 0;  // how much slower the faulty part is
    int faultIteration = 0;      // first ProfilerStep number with the fault active
    int faultPeriod = 0;         // >= 2: active only every faultPeriod-th iteration from there
    int faultRank = -1;          // SlowGpu
    int faultNode = -1;          // SlowNode
    bool tensorParallel = false; // node-local "tp" collectives in the forward pass
    bool compress = false;       // write traces/rank<N>.pt.trace.json.gz
    // Per node: local clock = aligned clock + offset. Node 0 is the reference (0).
    std::vector<std::int64_t> nodeClockOffsetsNs;
    std::int64_t jobStartNs = 0; // aligned time of the first ProfilerStep start
    std::int64_t baseTimeNs = 0; // Kineto's baseTimeNanoseconds: ts are relative to it

    int nodeCount = 0;
    int ranksPerNode = 1;

    std::int64_t clockOffsetOfRank(int rank) const
    {
        return nodeClockOffsetsNs[static_cast<std::size_t>(rank / ranksPerNode)];
    }
    // Whether the fault is active in one iteration (from faultIteration, every faultPeriod-th).
    bool faultActive(int iteration) const;
    // The scale of one rank's compute kernels in one iteration (1 when healthy).
    double computeScale(int rank, int iteration) const;
    // The scale of a node's "tp" collective transfer in one iteration.
    double tensorParallelTransferScale(int node, int iteration) const;
    // The ranks that wait for the faulty part, ascending.
    std::vector<int> expectedWaiters(int worldSize) const;
    // The fault's effect on its metric (compute or comm_transfer), in percent of the healthy
    // value, from the step model's mean durations.
    double expectedIncreasePercent() const;
    const char *faultMetricKey() const; // "compute", "comm_transfer", "" for None
};

struct SyntheticTraceOptions
{
    int iterations = 60;
    double slowdownPercent = 30;
    int faultIteration = -1; // -1: iterations / 2
    int faultPeriod = 0;     // 0 or 1: every iteration from faultIteration; k: every k-th
    bool compress = false;
};

// Plans a traced scenario ("straggler-gpu" or "slow-node"). `rng` is the scenario's generator.
// Throws std::invalid_argument for options it cannot use.
SyntheticTracePlan planSyntheticTraces(const std::string &scenario, const SyntheticLayout &layout,
                                       const SyntheticTraceOptions &options, std::mt19937_64 &rng);

} // namespace rankscope
