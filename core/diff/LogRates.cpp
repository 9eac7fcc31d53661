#include "core/diff/LogRates.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rankscope {

namespace {

constexpr double kNsPerHour = 3600e9;
constexpr double kMinSpanNs = 1e9; // a rank with one timestamp still had a second of logging

struct Range
{
    std::int64_t first = std::numeric_limits<std::int64_t>::max();
    std::int64_t last = std::numeric_limits<std::int64_t>::min();
    bool known() const { return first <= last; }
    void add(std::int64_t value)
    {
        first = std::min(first, value);
        last = std::max(last, value);
    }
};

// The run's training-progress lines: every rank's, and the job-level ones of no rank (Megatron's
// last stage printing without a prefix). Progress bars ("tqdm") count only in a run without
// framework iteration lines: beside Megatron's they are downloads and evaluation loops, whose
// numbers are no training iterations.
std::vector<const LogIterationRecord *> trainingIterations(const LogAnalysisInput &run)
{
    const bool framework =
        std::any_of(run.iterations.begin(), run.iterations.end(), [](const LogIterationRecord &r) {
            return r.iteration >= 0 && r.framework != "tqdm";
        });
    std::vector<const LogIterationRecord *> records;
    for (const LogIterationRecord &record : run.iterations) {
        if (record.iteration >= 0 && (!framework || record.framework != "tqdm"))
            records.push_back(&record);
    }
    return records;
}

// The iterations a rank without iteration lines of its own was there for: those the run's
// lines place between its first and its last timed event (a rank whose log covers ten minutes
// of a ten-hour run is exposed for ten minutes' worth of iterations), at least one.
double coveredIterations(const std::vector<std::pair<std::int64_t, std::int64_t>> &timeline,
                         std::int64_t firstNs, std::int64_t lastNs)
{
    const auto begin = std::lower_bound(timeline.begin(), timeline.end(),
                                        std::make_pair(firstNs, std::int64_t(-1)));
    const auto end =
        std::upper_bound(timeline.begin(), timeline.end(),
                         std::make_pair(lastNs, std::numeric_limits<std::int64_t>::max()));
    if (begin >= end)
        return 1.0;
    std::int64_t low = std::numeric_limits<std::int64_t>::max();
    std::int64_t high = std::numeric_limits<std::int64_t>::min();
    for (auto it = begin; it != end; ++it) {
        low = std::min(low, it->second);
        high = std::max(high, it->second);
    }
    return double(high - low + 1);
}

int maxRankOf(const LogAnalysisInput &run)
{
    int maxRank = -1;
    for (const TemplatedLogEvent &event : run.events)
        maxRank = std::max(maxRank, event.rank);
    for (const LogIterationRecord &record : run.iterations)
        maxRank = std::max(maxRank, record.rank);
    return maxRank;
}

void exposurePerRankIteration(const LogAnalysisInput &run, LogRunExposure &exposure)
{
    const std::size_t ranks = std::size_t(maxRankOf(run) + 1);
    std::vector<Range> iterations(ranks);
    std::vector<Range> times(ranks);
    std::vector<bool> logged(ranks, false);
    // (time, iteration) of every training line of the run, for ranks without their own.
    std::vector<std::pair<std::int64_t, std::int64_t>> timeline;
    Range runIterations, runTimes;
    exposure.trainingStartNs.assign(ranks, -1);
    for (const LogIterationRecord *record : trainingIterations(run)) {
        runIterations.add(record->iteration);
        if (record->timeNs > 0) {
            runTimes.add(record->timeNs);
            timeline.emplace_back(record->timeNs, record->iteration);
        }
        if (record->rank < 0)
            continue; // a job-level line: no rank's own
        const std::size_t rank = std::size_t(record->rank);
        iterations[rank].add(record->iteration);
        logged[rank] = true;
        std::int64_t &start = exposure.trainingStartNs[rank];
        if (start < 0 || record->timeNs < start)
            start = record->timeNs;
    }
    std::sort(timeline.begin(), timeline.end());
    for (const TemplatedLogEvent &event : run.events) {
        if (event.rank < 0)
            continue;
        logged[std::size_t(event.rank)] = true;
        if (event.timeNs > 0)
            times[std::size_t(event.rank)].add(event.timeNs);
    }
    if (runTimes.known())
        exposure.runTrainingStartNs = runTimes.first;
    const double runSpan =
        runIterations.known() ? double(runIterations.last - runIterations.first + 1) : 1.0;
    double rankIterations = 0;
    int rankCount = 0;
    for (std::size_t rank = 0; rank < ranks; ++rank) {
        if (!logged[rank])
            continue;
        ++rankCount;
        if (iterations[rank].known())
            rankIterations += double(iterations[rank].last - iterations[rank].first + 1);
        else if (times[rank].known() && !timeline.empty())
            rankIterations += coveredIterations(timeline, times[rank].first, times[rank].last);
        else
            rankIterations += runSpan;
    }
    exposure.phase[std::size_t(LogPhase::Startup)] = std::max(rankCount, 1);
    exposure.phase[std::size_t(LogPhase::Training)] = std::max(rankIterations, 1.0);
    exposure.rateExposure = exposure.phase[std::size_t(LogPhase::Training)];
}

void exposurePerRankHour(const LogAnalysisInput &run, LogRunExposure &exposure)
{
    const std::size_t ranks = std::size_t(maxRankOf(run) + 1);
    std::vector<Range> times(ranks);
    std::vector<bool> logged(ranks, false);
    Range launcher;
    for (const TemplatedLogEvent &event : run.events) {
        if (event.rank < 0) {
            if (event.timeNs > 0)
                launcher.add(event.timeNs);
            continue;
        }
        logged[std::size_t(event.rank)] = true;
        if (event.timeNs > 0)
            times[std::size_t(event.rank)].add(event.timeNs);
    }
    auto spanNs = [](const Range &range) {
        return range.known() ? std::max(double(range.last - range.first), kMinSpanNs) : kMinSpanNs;
    };
    double rankNs = 0;
    for (std::size_t rank = 0; rank < ranks; ++rank) {
        if (logged[rank])
            rankNs += spanNs(times[rank]);
    }
    if (rankNs == 0) // only launcher lines: the launcher's span stands for one rank
        rankNs = spanNs(launcher);
    exposure.phase[std::size_t(LogPhase::Startup)] = 1; // unused: one phase
    exposure.phase[std::size_t(LogPhase::Training)] = rankNs / kNsPerHour;
    exposure.rateExposure = exposure.phase[std::size_t(LogPhase::Training)];
}

} // namespace

