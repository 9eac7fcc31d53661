#include "importers/bundle/CacheFileMeta.h"

#include "core/cache/SqliteStatement.h"

#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <system_error>
#include <unistd.h>

#ifndef RANKSCOPE_VERSION
#define RANKSCOPE_VERSION "unknown"
#endif

namespace rankscope {

namespace {

std::vector<std::string> splitShardRanks(const std::string &text)
{
    std::vector<std::string> parts;
    std::size_t from = 0;
    while (from <= text.size() && !text.empty()) {
        const std::size_t semicolon = text.find(';', from);
        parts.push_back(text.substr(from, semicolon == std::string::npos ? std::string::npos
                                                                         : semicolon - from));
        if (semicolon == std::string::npos)
            break;
        from = semicolon + 1;
    }
    return parts;
}

void syncPath(const std::filesystem::path &path)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return;
    ::fsync(fd);
    ::close(fd);
}

} // namespace

std::string rankscopeVersion()
{
    return RANKSCOPE_VERSION;
}

CacheFileMeta readCacheFileMeta(SqliteDatabase &db)
{
    CacheFileMeta meta;
    SqliteStatement select = db.prepare("SELECT key, value FROM meta");
    while (select.step()) {
        const std::string_view key = select.columnText(0);
        std::string value(select.columnText(1));
        if (key == "cache_kind")
            meta.kind = value;
        else if (key == "bundle_path")
            meta.bundlePath = value;
        else if (key == "bundle_fingerprint")
            meta.fingerprint = value;
        else if (key == "rankscope_version")
            meta.version = value;
        else if (key == "shard") {
            try {
                meta.shard = parseShardSpec(value, [](const char *) { return std::nullopt; });
            } catch (const std::invalid_argument &) {
                meta.shard.reset(); // a damaged value: the merge says the part has none
            }
        } else if (key == "shard_ranks")
            meta.shardRanks = splitShardRanks(value);
        else if (key == "missing_shards")
            meta.missingShards = value;
        else if (key == "keep_events")
            meta.keptEvents = value;
        else if (key == "complete")
            meta.complete = value == "1";
    }
    return meta;
}

void writeCacheFileMeta(SqliteDatabase &db, const CacheFileMeta &meta)
{
    SqliteStatement insert = db.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES(?,?)");
    const auto put = [&](const char *key, const std::string &value) {
        insert.bind(1, key).bind(2, std::string_view(value)).run();
    };
    put("cache_kind", meta.kind);
    put("bundle_fingerprint", meta.fingerprint);
    put("rankscope_version", meta.version);
    if (meta.shard)
        put("shard", std::to_string(meta.shard->index) + "/" + std::to_string(meta.shard->count));
    std::string ranks;
    for (std::size_t i = 0; i < meta.shardRanks.size(); ++i)
        ranks += (i ? ";" : "") + meta.shardRanks[i];
    put("shard_ranks", ranks);
    put("missing_shards", meta.missingShards);
    put("keep_events", meta.keptEvents);
}

bool looksLikeCacheFile(const std::filesystem::path &path)
{
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error))
        return false;
    std::ifstream in(path, std::ios::binary);
    char header[16] = {};
    in.read(header, sizeof header);
    if (in.gcount() != sizeof header || std::memcmp(header, "SQLite format 3", 16) != 0)
        return false;
    // Other SQLite files are inputs (an Nsight Systems export opened on its own): a rankscope
    // cache is known by its own tables, whatever version wrote it.
    try {
        SqliteDatabase db(path, SqliteDatabase::Mode::ReadOnly);
        SqliteStatement tables = db.prepare(
            "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name IN ('meta', "
            "'files', 'samples', 'problems')");
        return tables.step() && tables.columnInt(0) == 4;
    } catch (const SqliteError &) {
        return false; // not readable as a database: the import says what it is
    }
}

std::filesystem::path incompleteCachePath(const std::filesystem::path &finalPath)
{
    return finalPath.string() + ".incomplete";
}

void publishCacheFile(std::unique_ptr<SqliteDatabase> db, const std::filesystem::path &written,
                      const std::filesystem::path &finalPath)
{
    // Back from WAL to a rollback journal: the WAL's pages go into the file, and the file alone
    // is the whole cache (it is copied off the cluster without its -wal and -shm companions).
    db->exec("PRAGMA synchronous=FULL; PRAGMA journal_mode=DELETE");
    db.reset();
    // On disk before it gets its final name, and the name on disk after: a crash never leaves
    // a file under the final name that is not the whole cache (the merge writes unsynced).
    syncPath(written);
    std::error_code error;
    std::filesystem::rename(written, finalPath, error);
    if (!error)
        syncPath(finalPath.has_parent_path() ? finalPath.parent_path()
                                             : std::filesystem::path("."));
    if (error) {
        std::error_code ignored;
        std::filesystem::remove(written, ignored); // never left behind to be taken for a part
    }
    if (error)
        throw SqliteError("cannot move the finished cache " + written.string() + " to " +
                          finalPath.string() + ": " + error.message());
}

} // namespace rankscope
