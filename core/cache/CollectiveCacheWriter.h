#pragma once

#include "core/cache/SqliteDatabase.h"
#include "core/cache/SqliteStatement.h"
#include "core/model/CollectiveProgress.h"
#include "core/model/StackDataset.h"

#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

namespace rankscope {

// One Flight Recorder dump as the importer read it, ready to be stored.
struct CollectiveFileRecord
{
    std::string path; // relative to the bundle root
    std::int64_t size = 0;
    std::int64_t mtimeNs = 0;
    std::int64_t changeStamp = 0; // files.change_stamp: BundleFile::changeStamp
    bool ok = false;              // false: nothing usable, problems say why
    CollectiveDumpInfo info;
    int entriesRead = 0;       // entries in the file, before keepCollectiveTail
    CollectiveRecords records; // already cut by keepCollectiveTail
    std::vector<ImportProblem> problems;
};

// Writes the collective tables. Opens no transaction: the import wraps every layer in one.
class CollectiveCacheWriter
{
public:
    explicit CollectiveCacheWriter(SqliteDatabase &db);

    // Empties the dumps' rows of the collective tables (the `files` rows go with
    // StackCacheWriter::clearAll; logs and traces keep theirs, written in the same update).
    void clearAll();
    // Deletes a dump's file row and everything of it (the groups no other file states too).
    void removeFile(std::int64_t fileId);
    // Stores one dump (files row of kind 'collective', its problems, records); returns its id.
    std::int64_t writeDumpFile(const CollectiveFileRecord &record);
    // The records a log or trace file holds, under that file's row (replacing earlier ones);
    // its groups go to collective_groups, once per distinct group, linked to the file
    // (collective_file_groups) so that they go when no file states them any more. Nothing is
    // written for empty records (the groups an earlier version stated still go).
    void writeFileRecords(std::int64_t fileId, const char *source, int rank,
                          const CollectiveRecords &records);

private:
    void storeRecords(std::int64_t fileId, const char *source, int rank,
                      const CollectiveRecords &records);
    // Unlinks the file from its groups, deleting those no other file states.
    void forgetGroupsOf(std::int64_t fileId);

    SqliteDatabase &m_db;
    SqliteStatement m_insertFile;
    SqliteStatement m_insertProblem;
    SqliteStatement m_insertRecords;
    SqliteStatement m_insertDump;
    SqliteStatement m_insertGroup;
    SqliteStatement m_insertGroupLink;
    SqliteStatement m_deleteOrphanGroups;
    SqliteStatement m_deleteGroupLinks;
    // Groups this writer stored (INSERT OR IGNORE covers those of earlier updates).
    std::unordered_set<std::uint64_t> m_groupsWritten;
};

} // namespace rankscope
