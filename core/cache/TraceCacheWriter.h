#pragma once

#include "core/cache/SqliteDatabase.h"
#include "core/cache/SqliteStatement.h"
#include "core/cache/TraceFileRecord.h"
#include "core/model/StackDataset.h"
#include "core/traces/ClockAlignment.h"
#include "core/traces/TraceWindows.h"

#include <cstdint>
#include <span>
#include <vector>

namespace rankscope {

// A problem that concerns a file but comes from comparing several (two files claiming one rank).
struct DerivedProblem
{
    std::int64_t fileId = 0;
    ImportProblem problem;
};

// Writes the trace tables. Like StackCacheWriter it opens no transaction: the import wraps the
// stack and trace updates in one, so the cache is replaced as a whole or not at all.
class TraceCacheWriter
{
public:
    explicit TraceCacheWriter(SqliteDatabase &db);

    // Empties every trace table (the `files` rows go with StackCacheWriter::clearAll).
    void clearAll();
    // Deletes a trace file's row, problems, events and derived data.
    void removeFile(std::int64_t fileId);
    // Stores one trace file and its ranks' traces (inactive until setActiveTraces); returns its
    // file id.
    std::int64_t writeTraceFile(const TraceFileRecord &record);
    // Marks which stored traces (trace_files.id) speak for their rank.
    void setActiveTraces(std::span<const std::int64_t> traceIds);
    void replaceDerivedProblems(std::span<const DerivedProblem> problems);
    void replaceClockOffsets(std::span<const ClockOffset> offsets);
    // The arrival order at collectives: the job's totals and one row per rank.
    void replaceArrivals(const ArrivalSummary &arrivals);
    // Drops every window table and level (before a fresh set is written).
    void clearWindows();
    // Writes one axis and level (rows by rank, then window; a rank's rows together); `windows`
    // is its count of distinct window ids.
    void writeWindows(const TraceWindowTable &table, std::int64_t windows);

private:
    void writeRankTrace(std::int64_t fileId, int part, const TraceRankRecord &trace);

    SqliteDatabase &m_db;
    SqliteStatement m_insertFile;
    SqliteStatement m_insertProblem;
    SqliteStatement m_insertTrace;
    SqliteStatement m_insertBlock;
    SqliteStatement m_insertOpTotal;
    SqliteStatement m_insertOpSpan;
    SqliteStatement m_insertWindow;
    SqliteStatement m_insertNode;
};

} // namespace rankscope
