#pragma once

#include "core/cache/SqliteDatabase.h"
#include "core/cache/SqliteStatement.h"
#include "core/model/RankSet.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace rankscope {

// How a file knows its ranks.
enum class FileRankSource : std::uint8_t
{
    Content, // the file says it: distributedInfo.rank, "[rank3]:" line prefixes
    Path,    // its path names it: rank3.log, stacks/rank3/..., worker3_step_12...
    Assumed, // a trace or dump opened on its own that names no rank: rank 0
};

// What one stack, trace or log file says about the job's ranks (the file_ranks table).
struct FileRanks
{
    RankSet ranks;
    FileRankSource source = FileRankSource::Path;
    int statedWorldSize = 0; // distributedInfo.world_size, NCCL nranks, ...; 0: says none
};

// Replaces the row of `fileId` (called right after the file's row is written; the row goes
// when the file's row is deleted).
void writeFileRanks(SqliteDatabase &db, std::int64_t fileId, const FileRanks &facts);
// The same for the file row with this path.
void writeFileRanks(SqliteDatabase &db, std::string_view path, const FileRanks &facts);

// The same, with its statements prepared once: an import writes one row per file, and tens of
// thousands of dumps would otherwise prepare two statements each.
class FileRanksWriter
{
public:
    explicit FileRanksWriter(SqliteDatabase &db);
    void write(std::int64_t fileId, const FileRanks &facts);
    void write(std::string_view path, const FileRanks &facts);

private:
    SqliteStatement m_select;
    SqliteStatement m_insert;
};

struct StoredFileRanks
{
    std::string kind;    // files.kind: 'stacks', 'trace', 'log'
    bool usable = false; // files.status is 'ok' (and, for traces, the file speaks for its rank)
    FileRanks facts;
};
// Every file_ranks row, one at a time: a RankSet is a dense bitset, so keeping one per file of
// a 16,384-rank bundle (49,152 dumps) would hold ~50 MB for a few numbers and unions.
void forEachStoredFileRanks(SqliteDatabase &db,
                            const std::function<void(const StoredFileRanks &)> &visit);

const char *fileRankSourceKey(FileRankSource source); // "content", "path", "assumed"

} // namespace rankscope
