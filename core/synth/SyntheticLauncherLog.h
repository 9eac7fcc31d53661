#pragma once

#include "core/synth/SyntheticLogPlan.h"
#include "core/synth/SyntheticLogStream.h"

#include <cstdint>

namespace rankscope {

// What the torchrun agent of one node logs itself (torch.distributed.run and elastic, PyTorch
// 2.4), without a rank prefix: the launch configuration and rendezvous before the workers
// start, and at the end either the worker group's success or the failed workers and the
// ChildFailedError report.

void appendAgentStartup(SyntheticLogStream &out, const SyntheticScenario &scenario,
                        std::int64_t atNs);

// The end of a job that ran to completion.
void appendAgentSuccess(SyntheticLogStream &out, std::int64_t atNs);

// The agent stops its workers after some died: `firstFailedRank` is the root cause it names,
// dead at `failedAtNs` with `exitCode` (-6: SIGABRT from the NCCL watchdog, 1: an exception).
void appendAgentFailure(SyntheticLogStream &out, const SyntheticScenario &scenario,
                        int firstFailedRank, int exitCode, std::int64_t failedAtNs,
                        std::int64_t atNs);

} // namespace rankscope
