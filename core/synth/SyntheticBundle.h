#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace rankscope {

// Writes realistic synthetic job bundles for tests, benchmarks and the built-in demo.
struct SynthOptions
{
    std::string scenario = "hang-dataloader"; // see synthScenarios()
    int ranks = 64;
    std::uint64_t seed = 1;
    int ranksPerNode = 8;
    int samplesPerRank = 3;
    std::filesystem::path outDir;
    // The profiler-trace scenarios (straggler-gpu, slow-node); the others ignore these.
    int iterations = 60;         // ProfilerStep#0 .. #iterations-1 per rank
    double slowdownPercent = 30; // 0 injects nothing: a healthy traced job
    int faultIteration = -1;     // first slow iteration; -1 = iterations / 2
    // 0: slow in every iteration from faultIteration on; k >= 2: only in faultIteration,
    // faultIteration + k, ... (a periodic stall: GC, checkpoint, a data-loader hiccup).
    int faultPeriod = 0;
    bool compressTraces = false; // traces/rank<N>.pt.trace.json.gz instead of .json
    bool writeLogs = true;       // logs/launcher.out and logs/node-<k>.log
    // The hang scenarios' Flight Recorder dumps, fr/nccl_trace_rank_<N>: entries per dump (the
    // ring buffer, TORCH_NCCL_TRACE_BUFFER_SIZE; 0 writes no dumps) and whether each entry
    // carries its Python call site.
    int flightRecorderEntries = 64;
    bool flightRecorderFrames = true;
    // The culprit ranks (hang-dataloader's, collective-mismatch's) write no dump, as when the
    // hung process never gets to it: the "no dump" case of the collective analysis.
    bool flightRecorderCulpritsMissing = false;
    // Write the scenario's healthy baseline instead: the same seed, layout and configuration
    // (iterations, ranks, nodes, log noise) with no fault injected, so a diff against the
    // faulty bundle shows only the fault (issue 5).
    bool healthyBaseline = false;
    // Training ranks spend one of their phases in the gradient all_reduce (finish_grad_sync), so
    // that a healthy run sampled while it trains has ranks in the very collective a hang's
    // waiters block in (the baseline of a communication-bound job).
    bool gradSyncInTraining = false;
    // When set, job.json gets "baseline": this path (relative to outDir when possible), so that
    // opening the bundle opens its baseline beside it.
    std::filesystem::path baselineDir;
};

struct SynthScenarioInfo
{
    std::string name;
    std::string description;
};
std::vector<SynthScenarioInfo> synthScenarios();

// Writes the bundle (job.json, stacks/..., logs/..., ground_truth.json, for the traced
// scenarios traces/rank<N>.pt.trace.json, for the hang scenarios fr/nccl_trace_rank_<N>) into
// options.outDir, creating it.
// Throws std::invalid_argument for an unknown scenario, a bad rank count or a baselineDir that
// is outDir or nested with it, std::runtime_error when the directory cannot be written.
void writeSyntheticBundle(const SynthOptions &options);

} // namespace rankscope
