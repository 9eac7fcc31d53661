#include "core/cache/CollectiveCacheReader.h"

#include "core/cache/ByteCoding.h"
#include "core/cache/CollectiveProgressCodec.h"
#include "core/cache/SqliteDatabase.h"
#include "core/cache/SqliteStatement.h"
#include "core/cache/StackCacheReader.h"
#include "core/model/CollectiveCopies.h"
#include "core/model/UsableCores.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <thread>

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

// Decodes the stored files' records on every core: at 16k ranks this is 16k zstd blobs, most of
// the time it takes to reopen a bundle's collectives. Results keep the files' order.
std::vector<CollectiveRecords> decodeAll(const std::vector<std::string> &paths,
                                         const std::vector<std::vector<std::byte>> &blobs)
{
    std::vector<CollectiveRecords> decoded(blobs.size());
    std::vector<std::string> errors(blobs.size());
    std::atomic<std::size_t> next{0};
    auto work = [&]() {
        for (std::size_t i = next++; i < blobs.size(); i = next++) {
            try {
                decoded[i] = decodeCollectiveProgress(blobs[i], paths[i]);
            } catch (const BlobFormatError &error) {
                errors[i] = error.what();
            }
        }
    };
    constexpr std::size_t kBlobsPerThread = 64; // below that, a thread costs more than it saves
    const std::size_t threads =
        std::clamp<std::size_t>(blobs.size() / kBlobsPerThread, 1, usableCores());
    std::vector<std::thread> helpers;
    for (std::size_t t = 1; t < threads; ++t)
        helpers.emplace_back(work);
    work();
    for (std::thread &helper : helpers)
        helper.join();
    for (const std::string &error : errors)
        if (!error.empty())
            throw BlobFormatError(error);
    return decoded;
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
    data.uncollected = uncollectedRanks(db);
    std::map<std::pair<std::string, std::vector<int>>, std::size_t> seenGroups;
    try {
        // The compressed blobs are small (27 MB for 16k dumps' tails): read them all, then
        // decode them in parallel.
        std::vector<std::string> paths;
        std::vector<std::vector<std::byte>> blobs;
        SqliteStatement select =
            db.prepare("SELECT f.path, c.data FROM collective_files c JOIN files f ON "
                       "f.id = c.file_id ORDER BY f.path");
        while (select.step()) {
            paths.emplace_back(select.columnText(0));
            const std::span<const std::byte> blob = select.columnBlob(1);
            blobs.emplace_back(blob.begin(), blob.end());
        }
        std::vector<CollectiveRecords> decoded = decodeAll(paths, blobs);
        std::size_t entries = 0, statuses = 0;
        for (const CollectiveRecords &records : decoded) {
            entries += records.entries.size();
            statuses += records.statuses.size();
        }
        data.entries.reserve(entries);
        data.statuses.reserve(statuses);
        for (CollectiveRecords &records : decoded) {
            addGroups(data.groups, seenGroups, records.groups);
            append(data.entries, records.entries);
            append(data.statuses, records.statuses);
            append(data.claims, records.claims);
            records = CollectiveRecords(); // its memory back as we go
        }
    } catch (const BlobFormatError &error) {
        throw CacheDamagedError("cache database " + db.file().string() +
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
            throw CacheDamagedError("cache database " + db.file().string() +
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
