#include "app/cli/CliApp.h"
#include "app/cli/CliCommands.h"
#include "app/cli/TraceCommandSupport.h"
#include "core/analysis/RankSet.h"
#include "core/analysis/StragglerDetection.h"
#include "core/analysis/StragglerTimingCoverage.h"
#include "core/cache/LogCacheReader.h"
#include "core/cache/TraceCacheReader.h"

#include <nlohmann/json.hpp>

#include <algorithm>

#include <cstdio>

namespace rankscope::cli {

namespace {

nlohmann::json suspectJson(const StragglerSuspect &suspect)
{
    nlohmann::json json;
    json["ranks"] = suspect.ranks;
    json["nodes"] = suspect.nodes;
    json["group"] = suspect.group;
    json["metric"] = traceMetricKey(suspect.metric);
    const bool iterations = suspect.axis == WindowAxis::Iteration;
    json["first_iteration"] =
        iterations ? nlohmann::json(suspect.firstWindow) : nlohmann::json(nullptr);
    json["first_time_bin"] =
        iterations ? nlohmann::json(nullptr) : nlohmann::json(suspect.firstWindow);
    json["first_window_start_ns"] = suspect.firstWindowStartNs;
    json["magnitude"] = suspect.magnitude;
    json["windows_flagged"] = suspect.windowsFlagged;
    json["windows_total"] = suspect.windowsTotal;
    json["role"] = stragglerRoleKey(suspect.role);
    json["reason"] = suspect.reason;
    json["score"] = suspect.score;
    return json;
}

nlohmann::json offsetsJson(const TraceOverview &overview)
{
    nlohmann::json list = nlohmann::json::array();
    for (const TraceRankClock &clock : overview.clocks) {
        list.push_back({{"rank", clock.rank},
                        {"node", clock.node},
                        {"file", clock.file},
                        {"offset_ns", clock.offset.offsetNs},
                        {"source", clockOffsetSourceKey(clock.offset.source)},
                        {"anchors", clock.offset.anchors},
                        {"spread_ns", clock.offset.spreadNs}});
    }
    return list;
}

nlohmann::json timingJson(const StragglerTimingCoverage &coverage)
{
    return {{"source", coverage.fromLogs ? "logs" : "traces"},
            {"ranks", coverage.ranks},
            {"timed_ranks", coverage.timedRanks},
            {"job_level_iteration_lines", coverage.jobLevelLines},
            {"enough", coverage.enough},
            {"reason", coverage.reason}};
}

void writeText(const StragglerReport &report, const TraceWindowTable &table,
               const TraceOverview &overview, const StragglerTimingCoverage &coverage,
               std::ostream &out)
{
    out << "Verdict: " << stragglerVerdictKey(report.verdict) << " - " << report.summary << "\n";
    if (coverage.fromLogs)
        out << "Timing: no profiler traces; " << coverage.reason << "\n";
    if (!coverage.enough)
        return; // nothing was compared
    const MetricMatrix shape = metricMatrix(table, TraceMetric::StepTime);
    out << "Compared " << shape.rowCount() << " ranks over " << shape.columnCount()
        << (report.axis == WindowAxis::Iteration ? " iterations" : " time bins");
    if (report.axis == WindowAxis::TimeBin)
        out << " of " << formatDurationNs(double(table.binWidthNs));
    out << "\n";
    if (report.suspects.empty()) {
        out << "Suspects: none\n";
    } else {
        out << "Suspects:\n";
        int index = 1;
        for (const StragglerSuspect &suspect : report.suspects) {
            char score[32];
            std::snprintf(score, sizeof score, "%.2f", suspect.score);
            out << "  " << index++ << ". " << suspect.reason << "  ["
                << stragglerRoleKey(suspect.role) << ", score " << score << "]\n";
        }
    }
    if (!report.waiters.empty()) {
        RankSet waiters;
        for (int rank : report.waiters)
            waiters.insert(rank);
        out << "Waiting for them: ranks " << waiters.toString() << "\n";
    }
    // One line per run of ranks sharing node, offset and method: a node shares one clock, so
    // a 1,024-rank job prints about one line per node instead of one per rank.
    if (overview.clocks.empty())
        return; // windows from logs: no trace clock was aligned
    out << "Clock offsets applied (local clock = aligned clock + offset):\n";
    const std::vector<TraceRankClock> &clocks = overview.clocks;
    for (std::size_t first = 0; first < clocks.size();) {
        std::size_t last = first;
        int maxAnchors = clocks[first].offset.anchors;
        std::int64_t maxSpread = clocks[first].offset.spreadNs;
        while (last + 1 < clocks.size() && clocks[last + 1].node == clocks[first].node &&
               clocks[last + 1].offset.offsetNs == clocks[first].offset.offsetNs &&
               clocks[last + 1].offset.source == clocks[first].offset.source) {
            ++last;
            maxAnchors = std::max(maxAnchors, clocks[last].offset.anchors);
            maxSpread = std::max(maxSpread, clocks[last].offset.spreadNs);
        }
        RankSet ranks;
        for (std::size_t i = first; i <= last; ++i)
            ranks.insert(clocks[i].rank);
        const TraceRankClock &clock = clocks[first];
        out << (first == last ? "  rank " : "  ranks ") << ranks.toString();
        if (!clock.node.empty())
            out << " (" << clock.node << ")";
        out << ": " << (clock.offset.offsetNs >= 0 ? "+" : "")
            << formatDurationNs(double(clock.offset.offsetNs)) << "  "
            << clockOffsetSourceKey(clock.offset.source);
        if (maxAnchors > 0)
            out << ", " << (first == last ? "" : "up to ") << maxAnchors << " anchors, spread "
                << (first == last ? "" : "up to ") << formatDurationNs(double(maxSpread));
        out << "\n";
        first = last + 1;
    }
}

} // namespace

int runStragglersCommand(const CliArguments &args, CliContext &context)
{
    const std::string format = args.choice("--format", {"text", "json"}, "text");
    TraceCache cache = openTraceCache(args, context);
    const TraceOverview overview = loadTraceOverview(*cache.db);
    // Iterations when the traces have ProfilerStep#N, else the time bins.
    TraceWindowTable table = loadTraceWindows(*cache.db, WindowAxis::Iteration, 0);
    if (table.rows.empty())
        table = loadTraceWindows(*cache.db, WindowAxis::TimeBin, 0);
    // Windows built from logs time only the ranks that print iteration lines: check first.
    const bool fromLogs = overview.traceFiles == 0;
    const int jobLevel =
        fromLogs && hasLogData(*cache.db) ? jobLevelIterationLines(loadLogIterations(*cache.db)) : 0;
    const StragglerTimingCoverage coverage =
        stragglerTimingCoverage(table, cache.imported.stacks.job, fromLogs, jobLevel);
    const StragglerReport report =
        analyzeStragglersWithCoverage(table, cache.imported.stacks.job, coverage);

    if (format == "json") {
        nlohmann::json json;
        json["verdict"] = stragglerVerdictKey(report.verdict);
        json["axis"] = windowAxisKey(report.axis);
        json["summary"] = report.summary;
        nlohmann::json suspects = nlohmann::json::array();
        for (const StragglerSuspect &suspect : report.suspects)
            suspects.push_back(suspectJson(suspect));
        json["suspects"] = std::move(suspects);
        json["waiters"] = report.waiters;
        json["clock_offsets"] = offsetsJson(overview);
        json["timing"] = timingJson(coverage);
        context.out << json.dump(2) << '\n';
    } else {
        writeText(report, table, overview, coverage, context.out);
    }
    return kExitSuccess;
}

} // namespace rankscope::cli
