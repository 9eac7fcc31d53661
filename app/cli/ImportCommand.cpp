#include "app/cli/BundleLoading.h"
#include "app/cli/CliCommands.h"
#include "core/report/CoverageText.h"
#include "core/traces/TraceRankSourceText.h"

#include <cstdio>

namespace rankscope::cli {

namespace {

void printSummary(const ImportOptions &options, const ImportResult &result, std::ostream &out)
{
    const ImportSummary &s = result.summary;
    const StackDataset &data = result.stacks;
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.2f", s.seconds);
    out << (s.cacheOnly ? "Opened " : "Imported ") << options.bundlePath.string() << " in "
        << seconds << " s\n";
    out << "  cache      " << s.cacheFile.string() << "\n";
    if (options.shard)
        out << "  shard      " << options.shard->index << "/" << options.shard->count
            << " (its nodes' files; rankscope-cli merge joins the parts)\n";
    if (s.cacheOnly) {
        out << "  from       " << (s.cacheKind == "merged" ? "a merge of the shards of " : "")
            << (s.bundleOfCache.empty() ? std::string("(unknown bundle)") : s.bundleOfCache)
            << "; the bundle's files are not read\n";
        if (!s.missingShards.empty())
            out << "  missing    "
                << (s.missingShards.find(',') == std::string::npos ? "shard " : "shards ")
                << s.missingShards << " (merged with --allow-missing)\n";
        if (s.keptEvents != "all")
            out << "  events     --keep-events " << s.keptEvents
                << ": the rank timeline has only the events the merge kept\n";
    }
    out << "  files      " << s.filesSeen << " seen: " << s.filesParsed << " parsed, "
        << s.filesReused << " reused, " << s.filesFailed << " failed, " << s.filesIgnored
        << " ignored, " << s.filesRemoved << " removed\n";

    // Which layers each rank has, not "no stack data" on a bundle without stacks.
    out << "  ranks      " << worldSizeText(data.job) << "; " << coverageText(data.job) << "\n";
    out << "  samples    " << s.samples << "\n";
    if (s.traceFiles > 0) {
        out << "  traces     " << s.traceFiles << " files, " << s.traceRanks << " ranks, "
            << s.traceEvents << " events";
        // Which of a file's rank sources each rank came from (an export has several).
        const char *separator = "; ranks from ";
        for (const auto &[source, ranks] : s.traceRankSources) {
            out << separator << traceRankSourceText(source) << " (" << ranks << ")";
            separator = ", ";
        }
        out << "\n";
    }
    if (s.logFiles > 0) {
        out << "  logs       " << s.logFiles << " files, " << s.logEvents << " events, "
            << s.logTemplates << " templates\n";
        if (s.logDuplicates > 0)
            out << "             " << s.logDuplicates
                << " events are copies of lines another file holds (counted once)\n";
    }
    if (s.collectiveDumps > 0)
        out << "  fr dumps   " << s.collectiveDumps << " Flight Recorder dumps, "
            << s.collectiveEntries << " entries\n";
    if (!data.job.jobId.empty())
        out << "  job        " << data.job.jobId << "\n";

    if (data.problems.empty()) {
        out << "Problems: none\n";
        return;
    }
    out << "Problems: " << data.problems.size() << "\n";
    for (const ImportProblem &problem : data.problems) {
        out << "  " << (problem.file.empty() ? std::string("(bundle)") : problem.file);
        if (problem.line > 0)
            out << ':' << problem.line;
        out << ": " << problem.message << "\n";
    }
}

} // namespace

int runImportCommand(const CliArguments &args, CliContext &context)
{
    const ImportOptions options = importOptionsFrom(args);
    const ImportResult result = importBundleWithProgress(options, context);
    printSummary(options, result, context.out);
    return 0;
}

} // namespace rankscope::cli
