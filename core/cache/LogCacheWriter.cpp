#include "core/cache/LogCacheWriter.h"

#include "core/cache/LogBlockCodec.h"

#include <algorithm>
#include <cmath>

namespace rankscope {

namespace {

void bindOptionalDouble(SqliteStatement &statement, int index, double value)
{
    if (std::isnan(value))
        statement.bindNull(index);
    else
        statement.bind(index, value);
}

} // namespace

LogCacheWriter::LogCacheWriter(SqliteDatabase &db)
    : m_db(db),
      m_insertFile(db.prepare("INSERT INTO files(path, size, mtime_ns, kind, format, rank, "
                              "time_ns, status, sample_count, change_stamp) "
                              "VALUES(?,?,?,'log',?,?,?,?,0,?)")),
      m_insertProblem(db.prepare("INSERT INTO problems(file_id, path, line, message, derived) "
                                 "VALUES(?,?,?,?,0)")),
      m_insertLog(db.prepare("INSERT INTO log_files(file_id, kind, rank, node, timestamp_format, "
                             "prefix_format, bytes, lines, events) VALUES(?,?,?,?,?,?,?,?,?)")),
      m_insertBlock(
          db.prepare("INSERT INTO log_text_blocks(file_id, block, events, data) VALUES(?,?,?,?)")),
      m_insertIteration(db.prepare("INSERT INTO log_iterations(file_id, rank, iteration, time_ns, "
                                   "step_ms, loss, learning_rate, framework, line) "
                                   "VALUES(?,?,?,?,?,?,?,?,?)")),
      m_insertRankNode(
          db.prepare("INSERT OR IGNORE INTO log_rank_nodes(file_id, rank, node) VALUES(?,?,?)")),
      m_insertRankTiming(db.prepare("INSERT INTO log_rank_timings(file_id, rank, iteration, "
                                    "time_ns, kind, value_ms, derived, line) "
                                    "VALUES(?,?,?,?,?,?,?,?)"))
{}

void LogCacheWriter::clearAll()
{
    m_db.exec("DELETE FROM log_files; DELETE FROM log_text_blocks; DELETE FROM log_event_index; "
              "DELETE FROM log_iterations; DELETE FROM log_templates; DELETE FROM log_rank_nodes; "
              "DELETE FROM log_rank_timings;");
}

void LogCacheWriter::removeFile(std::int64_t fileId)
{
    for (const char *sql :
         {"DELETE FROM log_text_blocks WHERE file_id = ?",
          "DELETE FROM log_event_index WHERE file_id = ?",
          "DELETE FROM log_iterations WHERE file_id = ?",
          "DELETE FROM log_rank_timings WHERE file_id = ?",
          "DELETE FROM log_rank_nodes WHERE file_id = ?", "DELETE FROM log_files WHERE file_id = ?",
          "DELETE FROM problems WHERE file_id = ?", "DELETE FROM files WHERE id = ?"}) {
        SqliteStatement statement = m_db.prepare(sql);
        statement.bind(1, fileId).run();
    }
}

std::int64_t LogCacheWriter::writeLogFile(const LogFileRecord &record)
{
    const std::optional<int> rank =
        record.info.kind == LogFileKind::PerRank && record.info.rank >= 0
            ? std::optional<int>(record.info.rank)
            : std::nullopt;
    m_insertFile.bind(1, record.path)
        .bind(2, record.size)
        .bind(3, record.mtimeNs)
        .bind(4, "log")
        .bind(5, rank)
        .bind(6, record.mtimeNs)
        .bind(7, record.ok ? "ok" : "failed")
        .bind(8, record.changeStamp)
        .run();
    const std::int64_t fileId = m_db.lastInsertRowId();
    for (const LogProblem &problem : record.problems)
        m_insertProblem.bind(1, fileId)
            .bind(2, record.path)
            .bind(3, problem.line)
            .bind(4, problem.message)
            .run();
    if (!record.ok)
        return fileId;
    m_insertLog.bind(1, fileId)
        .bind(2, logFileKindKey(record.info.kind))
        .bind(3, rank)
        .bind(4, record.info.node)
        .bind(5, record.info.timestampFormat)
        .bind(6, record.info.prefixFormat)
        .bind(7, record.info.bytes)
        .bind(8, record.info.lines)
        .bind(9, record.events)
        .run();
    for (const LogRankNode &node : record.rankNodes) {
        if (node.rank >= 0 && !node.node.empty())
            m_insertRankNode.bind(1, fileId).bind(2, node.rank).bind(3, node.node).run();
    }
    std::int64_t remaining = record.events;
    for (std::size_t block = 0; block < record.textBlocks.size(); ++block) {
        const std::int64_t events = std::min<std::int64_t>(remaining, kLogBlockEvents);
        remaining -= events;
        m_insertBlock.bind(1, fileId)
            .bind(2, std::int64_t(block))
            .bind(3, events)
            .bindBlob(4, record.textBlocks[block])
            .run();
    }
    for (const LogIterationRecord &iteration : record.iterations) {
        m_insertIteration.bind(1, fileId)
            .bind(2, iteration.rank)
            .bind(3, iteration.iteration)
            .bind(4, iteration.timeNs);
        bindOptionalDouble(m_insertIteration, 5, iteration.stepTimeMs);
        bindOptionalDouble(m_insertIteration, 6, iteration.loss);
        bindOptionalDouble(m_insertIteration, 7, iteration.learningRate);
        m_insertIteration.bind(8, iteration.framework).bind(9, std::int64_t(iteration.line)).run();
    }
    for (const LogRankTimingRecord &timing : record.rankTimings) {
        m_insertRankTiming.bind(1, fileId)
            .bind(2, timing.rank)
            .bind(3, timing.iteration)
            .bind(4, timing.timeNs)
            .bind(5, rankTimingKindKey(timing.kind))
            .bind(6, timing.valueMs)
            .bind(7, timing.derived ? 1 : 0)
            .bind(8, std::int64_t(timing.line))
            .run();
    }
    return fileId;
}

void LogCacheWriter::writeEventIndex(std::int64_t fileId, std::int64_t firstEvent,
                                     std::span<const TemplatedLogEvent> events)
{
    const auto duplicates = std::count_if(events.begin(), events.end(),
                                          [](const auto &event) { return event.duplicateOf >= 0; });
    writeEventIndex(fileId, firstEvent, encodeLogEventIndex(events), std::int64_t(duplicates));
}

void LogCacheWriter::writeEventIndex(std::int64_t fileId, std::int64_t firstEvent,
                                     const std::string &index, std::int64_t duplicates)
{
    SqliteStatement insert =
        m_db.prepare("INSERT OR REPLACE INTO log_event_index(file_id, data) VALUES(?,?)");
    insert.bind(1, fileId).bindBlob(2, std::as_bytes(std::span<const char>(index))).run();
    SqliteStatement update =
        m_db.prepare("UPDATE log_files SET first_event = ?, duplicates = ? WHERE file_id = ?");
    update.bind(1, firstEvent).bind(2, duplicates).bind(3, fileId).run();
}

void LogCacheWriter::replaceTemplates(std::span<const LogTemplate> templates,
                                      std::span<const std::int64_t> counts)
{
    m_db.exec("DELETE FROM log_templates");
    SqliteStatement insert = m_db.prepare(
        "INSERT INTO log_templates(id, text, builtin, severity, count) VALUES(?,?,?,?,?)");
    for (std::size_t i = 0; i < templates.size(); ++i) {
        const LogTemplate &templ = templates[i];
        insert.bind(1, std::int64_t(templ.id))
            .bind(2, templ.text)
            .bind(3, templ.builtin)
            .bind(4, logSeverityKey(templ.severity))
            .bind(5, i < counts.size() ? counts[i] : templ.size)
            .run();
    }
}

} // namespace rankscope
