#include "app/cli/CliApp.h"

#include "app/cli/CliArguments.h"
#include "app/cli/CliCommands.h"
#include "app/cli/CliError.h"
#include "app/cli/CliHelp.h"
#include "importers/bundle/BundleImport.h"

#include <algorithm>
#include <new>

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
    throw CliInputError("unknown command '" + command + "'");
}

} // namespace

int runCli(const std::vector<std::string> &args, CliContext &context)
{
    try {
        const int status = dispatch(CliArguments::parse(args), context);
        context.out.flush();
        return status;
    } catch (const CliInputError &error) {
        printError(context, error.what());
        return kExitUnusableInput;
    } catch (const BundleError &error) {
        printError(context, error.what());
        return kExitUnusableInput;
    } catch (const std::bad_alloc &) {
        printError(context, "internal error: out of memory");
        return kExitInternalError;
    } catch (const std::exception &error) {
        printError(context, std::string("internal error: ") + error.what());
        return kExitInternalError;
    } catch (...) {
        printError(context, "internal error: unknown exception");
        return kExitInternalError;
    }
}

} // namespace rankscope::cli
