#include "core/synth/SyntheticRankLog.h"

#include "core/synth/SyntheticLauncherLog.h"
#include "core/synth/SyntheticNcclLog.h"
#include "core/synth/SyntheticRankIdentity.h"
#include "core/synth/SyntheticTrainingLog.h"

#include <algorithm>

namespace rankscope {

namespace {

constexpr std::int64_t kMs = 1'000'000;
constexpr std::int64_t kSecond = 1'000'000'000;

// A rank's own small delay for one purpose, in [0, spanMs) ms.
std::int64_t jitterNs(const SyntheticScenario &scenario, std::uint64_t purpose, int rank,
                      std::int64_t spanMs)
{
    return static_cast<std::int64_t>(
               syntheticLogHash(scenario.seed, purpose, static_cast<std::uint64_t>(rank)) %
               static_cast<std::uint64_t>(spanMs * 1000)) *
           1000;
}

bool isFaultRank(const SyntheticScenario &scenario, int rank)
{
    return std::binary_search(scenario.faultRanks.begin(), scenario.faultRanks.end(), rank);
}

// Before the first iteration: NCCL, the DataLoader, and on rank 0 Megatron's report and wandb.
void appendStartup(SyntheticLogStream &out, const SyntheticScenario &scenario,
                   const SyntheticLogPlan &plan, const SyntheticRankIdentity &id)
{
    const std::int64_t launch = plan.launchNs;
    const int rank = id.rank;
    if (rank == 0)
        appendMegatronStartup(out, scenario, plan, launch + 6 * kSecond, launch + 45 * kSecond);
    const std::int64_t barrier = launch + 8800 * kMs + jitterNs(scenario, 0xBA77, rank, 150);
    appendBarrierDeviceWarning(out, id, barrier);
    appendNcclInit(out, id, scenario, barrier + 90 * kMs + jitterNs(scenario, 0x2CC1, rank, 60));
    appendDataLoaderStart(out, id, launch + 46 * kSecond + jitterNs(scenario, 0xDA7A, rank, 300));
    if (rank == 0) {
        appendWandbStart(out, scenario, launch + 47 * kSecond);
        appendTrainingStart(out, plan.trainingStartNs);
    }
}

} // namespace

SyntheticWatchdogMoment syntheticWatchdogMoment(const SyntheticScenario &scenario,
                                                const SyntheticLogPlan &plan, int rank)
{
    SyntheticWatchdogMoment moment;
    // The last pipeline stage reaches the gradient all-reduce a little after the first.
    moment.enqueuedNs = plan.allReduceNs + jitterNs(scenario, 0xA11E, rank, 60);
    moment.firedNs = moment.enqueuedNs + SyntheticLogPlan::kWatchdogTimeoutMs * kMs + kMs +
                     jitterNs(scenario, 0x3D06, rank, 90); // the watchdog polls
    return moment;
}

bool logsLinkWarning(const SyntheticScenario &scenario, int rank, int iteration)
{
    const SyntheticTracePlan &traces = scenario.traces;
    if (traces.fault != SyntheticTraceFault::SlowNode || !isFaultRank(scenario, rank))
        return false;
    const int firstSlow = traces.faultIteration + 1; // logged numbering
    if (iteration < firstSlow)
        return false;
    return iteration == firstSlow ||
           syntheticLogHash(scenario.seed, 0x11E4 + static_cast<std::uint64_t>(rank),
                            static_cast<std::uint64_t>(iteration)) %
                   4 ==
               0;
}

void appendRankLog(SyntheticLogStream &out, const SyntheticScenario &scenario,
                   const SyntheticLogPlan &plan, const SyntheticCollectiveSchedule *schedule,
                   int rank)
{
    const SyntheticRankIdentity id = syntheticRankIdentity(scenario, rank);
    appendStartup(out, scenario, plan, id);

    const bool printer = printsIterations(scenario.layout, rank);
    const bool warns =
        scenario.traces.fault == SyntheticTraceFault::SlowNode && isFaultRank(scenario, rank);
    if (printer || warns || rank == 0) {
        const std::vector<SyntheticLoggedStep> steps =
            loggedStepsOf(plan, scenario, schedule, rank);
        for (const SyntheticLoggedStep &step : steps) {
            if (warns && logsLinkWarning(scenario, rank, step.iteration))
                appendNcclLinkWarning(out, id, step.startNs + (step.endNs - step.startNs) * 2 / 5);
            if (printer)
                appendIterationLine(out, scenario, plan, step);
            if (rank == 0 && step.iteration % 20 == 0)
                appendWandbUpload(out, scenario, step.endNs + 4 * kMs);
        }
    }
    if (rank == 0 && plan.checkpointIteration > 0)
        appendCheckpointSave(out, scenario, plan);

    if (plan.traced) {
        if (rank == 0)
            appendTrainingDone(out, plan.endNs - 1 * kSecond);
        return;
    }
    if (plan.hangIteration > 0) {
        if (isFaultRank(scenario, rank)) {
            appendLoaderTraceback(out, scenario, plan.faultTracebackNs);
        } else {
            const SyntheticWatchdogMoment moment = syntheticWatchdogMoment(scenario, plan, rank);
            appendWatchdogTimeout(out, id, plan, moment.enqueuedNs, moment.firedNs);
        }
    }
}

void appendAgentLog(SyntheticLogStream &out, const SyntheticScenario &scenario,
                    const SyntheticLogPlan &plan)
{
    const int node = out.node();
    const std::int64_t start = plan.launchNs + jitterNs(scenario, 0xA6E7, node, 300);
    appendAgentStartup(out, scenario, start);
    if (plan.traced) {
        appendAgentSuccess(out, plan.endNs + jitterNs(scenario, 0x5CCE, node, 200));
        return;
    }
    if (plan.hangIteration == 0)
        return; // healthy: still running when the bundle was collected
    const SyntheticLayout &layout = scenario.layout;
    const int first = node * layout.ranksPerNode;
    const int end = std::min(layout.worldSize, first + layout.ranksPerNode);
    // The first worker of the node to die is the root cause the agent names.
    int failedRank = -1;
    int exitCode = -6;
    std::int64_t failedAt = 0;
    for (int rank = first; rank < end; ++rank) {
        const std::int64_t at = isFaultRank(scenario, rank)
                                    ? plan.faultTracebackNs
                                    : syntheticWatchdogMoment(scenario, plan, rank).firedNs;
        if (failedRank < 0 || at < failedAt) {
            failedRank = rank;
            failedAt = at;
            exitCode = isFaultRank(scenario, rank) ? 1 : -6;
        }
    }
    appendAgentFailure(out, scenario, failedRank, exitCode, failedAt,
                       std::max(failedAt, plan.teardownNs) + jitterNs(scenario, 0xDEAD, node, 900));
}

} // namespace rankscope
