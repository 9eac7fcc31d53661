#include "importers/bundle/LogWindowBuild.h"

#include "core/cache/LogCacheReader.h"
#include "core/cache/SqliteStatement.h"
#include "core/cache/TraceCacheReader.h"
#include "core/model/TimeArithmetic.h"
#include "importers/bundle/RankTimingWindows.h"
#include "importers/bundle/TraceWindowBuild.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

namespace rankscope {

namespace {

constexpr std::size_t kProblems = std::size_t(TraceMetric::LogProblems);

// What the windows need of the log events: each rank's problems (time, iteration) and the span
// of all its timed events.
struct RankLogActivity
{
    std::vector<std::pair<std::int64_t, std::int64_t>> problems; // (time ns, iteration)
    std::int64_t firstNs = std::numeric_limits<std::int64_t>::max();
    std::int64_t lastNs = std::numeric_limits<std::int64_t>::min();
};

std::map<int, RankLogActivity> logActivity(SqliteDatabase &db)
{
    std::map<int, RankLogActivity> activity;
    // One event at a time: a 25-million-line log's events would take 1.2 GB at once.
    forEachTemplatedLogEvent(db, loadLogFiles(db), [&](const TemplatedLogEvent &event) {
        if (event.rank < 0)
            return;
        RankLogActivity &rank = activity[event.rank];
        if (event.timeNs > 0) {
            rank.firstNs = std::min(rank.firstNs, event.timeNs);
            rank.lastNs = std::max(rank.lastNs, event.timeNs);
        }
        if (event.severity >= LogSeverity::Warning)
            rank.problems.emplace_back(event.timeNs, event.iteration);
    });
    return activity;
}

bool hasActiveTraces(SqliteDatabase &db)
{
    SqliteStatement select = db.prepare("SELECT 1 FROM trace_files WHERE active = 1 LIMIT 1");
    return select.step();
}

std::map<int, std::int64_t> clockOffsets(SqliteDatabase &db)
{
    std::map<int, std::int64_t> offsets;
    SqliteStatement select = db.prepare("SELECT rank, offset_ns FROM trace_clock_offsets");
    while (select.step())
        offsets[select.columnInt(0)] = select.columnInt64(1);
    return offsets;
}

// Counts each rank's problems into the trace windows that contain them (rows by rank, window).
void fillTraceWindows(TraceWindowTable &table, const std::map<int, RankLogActivity> &activity,
                      const std::map<int, std::int64_t> &offsets)
{
    for (std::size_t begin = 0; begin < table.rows.size();) {
        std::size_t end = begin;
        const int rank = table.rows[begin].rank;
        while (end < table.rows.size() && table.rows[end].rank == rank)
            ++end;
        const auto found = activity.find(rank);
        for (std::size_t i = begin; i < end; ++i)
            table.rows[i].values[kProblems] = found == activity.end() ? kNoMetricValue : 0.0f;
        if (found != activity.end()) {
            const auto offset = offsets.find(rank);
            const std::int64_t shift = offset == offsets.end() ? 0 : offset->second;
            for (const auto &[timeNs, iteration] : found->second.problems) {
                if (timeNs <= 0)
                    continue;
                // Windows of a rank follow each other in time: the last one starting at or
                // before the event is the only candidate.
                const std::int64_t aligned = saturatingSub(timeNs, shift);
                const auto first = table.rows.begin() + std::ptrdiff_t(begin);
                const auto last = table.rows.begin() + std::ptrdiff_t(end);
                auto after = std::upper_bound(first, last, aligned,
                                              [](std::int64_t value, const TraceWindowRow &row) {
                                                  return value < row.startNs;
                                              });
                if (after == first)
                    continue;
                TraceWindowRow &row = *std::prev(after);
                if (aligned < row.endNs)
                    row.values[kProblems] += 1;
            }
        }
        begin = end;
    }
}

void refillTraceWindows(SqliteDatabase &db, TraceCacheWriter &writer,
                        const std::map<int, RankLogActivity> &activity)
{
    TraceWindowTable iterations = loadTraceWindows(db, WindowAxis::Iteration, 0);
    TraceWindowTable bins = loadTraceWindows(db, WindowAxis::TimeBin, 0);
    const std::map<int, std::int64_t> offsets = clockOffsets(db);
    fillTraceWindows(iterations, activity, offsets);
    fillTraceWindows(bins, activity, offsets);
    // The profiler's steps are not Megatron's iterations: the reported timings go into the
    // time bins only.
    addRankTimings(bins, loadLogRankTimings(db), {}, offsets);
    writer.clearWindows();
    if (!iterations.rows.empty())
        writeWindowLevels(writer, iterations);
    if (!bins.rows.empty())
        writeWindowLevels(writer, bins);
}

TraceWindowTable iterationWindowsFromLogs(const std::vector<LogIterationRecord> &lines,
                                          const std::map<int, RankLogActivity> &activity)
{
    TraceWindowTable table;
    table.axis = WindowAxis::Iteration;
    // rank -> iteration -> row; the first line of an iteration wins (a rank's line may be in
    // its own log and in the launcher's output).
    std::map<int, std::map<std::int64_t, TraceWindowRow>> rows;
    std::int64_t previousTime = 0;
    int previousRank = -1;
    std::int64_t previousIteration = -1;
    for (const LogIterationRecord &record : lines) {
        if (record.rank < 0 || record.iteration < 0)
            continue;
        auto &rankRows = rows[record.rank];
        if (rankRows.count(record.iteration))
            continue;
        TraceWindowRow row;
        row.rank = record.rank;
        row.window = record.iteration;
        row.endNs = record.timeNs;
        const bool follows = previousRank == record.rank &&
                             previousIteration == record.iteration - 1 && previousTime > 0;
        // The importer kept only plausible step times (LogEventBuilder); an implausible one here
        // is treated as missing rather than converted (double to int64 beyond range is UB).
        const std::optional<std::int64_t> stepNs =
            std::isnan(record.stepTimeMs) ? std::nullopt
                                          : plausibleDurationFromUnits(record.stepTimeMs, 1e6);
        if (stepNs) {
            row.values[std::size_t(TraceMetric::StepTime)] = MetricValue(*stepNs);
            row.startNs = saturatingSub(record.timeNs, *stepNs);
        } else {
            row.startNs = follows ? previousTime : record.timeNs;
            if (follows && record.timeNs > previousTime)
                row.values[std::size_t(TraceMetric::StepTime)] =
                    MetricValue(record.timeNs - previousTime);
        }
        previousRank = record.rank;
        previousIteration = record.iteration;
        previousTime = record.timeNs;
        rankRows.emplace(record.iteration, row);
    }
    for (auto &[rank, rankRows] : rows) {
        if (rankRows.empty())
            continue;
        for (auto &[iteration, row] : rankRows)
            row.values[kProblems] = 0;
        const auto found = activity.find(rank);
        if (found == activity.end())
            continue;
        const std::int64_t firstIteration = rankRows.begin()->first;
        for (const auto &[timeNs, iteration] : found->second.problems) {
            const std::int64_t window = iteration >= 0 ? iteration + 1 : firstIteration;
            auto row = rankRows.find(window);
            if (row == rankRows.end()) {
                // The iteration in progress when the rank stopped printing iteration lines.
                const TraceWindowRow &last = std::prev(rankRows.end())->second;
                TraceWindowRow extra;
                extra.rank = rank;
                extra.window = window;
                extra.startNs = window > last.window ? last.endNs : timeNs;
                extra.endNs = std::max(extra.startNs, timeNs);
                extra.values[kProblems] = 0;
                row = rankRows.emplace(window, extra).first;
            }
            row->second.values[kProblems] += 1;
            row->second.endNs = std::max(row->second.endNs, timeNs);
        }
    }
    std::size_t rowCount = 0;
    for (const auto &[rank, rankRows] : rows)
        rowCount += rankRows.size();
    table.rows.reserve(rowCount);
    for (auto &[rank, rankRows] : rows) {
        for (auto &[iteration, row] : rankRows)
            table.rows.push_back(row);
    }
    return table;
}

constexpr std::int64_t kMaxLogBinRows = 2'000'000;

// `timings` widen the span the bins cover (a report's time may lie after the last ranked event)
// but add no rows: addRankTimings adds the rows it needs.
TraceWindowTable timeBinsFromLogs(const std::map<int, RankLogActivity> &activity,
                                  const std::vector<LogRankTimingRecord> &timings)
{
    TraceWindowTable table;
    table.axis = WindowAxis::TimeBin;
    std::int64_t startNs = std::numeric_limits<std::int64_t>::max();
    std::int64_t endNs = std::numeric_limits<std::int64_t>::min();
    for (const LogRankTimingRecord &timing : timings) {
        if (timing.timeNs > 0) {
            startNs = std::min(startNs, timing.timeNs);
            endNs = std::max(endNs, timing.timeNs);
        }
    }
    for (const auto &[rank, rankActivity] : activity) {
        if (rankActivity.firstNs > rankActivity.lastNs)
            continue;
        startNs = std::min(startNs, rankActivity.firstNs);
        endNs = std::max(endNs, rankActivity.lastNs);
    }
    if (startNs > endNs)
        return table;
    table.originNs = startNs;
    // At least 200 bins (niceTimeBinWidth), fewer when that many for every rank would exceed
    // kMaxLogBinRows: a 16,384-rank job's log bins then stay near 2 M rows (~290 MB of rows
    // while the levels are written), not 3-8 M.
    const std::int64_t span =
        std::max<std::int64_t>(saturatingAdd(saturatingSub(endNs, startNs), 1), 200);
    const std::int64_t ranks = std::int64_t(activity.size());
    const std::int64_t widen =
        std::max<std::int64_t>(1, (ranks * 200 + kMaxLogBinRows - 1) / kMaxLogBinRows);
    table.binWidthNs = niceTimeBinWidth(
        span > std::numeric_limits<std::int64_t>::max() / widen ? span : span * widen);
    const auto binOf = [&](std::int64_t timeNs) {
        return saturatingSub(timeNs, startNs) / table.binWidthNs;
    };
    // Exactly the rows needed: tens of thousands of ranks' bins of full-width rows would take
    // up to twice their size in a vector grown by doubling.
    std::size_t rowCount = 0;
    for (const auto &[rank, rankActivity] : activity) {
        if (rankActivity.firstNs <= rankActivity.lastNs)
            rowCount += std::size_t(binOf(rankActivity.lastNs) - binOf(rankActivity.firstNs) + 1);
    }
    table.rows.reserve(rowCount);
    for (const auto &[rank, rankActivity] : activity) {
        if (rankActivity.firstNs > rankActivity.lastNs)
            continue;
        const std::int64_t first = binOf(rankActivity.firstNs);
        const std::int64_t last = binOf(rankActivity.lastNs);
        const std::size_t base = table.rows.size();
        for (std::int64_t bin = first; bin <= last; ++bin) {
            TraceWindowRow row;
            row.rank = rank;
            row.window = bin;
            row.startNs = saturatingAdd(startNs, saturatingMul(bin, table.binWidthNs));
            row.endNs = saturatingAdd(row.startNs, table.binWidthNs);
            row.values[kProblems] = 0;
            table.rows.push_back(row);
        }
        for (const auto &[timeNs, iteration] : rankActivity.problems) {
            if (timeNs <= 0)
                continue;
            const std::int64_t bin = std::clamp(binOf(timeNs), first, last);
            table.rows[base + std::size_t(bin - first)].values[kProblems] += 1;
        }
    }
    return table;
}

} // namespace

void rebuildLogWindows(SqliteDatabase &db, TraceCacheWriter &writer)
{
    const std::map<int, RankLogActivity> activity = logActivity(db);
    if (hasActiveTraces(db)) {
        refillTraceWindows(db, writer, activity);
        return;
    }
    writer.clearWindows();
    const std::vector<LogRankTimingRecord> timings = loadLogRankTimings(db);
    if (activity.empty() && timings.empty())
        return;
    const std::vector<LogIterationRecord> lines = loadLogIterations(db);
    TraceWindowTable iterations = iterationWindowsFromLogs(lines, activity);
    addRankTimings(iterations, timings, lines, {});
    if (!iterations.rows.empty())
        writeWindowLevels(writer, iterations);
    TraceWindowTable bins = timeBinsFromLogs(activity, timings);
    addRankTimings(bins, timings, {}, {});
    if (!bins.rows.empty())
        writeWindowLevels(writer, bins);
}

} // namespace rankscope
