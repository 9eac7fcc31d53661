#pragma once

#include "core/logs/LogModel.h"
#include "core/model/JobInfo.h"
#include "core/traces/StragglerDetection.h"

#include <vector>

namespace rankscope {

// How often Megatron-LM's straggler detector named each rank the slowest. With its default
// minmax count of one, a report gives the round trip of two ranks only: too few per window for
// peer consensus, but read as a tally over the reports it says what an engineer reading those
// lines would: "rank 5 was the slowest in 9 of 12 reports, 15% above the fastest".
struct DetectorTally
{
    int reports = 0;         // distinct reports (one per interval, copies in two files once)
    int slowestRank = -1;    // the rank named slowest most often, -1 without reports
    int slowestCount = 0;    // reports that named it
    double medianExcess = 0; // median over those reports of its round trip / the fastest - 1
    std::int64_t firstIteration = -1; // the first report that named it (its iteration)
    std::int64_t firstTimeNs = 0;
};
DetectorTally tallyDetectorReports(const std::vector<LogRankTimingRecord> &timings);

// A tally is a suspect when the same rank was the slowest in at least half of at least three
// reports and its median excess over the fastest is at least 5% (the detector's own numbers
// vary by a few percent between healthy ranks).
bool tallyNamesStraggler(const DetectorTally &tally);

// Adds the tally's rank as a blocker suspect (metric detector_rtt, the iteration axis) when the
// window analysis named no suspect (too few ranks per window, say), so that a job whose only
// per-rank signal is the detector's min/max line still gets an answer; the summary says it
// comes from the detector and that the detector names only two ranks per report.
void addDetectorTally(StragglerReport &report, const DetectorTally &tally, const JobInfo &job);

} // namespace rankscope
