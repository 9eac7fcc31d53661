#include "core/traces/StragglerTimingCoverage.h"

#include "core/traces/StragglerWording.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace rankscope {

StragglerTimingCoverage stragglerTimingCoverage(const TraceWindowTable &table, const JobInfo &job,
                                                bool fromLogs, int jobLevelIterationLines)
{
    StragglerTimingCoverage coverage;
    coverage.fromLogs = fromLogs;
    coverage.jobLevelLines = jobLevelIterationLines;
    std::map<int, int> timedWindows;
    for (const TraceWindowRow &row : table.rows) {
        int &windows = timedWindows[row.rank];
        // A step time, or a per-rank timing Megatron printed about the rank (its straggler
        // detector, its timers across ranks): either times the rank's own work.
        bool timed = false;
        for (int m = 0; m < kTraceMetricCount && !timed; ++m) {
            const TraceMetric metric = TraceMetric(m);
            const double value = row.values[std::size_t(m)];
            timed = (metric == TraceMetric::StepTime || isReportedTimingMetric(metric)) &&
                    !std::isnan(value) && value > 0;
        }
        if (timed)
            ++windows;
    }
    coverage.ranks = std::max(job.worldSize, int(timedWindows.size()));
    for (const auto &[rank, windows] : timedWindows)
        coverage.timedRanks += windows >= kMinTimedWindows ? 1 : 0;
    if (!fromLogs)
        return coverage; // profiler traces time every rank they hold

    // "the logs give step times for 1 of 64 ranks", and why the others have none.
    const int timed = coverage.timedRanks;
    Message reason = coverage.ranks == 1
                         ? Message(RANKSCOPE_MESSAGE("straggler.coverage.logsTimeOfOneRank",
                                                     "the logs give step times for %1 of 1 rank"),
                                   {timed})
                         : Message(RANKSCOPE_MESSAGE("straggler.coverage.logsTimeOfRanks",
                                                     "the logs give step times for %1 of %2 ranks"),
                                   {timed, coverage.ranks});
    if (timed == 0 && jobLevelIterationLines > 0)
        reason = {RANKSCOPE_MESSAGE("straggler.coverage.jobLevelLines",
                                    "%1: their %2 iteration lines carry no rank (a job-wide "
                                    "series, printed by one rank for all)"),
                  {std::move(reason), jobLevelIterationLines}};
    else if (timed == 0)
        reason = {RANKSCOPE_MESSAGE("straggler.coverage.noIterationLines",
                                    "%1: they have timestamps but no iteration lines with step "
                                    "times"),
                  {std::move(reason)}};
    else if (timed < coverage.ranks)
        reason = {RANKSCOPE_MESSAGE("straggler.coverage.othersUntimed",
                                    "%1 (the others print no iteration lines)"),
                  {std::move(reason)}};
    coverage.reason = reason.english();
    coverage.reasonMessage = std::move(reason);
    coverage.enough = coverage.timedRanks >= StragglerParams{}.minGroupSize;
    return coverage;
}

int jobLevelIterationLines(const std::vector<LogIterationRecord> &iterations)
{
    return int(std::count_if(iterations.begin(), iterations.end(), [](const LogIterationRecord &r) {
        return r.rank < 0 && r.iteration >= 0 && r.framework != "tqdm";
    }));
}

std::optional<StragglerReport> cannotTellReport(const StragglerTimingCoverage &coverage,
                                                WindowAxis axis)
{
    if (coverage.enough)
        return std::nullopt;
    StragglerReport report;
    report.verdict = StragglerVerdict::Inconclusive;
    report.axis = axis;
    setStragglerSummary(
        report, Message(RANKSCOPE_MESSAGE("straggler.summary.cannotTellFromLogs",
                                          "Cannot tell stragglers from these logs: %1; comparing "
                                          "ranks needs the step times of every rank (one profiler "
                                          "trace per rank in traces/, or iteration lines from "
                                          "every rank)."),
                        {coverage.reasonMessage}));
    return report;
}

StragglerReport analyzeStragglersWithCoverage(const TraceWindowTable &table, const JobInfo &job,
                                              const StragglerTimingCoverage &coverage,
                                              const StragglerParams &params)
{
    if (std::optional<StragglerReport> report = cannotTellReport(coverage, table.axis))
        return *report;
    StragglerReport report = analyzeStragglers(table, job, params);
    if (coverage.fromLogs && coverage.timedRanks < coverage.ranks) {
        const int others = coverage.ranks - coverage.timedRanks;
        appendStragglerSummary(
            report,
            others == 1
                ? Message(RANKSCOPE_MESSAGE("straggler.summary.onlySomeTimedOneOther",
                                            "Only %1 of %2 ranks were compared: the logs give no "
                                            "step times for the other 1 rank."),
                          {coverage.timedRanks, coverage.ranks})
                : Message(RANKSCOPE_MESSAGE("straggler.summary.onlySomeTimed",
                                            "Only %1 of %2 ranks were compared: the logs give no "
                                            "step times for the other %3 ranks."),
                          {coverage.timedRanks, coverage.ranks, others}));
    }
    return report;
}

} // namespace rankscope
