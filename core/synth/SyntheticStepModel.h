#pragma once

#include "core/synth/SyntheticTracePlan.h"

#include <cstdint>
#include <span>

namespace rankscope {

// The timing of one training step of one rank, on the aligned (true) clock, in ns. The model is
// a small DDP trainer: a host-to-device batch copy, a forward pass of two linear layers with a
// GELU between them, a backward pass on the autograd thread whose two gradient buckets are
// all-reduced on an NCCL stream while the next backward kernel runs, a fused AdamW step and the
// loss .item() that synchronizes the host with the GPU. With tensor parallelism (slow-node) the
// forward pass also all-gathers its input and all-reduces its output inside the node.

struct SimSpan
{
    std::int64_t start = 0;
    std::int64_t end = 0;
    std::int64_t duration() const { return end - start; }
};

// A CPU operator that launches one piece of GPU work.
struct SimLaunch
{
    SimSpan op;     // the outer CPU range (aten::linear, record_param_comms ...)
    SimSpan inner;  // the operator inside it that launches (aten::addmm), or the op itself
    SimSpan launch; // cudaLaunchKernel / cudaMemcpyAsync, inside `inner`
    SimSpan gpu;    // the kernel or copy; for a collective: [own arrival, common end]
};

// Collective indices in the order a step runs them (tp ones only with tensor parallelism).
inline constexpr int kMaxStepCollectives = 4;
int stepCollectiveCount(const SyntheticTracePlan &plan);
bool isTensorParallelCollective(const SyntheticTracePlan &plan, int collective);

struct SyntheticStep
{
    SimSpan step;                // ProfilerStep#N on the main thread
    SimSpan dataLoader;          // DataLoader __next__
    SimLaunch h2d;               // aten::to -> cudaMemcpyAsync -> Memcpy HtoD
    SimLaunch tensorParallel[2]; // _allgather_base before the layers, allreduce after them
    SimLaunch forward[2];        // aten::linear -> aten::addmm -> gemm
    SimLaunch gelu;              // aten::gelu -> elementwise kernel
    SimLaunch backward[2];       // evaluate_function: AddmmBackward0 -> aten::mm -> gemm
                                 // (layer 2 first)
    SimLaunch buckets[2];        // DDP gradient buckets: record_param_comms -> NCCL allreduce
    SimLaunch optimizer;         // Optimizer.step#AdamW.step -> aten::_fused_adamw_ -> kernel
    SimLaunch item;              // aten::item -> cudaMemcpyAsync -> Memcpy DtoH
    SimSpan synchronize;         // cudaStreamSynchronize inside aten::item

    SimLaunch &collective(const SyntheticTracePlan &plan, int index);
};

// What one step of one rank needs beyond the plan.
struct SyntheticStepInputs
{
    const SyntheticTracePlan *plan = nullptr;
    std::uint64_t seed = 0;
    int rank = 0;
    int iteration = 0;
    std::int64_t startNs = 0; // ProfilerStep start
    // The common end of the step's collectives known so far, in step order.
    std::span<const std::int64_t> collectiveEnds;
};

// Simulates the step as far as the known collective ends allow. Returns -1 when the step is
// complete, else the index of the first collective whose end is missing; its SimLaunch then
// holds this rank's arrival in gpu.start. Deterministic in (seed, rank, iteration, inputs).
int simulateStep(const SyntheticStepInputs &inputs, SyntheticStep &step);

// The next step starts this long after the previous one ends.
inline constexpr std::int64_t kStepGapNs = 12'000;

// The first step's start on one rank: processes start a little apart.
std::int64_t firstStepStartNs(const SyntheticTracePlan &plan, std::uint64_t seed, int rank);

// Mean healthy durations, for the ground truth's expected effect of a fault.
struct SyntheticStepCosts
{
    double computeKernelsNs = 0;         // all compute kernels of a step
    double memcpyNs = 0;                 // the two copies
    double tensorParallelTransferNs = 0; // both tp collectives, after the last arrival
    double dataParallelTransferNs = 0;   // both gradient buckets, after the last arrival
};
SyntheticStepCosts syntheticStepCosts(const SyntheticTracePlan &plan);

// The transfer time of a collective once every member has arrived: ~1% noise, the slow node's
// tp collectives scaled. `group` is the node for tp collectives, 0 for the global ones.
std::int64_t collectiveTransferNs(const SyntheticTracePlan &plan, std::uint64_t seed, int iteration,
                                  int collective, int group);

} // namespace rankscope