LogPhase LogRunExposure::phaseOf(const TemplatedLogEvent &event) const
{
    if (unit == LogRateUnit::PerRankHour || event.iteration >= 0)
        return LogPhase::Training;
    const bool ownIterations = event.rank >= 0 &&
                               std::size_t(event.rank) < trainingStartNs.size() &&
                               trainingStartNs[std::size_t(event.rank)] >= 0;
    // The event precedes the rank's own first iteration line (the cache numbers it -1).
    if (ownIterations)
        return LogPhase::Startup;
    // No iteration lines of its own: by time against the run's first one. A line with no
    // timestamp yet (0) sits at the top of its file, with the start-up.
    if (runTrainingStartNs >= 0 && event.timeNs > 0 && event.timeNs >= runTrainingStartNs)
        return LogPhase::Training;
    return LogPhase::Startup;
}

LogRateUnit chooseLogRateUnit(const LogAnalysisInput &baseline, const LogAnalysisInput &target)
{
    return !trainingIterations(baseline).empty() && !trainingIterations(target).empty()
               ? LogRateUnit::PerRankIteration
               : LogRateUnit::PerRankHour;
}

LogRunExposure logRunExposure(const LogAnalysisInput &run, LogRateUnit unit)
{
    LogRunExposure exposure;
    exposure.unit = unit;
    if (unit == LogRateUnit::PerRankIteration)
        exposurePerRankIteration(run, exposure);
    else
        exposurePerRankHour(run, exposure);
    return exposure;
}

LogRateComparison compareLogRates(const LogPhaseCounts &counts, const LogRunExposure &baseline,
                                  const LogRunExposure &target)
{
    LogRateComparison result;
    double mean = 0;
    double variance = 0;
    std::int64_t targetTotal = 0;
    for (std::size_t s = 0; s < kLogPhases; ++s) {
        const double eb = baseline.phase[s];
        const double et = target.phase[s];
        const double n = double(counts.baseline[s] + counts.target[s]);
        targetTotal += counts.target[s];
        if (eb <= 0 || et <= 0)
            continue;
        const double p = et / (eb + et);
        mean += n * p;
        variance += n * p * (1 - p);
        result.expectedTarget += double(counts.baseline[s]) * et / eb;
    }
    if (result.expectedTarget > 0)
        result.ratio = double(targetTotal) / result.expectedTarget;
    if (variance > 0)
        result.z = (double(targetTotal) - mean) / std::sqrt(variance);
    return result;
}

} // namespace rankscope
