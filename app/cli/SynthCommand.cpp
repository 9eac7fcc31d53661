#include "app/cli/CliCommands.h"
#include "app/cli/CliError.h"
#include "core/synth/NsightExportWriter.h"
#include "core/synth/SyntheticBundle.h"
#include "importers/bundle/RankFromPath.h"
#include "importers/traces/TraceImport.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <stdexcept>

namespace rankscope::cli {

namespace {

void listScenarios(std::ostream &out)
{
    for (const SynthScenarioInfo &info : synthScenarios())
        out << info.name << "\n    " << info.description << "\n";
}

// One line on what was injected, read back from the bundle's own ground_truth.json so the
// CLI says exactly what the file says.
std::string faultLine(const std::filesystem::path &outDir)
{
    std::ifstream in(outDir / "ground_truth.json");
    const nlohmann::json truth = nlohmann::json::parse(in, nullptr, false);
    if (truth.is_discarded() || !truth.contains("description"))
        return {};
    return truth["description"].get<std::string>();
}

// A percentage such as 30 or 12.5, from 0 to 1000.
double percentOption(const CliArguments &args, std::string_view option, double fallback)
{
    const std::optional<std::string> text = args.value(option);
    if (!text)
        return fallback;
    double value = 0;
    const auto result = std::from_chars(text->data(), text->data() + text->size(), value);
    if (text->empty() || result.ec != std::errc() || result.ptr != text->data() + text->size() ||
        !(value >= 0 && value <= 1000))
        throw CliInputError("option '" + std::string(option) +
                            "' needs a percentage from 0 to 1000, not '" + *text + "'");
    return value;
}

bool isTracedScenario(const std::string &name)
{
    return name == "straggler-gpu" || name == "slow-node";
}

std::string sizeText(std::uintmax_t bytes)
{
    char text[32];
    if (bytes >= (1ull << 30))
        std::snprintf(text, sizeof text, "%.2f GiB", double(bytes) / double(1ull << 30));
    else
        std::snprintf(text, sizeof text, "%.1f MiB", double(bytes) / double(1ull << 20));
    return text;
}

// Bytes of the files in `dir` (not recursive): the traces are all in one folder.
std::uintmax_t directoryBytes(const std::filesystem::path &dir)
{
    std::error_code error;
    std::uintmax_t total = 0;
    for (const auto &entry : std::filesystem::directory_iterator(dir, error)) {
        const std::uintmax_t size = entry.file_size(error);
        if (!error)
            total += size;
    }
    return total;
}

// Writes one bundle; the writer's errors are the user's input problems (an unknown scenario,
// an unusable directory). Returns the seconds it took.
enum class NsightLayout
{
    None,    // Kineto traces
    PerRank, // nsys/rank_<N>.sqlite
    PerNode, // nsys/node_<K>.sqlite, a process per local rank
};

void convertTracesToNsight(const std::filesystem::path &outDir, NsightLayout layout,
                           int ranksPerNode);

double writeBundle(const SynthOptions &options, NsightLayout nsight)
{
    const auto start = std::chrono::steady_clock::now();
    try {
        writeSyntheticBundle(options);
        if (nsight != NsightLayout::None)
            convertTracesToNsight(options.outDir, nsight, options.ranksPerNode);
    } catch (const std::invalid_argument &error) {
        throw CliInputError(error.what());
    } catch (const std::runtime_error &error) {
        // The output directory is the user's choice: it being unusable is an input problem.
        throw CliInputError(error.what());
    }
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The job profiled with Nsight Systems instead: each rank's trace becomes nsys/rank_<N>.sqlite
// (what `nsys export --type sqlite` of `nsys profile -o rank_%q{RANK}` gives), or each node's
// ranks one nsys/node_<K>.sqlite (`srun --ntasks-per-node=1 nsys profile -o node_%q{SLURM_NODEID}
// torchrun ...`), and traces/ goes.
void convertTracesToNsight(const std::filesystem::path &outDir, NsightLayout layout,
                           int ranksPerNode)
{
    const std::filesystem::path traces = outDir / "traces";
    if (!std::filesystem::is_directory(traces))
        throw CliInputError("--nsys needs a traced scenario (straggler-gpu, slow-node)");
    const std::filesystem::path nsys = outDir / "nsys";
    std::filesystem::remove_all(nsys);
    std::filesystem::create_directories(nsys);
    std::map<int, std::filesystem::path> byRank;
    for (const auto &entry : std::filesystem::directory_iterator(traces))
        if (const std::optional<int> rank = rankFromPath(entry.path().filename().string()))
            byRank.emplace(*rank, entry.path());
    try {
        if (layout == NsightLayout::PerRank) {
            for (const auto &[rank, path] : byRank)
                writeNsightExport(importTraceFile(path.string()),
                                  nsys / ("rank_" + std::to_string(rank) + ".sqlite"), rank);
        } else {
            // One node's traces at a time: a node's export holds all of them.
            std::map<int, std::vector<int>> nodes;
            for (const auto &[rank, path] : byRank)
                nodes[rank / ranksPerNode].push_back(rank);
            for (const auto &[node, ranks] : nodes) {
                std::vector<TraceData> local;
                for (const int rank : ranks)
                    local.push_back(importTraceFile(byRank.at(rank).string()));
                writeNsightNodeExport(local, nsys / ("node_" + std::to_string(node) + ".sqlite"),
                                      node);
            }
        }
    } catch (const std::runtime_error &error) {
        throw CliInputError(error.what());
    }
    std::filesystem::remove_all(traces);
}

void reportBundle(std::ostream &out, const SynthOptions &options, double seconds)
{
    char time[32];
    std::snprintf(time, sizeof time, "%.2f", seconds);
    out << "Wrote "
        << (options.healthyBaseline ? "the healthy baseline of " + options.scenario
                                    : options.scenario + " bundle")
        << " to " << options.outDir.string() << ": " << options.ranks << " ranks x "
        << options.samplesPerRank << " samples ("
        << static_cast<long long>(options.ranks) * options.samplesPerRank << " stack files)";
    if (isTracedScenario(options.scenario) && std::filesystem::exists(options.outDir / "nsys"))
        out << " and "
            << std::distance(std::filesystem::directory_iterator(options.outDir / "nsys"),
                             std::filesystem::directory_iterator())
            << " Nsight Systems exports of " << options.iterations << " iterations ("
            << sizeText(directoryBytes(options.outDir / "nsys")) << ")";
    else if (isTracedScenario(options.scenario))
        out << " and " << options.ranks << " profiler traces of " << options.iterations
            << " iterations (" << sizeText(directoryBytes(options.outDir / "traces")) << ")";
    if (std::filesystem::exists(options.outDir / "fr"))
        out << ", "
            << std::distance(std::filesystem::directory_iterator(options.outDir / "fr"),
                             std::filesystem::directory_iterator())
            << " Flight Recorder dumps of up to " << options.flightRecorderEntries << " entries ("
            << sizeText(directoryBytes(options.outDir / "fr")) << ")";
    if (std::filesystem::exists(options.outDir / "logs"))
        out << ", logs (" << sizeText(directoryBytes(options.outDir / "logs")) << ")";
    out << " in " << time << " s\n";
    const std::string fault = faultLine(options.outDir);
    if (!fault.empty())
        out << fault << "\n";
}

} // namespace

int runSynthCommand(const CliArguments &args, CliContext &context)
{
    if (args.has("--list")) {
        listScenarios(context.out);
        return 0;
    }
    SynthOptions options;
    const std::optional<std::string> scenario = args.value("--scenario");
    if (!scenario)
        throw CliInputError("'synth' needs --scenario NAME (see 'rankscope-cli synth --list')");
    options.scenario = *scenario;
    if (!args.has("--ranks"))
        throw CliInputError("'synth' needs --ranks N");
    options.ranks = static_cast<int>(args.integer("--ranks", 0, 1, 262144));
    options.seed = args.unsignedInteger("--seed", 1);
    options.ranksPerNode = static_cast<int>(args.integer("--ranks-per-node", 8, 1, 4096));
    options.samplesPerRank = static_cast<int>(args.integer("--samples", 3, 1, 100));
    options.iterations = static_cast<int>(args.integer("--iterations", 60, 1, 100000));
    options.slowdownPercent = percentOption(args, "--slowdown", 30);
    options.faultIteration = static_cast<int>(
        args.integer("--fault-iteration", -1, 0, std::max(0, options.iterations - 1)));
    options.faultPeriod =
        static_cast<int>(args.integer("--fault-period", 0, 0, std::max(0, options.iterations)));
    options.compressTraces = args.has("--compress");
    const NsightLayout nsight = args.has("--nsys-per-node") ? NsightLayout::PerNode
                                : args.has("--nsys")        ? NsightLayout::PerRank
                                                            : NsightLayout::None;
    if (nsight != NsightLayout::None && !isTracedScenario(options.scenario))
        throw CliInputError("--nsys needs a traced scenario (straggler-gpu, slow-node)");
    options.flightRecorderEntries =
        static_cast<int>(args.integer("--fr-entries", 64, 0, 1'000'000));
    options.flightRecorderFrames = !args.has("--fr-no-frames");
    options.flightRecorderCulpritsMissing = args.has("--fr-culprits-missing");
    const std::optional<std::string> out = args.value("--out");
    if (!out || out->empty())
        throw CliInputError("'synth' needs --out DIR");
    options.outDir = *out;
    options.healthyBaseline = args.has("--healthy-baseline");
    options.gradSyncInTraining = args.has("--grad-sync-phase");
    const std::optional<std::string> baselineOut = args.value("--baseline-out");
    if (baselineOut && baselineOut->empty())
        throw CliInputError("option '--baseline-out' needs a directory");
    if (baselineOut && options.healthyBaseline)
        throw CliInputError("use either --healthy-baseline (write only the healthy baseline) or "
                            "--baseline-out DIR (write the scenario and its baseline), not both");

    if (!baselineOut) {
        const double seconds = writeBundle(options, nsight);
        reportBundle(context.out, options, seconds);
        return 0;
    }
    // The faulty bundle first: it checks the options and that the two directories are apart
    // before anything is written; its job.json then points at the baseline.
    options.baselineDir = *baselineOut;
    const double seconds = writeBundle(options, nsight);
    reportBundle(context.out, options, seconds);
    SynthOptions baseline = options;
    baseline.healthyBaseline = true;
    baseline.baselineDir.clear();
    baseline.outDir = *baselineOut;
    const double baselineSeconds = writeBundle(baseline, nsight);
    reportBundle(context.out, baseline, baselineSeconds);
    return 0;
}

} // namespace rankscope::cli
