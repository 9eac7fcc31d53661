#include "core/synth/SyntheticBundle.h"
#include "core/synth/SynthTime.h"

#include "core/synth/GzipText.h"
#include "core/synth/PySpyDumpText.h"
#include "core/synth/SynthFiles.h"
#include "core/synth/SyntheticCollectiveSchedule.h"
#include "core/synth/SyntheticFlightRecorder.h"
#include "core/synth/SyntheticLogPlan.h"
#include "core/synth/SyntheticLogs.h"
#include "core/synth/SyntheticManifest.h"
#include "core/synth/SyntheticRankSeed.h"
#include "core/synth/SyntheticRankStacks.h"
#include "core/synth/SyntheticRankTrace.h"
#include "core/synth/SyntheticScenario.h"

#include <algorithm>
#include <exception>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <thread>

namespace fs = std::filesystem;

namespace rankscope {

namespace {

constexpr std::int64_t kFirstSampleEpoch = 1764419464; // 2025-11-29T12:31:04Z

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

// True when `outDir` holds a synthetic bundle, complete (ground_truth.json) or interrupted
// (job.json with a synthetic job id, written first).
bool holdsSyntheticBundle(const fs::path &outDir)
{
    if (fs::exists(outDir / "ground_truth.json"))
        return true;
    std::ifstream job(outDir / "job.json");
    char start[64] = {};
    job.read(start, sizeof start - 1);
    return std::string_view(start).find("\"job_id\": \"synth-") != std::string_view::npos;
}

// Refuses to write into a directory with someone else's files; an earlier synthetic bundle is
// replaced so that fewer ranks leave nothing stale.
void prepareOutputDirectory(const fs::path &outDir, bool withTraces)
{
    std::error_code error;
    const fs::file_status status = fs::status(outDir, error);
    if (fs::exists(status)) {
        if (!fs::is_directory(status))
            throw std::runtime_error(outDir.string() + " exists and is not a directory");
        if (!fs::is_empty(outDir, error)) {
            if (!holdsSyntheticBundle(outDir))
                throw std::runtime_error(
                    outDir.string() +
                    " is not empty and holds no earlier synthetic bundle; choose an empty "
                    "or new directory");
            // The ground truth goes first: until the new one is written last, the directory
            // does not look complete.
            for (const char *old : {"ground_truth.json", "stacks", "traces", "logs", "fr"}) {
                fs::remove_all(outDir / old, error);
                if (error)
                    throw std::runtime_error("cannot remove the old " + (outDir / old).string() +
                                             ": " + error.message());
            }
        }
    }
    for (const char *sub : {"stacks", "traces"}) {
        if (std::string_view(sub) == "traces" && !withTraces)
            continue;
        fs::create_directories(outDir / sub, error);
        if (error)
            throw std::runtime_error("cannot create " + (outDir / sub).string() + ": " +
                                     error.message());
    }
}

// `inner` relative to `outer` when `inner` is inside it (or is it): "" otherwise.
fs::path pathInside(const fs::path &inner, const fs::path &outer)
{
    std::error_code error;
    const fs::path relative = fs::relative(inner, outer, error);
    if (error || relative.empty() || *relative.begin() == "..")
        return {};
    return relative;
}

// What job.json says of the baseline: its path relative to the bundle, so that the pair can be
// moved together, or absolute when no relative path leads there. Throws std::invalid_argument
// when the two directories are the same or one holds the other: each bundle would be read as
// part of the other.
std::string manifestBaselinePath(const fs::path &outDir, const fs::path &baselineDir)
{
    if (!pathInside(baselineDir, outDir).empty() || !pathInside(outDir, baselineDir).empty())
        throw std::invalid_argument("the baseline directory " + baselineDir.string() +
                                    " and the output directory " + outDir.string() +
                                    " must be separate directories, neither inside the other");
    std::error_code error;
    const fs::path relative = fs::relative(baselineDir, outDir, error);
    if (!error && !relative.empty())
        return relative.generic_string();
    const fs::path absolute = fs::absolute(baselineDir, error);
    return (error ? baselineDir : absolute).lexically_normal().generic_string();
}

// What every writer thread shares.
struct BundleWriteJob
{
    const SyntheticScenario *scenario = nullptr;
    std::string commandLine;
    std::string outDir;
    int samplesPerRank = 0;
    const SyntheticCollectiveSchedule *schedule = nullptr; // traced scenarios only
    std::vector<SyntheticSampleMoment> samples;            // traced scenarios only
};

// "dump-<epoch seconds>.txt", or with microseconds "dump-1764419466.437512.txt" when the
// samples must be placed inside a trace's steps.
void appendDumpName(std::string &path, std::int64_t timeNs, bool withMicros)
{
    path += "/dump-";
    path += std::to_string(timeNs / 1'000'000'000);
    if (withMicros) {
        const std::string micros = std::to_string(timeNs / 1000 % 1'000'000);
        path += '.';
        path.append(6 - micros.size(), '0');
        path += micros;
    }
    path += ".txt";
}

void writeRanks(const BundleWriteJob &job, int firstRank, int endRank)
{
    const SyntheticScenario &scenario = *job.scenario;
    const bool traced = job.schedule != nullptr;
    std::string dir;
    std::string path;
    std::string text;
    text.reserve(32 * 1024);
    SynthDump dump;
    for (int rank = firstRank; rank < endRank; ++rank) {
        std::mt19937_64 rng(syntheticRankSeed(scenario.seed, rank));
        const int firstPhase =
            scenario.firstPhase.empty() ? 0 : scenario.firstPhase[static_cast<std::size_t>(rank)];
        SyntheticRankStacks stacks(scenario.layout, job.commandLine, scenario.behaviourOf(rank),
                                   firstPhase, rng);
        stacks.setGradSyncPhase(scenario.gradSyncInTraining);
        // py-spy on 16k ranks is not instantaneous: each rank starts within a second or so; in
        // a traced job within a millisecond of the moment, on its node's clock.
        const std::int64_t delayNs = traced ? static_cast<std::int64_t>(rng() % 1000) * 1000
                                            : static_cast<std::int64_t>(rng() % 2) * 1'000'000'000;

        dir = job.outDir;
        dir += "/stacks/rank";
        dir += std::to_string(rank);
        makeDirectory(dir);
        for (int k = 0; k < job.samplesPerRank; ++k) {
            text.clear();
            stacks.build(k, dump);
            appendPySpyDump(text, dump);
            path = dir;
            if (traced)
                appendDumpName(path,
                               job.samples[static_cast<std::size_t>(k)].alignedNs +
                                   scenario.traces.clockOffsetOfRank(rank) + delayNs,
                               true);
            else
                appendDumpName(
                    path,
                    (kFirstSampleEpoch + static_cast<std::int64_t>(k) * kSecondsBetweenSamples) *
                            1'000'000'000 +
                        delayNs,
                    false);
            writeWholeFile(path, text);
        }

        if (traced) {
            text.clear();
            appendSyntheticRankTrace(text, scenario, *job.schedule, rank,
                                     {stacks.pid(), stacks.autogradTid()});
            path = job.outDir + "/" + syntheticTraceFileName(scenario, rank);
            writeWholeFile(path, scenario.traces.compress ? gzipText(text) : text);
        }
    }
}

// Every rank's stacks (and trace): inline for small bundles, else contiguous rank blocks on a
// few threads. A rank's files depend on the seed and the rank only, not on the threads.
void writeRankFiles(const BundleWriteJob &job, int ranks)
{
    // A trace is ~100 times the work of a rank's stacks.
    const bool traced = job.schedule != nullptr;
    const int threadCount =
        ranks < (traced ? 4 : 256)
            ? 1
            : static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 4u));
    if (threadCount == 1) {
        writeRanks(job, 0, ranks);
        return;
    }
    std::vector<std::exception_ptr> failures(static_cast<std::size_t>(threadCount));
    std::vector<std::thread> threads;
    for (int t = 0; t < threadCount; ++t) {
        const int first = static_cast<int>(static_cast<std::int64_t>(ranks) * t / threadCount);
        const int end = static_cast<int>(static_cast<std::int64_t>(ranks) * (t + 1) / threadCount);
        threads.emplace_back([&, t, first, end] {
            try {
                writeRanks(job, first, end);
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

} // namespace

void writeSyntheticBundle(const SynthOptions &options)
{
    if (options.samplesPerRank < 1)
        throw std::invalid_argument("samples per rank must be at least 1, not " +
                                    std::to_string(options.samplesPerRank));
    if (options.outDir.empty())
        throw std::invalid_argument("no output directory given");
    const SyntheticScenario scenario = SyntheticScenario::plan(options);
    const bool traced = scenario.traces.enabled;
    const std::string baseline = options.baselineDir.empty()
                                     ? std::string()
                                     : manifestBaselinePath(options.outDir, options.baselineDir);

    BundleWriteJob job;
    job.scenario = &scenario;
    job.commandLine = commandLineFor(scenario.layout);
    job.outDir = options.outDir.string();
    job.samplesPerRank = options.samplesPerRank;
    // The collectives couple the ranks: their ends are settled for the whole job first.
    std::optional<SyntheticCollectiveSchedule> schedule;
    if (traced) {
        schedule = SyntheticCollectiveSchedule::build(scenario.traces, options.ranks, options.seed);
        job.schedule = &*schedule;
        job.samples = schedule->sampleMoments(options.samplesPerRank);
    }

    prepareOutputDirectory(options.outDir, traced);
    writeWholeFile((options.outDir / "job.json").string(), syntheticJobJson(scenario, baseline));
    writeRankFiles(job, options.ranks);
    // The hang's collectives: Flight Recorder dumps, consistent with the watchdog lines.
    std::optional<SyntheticCollectiveTruth> collectives;
    if (!traced) {
        const SyntheticLogPlan plan = planSyntheticLogs(scenario, nullptr, options.samplesPerRank);
        if (writesFlightRecorder(scenario, plan)) {
            collectives = SyntheticCollectiveTruth{plan.hangSeqNum, 0, false};
            if (options.flightRecorderEntries > 0) {
                const SyntheticFlightRecorderOptions fr{options.flightRecorderEntries,
                                                        options.flightRecorderFrames,
                                                        options.flightRecorderCulpritsMissing};
                writeSyntheticFlightRecorderDumps(scenario, plan, fr, job.outDir);
                collectives->dumpEntries = options.flightRecorderEntries;
                collectives->frames = fr.frames;
                collectives->culpritsMissing = fr.culpritsMissing;
            }
        }
    }
    std::optional<SyntheticLogSummary> logs;
    if (options.writeLogs)
        logs = writeSyntheticLogs(scenario, job.schedule, options.samplesPerRank, job.outDir);
    // Last, so that its presence means a complete bundle (the GUI's demo relies on it).
    writeWholeFile((options.outDir / "ground_truth.json").string(),
                   syntheticGroundTruthJson(scenario, job.samples, logs ? &*logs : nullptr,
                                            collectives ? &*collectives : nullptr));
}

} // namespace rankscope
