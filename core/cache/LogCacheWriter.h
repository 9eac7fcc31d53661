#pragma once

#include "core/cache/LogFileRecord.h"
#include "core/cache/SqliteDatabase.h"
#include "core/cache/SqliteStatement.h"
#include "core/logs/LogAnalysis.h"
#include "core/logs/TemplateMiner.h"

#include <cstdint>
#include <span>
#include <vector>

namespace rankscope {

// Writes the log tables. Opens no transaction: the import wraps stacks, traces and logs in one.
class LogCacheWriter
{
public:
    explicit LogCacheWriter(SqliteDatabase &db);

    // Empties every log table (the `files` rows go with StackCacheWriter::clearAll).
    void clearAll();
    // Deletes a log file's rows, problems, text blocks, event index and iteration records.
    void removeFile(std::int64_t fileId);
    // Stores one parsed log file; returns its file id.
    std::int64_t writeLogFile(const LogFileRecord &record);
    // The derived data of one file: its events with templates, iterations and the events they
    // copy (the file's duplicate count is kept beside it).
    void writeEventIndex(std::int64_t fileId, std::int64_t firstEvent,
                         std::span<const TemplatedLogEvent> events);
    // The same from a LogEventIndexEncoder's frame.
    void writeEventIndex(std::int64_t fileId, std::int64_t firstEvent, const std::string &index,
                         std::int64_t duplicates);
    // Replaces the template table; counts[i] is the number of events of templates[i].
    void replaceTemplates(std::span<const LogTemplate> templates,
                          std::span<const std::int64_t> counts);

private:
    SqliteDatabase &m_db;
    SqliteStatement m_insertFile;
    SqliteStatement m_insertProblem;
    SqliteStatement m_insertLog;
    SqliteStatement m_insertBlock;
    SqliteStatement m_insertIteration;
    SqliteStatement m_insertRankNode;
    SqliteStatement m_insertRankTiming;
};

} // namespace rankscope
