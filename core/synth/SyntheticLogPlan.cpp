#include "core/synth/SyntheticLogPlan.h"
#include "core/synth/SynthTime.h"

#include "core/synth/SyntheticStepModel.h"

#include <algorithm>
#include <cmath>

namespace rankscope {

namespace {

// The stack-only scenarios sample at 12:31:04 (+3 s per sample); see SyntheticBundle.cpp.
constexpr std::int64_t kFirstSampleNs = 1'764'419'464 * kSecond;
constexpr double kStackOnlyStepMs = 812.0;
// From the agents' start to the first iteration: workers, NCCL, model, checkpoint, data.
constexpr std::int64_t kStartupNs = 52 * kSecond;

std::uint64_t mix(std::uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// Iterations firstIteration.. of about kStackOnlyStepMs, from time 0, with rank 0's checkpoint
// save after plan.checkpointIteration, until `lastIteration` or until one ends after `untilNs`.
void planStackOnlySteps(SyntheticLogPlan &plan, std::uint64_t seed, int lastIteration,
                        std::int64_t untilNs)
{
    std::int64_t cursor = 0;
    for (int iteration = plan.firstIteration;; ++iteration) {
        const double stepMs = kStackOnlyStepMs *
                              (1.0 + 0.012 * (2.0 * syntheticLogUnit(seed, 0x57E9, iteration) - 1));
        SyntheticLoggedStep step;
        step.iteration = iteration;
        step.startNs = cursor;
        step.stepMs = std::round(stepMs * 10.0) / 10.0;
        step.endNs = cursor + static_cast<std::int64_t>(stepMs * kMs);
        plan.steps.push_back(step);
        cursor = step.endNs + 3 * kMs; // logging, timers
        if (iteration == plan.checkpointIteration) {
            plan.checkpointStartNs = step.endNs + 20 * kMs;
            cursor = plan.checkpointStartNs + plan.checkpointSaveNs + 30 * kMs;
        }
        if (iteration == lastIteration || (lastIteration == 0 && step.endNs > untilNs))
            break;
    }
}

void shiftSteps(SyntheticLogPlan &plan, std::int64_t by)
{
    for (SyntheticLoggedStep &step : plan.steps) {
        step.startNs += by;
        step.endNs += by;
    }
    plan.checkpointStartNs += by;
}

} // namespace

std::uint64_t syntheticLogHash(std::uint64_t seed, std::uint64_t a, std::uint64_t b)
{
    return mix(seed ^ mix(0x9E3779B97F4A7C15ull * (a + 1) + mix(0xD1B54A32D192ED03ull * (b + 1))));
}

double syntheticLogUnit(std::uint64_t seed, std::uint64_t a, std::uint64_t b)
{
    return static_cast<double>(syntheticLogHash(seed, a, b) >> 11) * 0x1.0p-53;
}

double syntheticLoss(std::uint64_t seed, int iteration)
{
    return 1.9 + 9.0 * std::exp(-iteration / 400.0) +
           0.03 * (2.0 * syntheticLogUnit(seed, 0x1055, static_cast<std::uint64_t>(iteration)) - 1);
}

double syntheticLearningRate(int iteration)
{
    // Linear warm-up over 2000 iterations to 6e-5 (then cosine, never reached here).
    return 6.0e-5 * std::min(1.0, iteration / 2000.0);
}

double syntheticGradNorm(std::uint64_t seed, int iteration)
{
    return 0.7 + 5.0 * std::exp(-iteration / 30.0) +
           0.08 * syntheticLogUnit(seed, 0x6AAD, static_cast<std::uint64_t>(iteration));
}

bool printsIterations(const SyntheticLayout &layout, int rank)
{
    return layout.pipelineStageOf(rank) == layout.pipelineParallel - 1;
}

SyntheticLogPlan planSyntheticLogs(const SyntheticScenario &scenario,
                                   const SyntheticCollectiveSchedule *schedule, int samplesPerRank)
{
    const std::uint64_t seed = scenario.seed;
    SyntheticLogPlan plan;
    plan.traced = scenario.traces.enabled && schedule != nullptr;
    plan.launcherRankPrefix =
        SyntheticScenario::isHangScenario(scenario.name) || scenario.name == "slow-node";
    plan.globalBatchSize = std::max(1, scenario.layout.dataParallel) * 16;
    const std::int64_t jitter = static_cast<std::int64_t>(syntheticLogUnit(seed, 0x7117) * 4e9);

    if (plan.traced) {
        const SyntheticTracePlan &traces = scenario.traces;
        plan.trainingStartNs = traces.jobStartNs;
        plan.firstIteration = 1;
        plan.lastIteration = traces.iterations;
        plan.trainIterations = traces.iterations;
        plan.checkpointIteration = traces.iterations;
        plan.checkpointSaveNs = 6 * kSecond + jitter / 8;
        plan.checkpointStartNs = schedule->referenceSteps().back().end + 150 * kMs;
        plan.endNs = plan.checkpointStartNs + plan.checkpointSaveNs + 1500 * kMs;
        plan.launchNs = plan.trainingStartNs - kStartupNs - jitter / 4;
        return plan;
    }

    plan.firstIteration = 1461;
    plan.resumedFromIteration = 1460;
    plan.trainIterations = 500000;
    plan.checkpointIteration = 1500;
    plan.checkpointSaveNs = 7 * kSecond + jitter / 8;
    // healthy: training goes on through the samples; the bundle is collected after them.
    const std::int64_t collectedNs = kFirstSampleNs +
                                     (static_cast<std::int64_t>(std::max(1, samplesPerRank)) - 1) *
                                         kSecondsBetweenSamples * kSecond +
                                     5 * kSecond;
    if (SyntheticScenario::isHangScenario(scenario.name)) {
        // Iteration 1521 starts about 23 s before the first stack sample and never ends.
        planStackOnlySteps(plan, seed, 1520, 0);
        const std::int64_t hangStart = kFirstSampleNs - 21 * kSecond - jitter;
        const std::int64_t shift = hangStart - (plan.steps.back().endNs + 3 * kMs);
        if (scenario.healthyBaseline) {
            // The healthy twin logs iterations 1461-1520 at the same moments with the same
            // values, then, since nothing hangs, goes on training through the samples.
            plan.steps.clear();
            planStackOnlySteps(plan, seed, 0, collectedNs - shift);
            shiftSteps(plan, shift);
            plan.lastIteration = plan.steps.back().iteration;
            plan.endNs = plan.steps.back().endNs;
        } else {
            plan.lastIteration = 1520;
            shiftSteps(plan, shift);
            plan.hangIteration = plan.lastIteration + 1;
            plan.hangStartNs = hangStart;
            plan.allReduceNs = hangStart + static_cast<std::int64_t>(0.55 * kStackOnlyStepMs * kMs);
            plan.watchdogNs =
                plan.allReduceNs + SyntheticLogPlan::kWatchdogTimeoutMs * kMs + 8 * kMs;
            plan.faultTracebackNs = plan.watchdogNs + 1700 * kMs;
            plan.teardownNs = plan.watchdogNs + 3400 * kMs;
            // Two gradient all-reduces and a loss all-reduce per iteration on the data-parallel
            // group, after six at start-up.
            plan.hangSeqNum =
                6 + 3 * static_cast<std::int64_t>(plan.hangIteration - plan.firstIteration) + 1;
            plan.endNs = hangStart;
        }
    } else {
        const std::int64_t start = kFirstSampleNs - 45 * kSecond - jitter;
        planStackOnlySteps(plan, seed, 0, collectedNs - start);
        shiftSteps(plan, start);
        plan.lastIteration = plan.steps.back().iteration;
        plan.endNs = plan.steps.back().endNs;
    }
    plan.trainingStartNs = plan.steps.front().startNs;
    plan.launchNs = plan.trainingStartNs - kStartupNs - jitter / 4;
    if (plan.checkpointIteration > plan.lastIteration)
        plan.checkpointIteration = 0;
    return plan;
}

std::vector<SyntheticLoggedStep> loggedStepsOf(const SyntheticLogPlan &plan,
                                               const SyntheticScenario &scenario,
                                               const SyntheticCollectiveSchedule *schedule,
                                               int rank)
{
    std::vector<SyntheticLoggedStep> steps;
    const std::uint64_t seed = scenario.seed;
    if (!plan.traced) {
        steps = plan.steps;
        for (SyntheticLoggedStep &step : steps) {
            // Each rank's own timer and print: within a few ms and a few tenths of a ms.
            const std::uint64_t key = static_cast<std::uint64_t>(step.iteration);
            step.endNs +=
                static_cast<std::int64_t>(syntheticLogHash(seed, 0xE9D0 + rank, key) % 4000) * 1000;
            step.stepMs += std::round((syntheticLogUnit(seed, 0x5EED + rank, key) - 0.5) * 6) / 10;
        }
        return steps;
    }
    // The rank's ProfilerSteps, simulated as its trace was: the same inputs give the same steps.
    const SyntheticTracePlan &traces = scenario.traces;
    SyntheticStepInputs inputs;
    inputs.plan = &traces;
    inputs.seed = seed;
    inputs.rank = rank;
    inputs.startNs = firstStepStartNs(traces, seed, rank);
    std::int64_t ends[kMaxStepCollectives] = {};
    SyntheticStep step;
    steps.reserve(static_cast<std::size_t>(traces.iterations));
    for (int iteration = 0; iteration < traces.iterations; ++iteration) {
        const int count = schedule->endsOf(iteration, rank, ends);
        inputs.iteration = iteration;
        inputs.collectiveEnds = std::span<const std::int64_t>(ends, std::size_t(count));
        simulateStep(inputs, step);
        SyntheticLoggedStep logged;
        logged.iteration = iteration + 1;
        logged.startNs = step.step.start;
        logged.endNs = step.step.end + 150'000; // the print after loss.item()
        logged.stepMs = static_cast<double>(step.step.duration()) / 1e6;
        steps.push_back(logged);
        inputs.startNs = step.step.end + kStepGapNs;
    }
    return steps;
}

} // namespace rankscope
