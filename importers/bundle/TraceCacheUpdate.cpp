#include "importers/bundle/TraceCacheUpdate.h"

#include "core/model/UsableCores.h"

#include "importers/bundle/CacheUpdateSteps.h"
#include "importers/bundle/FileUpdatePlan.h"

#include "core/cache/ByteCoding.h"
#include "core/cache/CollectiveCacheWriter.h"
#include "core/cache/FileRanks.h"
#include "core/cache/SqliteStatement.h"
#include "core/cache/StackCacheReader.h"
#include "core/cache/TraceCacheWriter.h"
#include "importers/bundle/ParallelTraceReader.h"
#include "importers/bundle/TraceWindowBuild.h"

#include <algorithm>

namespace rankscope {

namespace {

// Share of the trace progress that parsing takes; the rest is alignment and time bins.
constexpr double kParseShare = 0.85;

// The first trace by path speaks for its rank; later ones get a problem and are not used.
std::vector<ActiveTraceFile> chooseActiveTraces(SqliteDatabase &db, TraceCacheWriter &writer)
{
    std::vector<ActiveTraceFile> active;
    std::vector<std::int64_t> activeIds;
    std::vector<DerivedProblem> problems;
    SqliteStatement select =
        db.prepare("SELECT t.id, t.file_id, t.rank, f.path, t.first_ns, t.last_ns "
                   "FROM trace_files t JOIN files f ON f.id = t.file_id "
                   "WHERE t.rank IS NOT NULL ORDER BY t.rank, f.path, t.part");
    std::string firstPath;
    while (select.step()) {
        const int rank = select.columnInt(2);
        const std::string path(select.columnText(3));
        if (!active.empty() && active.back().rank == rank) {
            problems.push_back(
                {select.columnInt64(1),
                 {path, 0,
                  "rank " + std::to_string(rank) + " already has the trace " + firstPath +
                      (path == firstPath ? " (two processes of this export claim it)"
                                         : "; this one is not used (keep one trace per "
                                           "rank in traces/)")}});
            continue;
        }
        firstPath = path;
        active.push_back(
            {select.columnInt64(0), rank, select.columnInt64(4), select.columnInt64(5)});
        activeIds.push_back(active.back().traceId);
    }
    writer.setActiveTraces(activeIds);
    writer.replaceDerivedProblems(problems);
    return active;
}

// The collective records of a multi-process export's ranks as one file's records.
CollectiveRecords allRanksProgress(const std::vector<TraceRankRecord> &ranks)
{
    CollectiveRecords all;
    for (const TraceRankRecord &rank : ranks) {
        const CollectiveRecords &own = rank.collectiveProgress;
        all.groups.insert(all.groups.end(), own.groups.begin(), own.groups.end());
        all.entries.insert(all.entries.end(), own.entries.begin(), own.entries.end());
        all.statuses.insert(all.statuses.end(), own.statuses.begin(), own.statuses.end());
        all.claims.insert(all.claims.end(), own.claims.begin(), own.claims.end());
    }
    return all;
}

} // namespace

TraceUpdatePlan planTraceCacheUpdate(SqliteDatabase &db, const CacheUpdateRequest &request,
                                     bool manifestChanged)
{
    FileUpdatePlan files = planFileUpdate(db, request, BundleFileKind::Trace, "trace");
    TraceUpdatePlan plan;
    plan.complete = files.complete;
    plan.toParse = std::move(files.toParse);
    plan.toDelete = std::move(files.toDelete);
    plan.counts = files.counts;
    plan.rebuildWindows =
        !plan.complete || !plan.toParse.empty() || !plan.toDelete.empty() || manifestChanged;
    return plan;
}

CacheUpdateCounts applyTraceCacheUpdate(SqliteDatabase &db, const CacheUpdateRequest &request,
                                        const TraceUpdatePlan &plan,
                                        ImportProgressThrottle &progress,
                                        const std::atomic<bool> *cancel)
{
    CacheUpdateCounts counts = plan.counts;
    if (plan.upToDate())
        return counts;

    const int total = int(plan.toParse.size());
    const auto report = [&](const char *phase, double share, int done, const std::string &file) {
        reportUpdateProgress(progress, request, phase, share, done, total, file);
    };
    report("reading traces", 0, 0, std::string());

    TraceCacheWriter writer(db);
    if (!plan.complete)
        writer.clearAll();
    for (std::int64_t id : plan.toDelete)
        writer.removeFile(id);
    {
        // One trace per core, up to four, as long as the traces parsed at once fit in about
        // 640 MiB (a parsed trace is about 0.3 of its JSON): 1 GB traces two at a time, as
        // before, 200 MB ones four on a node with four cores or more.
        std::int64_t largest = 0;
        for (const BundleFile &file : plan.toParse)
            largest = std::max(largest, file.size);
        const std::int64_t fit =
            (std::int64_t(640) << 20) / std::max<std::int64_t>(1, largest * 3 / 10);
        const unsigned threads =
            unsigned(std::clamp<std::int64_t>(std::min<std::int64_t>(usableCores(), fit), 2, 4));
        ParallelTraceReader reader(request.root, plan.toParse, request.maxTraceFileBytes, threads,
                                   threads);
        FileRanksWriter fileRanks(db);
        CollectiveCacheWriter collectives(db);
        const bool stored = storeParsedFiles(
            reader,
            [&](const TraceFileRecord &record) {
                const std::int64_t fileId = writer.writeTraceFile(record);
                fileRanks.write(fileId, record.rankFacts);
                if (record.ranks.size() == 1)
                    collectives.writeFileRecords(fileId, "trace", record.ranks.front().rank,
                                                 record.ranks.front().collectiveProgress);
                else // several ranks: each entry says its own
                    collectives.writeFileRecords(fileId, "trace", -1,
                                                 allRanksProgress(record.ranks));
            },
            counts, cancel,
            [&](int done, const std::string &path) {
                report("reading traces", kParseShare * double(done) / double(total), done, path);
            });
        if (!stored)
            return counts;
    }
    if (!plan.rebuildWindows)
        return counts;
    const std::vector<ActiveTraceFile> active = chooseActiveTraces(db, writer);
    const auto windowProgress = [&](double fraction) {
        report("aligning clocks", kParseShare + (1 - kParseShare) * fraction, total, std::string());
    };
    bool finished = false;
    try {
        finished = rebuildTraceWindows(db, writer, active, windowProgress, cancel);
    } catch (const BlobFormatError &error) {
        throw CacheDamagedError("cache database " + db.file().string() +
                                ": stored trace data is damaged (" + error.what() +
                                "); force a re-import to rebuild it");
    }
    if (!finished || updateCancelled(cancel))
        counts.cancelled = true;
    return counts;
}

} // namespace rankscope
