#include "app/cli/BundleLoading.h"
#include "app/cli/CliCommands.h"
#include "app/cli/ColorChoice.h"
#include "app/cli/StackTreeArguments.h"
#include "core/cache/CacheSchema.h"
#include "core/cache/CollectiveCacheReader.h"
#include "core/collectives/CollectiveCallSites.h"
#include "core/report/StackReport.h"
#include "core/stacks/StackAnalysis.h"
#include "core/stacks/StackTree.h"

namespace rankscope::cli {

namespace {

StackReportOptions reportOptionsFrom(const CliArguments &args, const CliContext &context)
{
    StackReportOptions options;
    options.maxDepth = static_cast<int>(args.integer("--max-depth", options.maxDepth, 1, 100000));
    options.maxChildren =
        static_cast<int>(args.integer("--max-branches", options.maxChildren, 1, 100000));
    options.maxLines = static_cast<int>(args.integer("--max-lines", options.maxLines, 1, 10000000));
    options.color = useColor(args, context);
    options.annotateFolded = args.has("--annotate");
    return options;
}

} // namespace

int runStacksCommand(const CliArguments &args, CliContext &context)
{
    // Check every option before the (possibly long) import.
    StackTreeOptions treeOptions = stackTreeOptionsFrom(args);
    const std::string format = args.choice("--format", {"text", "json", "folded"}, "text");
    const StackReportOptions reportOptions = reportOptionsFrom(args, context);
    const std::string source = args.choice("--source", {"dumps", "collectives"}, "dumps");

    ImportResult imported = importBundleWithProgress(importOptionsFrom(args), context);
    if (source == "collectives") {
        // The frames Flight Recorder kept for each rank's blocking collective, merged like
        // py-spy stacks (their problems stay the bundle's).
        const auto db = openStackCacheReader(imported.summary.cacheFile);
        StackDataset callSites =
            collectiveCallSiteStacks(loadCollectiveDataset(*db), imported.stacks.job);
        callSites.problems = std::move(imported.stacks.problems);
        imported.stacks = std::move(callSites);
    }
    const StackDataset &data = imported.stacks;
    if (!data.problems.empty())
        context.err << "rankscope-cli: note: " << data.problems.size()
                    << " import problem(s); 'rankscope-cli import " << args.positional().front()
                    << "' lists them\n";

    const StackTree tree = StackTreeBuilder::build(data, treeOptions);
    const StackAnalysis analysis = analyzeStacks(data, tree);
    const StackReport report(data, tree, analysis, reportOptions);
    if (format == "json")
        context.out << report.toJson().dump(2) << '\n';
    else if (format == "folded")
        context.out << report.toFolded();
    else
        context.out << report.toText();
    return 0;
}

} // namespace rankscope::cli
