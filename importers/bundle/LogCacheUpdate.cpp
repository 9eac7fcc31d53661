#include "importers/bundle/LogCacheUpdate.h"

#include "core/cache/CollectiveCacheWriter.h"

#include "importers/bundle/CacheUpdateSteps.h"
#include "importers/bundle/FileUpdatePlan.h"
#include "importers/bundle/FreedHeap.h"

#include "core/cache/FileRanks.h"
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

} // namespace

LogUpdatePlan planLogCacheUpdate(SqliteDatabase &db, const CacheUpdateRequest &request)
{
    FileUpdatePlan files = planFileUpdate(db, request, BundleFileKind::Log, "log");
    LogUpdatePlan plan;
    plan.complete = files.complete;
    plan.toParse = std::move(files.toParse);
    plan.toDelete = std::move(files.toDelete);
    plan.counts = files.counts;
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
        reportUpdateProgress(progress, request, phase, share, done, total, file);
    };

    LogCacheWriter writer(db);
    if (plan.logsChanged()) {
        report("reading logs", 0, 0, std::string());
        if (!plan.complete)
            writer.clearAll();
        for (std::int64_t id : plan.toDelete)
            writer.removeFile(id);
        {
            ParallelLogReader reader(request.root, plan.toParse, request.maxLogFileBytes);
            FileRanksWriter fileRanks(db);
            CollectiveCacheWriter collectives(db);
            const bool stored = storeParsedFiles(
                reader,
                [&](const LogFileRecord &record) {
                    const std::int64_t fileId = writer.writeLogFile(record);
                    fileRanks.write(fileId, record.rankFacts);
                    const bool perRank = record.info.kind == LogFileKind::PerRank;
                    collectives.writeFileRecords(fileId, "log", perRank ? record.info.rank : -1,
                                                 record.collectives);
                },
                counts, cancel,
                [&](int done, const std::string &path) {
                    report("reading logs", kParseShare * double(done) / double(total), done, path);
                });
            if (!stored)
                return counts;
        }
        // The parse threads' freed events, for the templating and the windows below.
        returnFreedHeapToSystem();
        const auto templating = [&](double fraction) {
            report("mining log templates", kParseShare + kTemplateShare * fraction, total,
                   std::string());
        };
        const LogTemplatingCounts mined = retemplateStoredLogs(db, writer, templating, cancel);
        if (mined.cancelled || updateCancelled(cancel)) {
            counts.cancelled = true;
            return counts;
        }
    }
    // Without logs now or before, the windows hold no log values to update.
    if (plan.toDelete.empty() && !hasLogData(db))
        return counts;
    returnFreedHeapToSystem(); // what the templating freed, for the windows' bins
    report("log windows", kParseShare + kTemplateShare, total, std::string());
    TraceCacheWriter windows(db);
    rebuildLogWindows(db, windows);
    return counts;
}

} // namespace rankscope
