#pragma once

#include "core/cache/SqliteDatabase.h"
#include "core/cache/SqliteStatement.h"
#include "core/cache/StackFileRecord.h"
#include "core/cache/StackInterner.h"
#include "core/model/StackDataset.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace rankscope {

// Writes import results into the stack cache through prepared statements. It does not open
// transactions: the caller wraps a whole update in one SqliteTransaction so that an interrupted
// update leaves nothing behind.
class StackCacheWriter
{
public:
    // `interner` must already hold the frames and stacks stored in `db` (loadStoredStacks).
    StackCacheWriter(SqliteDatabase &db, StackInterner &interner);

    // Deletes every row of every table (a cache that was never completed starts over). The
    // interner must be empty then, as ids start again from 0.
    void clearAll();
    // Deletes a file's row with its samples and problems.
    void removeFile(std::int64_t fileId);
    // Stores one stack file: file row, its problems, and its samples (one per thread, in one
    // blob: StackSampleCodec.h). Returns the number of samples written. When record.stackIds is
    // empty the frames are interned here and new frames and stacks written at once; otherwise
    // they were interned by the parser threads and flushInterned() must run once those threads
    // are done.
    std::int64_t writeStackFile(const StackFileRecord &record);
    // The id of the file row writeStackFile() wrote last (0 before the first).
    std::int64_t lastFileId() const { return m_lastFileId; }
    // Writes the frames and stacks the interner gained since the last flush.
    void flushInterned();
    // Replaces the manifest's file row, problems, job and ranks. nullptr: the bundle has none.
    void writeManifest(const ManifestRecord *manifest);
    // Replaces the problems that belong to no single file (archive extraction, bundle layout).
    void replaceBundleProblems(const std::vector<ImportProblem> &problems);
    void setMeta(std::string_view key, std::string_view value);

private:
    void insertProblem(std::optional<std::int64_t> fileId, std::string_view path, std::int64_t line,
                       std::string_view message);

    SqliteDatabase &m_db;
    StackInterner &m_interner;
    SqliteStatement m_insertFile;
    SqliteStatement m_insertSamples;
    SqliteStatement m_insertFrame;
    SqliteStatement m_insertStack;
    SqliteStatement m_insertProblem;
    SqliteStatement m_deleteSamples;
    SqliteStatement m_deleteProblems;
    SqliteStatement m_deleteFile;
    SqliteStatement m_setMeta;
    std::size_t m_framesWritten = 0;
    std::size_t m_stacksWritten = 0;
    std::int64_t m_lastFileId = 0;
};

} // namespace rankscope
