#include "TraceResults.h"

#include "core/cache/CacheSchema.h"
#include "core/cache/LogCacheReader.h"
#include "core/cache/StackCacheReader.h"
#include "core/traces/ArrivalOrderNote.h"
#include "core/traces/DetectorTally.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

using namespace rankscope;

namespace {

// Cells the heatmap keeps in memory at most before it reads a coarser cached level: 16k ranks
// x 300 bins would otherwise be 5M cells per metric switch.
constexpr std::size_t kMaxHeatmapCells = 2'000'000;

std::size_t cellCount(const TraceWindowTable &table)
{
    std::vector<int> ranks;
    std::vector<std::int64_t> windows;
    for (const TraceWindowRow &row : table.rows) {
        ranks.push_back(row.rank);
        windows.push_back(row.window);
    }
    std::sort(ranks.begin(), ranks.end());
    std::sort(windows.begin(), windows.end());
    const auto distinct = [](auto &list) {
        return std::size_t(std::unique(list.begin(), list.end()) - list.begin());
    };
    return distinct(ranks) * distinct(windows);
}

} // namespace

WindowAxis TraceResults::preferredAxis() const
{
    return iterations && !iterations->rows.empty() ? WindowAxis::Iteration : WindowAxis::TimeBin;
}

const TraceWindowTable *TraceResults::table(WindowAxis axis) const
{
    return axis == WindowAxis::Iteration ? iterations.get() : timeBins.get();
}

const TraceRankClock *TraceResults::clockOf(int rank) const
{
    if (!overview)
        return nullptr;
    for (const TraceRankClock &clock : overview->clocks) {
        if (clock.rank == rank)
            return &clock;
    }
    return nullptr;
}

TraceMetric TraceResults::defaultMetric() const
{
    const TraceWindowTable *windows = table(defaultAxis());
    const bool aligned = !clocks || summarizeClockAlignment(*clocks).quality != ClockQuality::Poor;
    if (windows && aligned) {
        for (const TraceWindowRow &row : windows->rows) {
            if (!std::isnan(row.value(kDefaultTraceMetric)))
                return kDefaultTraceMetric;
        }
    }
    if (stragglers && !stragglers->suspects.empty())
        return stragglers->suspects.front().metric;
    return TraceMetric::StepTime;
}

std::array<bool, kTraceMetricCount> TraceResults::availableMetrics() const
{
    std::array<bool, kTraceMetricCount> available{};
    for (const TraceWindowTable *windows : {iterations.get(), timeBins.get()}) {
        if (!windows)
            continue;
        for (const TraceWindowRow &row : windows->rows) {
            for (int m = 0; m < kTraceMetricCount; ++m)
                available[std::size_t(m)] =
                    available[std::size_t(m)] || !std::isnan(row.values[std::size_t(m)]);
        }
    }
    return available;
}

WindowAxis TraceResults::defaultAxis() const
{
    if (stragglers && !stragglers->suspects.empty())
        return stragglers->suspects.front().axis;
    return preferredAxis();
}

TraceResults TraceResults::load(const std::filesystem::path &cacheFile, const JobInfo &job)
{
    TraceResults results;
    results.cacheFile = cacheFile;
    results.job = job;
    auto db = openStackCacheReader(cacheFile);
    if (!hasTraceData(*db)) {
        results.overview = std::make_shared<TraceOverview>();
        return results;
    }
    results.overview = std::make_shared<TraceOverview>(loadTraceOverview(*db));
    results.iterations =
        std::make_shared<TraceWindowTable>(loadTraceWindows(*db, WindowAxis::Iteration, 0));
    results.timeBins =
        std::make_shared<TraceWindowTable>(loadTraceWindows(*db, WindowAxis::TimeBin, 0));
    results.clocks = std::make_shared<std::vector<ClockOffset>>(clockOffsetsOf(*results.overview));
    results.arrivals = std::make_shared<ArrivalSummary>(loadArrivalSummary(*db));
    results.traceFormats = std::make_shared<RankTraceFormats>(loadRankTraceFormats(*db));
    const TraceWindowTable *analysed = results.table(results.preferredAxis());
    // The same check and analysis as rankscope-cli stragglers, so both say the same.
    const bool fromLogs = results.overview->traceFiles == 0;
    const int jobLevel =
        fromLogs && hasLogData(*db) ? jobLevelIterationLines(loadLogIterations(*db)) : 0;
    results.timing = stragglerTimingCoverage(*analysed, job, fromLogs, jobLevel);
    const StragglerParams params = withClockAlignment({}, *results.clocks);
    StragglerReport report = analyzeStragglersWithCoverage(*analysed, job, results.timing, params);
    addArrivalOrderNote(report, *results.arrivals, *analysed, job, params);
    // Megatron's straggler detector, read as a tally: an answer when its min/max lines are the
    // only per-rank signal.
    addDetectorTally(report, tallyDetectorReports(loadLogRankTimings(*db)), job);
    results.stragglers = std::make_shared<StragglerReport>(std::move(report));
    if (fromLogs) {
        // The views read traces: without any, they stay empty and say why, unless the logs
        // hold per-rank timings (Megatron's straggler detector or timers) to draw.
        const std::array<bool, kTraceMetricCount> available = results.availableMetrics();
        for (int m = 0; m < kTraceMetricCount; ++m)
            results.reportedTimingsOnly = results.reportedTimingsOnly ||
                                          (isReportedTimingMetric(TraceMetric(m)) && available[m]);
        auto overview = std::make_shared<TraceOverview>();
        if (results.reportedTimingsOnly && results.timeBins)
            overview->startNs = results.timeBins->originNs;
        results.overview = std::move(overview);
        if (!results.reportedTimingsOnly) {
            results.iterations.reset();
            results.timeBins.reset();
        }
        results.clocks = std::make_shared<std::vector<ClockOffset>>();
        results.arrivals = std::make_shared<ArrivalSummary>();
    }
    return results;
}

