#include "core/cache/TraceCacheReader.h"

#include "core/cache/ByteCoding.h"
#include "core/cache/SqliteStatement.h"
#include "core/cache/TraceBlobCodec.h"
#include "core/cache/TraceEventLoading.h"
#include "core/model/TimeArithmetic.h"

#include <algorithm>
#include <cmath>

namespace rankscope {

namespace {} // namespace

bool hasTraceData(SqliteDatabase &db)
{
    SqliteStatement select = db.prepare("SELECT 1 FROM trace_files WHERE active = 1 LIMIT 1");
    if (select.step())
        return true;
    // Windows built from log iteration lines alone (a bundle with logs/ but no traces/).
    SqliteStatement windows = db.prepare("SELECT 1 FROM trace_levels WHERE windows > 0 LIMIT 1");
    return windows.step();
}

RankTraceFormats loadRankTraceFormats(SqliteDatabase &db)
{
    RankTraceFormats formats;
    SqliteStatement select =
        db.prepare("SELECT t.rank, f.format FROM trace_files t JOIN files f ON f.id = t.file_id "
                   "WHERE t.active = 1 AND t.rank IS NOT NULL");
    while (select.step())
        formats[select.columnInt(0)] = select.columnText(1);
    return formats;
}

TraceOverview loadTraceOverview(SqliteDatabase &db)
{
    TraceOverview overview;
    {
        SqliteStatement files = db.prepare("SELECT count(*) FROM files WHERE kind = 'trace'");
        if (files.step())
            overview.traceFiles = files.columnInt(0);
    }
    {
        SqliteStatement clocks = db.prepare(
            "SELECT t.rank, coalesce(r.node, ''), f.path, t.events, o.offset_ns, o.source, "
            "o.anchors, o.spread_ns, o.node, o.uncertainty_ns, o.typical_ns, o.dropped_anchors, "
            "o.p2p_violations, o.quality FROM trace_files t JOIN files f ON f.id = t.file_id "
            "LEFT JOIN ranks r ON r.rank = t.rank LEFT JOIN trace_clock_offsets o "
            "ON o.rank = t.rank WHERE t.active = 1 ORDER BY t.rank");
        while (clocks.step()) {
            TraceRankClock clock;
            clock.rank = clocks.columnInt(0);
            clock.node = clocks.columnText(1);
            clock.file = clocks.columnText(2);
            overview.events += clocks.columnInt64(3);
            clock.offset.rank = clock.rank;
            if (!clocks.columnIsNull(4)) {
                clock.offset.offsetNs = clocks.columnInt64(4);
                clock.offset.source = clockOffsetSourceFromKey(clocks.columnText(5));
                clock.offset.anchors = clocks.columnInt(6);
                clock.offset.spreadNs = clocks.columnInt64(7);
                clock.offset.node = clocks.columnText(8);
                clock.offset.uncertaintyNs = clocks.columnInt64(9);
                clock.offset.typicalDurationNs = clocks.columnInt64(10);
                clock.offset.droppedAnchors = clocks.columnInt(11);
                clock.offset.p2pViolations = clocks.columnInt(12);
                clock.offset.quality = clockQualityFromKey(clocks.columnText(13));
            }
            overview.clocks.push_back(std::move(clock));
        }
    }
    // Level 0 of each axis carries its span: no window row is read.
    SqliteStatement levels = db.prepare(
        "SELECT axis, level, bin_width_ns, first_window, last_window, start_ns, end_ns, windows "
        "FROM trace_levels ORDER BY axis, level");
    bool haveTimeSpan = false;
    while (levels.step()) {
        const bool iteration = levels.columnText(0) == windowAxisKey(WindowAxis::Iteration);
        (iteration ? overview.iterationLevels : overview.timeLevels) += 1;
        if (levels.columnInt(1) != 0 || levels.columnInt64(7) == 0)
            continue;
        if (iteration) {
            overview.hasIterations = true;
            overview.firstIteration = levels.columnInt64(3);
            overview.lastIteration = levels.columnInt64(4);
            if (!haveTimeSpan) {
                overview.startNs = levels.columnInt64(5);
                overview.endNs = levels.columnInt64(6);
            }
        } else {
            overview.binWidthNs = levels.columnInt64(2);
            overview.startNs = levels.columnInt64(5); // time bins cover every event
            overview.endNs = levels.columnInt64(6);
            haveTimeSpan = true;
        }
    }
    return overview;
}

ArrivalSummary loadArrivalSummary(SqliteDatabase &db)
{
    ArrivalSummary summary;
    SqliteStatement select =
        db.prepare("SELECT rank, collectives, last_arrivals, caused_wait_ns, max_margin_ns, ties, "
                   "incomplete FROM trace_arrivals ORDER BY rank");
    while (select.step()) {
        const int rank = select.columnInt(0);
        if (rank < 0) {
            summary.collectives = select.columnInt(1);
            summary.clearLast = select.columnInt(2);
            summary.noClearLast = select.columnInt(5);
            summary.incomplete = select.columnInt(6);
            continue;
        }
        RankArrivalStats stats;
        stats.rank = rank;
        stats.collectives = select.columnInt(1);
        stats.lastArrivals = select.columnInt(2);
        stats.causedWaitNs = double(select.columnInt64(3));
        stats.maxMarginNs = double(select.columnInt64(4));
        summary.ranks.push_back(stats);
    }
    return summary;
}

std::vector<ClockOffset> clockOffsetsOf(const TraceOverview &overview)
{
    std::vector<ClockOffset> offsets;
    offsets.reserve(overview.clocks.size());
    for (const TraceRankClock &clock : overview.clocks)
        offsets.push_back(clock.offset);
    return offsets;
}

TraceWindowTable loadTraceWindows(SqliteDatabase &db, WindowAxis axis, int level)
{
    TraceWindowTable table;
    table.axis = axis;
    table.level = level;
    const char *axisKey = windowAxisKey(axis);
    std::int64_t windows = 0;
    {
        SqliteStatement meta = db.prepare("SELECT bin_width_ns, origin_ns, windows FROM "
                                          "trace_levels WHERE axis = ? AND level = ?");
        meta.bind(1, axisKey).bind(2, level);
        if (!meta.step())
            return table;
        table.binWidthNs = meta.columnInt64(0);
        table.originNs = meta.columnInt64(1);
        windows = meta.columnInt64(2);
    }
    // Every active rank has at most `windows` rows: reserve once instead of growing.
    SqliteStatement ranks = db.prepare("SELECT count(*) FROM trace_files WHERE active = 1");
    if (ranks.step())
        table.rows.reserve(std::size_t(std::max<std::int64_t>(windows, 0) *
                                       std::max<std::int64_t>(ranks.columnInt64(0), 0)));
    SqliteStatement select = db.prepare("SELECT rank, rows FROM trace_window_packs "
                                        "WHERE axis = ? AND level = ? ORDER BY rank");
    select.bind(1, axisKey).bind(2, level);
    try {
        while (select.step())
            appendWindowRows(select.columnBlob(1), select.columnInt(0), table.rows);
    } catch (const BlobFormatError &error) {
        throw CacheDamagedError("cache database " + db.file().string() +
                                ": stored trace windows are damaged (" + error.what() +
                                "); force a re-import to rebuild them");
    }
    return table;
}

TraceData loadRankTraceWindow(SqliteDatabase &db, int rank, std::int64_t alignedStartNs,
                              std::int64_t alignedEndNs)
{
    SqliteStatement select =
        db.prepare("SELECT t.id, coalesce(o.offset_ns, 0) FROM trace_files t LEFT JOIN "
                   "trace_clock_offsets o ON o.rank = t.rank WHERE t.rank = ? AND t.active = 1");
    select.bind(1, rank);
    if (!select.step())
        return TraceData();
    const std::int64_t traceId = select.columnInt64(0);
    const std::int64_t offsetNs = select.columnInt64(1);
    TraceData trace = loadStoredTraceEvents(db, traceId, saturatingAdd(alignedStartNs, offsetNs),
                                            saturatingAdd(alignedEndNs, offsetNs));
    shiftTraceClock(trace, offsetNs);
    return trace;
}

} // namespace rankscope
