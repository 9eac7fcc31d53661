#include "app/cli/BundleLoading.h"
#include "app/cli/CliCommands.h"
#include "core/analysis/RankSet.h"

#include <cstdio>

namespace rankscope::cli {

namespace {

RankSet ranksWithSamples(const StackDataset &data)
{
    RankSet ranks;
    for (const StackSample &sample : data.samples) {
        if (sample.rank >= 0)
            ranks.insert(sample.rank);
    }
    return ranks;
}

void printSummary(const ImportOptions &options, const ImportResult &result, std::ostream &out)
{
    const ImportSummary &s = result.summary;
    const StackDataset &data = result.stacks;
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.2f", s.seconds);
    out << "Imported " << options.bundlePath.string() << " in " << seconds << " s\n";
    out << "  cache      " << s.cacheFile.string() << "\n";
    out << "  files      " << s.filesSeen << " seen: " << s.filesParsed << " parsed, "
        << s.filesReused << " reused, " << s.filesFailed << " failed, " << s.filesIgnored
        << " ignored, " << s.filesRemoved << " removed\n";

    const RankSet withData = ranksWithSamples(data);
    RankSet noData;
    if (data.worldSize() > 0)
        noData = RankSet::range(0, data.worldSize() - 1) - withData;
    out << "  ranks      " << withData.count() << " with stack data, world size "
        << data.worldSize() << (data.job.fromManifest ? " (job.json)" : " (from file paths)")
        << ", no stack data: " << (noData.empty() ? std::string("none") : noData.toString())
        << "\n";
    out << "  samples    " << s.samples << "\n";
    if (s.traceFiles > 0)
        out << "  traces     " << s.traceFiles << " files, " << s.traceRanks << " ranks, "
            << s.traceEvents << " events\n";
    if (s.logFiles > 0) {
        out << "  logs       " << s.logFiles << " files, " << s.logEvents << " events, "
            << s.logTemplates << " templates\n";
        if (s.logDuplicates > 0)
            out << "             " << s.logDuplicates
                << " events are copies of lines another file holds (counted once)\n";
    }
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
