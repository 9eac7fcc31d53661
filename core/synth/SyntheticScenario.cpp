#include "core/synth/SyntheticScenario.h"

#include "core/synth/SyntheticBundle.h"

#include <algorithm>
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
         "hangs in a read; every other rank waits in the gradient all_reduce. Needs 2 ranks."},
    };
}

SyntheticBehaviour SyntheticScenario::behaviourOf(int rank) const
{
    if (name == "healthy")
        return SyntheticBehaviour::Training;
    return std::binary_search(faultRanks.begin(), faultRanks.end(), rank)
               ? SyntheticBehaviour::StuckInLoader
               : SyntheticBehaviour::CollectiveWaiter;
}

SyntheticScenario SyntheticScenario::plan(const std::string &name, int ranks, int ranksPerNode,
                                          std::uint64_t seed)
{
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
    scenario.layout = SyntheticLayout::plan(ranks, ranksPerNode);
    // Modulo instead of std::uniform_int_distribution: the same seed gives the same bundle with
    // every standard library.
    std::mt19937_64 rng(seed);

    if (name == "healthy") {
        // Spread the ranks evenly over the phases of a step, so no single place (in particular
        // the tensor-parallel all_reduce) ever holds a majority.
        scenario.firstPhase.resize(static_cast<std::size_t>(ranks));
        for (int r = 0; r < ranks; ++r)
            scenario.firstPhase[static_cast<std::size_t>(r)] =
                static_cast<std::uint8_t>(r % SyntheticRankStacks::kTrainingPhases);
        for (int r = ranks - 1; r > 0; --r)
            std::swap(scenario.firstPhase[static_cast<std::size_t>(r)],
                      scenario.firstPhase[rng() % static_cast<std::uint64_t>(r + 1)]);
        scenario.description = "All " + std::to_string(ranks) +
                               " ranks train normally; every rank's stack changes between its "
                               "samples and no place holds a majority of the ranks.";
        scenario.expectedVerdict = ranks <= 2 ? "too-few-ranks" : "no-majority";
        return scenario;
    }

    // hang-dataloader
    if (ranks < 2)
        throw std::invalid_argument("scenario 'hang-dataloader' needs at least 2 ranks");
    const int fault = 1 + static_cast<int>(rng() % static_cast<std::uint64_t>(ranks - 1));
    scenario.faultRanks = {fault};
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
