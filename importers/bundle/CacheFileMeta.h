#pragma once

#include "core/cache/SqliteDatabase.h"
#include "importers/bundle/ShardPlan.h"

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

namespace rankscope {

// What a cache says about itself beyond its data (meta table): whether it is a bundle's own
// cache, one shard of a sharded import, or the merge of several, and what the merge needs to
// check that its parts belong together.
struct CacheFileMeta
{
    std::string kind = "bundle"; // "bundle", "shard" or "merged"
    std::string bundlePath;      // the bundle as the import was given it
    std::string fingerprint;     // bundleFingerprint() of the whole bundle (shards, merged)
    std::string version;         // the rankscope that wrote it
    std::optional<ShardSpec> shard;
    std::vector<std::string> shardRanks; // per shard of the split: its ranks by path (RankSet)
    std::string missingShards;           // merged: shards left out ("3,5")
    std::string keptEvents = "all";      // merged: --keep-events
    bool complete = false;
};

// The version of rankscope this build is (parts of different versions are not merged).
std::string rankscopeVersion();

CacheFileMeta readCacheFileMeta(SqliteDatabase &db);
// Writes the keys of `meta` other than complete and bundle_path (the import writes those).
void writeCacheFileMeta(SqliteDatabase &db, const CacheFileMeta &meta);

// A rankscope cache given in place of a bundle: a SQLite database with rankscope's own tables
// (meta, files, samples, problems). Other SQLite files (an Nsight Systems export) are inputs.
bool looksLikeCacheFile(const std::filesystem::path &path);

// The file a cache is written to before it is complete ("PART.rscache.incomplete"): the final
// name only ever holds a finished cache.
std::filesystem::path incompleteCachePath(const std::filesystem::path &finalPath);

// Makes the finished cache at `written` (open in `db`) a single self-contained file and moves
// it to `finalPath` in one rename. Throws SqliteError naming the file.
void publishCacheFile(std::unique_ptr<SqliteDatabase> db, const std::filesystem::path &written,
                      const std::filesystem::path &finalPath);

} // namespace rankscope
