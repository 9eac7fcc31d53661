#include "app/cli/CliApp.h"
#include "app/cli/CliCommands.h"
#include "app/cli/CliError.h"
#include "app/cli/ImportProgressLine.h"
#include "importers/bundle/ShardMerge.h"

#include <cstdio>

namespace rankscope::cli {

namespace {

KeptEvents keptEventsFrom(const CliArguments &args)
{
    const std::string kept = args.choice("--keep-events", {"all", "outliers", "none"}, "all");
    return kept == "none"       ? KeptEvents::None
           : kept == "outliers" ? KeptEvents::Outliers
                                : KeptEvents::All;
}

std::string megabytes(std::int64_t bytes)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f MB", double(bytes) / 1e6);
    return text;
}

} // namespace

int runMergeCommand(const CliArguments &args, CliContext &context)
{
    MergeOptions options;
    for (const std::string &part : args.positional())
        options.parts.emplace_back(part);
    const auto out = args.value("--out");
    if (!out)
        throw CliInputError("merge needs --out JOB.rscache: the merged cache to write");
    options.output = *out;
    options.allowMissing = args.has("--allow-missing");
    options.keptEvents = keptEventsFrom(args);

    ImportProgressLine progress(context.err, context.stderrIsTerminal);
    const MergeSummary summary = mergeShardCaches(options, progress.callback());
    progress.clear();
    if (summary.cancelled)
        return kExitUnusableInput;
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.2f", summary.seconds);
    std::ostream &o = context.out;
    o << "Merged " << (summary.shardCount - int(summary.missingShards.size())) << " of "
      << summary.shardCount << " shards of " << summary.bundlePath << " in " << seconds << " s\n";
    o << "  cache      " << options.output.string() << " (" << megabytes(summary.outputBytes)
      << ")\n";
    o << "  files      " << summary.files << "\n";
    if (!summary.missingShards.empty()) {
        o << "  missing    shards";
        for (const int shard : summary.missingShards)
            o << ' ' << shard;
        o << " (--allow-missing): "
          << (summary.missingRanks.empty() ? std::string("their files")
                                           : "ranks " + summary.missingRanks)
          << " have no data\n";
    }
    o << "  events     " << keptEventsKey(options.keptEvents) << ": " << summary.traceEventBlocks
      << " trace event blocks kept";
    if (summary.droppedEventBlocks > 0)
        o << ", " << summary.droppedEventBlocks << " left out";
    if (!summary.keptTraceRanks.empty())
        o << " (ranks " << summary.keptTraceRanks << ")";
    o << "\nOpen it with: rankscope " << options.output.string() << "\n";
    return kExitSuccess;
}

} // namespace rankscope::cli
