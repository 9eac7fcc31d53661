#include "core/cache/CollectiveCacheReader.h"

#include "core/cache/ByteCoding.h"
#include "core/cache/CollectiveProgressCodec.h"
#include "core/cache/SqliteDatabase.h"
#include "core/cache/SqliteStatement.h"
#include "core/model/CollectiveCopies.h"

#include <algorithm>
#include <map>

namespace rankscope {

namespace {

template <typename T> void append(std::vector<T> &into, std::vector<T> &more)
{
    into.insert(into.end(), std::make_move_iterator(more.begin()),
                std::make_move_iterator(more.end()));
}

// Several dumps (and logs) state the same group: keep one per (name, members).
void addGroups(std::vector<ProcessGroupConfig> &groups,
               std::map<std::pair<std::string, std::vector<int>>, std::size_t> &seen,
               std::vector<ProcessGroupConfig> &more)
{
    for (ProcessGroupConfig &group : more) {
        auto key = std::make_pair(group.name, group.ranks);
        if (seen.contains(key))
            continue;
        seen.emplace(std::move(key), groups.size());
        groups.push_back(std::move(group));
    }
}

int highestRank(const CollectiveDataset &data)
{
    int highest = -1;
    for (const CollectiveEntry &entry : data.entries)
        highest = std::max(highest, entry.rank);
    for (const CollectiveGroupStatus &status : data.statuses)
        highest = std::max(highest, status.rank);
    for (const CollectiveDumpInfo &dump : data.dumps)
        highest = std::max(highest, dump.rank);
    for (const ProcessGroupConfig &group : data.groups)
        for (int rank : group.ranks)
            highest = std::max(highest, rank);
    return highest;
}

} // namespace

bool hasCollectiveData(SqliteDatabase &db)
{
    // A dump of groups and counters only still counts (its rank dumped).
    SqliteStatement select = db.prepare("SELECT 1 FROM collective_files UNION ALL SELECT 1 FROM "
                                        "collective_dumps LIMIT 1");
    return select.step();
}

CollectiveDataset loadCollectiveDataset(SqliteDatabase &db)
{
    CollectiveDataset data;
    std::map<std::pair<std::string, std::vector<int>>, std::size_t> seenGroups;
    try {
        SqliteStatement select =
            db.prepare("SELECT f.path, c.data FROM collective_files c JOIN files f ON "
                       "f.id = c.file_id ORDER BY f.path");
        while (select.step()) {
            const std::string path(select.columnText(0));
            CollectiveRecords records = decodeCollectiveProgress(select.columnBlob(1), path);
            addGroups(data.groups, seenGroups, records.groups);
            append(data.entries, records.entries);
            append(data.statuses, records.statuses);
            append(data.claims, records.claims);
        }
    } catch (const BlobFormatError &error) {
        throw SqliteError("cache database " + db.file().string() +
                          ": stored collective records are damaged (" + error.what() +
                          "); force a re-import to rebuild it");
    }
    SqliteStatement groups = db.prepare("SELECT name, desc, ranks, source FROM collective_groups");
    while (groups.step()) {
        ProcessGroupConfig group;
        group.name = groups.columnText(0);
        group.desc = groups.columnText(1);
        try {
            group.ranks = decodeGroupMembers(groups.columnBlob(2));
        } catch (const BlobFormatError &error) {
            throw SqliteError("cache database " + db.file().string() +
                              ": a stored process group is damaged (" + error.what() +
                              "); force a re-import to rebuild it");
        }
        group.source = groups.columnText(3);
        std::vector<ProcessGroupConfig> one;
        one.push_back(std::move(group));
        addGroups(data.groups, seenGroups, one);
    }
    SqliteStatement dumps = db.prepare(
        "SELECT d.rank, f.path, d.version, d.lib_version, d.json, d.entries, d.truncated, "
        "d.has_frames FROM collective_dumps d JOIN files f ON f.id = d.file_id ORDER BY d.rank, "
        "f.path");
    while (dumps.step()) {
        CollectiveDumpInfo info;
        info.rank = dumps.columnInt(0);
        info.file = dumps.columnText(1);
        info.version = dumps.columnText(2);
        info.libVersion = dumps.columnText(3);
        info.json = dumps.columnInt(4) != 0;
        info.entries = dumps.columnInt(5);
        info.truncated = dumps.columnInt(6) != 0;
        info.hasFrames = dumps.columnInt(7) != 0;
        data.dumps.push_back(std::move(info));
    }
    // The launcher's output and each rank's log repeat the same lines: one record each.
    mergeCollectiveCopies(data);
    SqliteStatement job = db.prepare("SELECT world_size FROM job");
    if (job.step() && !job.columnIsNull(0))
        data.worldSize = job.columnInt(0);
    data.worldSize = std::max(data.worldSize, highestRank(data) + 1);
    return data;
}

} // namespace rankscope
