#include "core/analysis/StragglerTimingCoverage.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace rankscope {

namespace {

std::string ranksWord(int count)
{
    return count == 1 ? " rank" : " ranks";
}

} // namespace

StragglerTimingCoverage stragglerTimingCoverage(const TraceWindowTable &table, const JobInfo &job,
                                                bool fromLogs, int jobLevelIterationLines)
{
    StragglerTimingCoverage coverage;
    coverage.fromLogs = fromLogs;
    coverage.jobLevelLines = jobLevelIterationLines;
    std::map<int, int> timedWindows;
    for (const TraceWindowRow &row : table.rows) {
        int &windows = timedWindows[row.rank];
        const float step = row.value(TraceMetric::StepTime);
        if (!std::isnan(step) && step > 0)
            ++windows;
    }
    coverage.ranks = std::max(job.worldSize, int(timedWindows.size()));
    for (const auto &[rank, windows] : timedWindows)
        coverage.timedRanks += windows >= kMinTimedWindows ? 1 : 0;
    if (!fromLogs)
        return coverage; // profiler traces time every rank they hold

    const std::string of = std::to_string(coverage.timedRanks) + " of " +
                           std::to_string(coverage.ranks) + ranksWord(coverage.ranks);
    coverage.reason = "the logs give step times for " + of;
    if (coverage.timedRanks == 0 && jobLevelIterationLines > 0)
        coverage.reason += ": their " + std::to_string(jobLevelIterationLines) +
                           " iteration lines carry no rank (a job-wide series, printed by one "
                           "rank for all)";
    else if (coverage.timedRanks == 0)
        coverage.reason += ": they have timestamps but no iteration lines with step times";
    else if (coverage.timedRanks < coverage.ranks)
        coverage.reason += " (the others print no iteration lines)";
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
    report.summary = "Cannot tell stragglers from these logs: " + coverage.reason +
                     "; comparing ranks needs the step times of every rank (one profiler trace "
                     "per rank in traces/, or iteration lines from every rank).";
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
        report.summary += " Only " + std::to_string(coverage.timedRanks) + " of " +
                          std::to_string(coverage.ranks) +
                          " ranks were compared: the logs give no step times for the other " +
                          std::to_string(others) + ranksWord(others) + ".";
    }
    return report;
}

} // namespace rankscope
