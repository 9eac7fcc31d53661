#include "importers/bundle/StackCacheUpdate.h"

#include "core/cache/FileRanks.h"
#include "core/cache/SqliteStatement.h"
#include "core/cache/StackCacheReader.h"
#include "core/cache/StackCacheWriter.h"
#include "importers/bundle/CacheUpdateSteps.h"
#include "importers/bundle/JobManifest.h"
#include "importers/bundle/ParallelStackReader.h"
#include "importers/bundle/RankFromPath.h"
#include "importers/bundle/StackFileReader.h"

#include <algorithm>

namespace rankscope {

namespace {

// A dump's ranks: from its content when it says them (several ranks' processes in one file),
// else from its path; a dump opened on its own that names none is rank 0.
FileRanks stackFileRanks(const StackFileRecord &record, bool singleFile)
{
    FileRanks facts;
    // A file of several ranks' processes (or a path without one) says its ranks per process.
    for (int rank : record.processRanks) {
        if (rank >= 0)
            facts.ranks.insert(rank);
    }
    if (record.rank && record.processRanks.empty())
        facts.ranks.insert(*record.rank);
    const std::optional<int> fromPath = rankFromPath(record.path);
    facts.source = record.ranksFromContent                  ? FileRankSource::Content
                   : record.rank && fromPath == record.rank ? FileRankSource::Path
                   : singleFile && !fromPath                ? FileRankSource::Assumed
                                                            : FileRankSource::Content;
    return facts;
}

bool sameProblems(const std::vector<ImportProblem> &a, const std::vector<ImportProblem> &b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].file != b[i].file || a[i].line != b[i].line || a[i].message != b[i].message)
            return false;
    }
    return true;
}

ManifestRecord readManifest(const std::filesystem::path &root, const BundleFile &file)
{
    ManifestRecord record;
    record.path = file.path;
    record.size = file.size;
    record.mtimeNs = file.mtimeNs;
    record.changeStamp = file.changeStamp;
    std::string text;
    std::string error;
    if (!readWholeFile(root / file.path, kMaxManifestBytes, text, error)) {
        record.problems.push_back({0, error + "; importing without the manifest"});
        return record;
    }
    JobManifest manifest = parseJobManifest(text);
    record.ok = manifest.ok;
    record.job = std::move(manifest.job);
    record.clockOffsetsNs = std::move(manifest.clockOffsetsNs);
    record.pidRanks = std::move(manifest.pidRanks);
    record.problems = std::move(manifest.problems);
    return record;
}

// What job.json says about ranks that the stack files need while they are read: the pid map and
// each node's local ranks (the cache holds the manifest as last written).
RankHints loadRankHints(SqliteDatabase &db)
{
    RankHints hints;
    SqliteStatement pids = db.prepare("SELECT pid, rank FROM manifest_pids");
    while (pids.step())
        hints.pidRanks.emplace(pids.columnInt64(0), pids.columnInt(1));
    SqliteStatement ranks =
        db.prepare("SELECT rank, node, local_rank FROM ranks WHERE node != '' AND local_rank >= 0");
    while (ranks.step())
        hints.nodeLocalRanks.emplace(
            std::pair<std::string, int>(std::string(ranks.columnText(1)), ranks.columnInt(2)),
            ranks.columnInt(0));
    return hints;
}

bool tracked(const BundleFile &file)
{
    return file.kind == BundleFileKind::Stacks || file.kind == BundleFileKind::Manifest;
}

} // namespace

