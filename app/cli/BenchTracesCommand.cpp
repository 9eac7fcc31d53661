#include "app/cli/BenchSupport.h"
#include "app/cli/CliCommands.h"
#include "app/cli/CliError.h"
#include "core/cache/CacheSchema.h"
#include "core/cache/TraceCacheReader.h"
#include "core/traces/StragglerDetection.h"
#include "importers/bundle/BundleImport.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace fs = std::filesystem;

namespace rankscope::cli {

namespace {

struct TraceBenchFigures
{
    ImportSummary fresh;
    double freshSeconds = 0;
    double freshPeakMiB = 0;
    double reopenSeconds = 0;
    int reopenParsed = 0;
    double overviewSeconds = 0;
    double windowsSeconds = 0;
    std::size_t windowRows = 0;
    double matrixSeconds = 0;
    int matrixRows = 0;
    int matrixColumns = 0;
    double outlierSeconds = 0;
    double stragglerSeconds = 0;
    std::string verdict;
    std::string topSuspect;
    double rankWindowSeconds = 0;
    std::size_t rankWindowEvents = 0;
    std::uintmax_t cacheBytes = 0;
    double peakMiB = 0;
};

void printText(const fs::path &bundle, const TraceBenchFigures &f, std::ostream &out)
{
    char line[320];
    out << "Bundle      " << bundle.string() << "\n";
    std::snprintf(line, sizeof line, "  %d trace files, %d ranks, %lld events\n",
                  f.fresh.traceFiles, f.fresh.traceRanks,
                  static_cast<long long>(f.fresh.traceEvents));
    out << line;
    std::snprintf(line, sizeof line,
                  "import      %8.3f s  fresh cache, %d files parsed; peak RSS %.0f MiB\n",
                  f.freshSeconds, f.fresh.filesParsed, f.freshPeakMiB);
    out << line;
    std::snprintf(line, sizeof line, "reopen      %8.3f s  %d files parsed\n", f.reopenSeconds,
                  f.reopenParsed);
    out << line;
    std::snprintf(line, sizeof line, "overview    %8.3f s\n", f.overviewSeconds);
    out << line;
    std::snprintf(line, sizeof line, "windows     %8.3f s  %zu iteration rows (level 0)\n",
                  f.windowsSeconds, f.windowRows);
    out << line;
    std::snprintf(line, sizeof line, "matrix      %8.3f s  %d ranks x %d windows (compute)\n",
                  f.matrixSeconds, f.matrixRows, f.matrixColumns);
    out << line;
    std::snprintf(line, sizeof line, "outliers    %8.3f s  spatial, one metric\n",
                  f.outlierSeconds);
    out << line;
    std::snprintf(line, sizeof line, "stragglers  %8.3f s  %s%s%s\n", f.stragglerSeconds,
                  f.verdict.c_str(), f.topSuspect.empty() ? "" : ": ", f.topSuspect.c_str());
    out << line;
    std::snprintf(line, sizeof line, "rank window %8.3f s  %zu events (one rank, one window)\n",
                  f.rankWindowSeconds, f.rankWindowEvents);
    out << line;
    std::snprintf(line, sizeof line, "cache       %.1f MiB\npeak RSS    %.0f MiB\n",
                  static_cast<double>(f.cacheBytes) / (1024.0 * 1024.0), f.peakMiB);
    out << line;
}

void printJson(const fs::path &bundle, const TraceBenchFigures &f, std::ostream &out)
{
    nlohmann::ordered_json json;
    json["bundle"] = bundle.string();
    json["trace_files"] = f.fresh.traceFiles;
    json["trace_ranks"] = f.fresh.traceRanks;
    json["trace_events"] = f.fresh.traceEvents;
    json["import_seconds"] = f.freshSeconds;
    json["import_peak_rss_mib"] = f.freshPeakMiB;
    json["reopen_seconds"] = f.reopenSeconds;
    json["overview_seconds"] = f.overviewSeconds;
    json["windows_seconds"] = f.windowsSeconds;
    json["window_rows"] = f.windowRows;
    json["matrix_seconds"] = f.matrixSeconds;
    json["outliers_seconds"] = f.outlierSeconds;
    json["stragglers_seconds"] = f.stragglerSeconds;
    json["verdict"] = f.verdict;
    json["top_suspect"] = f.topSuspect;
    json["rank_window_seconds"] = f.rankWindowSeconds;
    json["cache_bytes"] = f.cacheBytes;
    json["peak_rss_mib"] = f.peakMiB;
    out << json.dump(2) << "\n";
}

} // namespace

// Times what the trace views and commands do on a bundle: a fresh import into a temporary
// cache, a reopen, loading the windows, one heatmap matrix with its outliers, the straggler
// analysis and one rank's window of events. The figures of docs/performance.md come from here.
int runBenchTracesCommand(const CliArguments &args, CliContext &context)
{
    const std::string format = args.choice("--format", {"text", "json"}, "text");
    const fs::path bundle = args.positional().at(0);
    const TemporaryCacheDir cache(args.has("--keep-cache"));
    ImportOptions options;
    options.bundlePath = bundle;
    options.cacheDir = cache.path();

    TraceBenchFigures f;
    fs::path cacheFile;
    {
        const BenchClock::time_point start = BenchClock::now();
        const ImportResult fresh = importBundle(options);
        f.freshSeconds = secondsSince(start);
        f.fresh = fresh.summary;
        f.freshPeakMiB = peakRssMiB();
        cacheFile = fresh.summary.cacheFile;
    }
    if (f.fresh.traceFiles == 0)
        throw CliInputError(bundle.string() + " has no profiler traces (traces/ folder)");
    const BenchClock::time_point reopenStart = BenchClock::now();
    const ImportResult reopened = importBundle(options);
    f.reopenSeconds = secondsSince(reopenStart);
    f.reopenParsed = reopened.summary.filesParsed;
    std::error_code error;
    f.cacheBytes = fs::file_size(cacheFile, error);

    auto db = openStackCacheReader(cacheFile);
    BenchClock::time_point start = BenchClock::now();
    const TraceOverview overview = loadTraceOverview(*db);
    f.overviewSeconds = secondsSince(start);
    const WindowAxis axis = overview.hasIterations ? WindowAxis::Iteration : WindowAxis::TimeBin;
    start = BenchClock::now();
    const TraceWindowTable table = loadTraceWindows(*db, axis, 0);
    f.windowsSeconds = secondsSince(start);
    f.windowRows = table.rows.size();
    start = BenchClock::now();
    const MetricMatrix matrix = metricMatrix(table, TraceMetric::ComputeTime);
    f.matrixSeconds = secondsSince(start);
    f.matrixRows = matrix.rowCount();
    f.matrixColumns = matrix.columnCount();
    start = BenchClock::now();
    const std::vector<PeerGroup> groups = stragglerPeerGroups(matrix, reopened.stacks.job);
    const SpatialOutliers outliers =
        detectSpatialOutliers(matrix, groups, practicalStragglerParams(table));
    f.outlierSeconds = secondsSince(start);
    start = BenchClock::now();
    const StragglerReport report = analyzeStragglers(table, reopened.stacks.job);
    f.stragglerSeconds = secondsSince(start);
    f.verdict = stragglerVerdictKey(report.verdict);
    if (!report.suspects.empty())
        f.topSuspect = report.suspects.front().reason;
    if (!table.rows.empty()) {
        const TraceWindowRow &row = table.rows[table.rows.size() / 2];
        start = BenchClock::now();
        const TraceData events = loadRankTraceWindow(*db, row.rank, row.startNs, row.endNs);
        f.rankWindowSeconds = secondsSince(start);
        f.rankWindowEvents = events.events.size();
    }
    f.peakMiB = peakRssMiB();

    if (format == "json")
        printJson(bundle, f, context.out);
    else
        printText(bundle, f, context.out);
    if (cache.kept())
        context.err << "rankscope-cli: note: cache kept in " << options.cacheDir.string() << "\n";
    return 0;
}

} // namespace rankscope::cli
