#include "app/cli/CliApp.h"
#include "app/cli/CliCommands.h"
#include "app/cli/TraceCommandSupport.h"
#include "core/cache/LogCacheReader.h"
#include "core/cache/TraceCacheReader.h"
#include "core/model/RankSet.h"
#include "core/traces/ArrivalOrderNote.h"
#include "core/traces/DetectorTally.h"
#include "core/traces/StragglerDetection.h"
#include "core/traces/StragglerTimingCoverage.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
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
    json["confidence"] = stragglerConfidenceKey(suspect.confidence);
    json["period"] = suspect.period > 1 ? nlohmann::json(suspect.period) : nlohmann::json(nullptr);
    const bool costKnown = !std::isnan(suspect.costPerWindowNs) && suspect.costWindows > 0;
    json["cost_per_step_ns"] =
        costKnown ? nlohmann::json(std::llround(suspect.costPerWindowNs)) : nlohmann::json(nullptr);
    json["cost_total_ns"] =
        costKnown ? nlohmann::json(std::llround(suspect.costTotalNs)) : nlohmann::json(nullptr);
    json["cost_windows"] = suspect.costWindows;
    json["cost_source"] = !costKnown             ? nlohmann::json(nullptr)
                          : suspect.costMeasured ? nlohmann::json("arrival_order")
                                                 : nlohmann::json("estimate");
    return json;
}

// The metrics a per-rank breakdown shows, in the order a step spends its time.
constexpr TraceMetric kBreakdownMetrics[] = {
    TraceMetric::StepTime,       TraceMetric::ComputeTime,
    TraceMetric::CollectiveWait, TraceMetric::CommunicationTransfer,
    TraceMetric::GpuIdle,        TraceMetric::CpuOpTime,
    TraceMetric::LaunchGap};

nlohmann::json breakdownJson(const StragglerReport &report)
{
    nlohmann::json list = nlohmann::json::array();
    for (const RankBreakdown &rank : report.breakdown) {
        nlohmann::json metrics = nlohmann::json::object();
        for (int m = 0; m < kTraceMetricCount; ++m) {
            const double value = rank.value[std::size_t(m)];
            const double peer = rank.peerMedian[std::size_t(m)];
            if (std::isnan(value) || std::isnan(peer))
                continue;
            metrics[traceMetricKey(TraceMetric(m))] = {{"value_ns", std::llround(value)},
                                                       {"peer_median_ns", std::llround(peer)}};
        }
        list.push_back({{"rank", rank.rank}, {"group", rank.group}, {"metrics", metrics}});
    }
    return list;
}

// "84.3 ms (+40%)"
std::string breakdownCell(double value, double peer)
{
    if (std::isnan(value) || std::isnan(peer))
        return "-";
    std::string text = formatDurationNs(value);
    if (peer > 0) {
        char ratio[32];
        std::snprintf(ratio, sizeof ratio, " (%+.0f%%)", (value / peer - 1) * 100);
        text += ratio;
    }
    return text;
}

// A capture too short to test persistence (one or two profiler steps) still gets a spatial
// answer: each rank against its peers. Large jobs print the ranks that differ most.
void writeBreakdown(const StragglerReport &report, std::ostream &out)
{
    constexpr std::size_t kMaxRanks = 64;
    constexpr std::size_t kShownOfMany = 16;
    std::vector<const RankBreakdown *> ranks;
    for (const RankBreakdown &rank : report.breakdown)
        ranks.push_back(&rank);
    const auto computeOff = [](const RankBreakdown *rank) {
        const auto m = std::size_t(TraceMetric::ComputeTime);
        const double peer = rank->peerMedian[m];
        return peer > 0 && !std::isnan(rank->value[m]) ? std::abs(rank->value[m] / peer - 1) : 0.0;
    };
    const bool many = ranks.size() > kMaxRanks;
    if (many) {
        std::stable_sort(ranks.begin(), ranks.end(),
                         [&](auto *a, auto *b) { return computeOff(a) > computeOff(b); });
        ranks.resize(kShownOfMany);
        std::sort(ranks.begin(), ranks.end(), [](auto *a, auto *b) { return a->rank < b->rank; });
    }
    out << "Per-rank breakdown against the peer median ("
        << (report.windows == 1 ? "the only " : "median of the ")
        << (report.axis == WindowAxis::Iteration ? "iteration" : "time bin")
        << (report.windows == 1 ? "" : "s")
        << (many ? "; the " + std::to_string(kShownOfMany) +
                       " ranks whose compute differs most, "
                       "--format json lists all"
                 : std::string())
        << "):\n";
    for (const RankBreakdown *rank : ranks) {
        out << "  rank " << rank->rank << ":";
        const char *separator = " ";
        for (TraceMetric metric : kBreakdownMetrics) {
            const auto m = std::size_t(metric);
            if (std::isnan(rank->value[m]))
                continue;
            out << separator << traceMetricKey(metric) << " "
                << breakdownCell(rank->value[m], rank->peerMedian[m]);
            separator = ", ";
        }
        out << "\n";
    }
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
                        {"spread_ns", clock.offset.spreadNs},
                        {"uncertainty_ns", clock.offset.uncertaintyNs},
                        {"typical_collective_ns", clock.offset.typicalDurationNs},
                        {"dropped_anchors", clock.offset.droppedAnchors},
                        {"p2p_violations", clock.offset.p2pViolations},
                        {"quality", clockQualityKey(clock.offset.quality)}});
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

