#include "core/cache/TraceCacheWriter.h"

#include "core/cache/TraceBlobCodec.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace rankscope {

namespace {

std::string insertWindowSql()
{
    std::string columns = "axis, level, rank, window, start_ns, end_ns";
    std::string values = "?,?,?,?,?,?";
    for (int m = 0; m < kTraceMetricCount; ++m) {
        columns += std::string(", ") + traceMetricKey(TraceMetric(m));
        values += ",?";
    }
    return "INSERT INTO trace_windows(" + columns + ") VALUES(" + values + ")";
}

} // namespace

TraceCacheWriter::TraceCacheWriter(SqliteDatabase &db)
    : m_db(db),
      m_insertFile(db.prepare("INSERT INTO files(path, size, mtime_ns, kind, format, rank, "
                              "time_ns, status, sample_count, change_stamp) "
                              "VALUES(?,?,?,'trace',?,?,?,?,0,?)")),
      m_insertProblem(db.prepare("INSERT INTO problems(file_id, path, line, message, derived) "
                                 "VALUES(?,?,?,?,?)")),
      m_insertTrace(db.prepare("INSERT INTO trace_files(file_id, part, rank, active, events, "
                               "first_ns, last_ns, iterations, header, collectives, "
                               "iteration_rows, rank_source) VALUES(?,?,?,0,?,?,?,?,?,?,?,?)")),
      m_insertBlock(db.prepare("INSERT INTO trace_event_blocks(trace_id, block, start_ns, "
                               "end_ns, events, data) VALUES(?,?,?,?,?,?)")),
      m_insertOpTotal(db.prepare("INSERT INTO trace_op_totals(trace_id, kind, name, count, "
                                 "total_ns) VALUES(?,?,?,?,?)")),
      m_insertOpSpan(
          db.prepare("INSERT INTO trace_op_spans(trace_id, iterations, span_ns) VALUES(?,?,?)")),
      m_insertWindow(db.prepare(insertWindowSql())),
      m_insertNode(
          db.prepare("INSERT OR IGNORE INTO trace_rank_nodes(file_id, rank, node) VALUES(?,?,?)"))
{}

void TraceCacheWriter::clearAll()
{
    m_db.exec(
        "DELETE FROM trace_files; DELETE FROM trace_event_blocks; DELETE FROM trace_rank_nodes; "
        "DELETE FROM trace_op_totals; DELETE FROM trace_op_spans; "
        "DELETE FROM trace_clock_offsets; DELETE FROM trace_arrivals; "
        "DELETE FROM trace_levels; "
        "DELETE FROM trace_windows; DELETE FROM trace_window_packs; "
        "DELETE FROM problems WHERE derived = 1;");
}

void TraceCacheWriter::removeFile(std::int64_t fileId)
{
    for (const char *sql :
         {"DELETE FROM trace_event_blocks WHERE trace_id IN "
          "(SELECT id FROM trace_files WHERE file_id = ?)",
          "DELETE FROM trace_op_totals WHERE trace_id IN "
          "(SELECT id FROM trace_files WHERE file_id = ?)",
          "DELETE FROM trace_op_spans WHERE trace_id IN "
          "(SELECT id FROM trace_files WHERE file_id = ?)",
          "DELETE FROM trace_files WHERE file_id = ?",
          "DELETE FROM trace_rank_nodes WHERE file_id = ?",
          "DELETE FROM problems WHERE file_id = ?", "DELETE FROM files WHERE id = ?"}) {
        SqliteStatement statement = m_db.prepare(sql);
        statement.bind(1, fileId).run();
    }
}

