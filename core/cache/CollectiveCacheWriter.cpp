#include "core/cache/CollectiveCacheWriter.h"

#include "core/cache/CollectiveProgressCodec.h"
#include "core/cache/StableHash.h"

#include <optional>

namespace rankscope {

namespace {

std::int64_t recordCount(const CollectiveRecords &records)
{
    return std::int64_t(records.entries.size() + records.statuses.size() + records.claims.size() +
                        records.groups.size());
}

} // namespace

CollectiveCacheWriter::CollectiveCacheWriter(SqliteDatabase &db)
    : m_db(db),
      m_insertFile(db.prepare("INSERT INTO files(path, size, mtime_ns, kind, format, rank, "
                              "time_ns, status, sample_count, change_stamp) "
                              "VALUES(?,?,?,'collective',?,?,?,?,0,?)")),
      m_insertProblem(db.prepare("INSERT INTO problems(file_id, path, line, message, derived) "
                                 "VALUES(?,?,?,?,0)")),
      m_insertRecords(db.prepare("INSERT OR REPLACE INTO collective_files(file_id, source, rank, "
                                 "entries, data) VALUES(?,?,?,?,?)")),
      m_insertDump(db.prepare("INSERT INTO collective_dumps(file_id, rank, version, lib_version, "
                              "json, entries, truncated, has_frames) VALUES(?,?,?,?,?,?,?,?)")),
      m_insertGroup(db.prepare("INSERT OR IGNORE INTO collective_groups(hash, name, desc, ranks, "
                               "source) VALUES(?,?,?,?,?)")),
      m_insertGroupLink(db.prepare("INSERT OR IGNORE INTO collective_file_groups(hash, file_id) "
                                   "VALUES(?,?)")),
      m_deleteOrphanGroups(db.prepare(
          "DELETE FROM collective_groups WHERE hash IN (SELECT hash FROM collective_file_groups "
          "WHERE file_id = ?1) AND NOT EXISTS (SELECT 1 FROM collective_file_groups o WHERE "
          "o.hash = collective_groups.hash AND o.file_id <> ?1)")),
      m_deleteGroupLinks(db.prepare("DELETE FROM collective_file_groups WHERE file_id = ?"))
{}

void CollectiveCacheWriter::clearAll()
{
    // Only the dumps' rows: logs and traces wrote theirs earlier in the same update. Groups
    // that only dumps stated go with them.
    m_db.exec("DELETE FROM collective_file_groups WHERE file_id IN (SELECT file_id FROM "
              "collective_files WHERE source = 'dump' UNION SELECT file_id FROM "
              "collective_dumps);"
              "DELETE FROM collective_groups WHERE hash NOT IN (SELECT hash FROM "
              "collective_file_groups);"
              "DELETE FROM collective_files WHERE source = 'dump'; DELETE FROM collective_dumps;");
    m_groupsWritten.clear();
}

void CollectiveCacheWriter::removeFile(std::int64_t fileId)
{
    for (const char *sql :
         {"DELETE FROM problems WHERE file_id = ?", "DELETE FROM files WHERE id = ?"}) {
        SqliteStatement statement = m_db.prepare(sql);
        statement.bind(1, fileId).run(); // the trigger removes the collective rows
    }
    m_groupsWritten.clear(); // the trigger may have removed groups this writer stored
}

void CollectiveCacheWriter::forgetGroupsOf(std::int64_t fileId)
{
    m_deleteOrphanGroups.bind(1, fileId).run();
    if (m_db.changes() > 0)
        m_groupsWritten.clear();
    m_deleteGroupLinks.bind(1, fileId).run();
}

std::int64_t CollectiveCacheWriter::writeDumpFile(const CollectiveFileRecord &record)
{
    const std::optional<int> rank =
        record.info.rank >= 0 ? std::optional<int>(record.info.rank) : std::nullopt;
    m_insertFile.bind(1, record.path)
        .bind(2, record.size)
        .bind(3, record.mtimeNs)
        .bind(4, record.info.json ? "flight-recorder-json" : "flight-recorder-pickle")
        .bind(5, rank)
        .bind(6, record.mtimeNs)
        .bind(7, record.ok ? "ok" : "failed")
        .bind(8, record.changeStamp)
        .run();
    const std::int64_t fileId = m_db.lastInsertRowId();
    for (const ImportProblem &problem : record.problems)
        m_insertProblem.bind(1, fileId)
            .bind(2, record.path)
            .bind(3, problem.line)
            .bind(4, problem.message)
            .run();
    if (!record.ok)
        return fileId;
    m_insertDump.bind(1, fileId)
        .bind(2, record.info.rank)
        .bind(3, record.info.version)
        .bind(4, record.info.libVersion)
        .bind(5, record.info.json)
        .bind(6, std::int64_t(record.entriesRead))
        .bind(7, record.info.truncated)
        .bind(8, record.info.hasFrames)
        .run();
    storeRecords(fileId, "dump", record.info.rank, record.records); // a new row: no groups yet
    return fileId;
}

void CollectiveCacheWriter::writeFileRecords(std::int64_t fileId, const char *source, int rank,
                                             const CollectiveRecords &records)
{
    forgetGroupsOf(fileId); // the groups an earlier version of the file stated
    storeRecords(fileId, source, rank, records);
}

void CollectiveCacheWriter::storeRecords(std::int64_t fileId, const char *source, int rank,
                                         const CollectiveRecords &records)
{
    if (records.empty())
        return;
    for (const ProcessGroupConfig &group : records.groups) {
        // Most dumps repeat groups another dump stated: hash the members in place, skip those.
        const std::string_view members(reinterpret_cast<const char *>(group.ranks.data()),
                                       group.ranks.size() * sizeof(int));
        const std::uint64_t hash =
            stableHash64(members, stableHash64(group.desc, stableHash64(group.name)));
        m_insertGroupLink.bind(1, std::int64_t(hash)).bind(2, fileId).run();
        if (!m_groupsWritten.insert(hash).second)
            continue;
        const std::string packed = encodeGroupMembers(group.ranks);
        m_insertGroup.bind(1, std::int64_t(hash))
            .bind(2, group.name)
            .bind(3, group.desc)
            .bindBlob(4, packed)
            .bind(5, group.source)
            .run();
    }
    if (records.entries.empty() && records.statuses.empty() && records.claims.empty())
        return;
    const std::string data = encodeCollectiveProgress(records, false);
    m_insertRecords.bind(1, fileId)
        .bind(2, source)
        .bind(3, rank >= 0 ? std::optional<int>(rank) : std::nullopt)
        .bind(4, recordCount(records))
        .bindBlob(5, data)
        .run();
}

} // namespace rankscope
