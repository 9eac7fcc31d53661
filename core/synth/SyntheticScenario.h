#pragma once

#include "core/synth/SyntheticLayout.h"
#include "core/synth/SyntheticRankStacks.h"
#include "core/synth/SyntheticTracePlan.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rankscope {

struct SynthOptions;

// How the hang scenarios' ranks stand in the collective sequence of the default process group
// when the watchdog fires (what their Flight Recorder dumps and watchdog lines show).
enum class SyntheticCollectiveFault
{
    None,       // no hang: no dumps
    Behind,     // hang-dataloader: the fault rank never enqueues the collective the others wait in
    Mismatch,   // collective-mismatch: the fault rank's collective at that sequence differs
    AllWaiting, // network-hang: every rank waits in the same collective; the collectives cannot
                // tell who is at fault, the NCCL warnings of one node can
};

// What a scenario decides for the whole job before any rank is written: who is faulty, where
// each healthy rank starts in its training step, and what the analysis should find.
struct SyntheticScenario
{
    std::string name;
    std::uint64_t seed = 1;
    // The healthy twin of scenario `name`: planned from the same seed and options, with the
    // fault's draws made and then left out (see SynthOptions::healthyBaseline).
    bool healthyBaseline = false;
    bool gradSyncInTraining = false; // see SynthOptions::gradSyncInTraining
    SyntheticLayout layout;
    std::vector<int> faultRanks;          // sorted
    std::vector<std::uint8_t> firstPhase; // per rank, for SyntheticBehaviour::Training
    std::string description;              // the story, with the fault rank named
    std::string expectedVerdict;          // stackVerdictName() of the expected verdict
    std::string expectedTopSuspectFrame;  // function of the frame that explains the fault
    std::vector<std::string> faultPath;   // functions of the fault rank's main thread, root first
    std::string waitOperation;            // what the waiters wait in, "" when none
    SyntheticTracePlan traces;            // traces.enabled for the profiler-trace scenarios
    SyntheticCollectiveFault collectiveFault = SyntheticCollectiveFault::None;
    int faultNode = -1; // network-hang: the node whose link fails

    bool isFaultRank(int rank) const;
    // hang-dataloader, collective-mismatch, network-hang: the job hangs in iteration 1521
    // (their healthy twins train on instead).
    static bool isHangScenario(const std::string &name);

    SyntheticBehaviour behaviourOf(int rank) const;

    // Throws std::invalid_argument for an unknown name or a rank count it cannot use. The
    // traced scenarios get the default SyntheticTraceOptions.
    static SyntheticScenario plan(const std::string &name, int ranks, int ranksPerNode,
                                  std::uint64_t seed);
    // The same with every option (iterations, slowdown ... of the traced scenarios).
    // With options.healthyBaseline, the scenario's healthy twin.
    static SyntheticScenario plan(const SynthOptions &options);
};

} // namespace rankscope