std::int64_t TraceCacheWriter::writeTraceFile(const TraceFileRecord &record)
{
    m_insertFile.bind(1, record.path)
        .bind(2, record.size)
        .bind(3, record.mtimeNs)
        .bind(4, record.format)
        .bind(5, record.rank)
        .bind(6, record.mtimeNs)
        .bind(7, record.ok ? "ok" : "failed")
        .bind(8, record.changeStamp)
        .run();
    const std::int64_t fileId = m_db.lastInsertRowId();
    for (const ParseProblem &problem : record.problems)
        m_insertProblem.bind(1, fileId)
            .bind(2, record.path)
            .bind(3, problem.line)
            .bind(4, problem.message)
            .bind(5, 0)
            .run();
    if (!record.ok)
        return fileId;
    for (std::size_t part = 0; part < record.ranks.size(); ++part)
        writeRankTrace(fileId, int(part), record.ranks[part]);
    return fileId;
}

void TraceCacheWriter::writeRankTrace(std::int64_t fileId, int part, const TraceRankRecord &trace)
{
    if (!trace.host.empty())
        m_insertNode.bind(1, fileId).bind(2, trace.rank).bind(3, trace.host).run();
    m_insertTrace.bind(1, fileId)
        .bind(2, part)
        .bind(3, trace.rank)
        .bind(4, trace.events)
        .bind(5, trace.firstNs)
        .bind(6, trace.lastNs)
        .bind(7, trace.iterations)
        .bindBlob(8, trace.header)
        .bindBlob(9, trace.collectives)
        .bindBlob(10, trace.iterationRows)
        .bind(11, trace.rankSource)
        .run();
    const std::int64_t traceId = m_db.lastInsertRowId();
    for (const TraceEventBlockRecord &block : trace.blocks) {
        m_insertBlock.bind(1, traceId)
            .bind(2, block.block)
            .bind(3, block.startNs)
            .bind(4, block.endNs)
            .bind(5, block.events)
            .bindBlob(6, block.data)
            .run();
    }
    m_insertOpSpan.bind(1, traceId).bind(2, trace.opIterations).bind(3, trace.opSpanNs).run();
    for (const OpTotal &op : trace.opTotals)
        m_insertOpTotal.bind(1, traceId)
            .bind(2, int(op.kind))
            .bindNoCopy(3, op.name)
            .bind(4, op.count)
            .bind(5, op.totalNs)
            .run();
}

void TraceCacheWriter::setActiveTraces(std::span<const std::int64_t> traceIds)
{
    m_db.exec("UPDATE trace_files SET active = 0");
    SqliteStatement activate = m_db.prepare("UPDATE trace_files SET active = 1 WHERE id = ?");
    for (std::int64_t id : traceIds)
        activate.bind(1, id).run();
}

void TraceCacheWriter::replaceDerivedProblems(std::span<const DerivedProblem> problems)
{
    m_db.exec("DELETE FROM problems WHERE derived = 1");
    for (const DerivedProblem &p : problems)
        m_insertProblem.bind(1, p.fileId)
            .bind(2, p.problem.file)
            .bind(3, p.problem.line)
            .bind(4, p.problem.message)
            .bind(5, 1)
            .run();
}

void TraceCacheWriter::replaceClockOffsets(std::span<const ClockOffset> offsets)
{
    m_db.exec("DELETE FROM trace_clock_offsets");
    SqliteStatement insert = m_db.prepare(
        "INSERT INTO trace_clock_offsets(rank, offset_ns, source, anchors, spread_ns, node, "
        "uncertainty_ns, typical_ns, dropped_anchors, p2p_violations, quality) "
        "VALUES(?,?,?,?,?,?,?,?,?,?,?)");
    for (const ClockOffset &offset : offsets)
        insert.bind(1, offset.rank)
            .bind(2, offset.offsetNs)
            .bind(3, clockOffsetSourceKey(offset.source))
            .bind(4, offset.anchors)
            .bind(5, offset.spreadNs)
            .bind(6, offset.node)
            .bind(7, offset.uncertaintyNs)
            .bind(8, offset.typicalDurationNs)
            .bind(9, offset.droppedAnchors)
            .bind(10, offset.p2pViolations)
            .bind(11, clockQualityKey(offset.quality))
            .run();
}

