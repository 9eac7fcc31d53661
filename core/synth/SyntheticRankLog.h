#pragma once

#include "core/synth/SyntheticCollectiveSchedule.h"
#include "core/synth/SyntheticLogPlan.h"
#include "core/synth/SyntheticLogStream.h"

namespace rankscope {

// Everything one rank prints over the job, as the scenario's story has it: NCCL start-up, the
// DataLoader, iteration lines on the last pipeline stage, rank 0's noise, and the fault's
// traces (watchdog timeouts on the hang's waiters, the OSError on its fault rank, NCCL link
// warnings on the slow node's ranks). `schedule` is the traced scenarios' collective schedule.
void appendRankLog(SyntheticLogStream &out, const SyntheticScenario &scenario,
                   const SyntheticLogPlan &plan, const SyntheticCollectiveSchedule *schedule,
                   int rank);

// What the node's torchrun agent prints (see SyntheticLauncherLog.h), at the plan's moments.
void appendAgentLog(SyntheticLogStream &out, const SyntheticScenario &scenario,
                    const SyntheticLogPlan &plan);

// When the NCCL watchdog of a waiting rank of the hang fires, and when its all-reduce was
// enqueued; the same for every caller.
struct SyntheticWatchdogMoment
{
    std::int64_t enqueuedNs = 0;
    std::int64_t firedNs = 0;
};
SyntheticWatchdogMoment syntheticWatchdogMoment(const SyntheticScenario &scenario,
                                                const SyntheticLogPlan &plan, int rank);

// The slow node's link warnings: whether `rank` logs one in (logged) iteration `iteration`.
bool logsLinkWarning(const SyntheticScenario &scenario, int rank, int iteration);

} // namespace rankscope
