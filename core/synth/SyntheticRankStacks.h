#pragma once

#include "core/synth/PySpyDumpText.h"
#include "core/synth/SyntheticLayout.h"

#include <cstdint>
#include <random>
#include <string_view>

namespace rankscope {

// What one rank of a synthetic job is doing while it is sampled.
enum class SyntheticBehaviour
{
    Training,         // forward, backward, optimizer, data fetch: changes between samples
    CollectiveWaiter, // blocked in the gradient all_reduce, identical in every sample
    StuckInLoader,    // main thread waits on its DataLoader, a worker hangs in a read()
    // blocked in a broadcast (DistributedDataParallel.broadcast_params) where the others are
    // in the gradient all_reduce: collective-mismatch's fault rank
    MismatchedBroadcast,
};

// The Python call sites of the collectives a synthetic trainer issues: what its py-spy stack
// shows while it is blocked there, and the frames of its Flight Recorder entries.
enum class SyntheticCallSite
{
    GradientAllReduce,      // finalize_model_grads -> ... -> all_reduce (the hang's collective)
    TensorParallelForward,  // the attention projection's reduce_from_tensor_model_parallel_region
    TensorParallelBackward, // the same region's backward, from the autograd engine
    LossAllReduce,          // average_losses_across_data_parallel_group
    GradNormAllReduce,      // the optimizer's grad-norm all_reduce
    StartupBarrier,         // torch.distributed.barrier() while Megatron initializes
    MismatchedBroadcast,    // DistributedDataParallel.broadcast_params
};

// The process and thread ids of one rank: drawn first from the rank's generator, so that the
// logs of the same rank can name the pids its stacks show.
struct SyntheticProcessIds
{
    static constexpr int kWorkers = 2;
    std::int64_t pid = 0;
    std::int64_t workerPids[kWorkers] = {};
    std::uint64_t helperTids[3] = {}; // Thread-1, pt_autograd_0, the pin-memory thread
};

// Builds the py-spy picture of one Megatron-LM trainer rank (main process with its helper
// threads, plus its DataLoader worker processes) at one sampling moment. Frame names, files
// and line numbers follow Megatron-core / PyTorch 2.x / Python 3.10 so that the importers and
// the classifier meet the same text as in a real capture.
class SyntheticRankStacks
{
public:
    static constexpr int kWorkersPerRank = SyntheticProcessIds::kWorkers;
    static constexpr int kTrainingPhases = 6;

    // `rng` is the rank's own generator: the rank's dumps depend only on (seed, rank).
    // `commandLine` must outlive this object.
    SyntheticRankStacks(const SyntheticLayout &layout, std::string_view commandLine,
                        SyntheticBehaviour behaviour, int firstPhase, std::mt19937_64 &rng);

    // The first draws of a rank's generator, in the order the constructor makes them.
    static SyntheticProcessIds drawProcessIds(std::mt19937_64 &rng);

    // Training ranks sample the gradient all_reduce in their optimizer phase (see
    // SynthOptions::gradSyncInTraining). Draws nothing: the rank's other output stays the same.
    void setGradSyncPhase(bool on) { m_gradSyncPhase = on; }

    // The main thread's frames at `site`, root first (py-spy's shortened file names).
    static void appendCallSite(const SyntheticLayout &layout, SyntheticCallSite site,
                               SynthStack &frames);

    // Fills `dump` for sample `sampleIndex` (0, 1, 2 ...). Reuses the dump's vectors.
    void build(int sampleIndex, SynthDump &dump);

    // The trainer's pid and its autograd device thread ("pt_autograd_0"), which a profiler
    // trace of the same rank names too.
    std::int64_t pid() const { return m_pid; }
    std::int64_t autogradTid() const { return static_cast<std::int64_t>(m_helperTids[1]); }

private:
    void buildTrainerMain(int sampleIndex, SynthThread &thread);
    void buildWorker(int worker, int sampleIndex, SynthThread &thread);
    void appendTrainingPhase(int phase, SynthStack &frames);
    int vary(int base, int span);

    const SyntheticLayout &m_layout;
    std::string_view m_commandLine;
    SyntheticBehaviour m_behaviour;
    int m_firstPhase;
    std::mt19937_64 &m_rng;
    std::int64_t m_pid = 0;
    std::int64_t m_workerPids[kWorkersPerRank] = {};
    std::uint64_t m_helperTids[3] = {};
    bool m_gradSyncPhase = false;
};

} // namespace rankscope