HeatmapResult HeatmapResult::compute(const TraceResults &traces, TraceMetric metric,
                                     WindowAxis axis)
{
    HeatmapResult result;
    const TraceWindowTable *table = traces.table(axis);
    if (!table)
        return result;
    if (cellCount(*table) <= kMaxHeatmapCells || !traces.overview) {
        result.matrix = metricMatrix(*table, metric);
    } else {
        // Too many cells for one matrix: read the finest coarser level that fits.
        auto db = openStackCacheReader(traces.cacheFile);
        const int levels = axis == WindowAxis::Iteration ? traces.overview->iterationLevels
                                                         : traces.overview->timeLevels;
        TraceWindowTable coarse;
        for (int level = 1; level < levels; ++level) {
            coarse = loadTraceWindows(*db, axis, level);
            result.level = level;
            if (cellCount(coarse) <= kMaxHeatmapCells)
                break;
        }
        result.matrix = metricMatrix(coarse.rows.empty() ? *table : coarse, metric);
    }
    result.groups = stragglerPeerGroups(result.matrix, traces.job);
    // The same practical gates as the straggler report, so outlined cells agree with it.
    const StragglerParams params =
        withClockAlignment(practicalStragglerParams(*table),
                           traces.clocks ? *traces.clocks : std::vector<ClockOffset>());
    if (dependsOnClockAlignment(metric) && params.alignmentPoor) {
        // As in the report: a poor alignment makes no outlier of waits and arrival order.
        result.outliers.cellFlags.assign(result.matrix.values.size(), 0);
        result.outliers.peerMedian.assign(result.matrix.values.size(), kNoMetricValue);
    } else {
        result.outliers = detectSpatialOutliers(result.matrix, result.groups, params);
    }
    return result;
}

RankDetailResult RankDetailResult::load(const TraceResults &traces, int rank, WindowAxis axis,
                                        std::int64_t window, const std::atomic<bool> *cancel,
                                        int maxPeers)
{
    RankDetailResult detail;
    const TraceWindowTable *table = traces.table(axis);
    if (!table)
        return detail;
    const TraceWindowRow *own = nullptr;
    std::vector<const TraceWindowRow *> sameWindow;
    for (const TraceWindowRow &row : table->rows) {
        if (row.window != window)
            continue;
        if (row.rank == rank)
            own = &row;
        else
            sameWindow.push_back(&row);
    }
    if (!own)
        return detail;
    detail.rank = rank;
    detail.node = traces.job.nodeOf(rank);
    detail.axis = axis;
    detail.window = window;
    detail.startNs = own->startNs;
    detail.endNs = own->endNs;
    if (const TraceRankClock *clock = traces.clockOf(rank))
        detail.offsetNs = clock->offset.offsetNs;

    auto db = openStackCacheReader(traces.cacheFile);
    detail.trace = loadRankTraceWindow(*db, rank, own->startNs, own->endNs);
    const std::string kept = stackCacheMeta(*db, "keep_events");
    const bool pruned = kept == "outliers" || kept == "none";
    if (detail.trace.events.empty() && pruned)
        detail.eventsLeftOutBy = kept;
    const std::vector<OpTotal> mine = opTotals(detail.trace, own->startNs, own->endNs);

    // Peers: the rank's straggler peer group (same role and pipeline stage) with the same
    // window. Evenly spaced when there are many, so a 4k-rank job still answers in a moment.
    TraceWindowTable ownWindow;
    ownWindow.axis = axis;
    ownWindow.rows.push_back(*own);
    for (const TraceWindowRow *row : sameWindow)
        ownWindow.rows.push_back(*row);
    const MetricMatrix column = metricMatrix(ownWindow, TraceMetric::StepTime);
    const int ownRow = column.rowOfRank(rank);
    std::unordered_map<int, const TraceWindowRow *> rowOfRank;
    for (const TraceWindowRow *row : sameWindow)
        rowOfRank.emplace(row->rank, row);
    std::vector<const TraceWindowRow *> peers;
    for (const PeerGroup &group : stragglerPeerGroups(column, traces.job)) {
        if (std::find(group.rows.begin(), group.rows.end(), ownRow) == group.rows.end())
            continue;
        for (const int row : group.rows) {
            const auto found = rowOfRank.find(column.ranks[std::size_t(row)]);
            if (found != rowOfRank.end())
                peers.push_back(found->second);
        }
    }
    if (int(peers.size()) > maxPeers) {
        std::vector<const TraceWindowRow *> sampled;
        for (int i = 0; i < maxPeers; ++i)
            sampled.push_back(peers[std::size_t(i) * peers.size() / std::size_t(maxPeers)]);
        peers.swap(sampled);
    }
    std::vector<std::vector<OpTotal>> peerTotals;
    for (const TraceWindowRow *row : peers) {
        if (cancel && cancel->load())
            return {};
        const TraceData peer = loadRankTraceWindow(*db, row->rank, row->startNs, row->endNs);
        // A peer whose events the merge left out has no op totals to compare with, not zeros.
        if (pruned && peer.events.empty())
            continue;
        peerTotals.push_back(opTotals(peer, row->startNs, row->endNs));
    }
    detail.peers = int(peerTotals.size());
    detail.ops = compareOpTotals(mine, peerTotals);
    return detail;
}