nlohmann::json alignmentJson(const TraceOverview &overview)
{
    const std::vector<ClockOffset> offsets = clockOffsetsOf(overview);
    const ClockAlignmentSummary summary = summarizeClockAlignment(offsets);
    nlohmann::json poor = nlohmann::json::array();
    for (const ClockOffset &offset : offsets) {
        if (offset.quality == ClockQuality::Poor)
            poor.push_back(offset.rank);
    }
    return {{"quality", clockQualityKey(summary.quality)},
            {"uncertainty_ns", summary.uncertaintyNs},
            {"typical_collective_ns", summary.typicalDurationNs},
            {"good", summary.good},
            {"fair", summary.fair},
            {"poor", summary.poor},
            {"poor_ranks", std::move(poor)},
            {"dropped_anchors", summary.droppedAnchors},
            {"p2p_violations", summary.p2pViolations}};
}

// Ranks by the wait they caused, most first (then by share of last arrivals, then rank).
std::vector<RankArrivalStats> rankedArrivals(const ArrivalSummary &arrivals)
{
    std::vector<RankArrivalStats> ranks = arrivals.ranks;
    const auto share = [](const RankArrivalStats &r) {
        return r.collectives > 0 ? double(r.lastArrivals) / double(r.collectives) : 0.0;
    };
    std::stable_sort(ranks.begin(), ranks.end(),
                     [&](const RankArrivalStats &a, const RankArrivalStats &b) {
                         if (a.causedWaitNs != b.causedWaitNs)
                             return a.causedWaitNs > b.causedWaitNs;
                         if (share(a) != share(b))
                             return share(a) > share(b);
                         return a.rank < b.rank;
                     });
    return ranks;
}

nlohmann::json arrivalJson(const ArrivalSummary &arrivals, const JobInfo &job)
{
    nlohmann::json ranks = nlohmann::json::array();
    for (const RankArrivalStats &rank : rankedArrivals(arrivals)) {
        ranks.push_back(
            {{"rank", rank.rank},
             {"node", job.nodeOf(rank.rank)},
             {"last_arrivals", rank.lastArrivals},
             {"collectives", rank.collectives},
             {"share_last",
              rank.collectives > 0 ? double(rank.lastArrivals) / double(rank.collectives) : 0.0},
             {"caused_wait_ns", std::int64_t(std::llround(rank.causedWaitNs))},
             {"max_margin_ns", std::int64_t(std::llround(rank.maxMarginNs))}});
    }
    return {{"collectives", arrivals.collectives},
            {"clear_last", arrivals.clearLast},
            {"no_clear_last", arrivals.noClearLast},
            {"incomplete", arrivals.incomplete},
            {"ranks", std::move(ranks)}};
}

void writeAlignmentText(const TraceOverview &overview, std::ostream &out)
{
    const std::vector<ClockOffset> offsets = clockOffsetsOf(overview);
    if (offsets.empty())
        return;
    const ClockAlignmentSummary summary = summarizeClockAlignment(offsets);
    out << "Clock alignment: " << clockQualityKey(summary.quality) << " (uncertainty "
        << formatDurationNs(double(summary.uncertaintyNs));
    if (summary.typicalDurationNs > 0)
        out << " against collectives of " << formatDurationNs(double(summary.typicalDurationNs))
            << " typically";
    out << "; " << summary.good << " good, " << summary.fair << " fair, " << summary.poor
        << " poor";
    if (summary.droppedAnchors > 0)
        out << "; " << summary.droppedAnchors
            << " collective ends dropped for contradicting their node's clock";
    if (summary.p2pViolations > 0)
        out << "; " << summary.p2pViolations << " recvs ending before their send started";
    out << ")\n";
    if (summary.quality == ClockQuality::Poor)
        out << "  Time-based findings (waits, arrival order) are not reliable and were left out.\n";
}