void TraceCacheWriter::replaceArrivals(const ArrivalSummary &arrivals)
{
    m_db.exec("DELETE FROM trace_arrivals");
    SqliteStatement insert =
        m_db.prepare("INSERT INTO trace_arrivals(rank, collectives, last_arrivals, caused_wait_ns, "
                     "max_margin_ns, ties, incomplete) VALUES(?,?,?,?,?,?,?)");
    insert.bind(1, -1)
        .bind(2, arrivals.collectives)
        .bind(3, arrivals.clearLast)
        .bind(4, 0)
        .bind(5, 0)
        .bind(6, arrivals.noClearLast)
        .bind(7, arrivals.incomplete)
        .run();
    for (const RankArrivalStats &rank : arrivals.ranks)
        insert.bind(1, rank.rank)
            .bind(2, rank.collectives)
            .bind(3, rank.lastArrivals)
            .bind(4, std::int64_t(std::llround(rank.causedWaitNs)))
            .bind(5, std::int64_t(std::llround(rank.maxMarginNs)))
            .bind(6, 0)
            .bind(7, 0)
            .run();
}

void TraceCacheWriter::clearWindows()
{
    m_db.exec("DELETE FROM trace_windows; DELETE FROM trace_window_packs; "
              "DELETE FROM trace_levels;");
}

void TraceCacheWriter::writeWindows(const TraceWindowTable &table, std::int64_t windows)
{
    const char *axis = windowAxisKey(table.axis);
    std::int64_t firstWindow = std::numeric_limits<std::int64_t>::max();
    std::int64_t lastWindow = std::numeric_limits<std::int64_t>::min();
    std::int64_t startNs = std::numeric_limits<std::int64_t>::max();
    std::int64_t endNs = std::numeric_limits<std::int64_t>::min();
    for (const TraceWindowRow &row : table.rows) {
        firstWindow = std::min(firstWindow, row.window);
        lastWindow = std::max(lastWindow, row.window);
        startNs = std::min(startNs, row.startNs);
        endNs = std::max(endNs, row.endNs);
    }
    if (table.rows.empty())
        firstWindow = lastWindow = startNs = endNs = 0;
    SqliteStatement level = m_db.prepare(
        "INSERT OR REPLACE INTO trace_levels(axis, level, bin_width_ns, origin_ns, windows, "
        "first_window, last_window, start_ns, end_ns) VALUES(?,?,?,?,?,?,?,?,?)");
    level.bind(1, axis)
        .bind(2, table.level)
        .bind(3, table.binWidthNs)
        .bind(4, table.originNs)
        .bind(5, windows)
        .bind(6, firstWindow)
        .bind(7, lastWindow)
        .bind(8, startNs)
        .bind(9, endNs)
        .run();
    for (const TraceWindowRow &row : table.rows) {
        m_insertWindow.bindNoCopy(1, axis)
            .bind(2, table.level)
            .bind(3, row.rank)
            .bind(4, row.window)
            .bind(5, row.startNs)
            .bind(6, row.endNs);
        for (int m = 0; m < kTraceMetricCount; ++m) {
            const MetricValue value = row.values[std::size_t(m)];
            if (std::isnan(value))
                m_insertWindow.bindNull(7 + m);
            else
                m_insertWindow.bind(7 + m, value);
        }
        m_insertWindow.run();
    }
    SqliteStatement pack =
        m_db.prepare("INSERT INTO trace_window_packs(axis, level, rank, rows) VALUES(?,?,?,?)");
    for (std::size_t begin = 0; begin < table.rows.size();) {
        std::size_t end = begin;
        while (end < table.rows.size() && table.rows[end].rank == table.rows[begin].rank)
            ++end;
        const std::string rows = encodeWindowRows(
            std::span<const TraceWindowRow>(table.rows.data() + begin, end - begin));
        pack.bind(1, axis).bind(2, table.level).bind(3, table.rows[begin].rank);
        pack.bindBlob(4, rows).run();
        begin = end;
    }
}

} // namespace rankscope
