#pragma once

#include "core/cache/SqliteDatabase.h"
#include "core/model/TraceModel.h"
#include "core/traces/ClockAlignment.h"
#include "core/traces/MetricSource.h"
#include "core/traces/TraceWindows.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rankscope {

// What the cache knows about the traces of a bundle, without any window or event.
struct TraceRankClock
{
    int rank = -1;
    std::string node;
    std::string file; // trace file, relative to the bundle root
    ClockOffset offset;
};

struct TraceOverview
{
    int traceFiles = 0;
    std::vector<TraceRankClock> clocks; // by rank
    bool hasIterations = false;
    std::int64_t firstIteration = 0;
    std::int64_t lastIteration = 0;
    std::int64_t startNs = 0; // aligned, over all ranks
    std::int64_t endNs = 0;
    std::int64_t binWidthNs = 0; // TimeBin level 0
    int iterationLevels = 0;     // levels stored per axis (0 when the axis has no windows)
    int timeLevels = 0;
    std::int64_t events = 0;
};

// True when the cache holds windows: from profiler traces, or from the iteration lines and
// timestamps of logs when the bundle has no usable trace.
bool hasTraceData(SqliteDatabase &db);
TraceOverview loadTraceOverview(SqliteDatabase &db);
// rank -> files.format of the trace file that speaks for the rank (MetricSource.h).
RankTraceFormats loadRankTraceFormats(SqliteDatabase &db);
// The clock offsets of the overview, by rank (for summarizeClockAlignment and the analysis).
std::vector<ClockOffset> clockOffsetsOf(const TraceOverview &overview);
// The arrival order at collectives (empty summary when the traces have none).
ArrivalSummary loadArrivalSummary(SqliteDatabase &db);
// Every row of one axis and level (empty table when absent).
TraceWindowTable loadTraceWindows(SqliteDatabase &db, WindowAxis axis, int level = 0);
// The rank's tracks and the events overlapping [alignedStartNs, alignedEndNs), with every time
// already on the aligned clock. Empty TraceData (rank -1) when the rank has no trace.
TraceData loadRankTraceWindow(SqliteDatabase &db, int rank, std::int64_t alignedStartNs,
                              std::int64_t alignedEndNs);

} // namespace rankscope
