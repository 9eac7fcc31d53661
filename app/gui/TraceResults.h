#pragma once

#include "core/cache/TraceCacheReader.h"
#include "core/model/JobInfo.h"
#include "core/model/TraceModel.h"
#include "core/traces/OpBreakdown.h"
#include "core/traces/StragglerDetection.h"
#include "core/traces/StragglerTimingCoverage.h"
#include "core/traces/TraceWindows.h"

#include <QMetaType>

#include <array>
#include <atomic>
#include <filesystem>
#include <memory>
#include <vector>

// What the trace views show of an imported bundle: read from the cache once per import, shared
// and immutable so that views and late jobs can hold it safely.
struct TraceResults
{
    std::filesystem::path cacheFile;
    rankscope::JobInfo job;
    std::shared_ptr<const rankscope::TraceOverview> overview;
    std::shared_ptr<const rankscope::TraceWindowTable> iterations; // level 0, may be empty
    std::shared_ptr<const rankscope::TraceWindowTable> timeBins;   // level 0
    // With traces, their straggler report; without traces but with windows built from logs,
    // the logs' (often "cannot tell": see timing).
    std::shared_ptr<const rankscope::StragglerReport> stragglers;
    rankscope::StragglerTimingCoverage timing; // fromLogs: the windows came from logs alone
    std::shared_ptr<const rankscope::ArrivalSummary> arrivals;         // by rank
    std::shared_ptr<const std::vector<rankscope::ClockOffset>> clocks; // by rank
    // What wrote each rank's trace (Kineto, Nsight, Inspector): the source of its cells.
    std::shared_ptr<const rankscope::RankTraceFormats> traceFormats;

    // No profiler trace, but the logs' windows hold per-rank timings that Megatron-LM printed
    // (straggler detector, timers across ranks): the heatmap and the stragglers show those
    // windows; a cell opens the rank's log lines instead of trace events.
    bool reportedTimingsOnly = false;

    bool empty() const { return (!overview || overview->traceFiles == 0) && !reportedTimingsOnly; }
    // The axis the analysis runs on: iterations when the traces have ProfilerStep ranges.
    rankscope::WindowAxis preferredAxis() const;
    const rankscope::TraceWindowTable *table(rankscope::WindowAxis axis) const;
    const rankscope::TraceRankClock *clockOf(int rank) const;
    // The metric and axis a view of these windows opens on: the wait caused at collectives
    // (arrival order: who the others waited for) when the windows have it and the clocks are
    // not poorly aligned; else the metric of the strongest suspect; else the step time. The
    // axis is the strongest suspect's, else preferredAxis().
    rankscope::TraceMetric defaultMetric() const;
    // Per metric: whether either axis's windows hold a value of it.
    std::array<bool, rankscope::kTraceMetricCount> availableMetrics() const;
    rankscope::WindowAxis defaultAxis() const;

    // Reads overview and level-0 windows and runs the straggler analysis. Returns an empty
    // result when the cache has no traces (with `stragglers` and `timing` from the logs' windows
    // when there are some). Throws SqliteError when the cache cannot be read.
    static TraceResults load(const std::filesystem::path &cacheFile, const rankscope::JobInfo &job);
};

// One metric on one axis as the heatmap draws it, with its outliers.
struct HeatmapResult
{
    rankscope::MetricMatrix matrix;
    std::vector<rankscope::PeerGroup> groups;
    rankscope::SpatialOutliers outliers;
    int level = 0; // zoom level of the cache the matrix was read from

    // Level 0 when small enough, else the finest cached level under a cell budget.
    static HeatmapResult compute(const TraceResults &traces, rankscope::TraceMetric metric,
                                 rankscope::WindowAxis axis);
};

// A rank's detail for one window: its events and how its ops compare with its peers'.
struct RankDetailResult
{
    int rank = -1;
    std::string node;
    rankscope::WindowAxis axis = rankscope::WindowAxis::Iteration;
    std::int64_t window = 0;
    std::int64_t startNs = 0; // aligned
    std::int64_t endNs = 0;
    std::int64_t offsetNs = 0;  // clock offset applied to the rank
    rankscope::TraceData trace; // aligned times
    std::vector<rankscope::OpComparison> ops;
    int peers = 0;
    // A merged cache made with --keep-events outliers or none left this rank's events in the
    // window out (its windows and metrics are whole): "outliers", "none"; "" otherwise.
    std::string eventsLeftOutBy;

    // Loads the rank's events in the window and the op totals of up to `maxPeers` peers of
    // its group. Returns rank -1 when the rank has no window there.
    static RankDetailResult load(const TraceResults &traces, int rank, rankscope::WindowAxis axis,
                                 std::int64_t window, const std::atomic<bool> *cancel = nullptr,
                                 int maxPeers = 96);
};

Q_DECLARE_METATYPE(std::shared_ptr<const HeatmapResult>)
Q_DECLARE_METATYPE(std::shared_ptr<const RankDetailResult>)