void writeArrivalText(const ArrivalSummary &arrivals, const JobInfo &job, std::ostream &out)
{
    if (arrivals.collectives == 0)
        return;
    out << "Arrival order at " << arrivals.collectives
        << " matched collectives: " << arrivals.clearLast << " with a clear last arriver, "
        << arrivals.noClearLast << " without (the last two within the clocks' uncertainty)";
    if (arrivals.incomplete > 0)
        out << "; " << arrivals.incomplete << " seen on fewer ranks than their group size";
    out << "\n";
    if (arrivals.clearLast == 0) {
        out << "  No clear last arriver at any collective.\n";
        return;
    }
    int shown = 0;
    for (const RankArrivalStats &rank : rankedArrivals(arrivals)) {
        if (rank.lastArrivals == 0 || shown == 5)
            break;
        ++shown;
        char share[32];
        std::snprintf(share, sizeof share, "%.0f%%",
                      100.0 * double(rank.lastArrivals) / double(std::max(rank.collectives, 1)));
        out << "  rank " << rank.rank;
        if (const std::string node = job.nodeOf(rank.rank); !node.empty())
            out << " (" << node << ")";
        out << ": last at " << share << " of its " << rank.collectives
            << " collectives; the others waited " << formatDurationNs(rank.causedWaitNs)
            << " for it in total ("
            << formatDurationNs(rank.causedWaitNs / double(std::max(rank.lastArrivals, 1)))
            << " per late arrival)\n";
    }
}

void writeText(const StragglerReport &report, const TraceWindowTable &table,
               const TraceOverview &overview, const StragglerTimingCoverage &coverage,
               const ArrivalSummary &arrivals, const JobInfo &job, std::ostream &out)
{
    out << "Verdict: " << stragglerVerdictKey(report.verdict) << " - " << report.summary << "\n";
    if (coverage.fromLogs)
        out << "Timing: no profiler traces; " << coverage.reason << "\n";
    if (!coverage.enough)
        return; // nothing was compared
    const MetricMatrix shape = metricMatrix(table, TraceMetric::StepTime);
    out << "Compared " << shape.rowCount() << " ranks over " << shape.columnCount()
        << (report.axis == WindowAxis::Iteration ? " iteration" : " time bin")
        << (shape.columnCount() == 1 ? "" : "s");
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
                << stragglerRoleKey(suspect.role) << ", "
                << stragglerConfidenceKey(suspect.confidence) << ", score " << score << "]\n";
        }
    }
    if (!report.waiters.empty()) {
        RankSet waiters;
        for (int rank : report.waiters)
            waiters.insert(rank);
        out << "Waiting for them: ranks " << waiters.toString() << "\n";
    }
    if (report.windows > 0 && report.windows < StragglerParams{}.minPersistentWindows)
        writeBreakdown(report, out);
    writeArrivalText(arrivals, job, out);
    writeAlignmentText(overview, out);
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
        std::int64_t maxUncertainty = clocks[first].offset.uncertaintyNs;
        ClockQuality worst = clocks[first].offset.quality;
        while (last + 1 < clocks.size() && clocks[last + 1].node == clocks[first].node &&
               clocks[last + 1].offset.offsetNs == clocks[first].offset.offsetNs &&
               clocks[last + 1].offset.source == clocks[first].offset.source) {
            ++last;
            maxAnchors = std::max(maxAnchors, clocks[last].offset.anchors);
            maxSpread = std::max(maxSpread, clocks[last].offset.spreadNs);
            maxUncertainty = std::max(maxUncertainty, clocks[last].offset.uncertaintyNs);
            worst = std::max(worst, clocks[last].offset.quality);
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
        out << "; " << clockQualityKey(worst) << ", uncertainty " << (first == last ? "" : "up to ")
            << formatDurationNs(double(maxUncertainty));
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
    const int jobLevel = fromLogs && hasLogData(*cache.db)
                             ? jobLevelIterationLines(loadLogIterations(*cache.db))
                             : 0;
    const JobInfo &job = cache.imported.stacks.job;
    const StragglerTimingCoverage coverage =
        stragglerTimingCoverage(table, job, fromLogs, jobLevel);
    const StragglerParams params = withClockAlignment({}, clockOffsetsOf(overview));
    StragglerReport report = analyzeStragglersWithCoverage(table, job, coverage, params);
    const ArrivalSummary arrivals = loadArrivalSummary(*cache.db);
    addArrivalOrderNote(report, arrivals, table, job, params);
    // Megatron's straggler detector, read as a tally: an answer when its min/max lines are the
    // only per-rank signal.
    addDetectorTally(report, tallyDetectorReports(loadLogRankTimings(*cache.db)), job);

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
        json["windows"] = report.windows;
        json["breakdown"] = breakdownJson(report);
        json["arrival"] = arrivalJson(arrivals, job);
        json["clock_alignment"] = alignmentJson(overview);
        json["clock_offsets"] = offsetsJson(overview);
        json["timing"] = timingJson(coverage);
        context.out << json.dump(2) << '\n';
    } else {
        writeText(report, table, overview, coverage, arrivals, job, context.out);
    }
    return kExitSuccess;
}

} // namespace rankscope::cli