CacheUpdatePlan planStackCacheUpdate(SqliteDatabase &db, const CacheUpdateRequest &request)
{
    CacheUpdatePlan plan;
    plan.complete =
        stackCacheIsComplete(db) && stackCacheMeta(db, "bundle_path") == request.bundleIdentity;
    std::vector<StoredFile> stored =
        plan.complete ? readStoredFiles(db) : std::vector<StoredFile>();
    // Trace, log and dump files have their own plans (TraceCacheUpdate, LogCacheUpdate,
    // CollectiveCacheUpdate).
    std::erase_if(stored, [](const StoredFile &file) {
        return file.kind == "trace" || file.kind == "log" || file.kind == "collective";
    });
    const auto byPath = [](const auto &a, const auto &b) { return a.path < b.path; };
    // Both lists come sorted by path (SQLite's BINARY collation is memcmp, like std::string);
    // sorting again only costs a pass when that already holds.
    if (!std::is_sorted(stored.begin(), stored.end(), byPath))
        std::sort(stored.begin(), stored.end(), byPath);
    const std::vector<BundleFile> &files = request.listing->files;

    // One merge pass over both sorted lists.
    auto storedIt = stored.begin();
    const auto vanished = [&](const StoredFile &file) {
        plan.toDelete.push_back(file.id);
        ++plan.counts.removed;
        if (file.kind == "manifest")
            plan.manifestChanged = true;
    };
    std::vector<std::pair<const StoredFile *, const BundleFile *>> reusedFromContent;
    for (const BundleFile &file : files) {
        if (!tracked(file))
            continue;
        while (storedIt != stored.end() && storedIt->path < file.path)
            vanished(*storedIt++);
        const StoredFile *match =
            storedIt != stored.end() && storedIt->path == file.path ? &*storedIt++ : nullptr;
        const bool unchanged = match && match->size == file.size &&
                               match->mtimeNs == file.mtimeNs &&
                               match->changeStamp == file.changeStamp;
        if (file.kind == BundleFileKind::Manifest) {
            plan.manifest = &file;
            plan.manifestChanged = plan.manifestChanged || !unchanged;
        }
        if (unchanged) {
            if (match->manifestDependent && file.kind == BundleFileKind::Stacks)
                reusedFromContent.push_back({match, &file});
            ++plan.counts.reused;
            if (!match->ok)
                ++plan.counts.failed;
            continue;
        }
        if (match)
            plan.toDelete.push_back(match->id);
        if (file.kind == BundleFileKind::Stacks)
            plan.toParse.push_back(file);
    }
    while (storedIt != stored.end())
        vanished(*storedIt++);
    // Files whose ranks came from their content with job.json's help: read again when it changed.
    if (plan.manifestChanged) {
        for (const auto &[stored, file] : reusedFromContent) {
            --plan.counts.reused;
            if (!stored->ok)
                --plan.counts.failed;
            plan.toDelete.push_back(stored->id);
            plan.toParse.push_back(*file);
        }
        std::sort(plan.toParse.begin(), plan.toParse.end(),
                  [](const BundleFile &a, const BundleFile &b) { return a.path < b.path; });
    }
    plan.problemsChanged = !sameProblems(readBundleProblems(db), request.bundleProblems);
    return plan;
}

CacheUpdateCounts applyStackCacheUpdate(SqliteDatabase &db, const CacheUpdateRequest &request,
                                        const CacheUpdatePlan &plan,
                                        ImportProgressThrottle &progress,
                                        const std::atomic<bool> *cancel)
{
    CacheUpdateCounts counts = plan.counts;
    if (plan.upToDate())
        return counts; // not even a write transaction

    const int total = int(plan.toParse.size());
    // Parsing is 95% of it; the last 5% is writing the interned frames and stacks.
    const auto report = [&](const char *phase, int done, const std::string &file) {
        const double share = total == 0 ? 1.0 : double(done) / double(total);
        reportUpdateProgress(progress, request, phase, 0.95 * share, done, total, file);
    };
    report("parsing", 0, std::string());

    StackInterner interner;
    if (plan.complete)
        loadStoredStacks(db, interner);
    StackCacheWriter writer(db, interner);
    if (!plan.complete)
        writer.clearAll();
    for (std::int64_t id : plan.toDelete)
        writer.removeFile(id);

    if (plan.manifestChanged || !plan.complete) {
        if (plan.manifest) {
            const ManifestRecord record = readManifest(request.root, *plan.manifest);
            writer.writeManifest(&record);
            ++counts.parsed;
            if (!record.ok)
                ++counts.failed;
        } else {
            writer.writeManifest(nullptr);
        }
    }

    {
        SharedStackInterner sharedInterner(interner);
        ParallelStackReader reader(request.root, plan.toParse, request.maxFileBytes,
                                   &sharedInterner, ParallelStackReader::defaultThreads(), 256,
                                   loadRankHints(db));
        FileRanksWriter fileRanks(db);
        const bool stored = storeParsedFiles(
            reader,
            [&](const StackFileRecord &record) {
                writer.writeStackFile(record); // returns its sample count, not its id
                if (record.rank || !record.processRanks.empty())
                    fileRanks.write(writer.lastFileId(),
                                    stackFileRanks(record, request.listing->singleFile));
            },
            counts, cancel,
            [&](int done, const std::string &path) { report("parsing", done, path); });
        if (!stored)
            return counts;
    }

    report("writing cache", total, std::string());
    writer.flushInterned(); // the parser threads are done: their frames and stacks can go in
    writer.replaceBundleProblems(request.bundleProblems);
    writer.setMeta("bundle_path", request.bundleIdentity);
    if (updateCancelled(cancel))
        counts.cancelled = true;
    return counts;
}

} // namespace rankscope
