#include "core/synth/SyntheticBundle.h"

#include "core/synth/PySpyDumpText.h"
#include "core/synth/SynthFiles.h"
#include "core/synth/SyntheticManifest.h"
#include "core/synth/SyntheticRankStacks.h"
#include "core/synth/SyntheticScenario.h"

#include <algorithm>
#include <exception>
#include <filesystem>
#include <stdexcept>
#include <thread>

namespace fs = std::filesystem;

namespace rankscope {

namespace {

constexpr std::int64_t kFirstSampleEpoch = 1764419464; // 2025-11-29T12:31:04Z
constexpr int kSecondsBetweenSamples = 3;

// Each rank gets its own generator so that its files depend on (seed, rank) only, whatever
// the number of writer threads (splitmix64 finaliser to decorrelate neighbouring ranks).
std::uint64_t rankSeed(std::uint64_t seed, int rank)
{
    std::uint64_t z = seed + 0x9E3779B97F4A7C15ull * (static_cast<std::uint64_t>(rank) + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

std::string commandLineFor(const SyntheticLayout &layout)
{
    return "python -u pretrain_gpt.py --tensor-model-parallel-size " +
           std::to_string(layout.tensorParallel) + " --pipeline-model-parallel-size " +
           std::to_string(layout.pipelineParallel) +
           " --num-layers 32 --hidden-size 4096 --num-attention-heads 32 --seq-length 4096"
           " --micro-batch-size 1 --global-batch-size " +
           std::to_string(std::max(1, layout.dataParallel) * 16) +
           " --bf16 --num-workers 2 --data-path /lustre/data/gpt/my-gpt_text_document";
}

// Refuses to write into a directory with someone else's files; an earlier synthetic bundle
// (recognised by its ground_truth.json) is replaced so that fewer ranks leave nothing stale.
void prepareOutputDirectory(const fs::path &outDir)
{
    std::error_code error;
    const fs::file_status status = fs::status(outDir, error);
    if (fs::exists(status)) {
        if (!fs::is_directory(status))
            throw std::runtime_error(outDir.string() + " exists and is not a directory");
        if (!fs::is_empty(outDir, error)) {
            if (!fs::exists(outDir / "ground_truth.json"))
                throw std::runtime_error(
                    outDir.string() +
                    " is not empty and holds no earlier synthetic bundle; choose an empty "
                    "or new directory");
            fs::remove_all(outDir / "stacks", error);
            if (error)
                throw std::runtime_error("cannot remove the old " + (outDir / "stacks").string() +
                                         ": " + error.message());
        }
    }
    fs::create_directories(outDir / "stacks", error);
    if (error)
        throw std::runtime_error("cannot create " + (outDir / "stacks").string() + ": " +
                                 error.message());
}

void writeRanks(const SyntheticScenario &scenario, const std::string &commandLine,
                const std::string &stacksDir, int samplesPerRank, int firstRank, int endRank)
{
    std::string dir;
    std::string path;
    std::string text;
    text.reserve(32 * 1024);
    SynthDump dump;
    for (int rank = firstRank; rank < endRank; ++rank) {
        std::mt19937_64 rng(rankSeed(scenario.seed, rank));
        const int firstPhase =
            scenario.firstPhase.empty() ? 0 : scenario.firstPhase[static_cast<std::size_t>(rank)];
        SyntheticRankStacks stacks(scenario.layout, commandLine, scenario.behaviourOf(rank),
                                   firstPhase, rng);
        // py-spy on 16k ranks is not instantaneous: each rank starts within a second or so.
        const std::int64_t start = kFirstSampleEpoch + static_cast<std::int64_t>(rng() % 2);

        dir = stacksDir;
        dir += "/rank";
        dir += std::to_string(rank);
        makeDirectory(dir);
        for (int k = 0; k < samplesPerRank; ++k) {
            text.clear();
            stacks.build(k, dump);
            appendPySpyDump(text, dump);
            path = dir;
            path += "/dump-";
            path += std::to_string(start + static_cast<std::int64_t>(k) * kSecondsBetweenSamples);
            path += ".txt";
            writeWholeFile(path, text);
        }
    }
}

} // namespace

void writeSyntheticBundle(const SynthOptions &options)
{
    if (options.samplesPerRank < 1)
        throw std::invalid_argument("samples per rank must be at least 1, not " +
                                    std::to_string(options.samplesPerRank));
    if (options.outDir.empty())
        throw std::invalid_argument("no output directory given");
    const SyntheticScenario scenario = SyntheticScenario::plan(options.scenario, options.ranks,
                                                               options.ranksPerNode, options.seed);

    prepareOutputDirectory(options.outDir);
    writeWholeFile((options.outDir / "job.json").string(), syntheticJobJson(scenario));
    writeWholeFile((options.outDir / "ground_truth.json").string(),
                   syntheticGroundTruthJson(scenario));

    const std::string commandLine = commandLineFor(scenario.layout);
    const std::string stacksDir = (options.outDir / "stacks").string();
    const int ranks = options.ranks;
    // Small bundles are written inline; large ones split into contiguous rank blocks.
    const int threadCount =
        ranks < 256 ? 1 : static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 4u));
    if (threadCount == 1) {
        writeRanks(scenario, commandLine, stacksDir, options.samplesPerRank, 0, ranks);
        return;
    }
    std::vector<std::exception_ptr> failures(static_cast<std::size_t>(threadCount));
    std::vector<std::thread> threads;
    for (int t = 0; t < threadCount; ++t) {
        const int first = static_cast<int>(static_cast<std::int64_t>(ranks) * t / threadCount);
        const int end = static_cast<int>(static_cast<std::int64_t>(ranks) * (t + 1) / threadCount);
        threads.emplace_back([&, t, first, end] {
            try {
                writeRanks(scenario, commandLine, stacksDir, options.samplesPerRank, first, end);
            } catch (...) {
                failures[static_cast<std::size_t>(t)] = std::current_exception();
            }
        });
    }
    for (std::thread &thread : threads)
        thread.join();
    for (const std::exception_ptr &failure : failures) {
        if (failure)
            std::rethrow_exception(failure);
    }
}

} // namespace rankscope
