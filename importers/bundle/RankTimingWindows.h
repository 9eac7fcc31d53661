#pragma once

#include "core/logs/LogModel.h"
#include "core/traces/TraceWindows.h"

#include <cstdint>
#include <map>
#include <vector>

namespace rankscope {

// What placing the per-rank timings into a table did.
struct RankTimingPlacement
{
    int placed = 0;   // records whose value went into a window
    int unplaced = 0; // records without an iteration or a time the axis needs
    int rowsAdded = 0;
};

// Puts the per-rank timings of the logs (Megatron-LM's straggler detector and all-ranks timers,
// LogRankTimingRecord) into the windows of `table` as the DetectorRoundTrip .. TimerCommunication
// metrics, in ns; rows are added for ranks and windows the table lacks (a rank the detector names
// may have no trace and no log of its own), and the table stays sorted by (rank, window).
//  - Iteration axis: the window is the Megatron iteration the record follows (its file's last
//    iteration line, else the job's last iteration line at or before its time). Only for tables
//    whose windows are Megatron iterations (built from the logs): a profiler's ProfilerStep#N
//    counts from the profiler's start, not the job's.
//  - TimeBin axis: the bin that holds the line's time, less the rank's clock offset (offsets:
//    rank -> ns, as for the log problems), among the bins the table already spans (a long log
//    beside a short profiler capture does not stretch the capture's time axis).
// Several records of one rank, window and metric are averaged (they are per-iteration means).
RankTimingPlacement addRankTimings(TraceWindowTable &table,
                                   const std::vector<LogRankTimingRecord> &timings,
                                   const std::vector<LogIterationRecord> &iterations,
                                   const std::map<int, std::int64_t> &offsets);

// The metric a timing kind becomes.
TraceMetric metricOfRankTiming(RankTimingKind kind);

} // namespace rankscope
