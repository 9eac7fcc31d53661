#include "importers/bundle/BundleImport.h"

#include "core/cache/CacheLocation.h"
#include "core/cache/CacheSchema.h"
#include "core/cache/LogCacheReader.h"
#include "core/cache/StackCacheReader.h"
#include "importers/bundle/ArchiveExtractor.h"
#include "importers/bundle/BundleInput.h"
#include "importers/bundle/BundleScanner.h"
#include "importers/bundle/CacheFileMeta.h"
#include "importers/bundle/CacheFileOpen.h"
#include "importers/bundle/CacheImportLock.h"
#include "importers/bundle/CollectiveCacheUpdate.h"
#include "importers/bundle/ImportProgressThrottle.h"
#include "importers/bundle/ImportSummaryCounts.h"
#include "importers/bundle/JobManifest.h"
#include "importers/bundle/LogCacheUpdate.h"
#include "importers/bundle/SpeculativeCacheLoad.h"
#include "importers/bundle/StackCacheUpdate.h"
#include "importers/bundle/StackFileReader.h"
#include "importers/bundle/TraceCacheUpdate.h"

#include "core/cache/SqliteStatement.h"
#include "core/cache/SqliteTransaction.h"

#include <chrono>
#include <unordered_map>

namespace rankscope {

namespace fs = std::filesystem;

namespace {

// Shares of the progress bar per phase (extraction only for archives not extracted before).
constexpr double kExtractShare = 0.3;
constexpr double kLoadShare = 0.05;

struct BundleFolder
{
    fs::path dir;
    std::vector<ImportProblem> problems;
    bool cancelled = false;
    std::unordered_map<std::string, std::uint64_t> memberHashes; // of an extracted archive
};

fs::path canonicalBundlePath(const fs::path &path)
{
    if (path.empty())
        throw BundleError("no bundle was given: choose a folder or a .tar, .tar.gz or .tar.zst "
                          "archive");
    std::error_code error;
    const fs::file_status status = fs::status(path, error);
    if (!fs::exists(status))
        throw BundleError(path.string() + " does not exist");
    fs::path canonical = fs::canonical(path, error);
    if (error)
        throw BundleError("cannot read " + path.string() + ": " + error.message());
    if (!fs::is_directory(status) && !fs::is_regular_file(status))
        throw BundleError(path.string() +
                          " is not a folder, a tar archive (.tar, .tar.gz, .tgz, .tar.zst) or a "
                          "trace, stack dump or log file");
    return canonical;
}

fs::path prepareCacheDir(const ImportOptions &options)
{
    const fs::path dir = options.cacheDir.empty() ? defaultCacheDir() : options.cacheDir;
    std::error_code error;
    fs::create_directories(dir, error);
    if (error || !fs::is_directory(dir))
        throw BundleError("cannot create the cache directory " + dir.string() + ": " +
                          (error ? error.message() : std::string("not a folder")));
    return dir;
}

BundleFolder openBundleFolder(const fs::path &bundle, const fs::path &cacheDir,
                              const std::string &stem, const ImportOptions &options,
                              ImportProgressThrottle &progress, const std::atomic<bool> *cancel)
{
    BundleFolder folder;
    if (fs::is_directory(bundle)) {
        folder.dir = bundle;
        return folder;
    }
    const fs::path target = cacheDir / (stem + ".extract");
    if (options.forceReimport) {
        std::error_code ignored;
        fs::remove(target.string() + ".json", ignored);
    }
    ExtractionLimits limits;
    limits.maxTotalBytes = options.maxUncompressedBytes;
    limits.maxFileBytes = options.maxFileBytes;
    const auto report = [&](double fraction, const std::string &entry) {
        ImportProgress p;
        p.phase = "extracting";
        p.fraction = kExtractShare * std::min(fraction, 1.0);
        p.currentFile = entry;
        progress.report(p);
    };
    ExtractionResult extracted = extractArchive(bundle, target, limits, report, cancel);
    folder.dir = extracted.dir;
    folder.problems = std::move(extracted.problems);
    folder.cancelled = extracted.cancelled;
    folder.memberHashes = std::move(extracted.memberHashes);
    return folder;
}

// Extracted members keep the archive's modification times, and every extraction gives them a
// new inode and status-change time: their content hash is what tells whether one changed.
// A member without a hash (the one a cut archive ends in) keeps the scanner's stamp, which
// differs on every extraction, so it is always read again.
void useMemberHashes(BundleListing &listing, const BundleFolder &folder, const fs::path &root)
{
    const std::string prefix = root.lexically_relative(folder.dir).generic_string();
    const std::string base = prefix.empty() || prefix == "." ? std::string() : prefix + "/";
    for (BundleFile &file : listing.files) {
        const auto it = folder.memberHashes.find(base + file.path);
        if (it != folder.memberHashes.end())
            file.changeStamp = std::int64_t(it->second);
    }
}

std::optional<BundleFileKind> singleFileKind(BundleInputKind input)
{
    switch (input) {
    case BundleInputKind::Trace:
        return BundleFileKind::Trace;
    case BundleInputKind::StackDump:
        return BundleFileKind::Stacks;
    case BundleInputKind::Log:
        return BundleFileKind::Log;
    case BundleInputKind::CollectiveDump:
        return BundleFileKind::CollectiveDump;
    case BundleInputKind::Folder:
    case BundleInputKind::Archive:
        break;
    }
    return std::nullopt;
}

// Archive members are named as in the archive ("run-42/logs/rank3.log"); problems name files
// relative to the bundle root ("logs/rank3.log"), as the file's own problems do.
void relativeToRoot(std::vector<ImportProblem> &problems, const fs::path &extracted,
                    const fs::path &root)
{
    const std::string prefix = root.lexically_relative(extracted).generic_string();
    if (prefix.empty() || prefix == ".")
        return;
    for (ImportProblem &problem : problems) {
        if (problem.file.size() > prefix.size() + 1 && problem.file.starts_with(prefix) &&
            problem.file[prefix.size()] == '/')
            problem.file.erase(0, prefix.size() + 1);
    }
}

void addCounts(CacheUpdateCounts &into, const CacheUpdateCounts &more)
{
    into.parsed += more.parsed;
    into.reused += more.reused;
    into.failed += more.failed;
    into.removed += more.removed;
    into.cancelled = into.cancelled || more.cancelled;
}

// Stacks, traces and logs are updated in one transaction, completed by meta complete=1: a
// cancel or an error anywhere leaves the previous complete cache.
CacheUpdateCounts updateCache(SqliteDatabase &db, CacheUpdateRequest request,
                              const CacheUpdatePlan &plan, const TraceUpdatePlan &tracePlan,
                              const LogUpdatePlan &logPlan, const FileUpdatePlan &dumpPlan,
                              ImportProgressThrottle &throttle, const std::atomic<bool> *cancel)
{
    // Progress: parsing a trace costs about as much as 20 stack dumps, a log file about 5.
    const double stackWork = double(plan.toParse.size()) + 1;
    const double traceWork =
        20.0 * double(tracePlan.toParse.size()) + (tracePlan.rebuildWindows ? 1.0 : 0.0);
    const double logWork = 5.0 * double(logPlan.toParse.size()) + (logPlan.logsChanged() ? 1 : 0);
    // A Flight Recorder dump costs about as much as two stack dumps.
    const double dumpWork = 2.0 * double(dumpPlan.toParse.size());
    const double span = request.fractionTo - request.fractionFrom;
    const double totalWork = stackWork + traceWork + logWork + dumpWork;
    const double stackEnd = request.fractionFrom + span * stackWork / totalWork;
    const double traceEnd = stackEnd + span * traceWork / totalWork;
    const double logEnd = traceEnd + span * logWork / totalWork;
    SqliteTransaction transaction(db);
    CacheUpdateRequest stackRequest = request;
    stackRequest.fractionTo = stackEnd;
    CacheUpdateCounts counts = applyStackCacheUpdate(db, stackRequest, plan, throttle, cancel);
    if (counts.cancelled)
        return counts;
    CacheUpdateRequest traceRequest = request;
    traceRequest.fractionFrom = stackEnd;
    traceRequest.fractionTo = traceEnd;
    addCounts(counts, applyTraceCacheUpdate(db, traceRequest, tracePlan, throttle, cancel));
    if (counts.cancelled || (cancel && cancel->load())) {
        counts.cancelled = true;
        return counts;
    }
    CacheUpdateRequest logRequest = request;
    logRequest.fractionFrom = traceEnd;
    logRequest.fractionTo = logEnd;
    addCounts(counts, applyLogCacheUpdate(db, logRequest, logPlan, !tracePlan.upToDate(), throttle,
                                          cancel));
    if (counts.cancelled || (cancel && cancel->load())) {
        counts.cancelled = true;
        return counts;
    }
    request.fractionFrom = logEnd;
    addCounts(counts, applyCollectiveCacheUpdate(db, request, dumpPlan, throttle, cancel));
    if (counts.cancelled || (cancel && cancel->load())) {
        counts.cancelled = true;
        return counts;
    }
    SqliteStatement meta = db.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES(?,?)");
    meta.bind(1, "bundle_path").bind(2, request.bundleIdentity).run();
    meta.bind(1, "complete").bind(2, "1").run();
    transaction.commit();
    return counts;
}

// A sharded import keeps only its shard's files, and records what the merge checks: the whole
// bundle's fingerprint (taken before the others' files are dropped) and every shard's ranks.
CacheFileMeta selectShardFiles(BundleListing &listing, const fs::path &root, ShardSpec shard)
{
    CacheFileMeta meta;
    meta.kind = "shard";
    meta.shard = shard;
    meta.version = rankscopeVersion();
    meta.fingerprint = bundleFingerprint(listing);
    std::string manifest;
    for (const BundleFile &file : listing.files) {
        std::string error;
        if (file.kind == BundleFileKind::Manifest &&
            !readWholeFile(root / file.path, kMaxManifestBytes, manifest, error))
            manifest.clear(); // the import reports it; the plan goes by paths alone
    }
    const ShardPlan plan(listing, manifest, shard.count);
    for (int i = 0; i < shard.count; ++i)
        meta.shardRanks.push_back(plan.ranksOfShard(i));
    keepShardFiles(listing, plan, shard.index);
    return meta;
}

} // namespace

fs::path defaultCacheDir()
{
    return defaultCacheDirectory();
}

ImportResult importBundle(const ImportOptions &options, const ImportProgressCallback &progress,
                          const std::atomic<bool> *cancel)
{
    const auto started = std::chrono::steady_clock::now();
    ImportProgressThrottle throttle(progress);
    ImportResult result;
    ImportSummary &summary = result.summary;
    const auto finish = [&]() -> ImportResult {
        summary.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        return std::move(result);
    };

    // A merged cache (JOB.rscache) opens as it is: there is no bundle beside it to scan.
    if (looksLikeCacheFile(options.bundlePath)) {
        openCacheFile(options, result, throttle);
        return finish();
    }

    const fs::path bundle = canonicalBundlePath(options.bundlePath);
    const fs::path cacheDir = prepareCacheDir(options);
    const std::string stem = bundleCacheStem(bundle);
    // A shard is written beside its final name and moved there once complete.
    const bool sharded = options.shard.has_value();
    if (sharded && options.shardOutput.empty())
        throw BundleError("a sharded import needs the partial cache to write (--out PART.rscache)");
    summary.cacheFile =
        sharded ? incompleteCachePath(options.shardOutput) : cacheDir / (stem + ".sqlite");

    // One import at a time per cache: a second one waits, then reuses what the first wrote.
    // (A shard's lock stays in the cache folder, not beside the part that is copied around.)
    const fs::path lockFile =
        cacheDir /
        (stem + (sharded ? ".shard-" + std::to_string(options.shard->index) : "") + ".lock");
    const CacheImportLock lock(lockFile, cancel, [&] {
        ImportProgress waiting;
        waiting.phase = "waiting for another import of this bundle";
        throttle.report(waiting, true);
    });
    if (!lock.acquired()) {
        summary.cancelled = true;
        return finish();
    }

    // A single trace, dump or log is a bundle of one file, rooted at its folder.
    const BundleInputKind input = classifyBundleInput(bundle);
    const std::optional<BundleFileKind> singleFile = singleFileKind(input);
    BundleFolder folder;
    if (singleFile)
        folder.dir = bundle.parent_path();
    else
        folder = openBundleFolder(bundle, cacheDir, stem, options, throttle, cancel);
    if (folder.cancelled || (cancel && cancel->load())) {
        summary.cancelled = true;
        return finish();
    }
    const bool extracted = input == BundleInputKind::Archive;

    std::unique_ptr<SqliteDatabase> db;
    try {
        db = openStackCache(summary.cacheFile, options.forceReimport || sharded);
    } catch (const SqliteError &error) {
        throw BundleError(std::string("cannot use the cache for ") + bundle.string() + ": " +
                          error.what());
    }

    // Reopening an unchanged bundle is the common case: load the cache on a second thread
    // while this one checks every file for changes, and throw the load away if some changed.
    SpeculativeCacheLoad speculative;
    if (!sharded && stackCacheIsComplete(*db) &&
        stackCacheMeta(*db, "bundle_path") == bundle.string())
        speculative.start(summary.cacheFile);

    ImportProgress scanning;
    scanning.phase = "scanning";
    scanning.fraction = extracted ? kExtractShare : 0;
    throttle.report(scanning, true);
    const fs::path root = singleFile ? folder.dir : findBundleRoot(folder.dir);
    BundleListing listing = singleFile ? listSingleFile(bundle, *singleFile) : scanBundle(root);
    if (!singleFile)
        promoteFlightRecorderDumps(root, listing);
    if (extracted)
        relativeToRoot(folder.problems, folder.dir, root);
    if (extracted)
        useMemberHashes(listing, folder, root);
    std::optional<CacheFileMeta> shardMeta;
    if (sharded)
        shardMeta = selectShardFiles(listing, root, *options.shard);

    CacheUpdateRequest request;
    request.root = root;
    request.bundleIdentity = bundle.string();
    request.listing = &listing;
    request.bundleProblems = std::move(folder.problems);
    for (const ImportProblem &problem : listing.problems)
        request.bundleProblems.push_back(problem);
    if (!listing.hasStacksFolder && !listing.hasTracesFolder && !listing.hasLogsFolder &&
        !listing.hasRootLogs && !listing.hasCollectiveDumps) {
        request.bundleProblems.push_back(
            {".", 0,
             "the bundle has no stacks/, traces/ or logs/ folder; rankscope reads stack dumps "
             "from stacks/ (for example stacks/rank0.txt or stacks/rank0/dump.txt), profiler "
             "traces from traces/ (for example traces/rank0.json.gz) and logs from logs/ (for "
             "example logs/rank0.log) or beside them (train.log, slurm-1234.out), and Flight "
             "Recorder dumps from fr/ (for example fr/nccl_trace_rank_0)"});
    }
    request.maxFileBytes = options.maxFileBytes;
    request.maxTraceFileBytes = options.maxTraceFileBytes;
    request.maxLogFileBytes = options.maxLogFileBytes;
    request.fractionFrom = scanning.fraction;
    request.fractionTo = 1.0 - kLoadShare;

    CacheUpdateCounts counts;
    bool changed = true;
    try {
        const CacheUpdatePlan plan = planStackCacheUpdate(*db, request);
        const TraceUpdatePlan tracePlan =
            planTraceCacheUpdate(*db, request, plan.manifestChanged || !plan.complete);
        const LogUpdatePlan logPlan = planLogCacheUpdate(*db, request);
        const FileUpdatePlan dumpPlan = planCollectiveCacheUpdate(*db, request);
        changed = !plan.upToDate() || !tracePlan.upToDate() || !logPlan.upToDate() ||
                  !collectivesUpToDate(dumpPlan);
        if (changed && db->readOnly())
            throw BundleError("the cache " + summary.cacheFile.string() +
                              " is read-only (a read-only folder or mount) and does not match "
                              "the bundle: files were added, changed or removed since it was "
                              "written; choose a writable cache folder (--cache-dir)");
        if (changed) {
            speculative.abandon(); // frees the CPU for parsing
            counts =
                updateCache(*db, request, plan, tracePlan, logPlan, dumpPlan, throttle, cancel);
            if (!counts.cancelled && shardMeta)
                writeCacheFileMeta(*db, *shardMeta);
        } else {
            counts = plan.counts;
            addCounts(counts, tracePlan.counts);
            addCounts(counts, logPlan.counts);
            addCounts(counts, dumpPlan.counts);
        }
    } catch (const CacheDamagedError &) {
        throw; // the caller may rebuild the cache from the bundle
    } catch (const SqliteError &error) {
        throw BundleError(std::string("cannot use the cache for ") + bundle.string() + ": " +
                          error.what());
    }

    for (const BundleFile &file : listing.files) {
        if (file.kind == BundleFileKind::Ignored)
            ++summary.filesIgnored;
    }
    summary.filesSeen = int(listing.files.size());
    summary.filesParsed = counts.parsed;
    summary.filesReused = counts.reused;
    summary.filesFailed = counts.failed;
    summary.filesRemoved = counts.removed;
    if (counts.cancelled) {
        summary.cancelled = true;
        return finish();
    }

    ImportProgress loading;
    loading.phase = "loading";
    loading.fraction = 1.0 - kLoadShare;
    throttle.report(loading, true);
    try {
        std::optional<StackDataset> loaded = changed ? std::nullopt : speculative.take();
        result.stacks = loaded ? std::move(*loaded) : loadStackDataset(*db);
    } catch (const CacheDamagedError &) {
        throw;
    } catch (const SqliteError &error) {
        throw BundleError(std::string("cannot read the cache for ") + bundle.string() + ": " +
                          error.what() + " (use force re-import to rebuild it)");
    }
    summary.samples = std::int64_t(result.stacks.samples.size());
    try {
        countCachedTraces(*db, summary);
        countCachedLogs(*db, summary);
        countCachedCollectiveDumps(*db, summary);
    } catch (const CacheDamagedError &) {
        throw;
    } catch (const SqliteError &error) {
        throw BundleError(std::string("cannot read the cache for ") + bundle.string() + ": " +
                          error.what() + " (use force re-import to rebuild it)");
    }

    if (sharded) {
        try {
            publishCacheFile(std::move(db), summary.cacheFile, options.shardOutput);
        } catch (const SqliteError &error) {
            throw BundleError(error.what());
        }
        summary.cacheFile = options.shardOutput;
    }

    ImportProgress done;
    done.phase = "loading";
    done.fraction = 1.0;
    throttle.report(done, true);
    return finish();
}

} // namespace rankscope
