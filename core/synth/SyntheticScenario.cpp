#include "core/synth/SyntheticScenario.h"

#include "core/synth/SyntheticBundle.h"

#include <algorithm>
#include <cstdio>
#include <random>
#include <stdexcept>

namespace rankscope {

std::vector<SynthScenarioInfo> synthScenarios()
{
    return {
        {"healthy", "Every rank trains normally: forward, backward, optimizer and data fetches, "
                    "a different place in each sample. No rank should be suspected."},
        {"hang-dataloader",
         "One rank (picked from the seed) waits forever on its DataLoader because a worker "
         "hangs in a read; every other rank waits in the gradient all_reduce. Writes Flight "
         "Recorder dumps (fr/) and watchdog lines. Needs 2 ranks."},
        {"collective-mismatch",
         "One rank (picked from the seed) calls broadcast (DistributedDataParallel."
         "broadcast_params) at the sequence number where every other rank calls the gradient "
         "all_reduce of the default process group; all hang until the NCCL watchdog fires. "
         "Writes Flight Recorder dumps (fr/), watchdog lines and TORCH_DISTRIBUTED_DEBUG=DETAIL "
         "desync reports. Needs 2 ranks."},
        {"network-hang",
         "Every rank waits in the same gradient all_reduce at the same sequence number; the "
         "InfiniBand link of one node (picked from the seed) fails, and only its ranks log NCCL "
         "WARN lines. The Flight Recorder dumps (fr/) cannot tell who is at fault, the node's "
         "logs can. Needs 2 ranks, and 2 nodes to have ranks without the warnings."},
        {"straggler-gpu",
         "Writes a PyTorch profiler trace per rank (traces/) besides healthy stacks. One rank's "
         "GPU (picked from the seed) runs its compute kernels slower (--slowdown, default 30%) "
         "from iteration --fault-iteration on; every other rank waits for it in the gradient "
         "all-reduce. Node clocks are offset. Needs 2 ranks."},
        {"slow-node",
         "Writes a PyTorch profiler trace per rank (traces/) besides healthy stacks. The "
         "node-local (tensor-parallel) collectives of one node (picked from the seed) transfer "
         "slower (--slowdown) from iteration --fault-iteration on; its ranks reach the gradient "
         "all-reduce late and the other nodes wait. Node clocks are offset. Needs 2 nodes to "
         "have waiters."},
    };
}

namespace {

bool isTracedScenario(const std::string &name)
{
    return name == "straggler-gpu" || name == "slow-node";
}

// Spreads the ranks evenly over the phases of a step, so that no single place (in particular
// the tensor-parallel all_reduce) ever holds a majority of the healthy stacks.
void spreadTrainingPhases(SyntheticScenario &scenario, int ranks, std::mt19937_64 &rng)
{
    scenario.firstPhase.resize(static_cast<std::size_t>(ranks));
    for (int r = 0; r < ranks; ++r)
        scenario.firstPhase[static_cast<std::size_t>(r)] =
            static_cast<std::uint8_t>(r % SyntheticRankStacks::kTrainingPhases);
    for (int r = ranks - 1; r > 0; --r)
        std::swap(scenario.firstPhase[static_cast<std::size_t>(r)],
                  scenario.firstPhase[rng() % static_cast<std::uint64_t>(r + 1)]);
}

std::string percentText(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

void describeTracedScenario(SyntheticScenario &scenario)
{
    const SyntheticTracePlan &plan = scenario.traces;
    const SyntheticLayout &layout = scenario.layout;
    const int ranks = layout.worldSize;
    const std::string when =
        (plan.faultPeriod > 1 ? " every " + std::to_string(plan.faultPeriod) + " iterations"
                              : std::string()) +
        " from iteration " + std::to_string(plan.faultIteration) + " of " +
        std::to_string(plan.iterations) + " on";
    const std::string waiters = std::to_string(plan.expectedWaiters(ranks).size());
    switch (plan.fault) {
    case SyntheticTraceFault::SlowGpu: {
        const int rank = plan.faultRank;
        scenario.description =
            "Rank " + std::to_string(rank) + " (" + layout.nodeOf(rank) + ", local rank " +
            std::to_string(layout.localRankOf(rank)) + ") runs its GPU compute kernels " +
            percentText(plan.slowdownPercent) + "% slower" + when + "; the other " + waiters +
            " ranks wait for it in the gradient all-reduce.";
        break;
    }
    case SyntheticTraceFault::SlowNode: {
        const int first = plan.faultNode * layout.ranksPerNode;
        const int last = std::min(ranks, first + layout.ranksPerNode) - 1;
        scenario.description = "node-" + std::to_string(plan.faultNode) + " (ranks " +
                               std::to_string(first) + "-" + std::to_string(last) +
                               ") transfers its tensor-parallel collectives " +
                               percentText(plan.slowdownPercent) + "% slower" + when +
                               "; its ranks reach the gradient all-reduce late and the other " +
                               waiters + " ranks wait for them.";
        break;
    }
    case SyntheticTraceFault::None:
        scenario.description = "All " + std::to_string(ranks) + " ranks train normally for " +
                               std::to_string(plan.iterations) +
                               " iterations: no slowdown injected, no rank should be suspected.";
        break;
    }
}

// A baseline's story says whose twin it is, so that a reader of ground_truth.json or of the
// CLI's summary never takes it for the faulty run.
// Every rank trains: with several samples each rank's stack changes ("no hang: every rank is
// progressing"); a single sample only shows that no place holds a majority.
std::string healthyVerdict(int ranks, int samples)
{
    if (ranks <= 2)
        return "too-few-ranks";
    return samples >= 2 ? "progressing" : "no-majority";
}

void describeAsBaseline(SyntheticScenario &scenario)
{
    scenario.description =
        "Healthy baseline of " + scenario.name + " (seed " + std::to_string(scenario.seed) +
        ", the same layout and options, no fault injected): " + scenario.description;
}

// The hang's twin: the fault rank is still drawn, so that every later draw is the one the
// faulty bundle makes, and then every rank trains like in the healthy scenario.
void planHealthyHangTwin(SyntheticScenario &scenario, std::mt19937_64 &rng, int samples)
{
    const int ranks = scenario.layout.worldSize;
    rng(); // the fault rank of the faulty bundle
    spreadTrainingPhases(scenario, ranks, rng);
    scenario.expectedVerdict = healthyVerdict(ranks, samples);
    scenario.description =
        "All " + std::to_string(ranks) +
        " ranks train normally, none waits on its DataLoader; every rank's stack changes "
        "between its samples and no place holds a majority of the ranks.";
}

// collective-mismatch and network-hang: every rank is blocked in a collective, so the stacks
// alone show one odd rank (mismatch) or none (network).
void planCollectiveHang(SyntheticScenario &scenario, std::mt19937_64 &rng, int samples)
{
    const SyntheticLayout &layout = scenario.layout;
    const int ranks = layout.worldSize;
    if (scenario.healthyBaseline) {
        planHealthyHangTwin(scenario, rng, samples);
        describeAsBaseline(scenario);
        return;
    }
    scenario.waitOperation = "all_reduce";
    if (scenario.name == "collective-mismatch") {
        const int fault = 1 + static_cast<int>(rng() % static_cast<std::uint64_t>(ranks - 1));
        scenario.faultRanks = {fault};
        scenario.collectiveFault = SyntheticCollectiveFault::Mismatch;
        scenario.expectedVerdict = ranks <= 2 ? "too-few-ranks" : "blockers-found";
        scenario.expectedTopSuspectFrame = "broadcast";
        scenario.faultPath = {"<module>",         "pretrain", "train",    "train_step",
                              "broadcast_params", "wrapper",  "broadcast"};
        scenario.description =
            "Rank " + std::to_string(fault) + " (" + layout.nodeOf(fault) + ", local rank " +
            std::to_string(layout.localRankOf(fault)) +
            ") calls broadcast (DistributedDataParallel.broadcast_params) at the sequence number "
            "of the default process group where the other " +
            std::to_string(ranks - 1) +
            " ranks call the gradient all_reduce (finalize_model_grads); all of them hang until "
            "the NCCL watchdog fires.";
        return;
    }
    const int nodes = (ranks + layout.ranksPerNode - 1) / layout.ranksPerNode;
    const int node = static_cast<int>(rng() % static_cast<std::uint64_t>(nodes));
    scenario.faultNode = node;
    for (int r = node * layout.ranksPerNode; r < std::min(ranks, (node + 1) * layout.ranksPerNode);
         ++r)
        scenario.faultRanks.push_back(r);
    scenario.collectiveFault = SyntheticCollectiveFault::AllWaiting;
    // Every stack is the same: nothing stands out.
    scenario.expectedVerdict = ranks <= 2 ? "too-few-ranks" : "all-in-same-wait";
    scenario.description =
        "The InfiniBand link of node-" + std::to_string(node) + " (ranks " +
        std::to_string(scenario.faultRanks.front()) + "-" +
        std::to_string(scenario.faultRanks.back()) +
        ") fails during the gradient all_reduce: all " + std::to_string(ranks) +
        " ranks wait in the same collective at the same sequence number, only that node's ranks "
        "log NCCL WARN lines; the collectives cannot tell who is at fault.";
}

} // namespace

bool SyntheticScenario::isHangScenario(const std::string &name)
{
    return name == "hang-dataloader" || name == "collective-mismatch" || name == "network-hang";
}

bool SyntheticScenario::isFaultRank(int rank) const
{
    return std::binary_search(faultRanks.begin(), faultRanks.end(), rank);
}

SyntheticBehaviour SyntheticScenario::behaviourOf(int rank) const
{
    if (name == "healthy" || traces.enabled || healthyBaseline)
        return SyntheticBehaviour::Training;
    switch (collectiveFault) {
    case SyntheticCollectiveFault::Behind:
        return isFaultRank(rank) ? SyntheticBehaviour::StuckInLoader
                                 : SyntheticBehaviour::CollectiveWaiter;
    case SyntheticCollectiveFault::Mismatch:
        return isFaultRank(rank) ? SyntheticBehaviour::MismatchedBroadcast
                                 : SyntheticBehaviour::CollectiveWaiter;
    case SyntheticCollectiveFault::AllWaiting:
    case SyntheticCollectiveFault::None:
        break;
    }
    return SyntheticBehaviour::CollectiveWaiter;
}

SyntheticScenario SyntheticScenario::plan(const std::string &name, int ranks, int ranksPerNode,
                                          std::uint64_t seed)
{
    SynthOptions options;
    options.scenario = name;
    options.ranks = ranks;
    options.ranksPerNode = ranksPerNode;
    options.seed = seed;
    return plan(options);
}

SyntheticScenario SyntheticScenario::plan(const SynthOptions &options)
{
    const std::string &name = options.scenario;
    const int ranks = options.ranks;
    const int ranksPerNode = options.ranksPerNode;
    const std::uint64_t seed = options.seed;
    const std::vector<SynthScenarioInfo> known = synthScenarios();
    const bool isKnown =
        std::any_of(known.begin(), known.end(),
                    [&](const SynthScenarioInfo &info) { return info.name == name; });
    if (!isKnown) {
        std::string names;
        for (const SynthScenarioInfo &info : known)
            names += (names.empty() ? "" : ", ") + info.name;
        throw std::invalid_argument("unknown scenario '" + name + "' (known: " + names + ")");
    }
    if (ranks < 1)
        throw std::invalid_argument("the rank count must be at least 1, not " +
                                    std::to_string(ranks));
    if (ranksPerNode < 1)
        throw std::invalid_argument("ranks per node must be at least 1, not " +
                                    std::to_string(ranksPerNode));

    SyntheticScenario scenario;
    scenario.name = name;
    scenario.seed = seed;
    scenario.healthyBaseline = options.healthyBaseline;
    scenario.gradSyncInTraining = options.gradSyncInTraining;
    scenario.layout = SyntheticLayout::plan(ranks, ranksPerNode);
    // Modulo instead of std::uniform_int_distribution: the same seed gives the same bundle with
    // every standard library.
    std::mt19937_64 rng(seed);

    if (name == "healthy") {
        spreadTrainingPhases(scenario, ranks, rng);
        scenario.description = "All " + std::to_string(ranks) +
                               " ranks train normally; every rank's stack changes between its "
                               "samples and no place holds a majority of the ranks.";
        scenario.expectedVerdict = healthyVerdict(ranks, options.samplesPerRank);
        if (scenario.healthyBaseline)
            describeAsBaseline(scenario);
        return scenario;
    }

    if (isTracedScenario(name)) {
        // The manifest describes the simulated job: data parallel, with node-wide tensor
        // parallelism in slow-node.
        scenario.layout = SyntheticLayout::planWithoutPipeline(
            ranks, ranksPerNode, name == "slow-node" ? ranksPerNode : 1);
        SyntheticTraceOptions traceOptions;
        traceOptions.iterations = options.iterations;
        // The twin makes the same draws (fault rank or node, clocks) and injects nothing.
        traceOptions.slowdownPercent = scenario.healthyBaseline ? 0 : options.slowdownPercent;
        traceOptions.faultIteration = options.faultIteration;
        traceOptions.faultPeriod = options.faultPeriod;
        traceOptions.compress = options.compressTraces;
        scenario.traces = planSyntheticTraces(name, scenario.layout, traceOptions, rng);
        // The stacks are those of healthy training: a slow GPU or link does not show in them.
        spreadTrainingPhases(scenario, ranks, rng);
        const SyntheticTracePlan &plan = scenario.traces;
        if (plan.fault == SyntheticTraceFault::SlowGpu) {
            scenario.faultRanks = {plan.faultRank};
        } else if (plan.fault == SyntheticTraceFault::SlowNode) {
            for (int r = plan.faultNode * ranksPerNode;
                 r < std::min(ranks, (plan.faultNode + 1) * ranksPerNode); ++r)
                scenario.faultRanks.push_back(r);
        }
        scenario.expectedVerdict = healthyVerdict(ranks, options.samplesPerRank);
        describeTracedScenario(scenario);
        if (scenario.healthyBaseline)
            describeAsBaseline(scenario);
        return scenario;
    }

    if (ranks < 2)
        throw std::invalid_argument("scenario '" + name + "' needs at least 2 ranks");
    if (name == "collective-mismatch" || name == "network-hang") {
        planCollectiveHang(scenario, rng, options.samplesPerRank);
        return scenario;
    }

    // hang-dataloader
    if (scenario.healthyBaseline) {
        planHealthyHangTwin(scenario, rng, options.samplesPerRank);
        describeAsBaseline(scenario);
        return scenario;
    }
    const int fault = 1 + static_cast<int>(rng() % static_cast<std::uint64_t>(ranks - 1));
    scenario.faultRanks = {fault};
    scenario.collectiveFault = SyntheticCollectiveFault::Behind;
    scenario.waitOperation = "all_reduce";
    scenario.expectedVerdict = ranks <= 2 ? "too-few-ranks" : "blockers-found";
    scenario.expectedTopSuspectFrame = "__next__";
    scenario.faultPath = {"<module>",
                          "pretrain",
                          "train",
                          "train_step",
                          scenario.layout.pipelineParallel > 1
                              ? "forward_backward_pipelining_without_interleaving"
                              : "forward_backward_no_pipelining",
                          "forward_step",
                          "forward_step",
                          "get_batch",
                          "get_batch_on_this_tp_rank",
                          "__next__",
                          "_next_data",
                          "_get_data",
                          "_try_get_data",
                          "get",
                          "wait"};
    scenario.description =
        "Rank " + std::to_string(fault) + " (" + scenario.layout.nodeOf(fault) + ", local rank " +
        std::to_string(scenario.layout.localRankOf(fault)) +
        ") is stuck in DataLoader.__next__ -> _next_data -> _get_data -> _try_get_data -> "
        "queue.get because its DataLoader worker 0 hangs in a read() of the dataset; the other " +
        std::to_string(ranks - 1) +
        " ranks wait in the gradient all_reduce (finalize_model_grads) for it, in all samples.";
    return scenario;
}

} // namespace rankscope
