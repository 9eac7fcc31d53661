#pragma once

#include "core/synth/SyntheticCollectiveSchedule.h"
#include "core/synth/SyntheticScenario.h"

#include <cstdint>
#include <vector>

namespace rankscope {

// One Megatron iteration as one rank logs it.
struct SyntheticLoggedStep
{
    int iteration = 0;        // Megatron's number: iterations completed, 1-based
    std::int64_t startNs = 0; // aligned clock
    std::int64_t endNs = 0;   // the iteration line is printed just after
    double stepMs = 0;        // "elapsed time per iteration (ms)"
};

// The job-wide timeline of a synthetic job's logs, on the aligned clock, decided before any
// rank's lines are written so that every rank tells the same story as the stacks and traces.
//
// Stack-only scenarios (healthy, hang-dataloader) resume from a checkpoint and log iterations
// 1461 on, about 812 ms each; the stack samples (12:31:04 on) fall in the training, and in
// hang-dataloader iteration 1521 never ends: the fault rank blocks in get_batch, the others in
// the gradient all-reduce, until the NCCL watchdog fires 600 s later. The hang's healthy
// baseline logs the same iterations at the same moments and goes on like healthy. The traced
// scenarios start from scratch: logged iteration N is ProfilerStep#(N-1) of the traces, with the
// step time of that rank's trace.
struct SyntheticLogPlan
{
    static constexpr std::int64_t kWatchdogTimeoutMs = 600'000;

    bool traced = false;
    bool launcherRankPrefix = true; // launcher.out: "[rank<N>]:", else "[default<N>]:"
    std::int64_t launchNs = 0;      // the torchrun agents start
    std::int64_t trainingStartNs = 0;
    int firstIteration = 1;
    int lastIteration = 0;        // the last iteration line of the job
    int trainIterations = 0;      // "--train-iters": the "/ 500000" of iteration lines
    int resumedFromIteration = 0; // 0: trained from scratch
    int checkpointIteration = 0;  // rank 0 saves after it; 0: never
    std::int64_t checkpointSaveNs = 0;
    std::int64_t checkpointStartNs = 0; // after iteration checkpointIteration ends
    int globalBatchSize = 0;
    std::vector<SyntheticLoggedStep> steps; // stack-only scenarios: the job-wide iterations
    std::int64_t endNs = 0;                 // the job's last line (before any failure)

    // hang-dataloader
    int hangIteration = 0;             // the iteration that never ends (lastIteration + 1)
    std::int64_t hangStartNs = 0;      // it starts; the fault rank blocks right away
    std::int64_t allReduceNs = 0;      // the others enqueue the gradient all-reduce (about)
    std::int64_t watchdogNs = 0;       // the first watchdog fires (allReduceNs + timeout)
    std::int64_t faultTracebackNs = 0; // the fault rank's OSError
    std::int64_t teardownNs = 0;       // the agents report the failure
    std::int64_t hangSeqNum = 0;       // WorkNCCL SeqNum of the gradient all-reduce
};

SyntheticLogPlan planSyntheticLogs(const SyntheticScenario &scenario,
                                   const SyntheticCollectiveSchedule *schedule, int samplesPerRank);

// Megatron prints iteration lines on the last pipeline stage: the last rank of each pipeline
// (every rank without pipeline parallelism).
bool printsIterations(const SyntheticLayout &layout, int rank);

// The iterations `rank` logs: the plan's, with the rank's own few-ms jitter, or in a traced
// scenario its ProfilerSteps simulated again from the schedule (as its trace has them).
std::vector<SyntheticLoggedStep> loggedStepsOf(const SyntheticLogPlan &plan,
                                               const SyntheticScenario &scenario,
                                               const SyntheticCollectiveSchedule *schedule,
                                               int rank);

// The loss, learning rate and grad norm of an iteration: the same on every rank (Megatron
// reduces them over the data-parallel group).
double syntheticLoss(std::uint64_t seed, int iteration);
double syntheticLearningRate(int iteration);
double syntheticGradNorm(std::uint64_t seed, int iteration);

// Counter-based hashing for the logs' small random choices: (seed, a, b) always give the same.
std::uint64_t syntheticLogHash(std::uint64_t seed, std::uint64_t a, std::uint64_t b = 0);
// A uniform draw in [0, 1) from the same.
double syntheticLogUnit(std::uint64_t seed, std::uint64_t a, std::uint64_t b = 0);

} // namespace rankscope
