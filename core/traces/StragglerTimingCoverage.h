#pragma once

#include "core/logs/LogModel.h"
#include "core/model/JobInfo.h"
#include "core/traces/StragglerDetection.h"
#include "core/traces/TraceWindows.h"

#include <optional>
#include <string>

namespace rankscope {

// Whether the windows can tell stragglers at all, checked before the analysis. Profiler traces
// time every rank; windows built from logs alone (importers/bundle/LogWindowBuild.cpp) have a
// step time only where a rank prints iteration lines with its rank (or per-rank timings where
// Megatron's straggler detector or timers name it): Megatron and DeepSpeed print
// them on the last rank only (often with no rank prefix at all), and a log of start-up lines has
// timestamps but no step time. Comparing one rank, or none, with its peers says nothing: the
// verdict is then "cannot tell", never "no stragglers".
struct StragglerTimingCoverage
{
    bool fromLogs = false;
    int ranks = 0;         // ranks of the job (the manifest's world size, or the ranks seen)
    int timedRanks = 0;    // ranks with a step time in at least kMinTimedWindows windows
    int jobLevelLines = 0; // iteration lines of no rank (a job-wide series, not per rank)
    bool enough = true;    // the straggler analysis can compare ranks
    std::string reason;    // "the logs give step times for 1 of 64 ranks"
    Message reasonMessage; // the same, for the GUI to translate
};

inline constexpr int kMinTimedWindows = 3;

// `fromLogs`: the windows came from logs (the bundle has no usable profiler trace).
// `jobLevelIterationLines`: iteration lines of the logs that carry no rank.
StragglerTimingCoverage stragglerTimingCoverage(const TraceWindowTable &table, const JobInfo &job,
                                                bool fromLogs, int jobLevelIterationLines = 0);

// Training iteration lines of no rank (framework lines; progress bars are no steps).
int jobLevelIterationLines(const std::vector<LogIterationRecord> &iterations);

// The report when the coverage is not enough: verdict Inconclusive, the summary saying why the
// data cannot tell; nullopt when the analysis can run. analyzeStragglersWithCoverage() runs it
// and, when only part of the ranks are timed, says so in the summary.
std::optional<StragglerReport> cannotTellReport(const StragglerTimingCoverage &coverage,
                                                WindowAxis axis);
StragglerReport analyzeStragglersWithCoverage(const TraceWindowTable &table, const JobInfo &job,
                                              const StragglerTimingCoverage &coverage,
                                              const StragglerParams &params = {});

} // namespace rankscope
