#include "app/cli/CliApp.h"

#include "app/cli/CliArguments.h"
#include "app/cli/CliCommands.h"
#include "app/cli/CliError.h"
#include "app/cli/CliHelp.h"
#include "core/cache/SqliteDatabase.h"
#include "importers/bundle/BundleImport.h"

#include <algorithm>
#include <new>
#include <optional>

namespace rankscope::cli {

namespace {

// The error contract is one line: messages from deeper layers may carry newlines.
void printError(CliContext &context, std::string message)
{
    std::replace(message.begin(), message.end(), '\n', ' ');
    std::replace(message.begin(), message.end(), '\r', ' ');
    context.out.flush();
    context.err << "rankscope-cli: " << message << '\n';
    context.err.flush();
}

int dispatch(const CliArguments &args, CliContext &context)
{
    const std::string &command = args.command();
    if (args.versionRequested() && command.empty()) {
        context.out << programVersion();
        return kExitSuccess;
    }
    if (command.empty()) {
        context.out << programUsage();
        return kExitSuccess;
    }
    if (command == "help") {
        if (args.positional().empty()) {
            context.out << programUsage();
            return kExitSuccess;
        }
        const std::string usage = commandUsage(args.positional().front());
        if (usage.empty())
            throw CliInputError("unknown command '" + args.positional().front() +
                                "' (see 'rankscope-cli --help')");
        context.out << usage;
        return kExitSuccess;
    }
    if (args.helpRequested()) {
        context.out << commandUsage(command);
        return kExitSuccess;
    }
    if (command == "import")
        return runImportCommand(args, context);
    if (command == "merge")
        return runMergeCommand(args, context);
    if (command == "stacks")
        return runStacksCommand(args, context);
    if (command == "synth")
        return runSynthCommand(args, context);
    if (command == "bench-stacks")
        return runBenchStacksCommand(args, context);
    if (command == "bench-traces")
        return runBenchTracesCommand(args, context);
    if (command == "heatmap")
        return runHeatmapCommand(args, context);
    if (command == "stragglers")
        return runStragglersCommand(args, context);
    if (command == "collectives")
        return runCollectivesCommand(args, context);
    if (command == "templates")
        return runTemplatesCommand(args, context);
    if (command == "logs")
        return runLogsCommand(args, context);
    if (command == "diff")
        return runDiffCommand(args, context);
    if (command == "bench-diff")
        return runBenchDiffCommand(args, context);
    if (command == "findings")
        return runFindingsCommand(args, context);
    throw CliInputError("unknown command '" + command + "'");
}

// The CLI rebuilds a damaged cache itself, so the advice the message carries for the GUI
// ("; force a re-import to rebuild it") is not repeated.
std::string withoutReimportAdvice(std::string message)
{
    const std::size_t advice = message.find("; force a re-import");
    return advice == std::string::npos ? message : message.substr(0, advice);
}

// A command that imports its bundle, run again with --force; nullopt for the others.
std::optional<CliArguments> withForcedReimport(const std::vector<std::string> &args)
{
    if (std::find(args.begin(), args.end(), "--force") != args.end())
        return std::nullopt; // this run rebuilt the cache already
    std::vector<std::string> forced = args;
    forced.push_back("--force");
    try {
        return CliArguments::parse(forced);
    } catch (const CliInputError &) {
        return std::nullopt;
    }
}

int dispatchRebuildingDamagedCache(const std::vector<std::string> &args, CliContext &context)
{
    try {
        return dispatch(CliArguments::parse(args), context);
    } catch (const CacheDamagedError &error) {
        // A stored blob failed its checksum or its layout: the bundle is still the truth, so
        // the cache is rebuilt from it once (one warning line), and the command answers from
        // the rebuilt cache. A second failure is reported as it is.
        std::optional<CliArguments> forced = withForcedReimport(args);
        if (!forced)
            throw;
        // The warning follows the answer: if the rebuild fails too (damaged again, a read-only
        // cache), the one line of status 2 says so, and stderr holds nothing else.
        const std::string warning = withoutReimportAdvice(error.what());
        const int status = dispatch(*forced, context);
        context.out.flush();
        context.err << "rankscope-cli: warning: " << warning
                    << "; the cache was rebuilt from the bundle\n";
        context.err.flush();
        return status;
    }
}

// What an out-of-memory failure was working on: the bundle (or file) argument when there is one.
std::string subjectOf(const std::vector<std::string> &args)
{
    try {
        const CliArguments parsed = CliArguments::parse(args);
        if (!parsed.positional().empty())
            return parsed.positional().front();
    } catch (const std::exception &) {
    }
    return "the input";
}

} // namespace

int runCli(const std::vector<std::string> &args, CliContext &context)
{
    try {
        const int status = dispatchRebuildingDamagedCache(args, context);
        context.out.flush();
        return status;
    } catch (const CacheDamagedError &error) {
        printError(context, withoutReimportAdvice(error.what()) +
                                "; rebuilding it from the bundle did not help");
        return kExitUnusableInput;
    } catch (const CliInputError &error) {
        printError(context, error.what());
        return kExitUnusableInput;
    } catch (const BundleError &error) {
        printError(context, error.what());
        return kExitUnusableInput;
    } catch (const std::bad_alloc &) {
        // Each file of a bundle is read under its own catch (its problem says "out of memory
        // while reading this file"); this is what no single file explains.
        printError(context, "out of memory while working on " + subjectOf(args) +
                                ": this machine has too little memory for it");
        return kExitUnusableInput;
    } catch (const std::exception &error) {
        printError(context, std::string("internal error: ") + error.what());
        return kExitInternalError;
    } catch (...) {
        printError(context, "internal error: unknown exception");
        return kExitInternalError;
    }
}

} // namespace rankscope::cli
