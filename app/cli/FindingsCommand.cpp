#include "app/cli/BundleLoading.h"
#include "app/cli/CliApp.h"
#include "app/cli/CliCommands.h"
#include "app/cli/DiffSides.h"
#include "core/cache/CacheSchema.h"
#include "core/cache/CollectiveCacheReader.h"
#include "core/cache/LogCacheReader.h"
#include "core/cache/TraceCacheReader.h"
#include "core/collectives/CollectiveAnalysis.h"
#include "core/diff/LogDiff.h"
#include "core/findings/CollectiveFindings.h"
#include "core/findings/DiffFindings.h"
#include "core/findings/FindingsReport.h"
#include "core/findings/LogFindings.h"
#include "core/findings/StackFindings.h"
#include "core/findings/TraceFindings.h"
#include "core/logs/LogAnalysis.h"
#include "core/stacks/StackAnalysis.h"
#include "core/stacks/StackTree.h"
#include "core/traces/ArrivalOrderNote.h"
#include "core/traces/DetectorTally.h"
#include "core/traces/StragglerTimingCoverage.h"

#include <algorithm>
#include <filesystem>
#include <optional>

namespace rankscope::cli {

namespace {

// The run the findings are about: its stacks and cache, imported once (with --baseline, both
// runs are imported the way `diff` does it).
struct FindingsBundle
{
    std::shared_ptr<const StackDataset> stacks;
    std::filesystem::path cacheFile;
    std::optional<DiffSides> sides;
};

FindingsBundle importFindingsBundle(const CliArguments &args, CliContext &context)
{
    FindingsBundle bundle;
    if (args.value("--baseline")) {
        bundle.sides = importDiffSides(args, context);
        bundle.stacks = bundle.sides->target.stacks;
        bundle.cacheFile = bundle.sides->target.cacheFile;
        return bundle;
    }
    ImportResult imported = importBundleWithProgress(importOptionsFrom(args), context);
    bundle.cacheFile = imported.summary.cacheFile;
    bundle.stacks = std::make_shared<const StackDataset>(std::move(imported.stacks));
    return bundle;
}

// The straggler analysis as `stragglers` runs it: iterations (else time bins), the clocks'
// alignment, windows from the logs' iteration lines when there is no trace, the arrival order.
LayerFindings stragglerLayer(SqliteDatabase &db, const JobInfo &job, bool &fromLogs)
{
    const TraceOverview overview = loadTraceOverview(db);
    TraceWindowTable table = loadTraceWindows(db, WindowAxis::Iteration, 0);
    if (table.rows.empty())
        table = loadTraceWindows(db, WindowAxis::TimeBin, 0);
    fromLogs = overview.traceFiles == 0;
    const int jobLevel =
        fromLogs && hasLogData(db) ? jobLevelIterationLines(loadLogIterations(db)) : 0;
    const StragglerTimingCoverage coverage =
        stragglerTimingCoverage(table, job, fromLogs, jobLevel);
    const StragglerParams params = withClockAlignment({}, clockOffsetsOf(overview));
    StragglerReport report = analyzeStragglersWithCoverage(table, job, coverage, params);
    addArrivalOrderNote(report, loadArrivalSummary(db), table, job, params);
    // Megatron's straggler detector, read as a tally: an answer when its min/max lines are the
    // only per-rank signal.
    addDetectorTally(report, tallyDetectorReports(loadLogRankTimings(db)), job);
    return traceFindings(report, fromLogs);
}

std::vector<LayerFindings> layerFindings(const FindingsBundle &bundle, const BundleDiff *diff)
{
    const StackDataset &data = *bundle.stacks;
    const JobInfo &job = data.job;
    const auto db = openStackCacheReader(bundle.cacheFile);
    std::vector<LayerFindings> layers;

    if (!data.samples.empty()) {
        const StackTree tree = StackTreeBuilder::build(data, StackTreeOptions{});
        layers.push_back(stackFindings(analyzeStacks(data, tree), data, tree));
    } else {
        layers.push_back(absentLayer(FindingLayer::Stacks));
    }

    bool stepTimesFromLogs = false;
    std::optional<LayerFindings> timing;
    if (hasTraceData(*db))
        timing = stragglerLayer(*db, job, stepTimesFromLogs);
    layers.push_back(timing && !stepTimesFromLogs ? std::move(*timing)
                                                  : absentLayer(FindingLayer::Traces));

    std::optional<LogAnalysis> logs;
    if (hasLogData(*db)) {
        const LogAnalysisInput input = loadLogAnalysisInput(*db, job);
        logs =
            analyzeLogs(input.events, input.templates, input.iterations, input.job, input.context);
        if (diff && diff->hasLogs)
            demoteBaselineTemplates(*logs, diff->logs);
        LayerFindings layer = logFindings(*logs);
        // Step times from the logs' iteration lines are the logs' evidence, not a trace's.
        if (timing && stepTimesFromLogs)
            for (Finding &f : timing->findings)
                layer.findings.push_back(std::move(f));
        layers.push_back(std::move(layer));
    } else {
        layers.push_back(absentLayer(FindingLayer::Logs));
    }

    CollectiveDataset collectives = loadCollectiveDataset(*db);
    collectives.worldSize = std::max(collectives.worldSize, job.worldSize);
    layers.push_back(collectiveFindings(analyseCollectives(collectives, job)));

    layers.push_back(diff ? baselineFindings(*diff, logs ? &*logs : nullptr)
                          : absentLayer(FindingLayer::Baseline));
    return layers;
}

} // namespace

// One verdict for the job: every layer's findings joined on the same ranks, nodes and windows
// into ranked culprits with their evidence and effects (docs/findings.md).
int runFindingsCommand(const CliArguments &args, CliContext &context)
{
    const std::string format = args.choice("--format", {"text", "json", "markdown"}, "text");
    const FindingsBundle bundle = importFindingsBundle(args, context);
    if (!bundle.stacks->problems.empty())
        context.err << "rankscope-cli: note: " << bundle.stacks->problems.size()
                    << " import problem(s); 'rankscope-cli import " << args.positional().front()
                    << "' lists them\n";
    std::optional<BundleDiff> diff;
    if (bundle.sides)
        diff = computeBundleDiff(bundle.sides->baseline, bundle.sides->target);
    const FindingsVerdict verdict = joinFindings(layerFindings(bundle, diff ? &*diff : nullptr),
                                                 FindingsJob::fromJob(bundle.stacks->job));
    if (format == "json")
        context.out << findingsJson(verdict).dump(2, ' ', false,
                                                  nlohmann::json::error_handler_t::replace)
                    << '\n';
    else if (format == "markdown")
        context.out << findingsMarkdown(verdict, args.positional().front());
    else
        context.out << findingsText(verdict);
    return kExitSuccess;
}

} // namespace rankscope::cli
