#include "app/cli/CliCommands.h"
#include "app/cli/CliError.h"
#include "core/synth/SyntheticBundle.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <fstream>
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
    const std::optional<std::string> out = args.value("--out");
    if (!out || out->empty())
        throw CliInputError("'synth' needs --out DIR");
    options.outDir = *out;

    const auto start = std::chrono::steady_clock::now();
    try {
        writeSyntheticBundle(options);
    } catch (const std::invalid_argument &error) {
        throw CliInputError(error.what());
    } catch (const std::runtime_error &error) {
        // The output directory is the user's choice: it being unusable is an input problem.
        throw CliInputError(error.what());
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    char time[32];
    std::snprintf(time, sizeof time, "%.2f", seconds);
    context.out << "Wrote " << options.scenario << " bundle to " << options.outDir.string() << ": "
                << options.ranks << " ranks x " << options.samplesPerRank << " samples ("
                << static_cast<long long>(options.ranks) * options.samplesPerRank
                << " stack files) in " << time << " s\n";
    const std::string fault = faultLine(options.outDir);
    if (!fault.empty())
        context.out << fault << "\n";
    return 0;
}

} // namespace rankscope::cli
