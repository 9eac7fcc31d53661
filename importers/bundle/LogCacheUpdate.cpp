#include "importers/bundle/LogCacheUpdate.h"

#include "core/cache/LogCacheReader.h"
#include "core/cache/LogCacheWriter.h"
#include "core/cache/StackCacheReader.h"
#include "core/cache/TraceCacheWriter.h"
#include "importers/bundle/LogTemplating.h"
#include "importers/bundle/LogWindowBuild.h"
#include "importers/bundle/ParallelLogReader.h"

#include <algorithm>

namespace rankscope {

namespace {

// Shares of the log progress: parsing, then mining templates; the windows are quick.
constexpr double kParseShare = 0.7;
constexpr double kTemplateShare = 0.25;

bool cancelled(const std::atomic<bool> *cancel)
{
    return cancel && cancel->load();
}

} // namespace

LogUpdatePlan planLogCacheUpdate(SqliteDatabase &db, const CacheUpdateRequest &request)
{
    LogUpdatePlan plan;
    plan.complete =
        stackCacheIsComplete(db) && stackCacheMeta(db, "bundle_path") == request.bundleIdentity;
    std::vector<StoredFile> stored;
    if (plan.complete) {
        for (StoredFile &file : readStoredFiles(db)) {
            if (file.kind == "log")
                stored.push_back(std::move(file));
        }
    }
    std::sort(stored.begin(), stored.end(),
              [](const StoredFile &a, const StoredFile &b) { return a.path < b.path; });
    auto storedIt = stored.begin();
    const auto vanished = [&](const StoredFile &file) {
        plan.toDelete.push_back(file.id);
        ++plan.counts.removed;
    };
    for (const BundleFile &file : request.listing->files) {
        if (file.kind != BundleFileKind::Log)
            continue;
        while (storedIt != stored.end() && storedIt->path < file.path)
            vanished(*storedIt++);
        const StoredFile *match =
            storedIt != stored.end() && storedIt->path == file.path ? &*storedIt++ : nullptr;
        if (match && match->size == file.size && match->mtimeNs == file.mtimeNs) {
            ++plan.counts.reused;
            if (!match->ok)
                ++plan.counts.failed;
            continue;
        }
        if (match)
            plan.toDelete.push_back(match->id);
        plan.toParse.push_back(file);
    }
    while (storedIt != stored.end())
        vanished(*storedIt++);
    return plan;
}

CacheUpdateCounts applyLogCacheUpdate(SqliteDatabase &db, const CacheUpdateRequest &request,
                                      const LogUpdatePlan &plan, bool traceWindowsRebuilt,
                                      ImportProgressThrottle &progress,
                                      const std::atomic<bool> *cancel)
{
    CacheUpdateCounts counts = plan.counts;
    if (plan.upToDate() && !traceWindowsRebuilt)
        return counts;

    const int total = int(plan.toParse.size());
    const auto report = [&](const char *phase, double share, int done, const std::string &file) {
        ImportProgress p;
        p.phase = phase;
        p.filesDone = done;
        p.filesTotal = total;
        p.currentFile = file;
        p.fraction = request.fractionFrom + (request.fractionTo - request.fractionFrom) * share;
        progress.report(p);
    };

    LogCacheWriter writer(db);
    if (plan.logsChanged()) {
        report("reading logs", 0, 0, std::string());
        if (!plan.complete)
            writer.clearAll();
        for (std::int64_t id : plan.toDelete)
            writer.removeFile(id);
        {
            ParallelLogReader reader(request.root, plan.toParse, request.maxFileBytes);
            int done = 0;
            while (std::optional<LogFileRecord> record = reader.next()) {
                if (cancelled(cancel)) {
                    counts.cancelled = true;
                    return counts; // the reader stops its workers; the caller rolls back
                }
                writer.writeLogFile(*record);
                ++counts.parsed;
                if (!record->ok)
                    ++counts.failed;
                ++done;
                report("reading logs", kParseShare * double(done) / double(std::max(total, 1)),
                       done, record->path);
            }
        }
        const auto templating = [&](double fraction) {
            report("mining log templates", kParseShare + kTemplateShare * fraction, total,
                   std::string());
        };
        const LogTemplatingCounts mined = retemplateStoredLogs(db, writer, templating, cancel);
        if (mined.cancelled || cancelled(cancel)) {
            counts.cancelled = true;
            return counts;
        }
    }
    // Without logs now or before, the windows hold no log values to update.
    if (plan.toDelete.empty() && !hasLogData(db))
        return counts;
    report("log windows", kParseShare + kTemplateShare, total, std::string());
    TraceCacheWriter windows(db);
    rebuildLogWindows(db, windows);
    return counts;
}

} // namespace rankscope
