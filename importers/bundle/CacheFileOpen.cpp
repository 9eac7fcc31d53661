#include "importers/bundle/CacheFileOpen.h"

#include "core/cache/CacheSchema.h"
#include "core/cache/SqliteStatement.h"
#include "core/cache/StackCacheReader.h"
#include "importers/bundle/CacheFileMeta.h"
#include "importers/bundle/ImportSummaryCounts.h"

namespace rankscope {

namespace {

std::unique_ptr<SqliteDatabase> openFinishedCache(const std::filesystem::path &file)
{
    std::unique_ptr<SqliteDatabase> db;
    try {
        // Read-only: a merged cache is a result to look at, often on a share; nothing the
        // views do writes to it (notes live in a file beside it).
        db = std::make_unique<SqliteDatabase>(file, SqliteDatabase::Mode::ReadOnly);
        db->exec("PRAGMA cache_size=-65536; PRAGMA mmap_size=1073741824");
        const int version = db->userVersion();
        if (version != kStackCacheSchemaVersion)
            throw BundleError(file.string() +
                              " is a rankscope cache of another version (cache "
                              "schema " +
                              std::to_string(version) + "; this rankscope reads schema " +
                              std::to_string(kStackCacheSchemaVersion) +
                              "): import or merge it again with this version");
        if (!stackCacheIsComplete(*db))
            throw BundleError(file.string() + " is an unfinished rankscope cache (its import or "
                                              "merge did not complete): import or merge it again");
    } catch (const SqliteError &error) {
        throw BundleError("cannot read the cache " + file.string() + ": " + error.what());
    }
    return db;
}

} // namespace

void openCacheFile(const ImportOptions &options, ImportResult &result,
                   ImportProgressThrottle &progress)
{
    const std::filesystem::path &file = options.bundlePath;
    if (options.forceReimport)
        throw BundleError(file.string() +
                          " is a rankscope cache, not a bundle: there are no files to import "
                          "again (merge the shards again to rebuild it)");
    ImportProgress loading;
    loading.phase = "loading";
    progress.report(loading, true);

    ImportSummary &summary = result.summary;
    summary.cacheFile = file;
    summary.cacheOnly = true;
    std::unique_ptr<SqliteDatabase> db = openFinishedCache(file);
    try {
        const CacheFileMeta meta = readCacheFileMeta(*db);
        summary.cacheKind = meta.kind;
        summary.bundleOfCache = meta.bundlePath;
        summary.missingShards = meta.missingShards;
        summary.keptEvents = meta.keptEvents;
        SqliteStatement files =
            db->prepare("SELECT count(*), coalesce(sum(status <> 'ok'), 0) FROM files");
        if (files.step()) {
            summary.filesSeen = files.columnInt(0);
            summary.filesReused = files.columnInt(0);
            summary.filesFailed = files.columnInt(1);
        }
        result.stacks = loadStackDataset(*db);
        summary.samples = std::int64_t(result.stacks.samples.size());
        countCachedTraces(*db, summary);
        countCachedLogs(*db, summary);
        countCachedCollectiveDumps(*db, summary);
    } catch (const CacheDamagedError &) {
        throw;
    } catch (const SqliteError &error) {
        throw BundleError("cannot read the cache " + file.string() + ": " + error.what());
    }
    loading.fraction = 1.0;
    progress.report(loading, true);
}

} // namespace rankscope
