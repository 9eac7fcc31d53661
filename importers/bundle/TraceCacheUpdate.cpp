#include "importers/bundle/TraceCacheUpdate.h"

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

// The first file by path speaks for its rank; later ones get a problem and are not used.
std::vector<ActiveTraceFile> chooseActiveFiles(SqliteDatabase &db, TraceCacheWriter &writer)
{
    std::vector<ActiveTraceFile> active;
    std::vector<std::int64_t> activeIds;
    std::vector<DerivedProblem> problems;
    SqliteStatement select = db.prepare(
        "SELECT t.file_id, t.rank, f.path, t.first_ns, t.last_ns FROM trace_files t "
        "JOIN files f ON f.id = t.file_id WHERE t.rank IS NOT NULL ORDER BY t.rank, f.path");
    std::string firstPath;
    while (select.step()) {
        const int rank = select.columnInt(1);
        const std::string path(select.columnText(2));
        if (!active.empty() && active.back().rank == rank) {
            problems.push_back(
                {select.columnInt64(0),
                 {path, 0,
                  "rank " + std::to_string(rank) + " already has the trace " + firstPath +
                      "; this one is not used (keep one trace per "
                      "rank in traces/)"}});
            continue;
        }
        firstPath = path;
        active.push_back(
            {select.columnInt64(0), rank, select.columnInt64(3), select.columnInt64(4)});
        activeIds.push_back(active.back().fileId);
    }
    writer.setActiveFiles(activeIds);
    writer.replaceDerivedProblems(problems);
    return active;
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
        ParallelTraceReader reader(request.root, plan.toParse, request.maxFileBytes);
        FileRanksWriter fileRanks(db);
        CollectiveCacheWriter collectives(db);
        const bool stored = storeParsedFiles(
            reader,
            [&](const TraceFileRecord &record) {
                const std::int64_t fileId = writer.writeTraceFile(record);
                fileRanks.write(fileId, record.rankFacts);
                collectives.writeFileRecords(fileId, "trace", record.rank.value_or(-1),
                                             record.collectiveProgress);
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
    const std::vector<ActiveTraceFile> active = chooseActiveFiles(db, writer);
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
