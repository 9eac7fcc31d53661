#include "core/synth/SyntheticRankLog.h"
#include "core/synth/SynthTime.h"

#include "core/synth/SyntheticFlightRecorder.h"
#include "core/synth/SyntheticLauncherLog.h"
#include "core/synth/SyntheticNcclLog.h"
#include "core/synth/SyntheticRankIdentity.h"
#include "core/synth/SyntheticTrainingLog.h"

#include <algorithm>

namespace rankscope {

namespace {

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

// The first rank whose watchdog fires: the one whose timeout tells the others to dump.
int firstTimedOutRank(const SyntheticScenario &scenario, const SyntheticLogPlan &plan)
{
    int first = -1;
    std::int64_t firstAt = 0;
    for (int rank = 0; rank < scenario.layout.worldSize; ++rank) {
        if (!enqueuesHangCollective(scenario, rank))
            continue;
        const std::int64_t at = syntheticWatchdogMoment(scenario, plan, rank).firedNs;
        if (first < 0 || at < firstAt) {
            first = rank;
            firstAt = at;
        }
    }
    return first;
}

// What a rank logs once the job hangs, consistent with its Flight Recorder dump: the watchdog
// timeout of the collective it enqueued (its own OpType), or, on hang-dataloader's fault rank,
// the DataLoader's error and the dump signal it receives with its progress one behind.
void appendHang(SyntheticLogStream &out, const SyntheticScenario &scenario,
                const SyntheticLogPlan &plan, const SyntheticRankIdentity &id)
{
    const int rank = id.rank;
    const SyntheticWatchdogMoment moment = syntheticWatchdogMoment(scenario, plan, rank);
    switch (scenario.collectiveFault) {
    case SyntheticCollectiveFault::Behind:
        if (isFaultRank(scenario, rank)) {
            const int from = firstTimedOutRank(scenario, plan);
            appendDumpSignalReceived(out, id, plan, from,
                                     syntheticWatchdogMoment(scenario, plan, from).firedNs +
                                         120 * kMs);
            appendLoaderTraceback(out, scenario, plan.faultTracebackNs);
            return;
        }
        break;
    case SyntheticCollectiveFault::Mismatch: {
        // TORCH_DISTRIBUTED_DEBUG=DETAIL: every rank compares its fingerprint with the others'
        // and reports the first rank that differs.
        const int fault = scenario.faultRanks.front();
        const int other = isFaultRank(scenario, rank) ? (fault == 0 ? 1 : 0) : fault;
        appendDesyncReport(out, rank, hangOpTypeOf(scenario, rank), other,
                           hangOpTypeOf(scenario, other), plan.hangSeqNum,
                           moment.enqueuedNs - 2 * kMs);
        break;
    }
    case SyntheticCollectiveFault::AllWaiting:
        if (isFaultRank(scenario, rank)) {
            // The node's link fails a few seconds into the collective; the peer is the next
            // node's first rank (the ring leaves the node there).
            const int peer = (scenario.faultRanks.back() + 1) % scenario.layout.worldSize;
            appendNcclNetworkFailure(out, id, syntheticRankIdentity(scenario, peer).address,
                                     moment.enqueuedNs + 2 * kSecond +
                                         jitterNs(scenario, 0x1B0F, rank, 40));
        }
        break;
    case SyntheticCollectiveFault::None:
        return;
    }
    appendWatchdogTimeout(out, id, plan, hangOpTypeOf(scenario, rank), moment.enqueuedNs,
                          moment.firedNs);
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
    if (plan.hangIteration > 0)
        appendHang(out, scenario, plan, id);
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
        const bool loaderError = !enqueuesHangCollective(scenario, rank);
        const std::int64_t at = loaderError ? plan.faultTracebackNs
                                            : syntheticWatchdogMoment(scenario, plan, rank).firedNs;
        if (failedRank < 0 || at < failedAt) {
            failedRank = rank;
            failedAt = at;
            exitCode = loaderError ? 1 : -6;
        }
    }
    appendAgentFailure(out, scenario, failedRank, exitCode, failedAt,
                       std::max(failedAt, plan.teardownNs) + jitterNs(scenario, 0xDEAD, node, 900));
}

} // namespace rankscope
