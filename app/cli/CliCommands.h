#pragma once

#include "app/cli/CliArguments.h"
#include "app/cli/CliContext.h"

namespace rankscope::cli {

// One function per command. Each returns the exit status and throws CliInputError or
// BundleError for input it cannot use.
int runImportCommand(const CliArguments &args, CliContext &context);
int runMergeCommand(const CliArguments &args, CliContext &context);
int runStacksCommand(const CliArguments &args, CliContext &context);
int runSynthCommand(const CliArguments &args, CliContext &context);
int runBenchStacksCommand(const CliArguments &args, CliContext &context);
int runBenchTracesCommand(const CliArguments &args, CliContext &context);
int runHeatmapCommand(const CliArguments &args, CliContext &context);
int runStragglersCommand(const CliArguments &args, CliContext &context);
int runCollectivesCommand(const CliArguments &args, CliContext &context);
int runTemplatesCommand(const CliArguments &args, CliContext &context);
int runLogsCommand(const CliArguments &args, CliContext &context);
int runDiffCommand(const CliArguments &args, CliContext &context);
int runBenchDiffCommand(const CliArguments &args, CliContext &context);
int runFindingsCommand(const CliArguments &args, CliContext &context);

} // namespace rankscope::cli
