#pragma once

#include "core/synth/SyntheticCollectiveSchedule.h"
#include "core/synth/SyntheticScenario.h"

#include <cstdint>
#include <string>

namespace rankscope {

// The trainer process a rank's trace describes; the same pid and autograd thread id as in the
// rank's py-spy dumps, so a stack sample and the trace name the same process.
struct SyntheticTraceProcess
{
    std::int64_t pid = 0;
    std::int64_t autogradTid = 0;
};

// Appends the whole PyTorch profiler (Kineto) trace of one rank of a traced scenario: metadata,
// then every ProfilerStep with its CPU ops on the main and autograd threads, kernels and copies
// on stream 7, the gradient all-reduces on stream 20 and the node-local tp collectives on stream
// 24, linked by ac2g flows. Times are the rank's local clock (aligned + its node's offset).
void appendSyntheticRankTrace(std::string &out, const SyntheticScenario &scenario,
                              const SyntheticCollectiveSchedule &schedule, int rank,
                              const SyntheticTraceProcess &process);

// "traces/rank<N>.pt.trace.json", plus ".gz" when compressed.
std::string syntheticTraceFileName(const SyntheticScenario &scenario, int rank);

} // namespace rankscope
