#include "importers/bundle/ShardMerge.h"

#include "core/cache/CacheSchema.h"
#include "core/cache/SqliteStatement.h"
#include "core/cache/SqliteTransaction.h"
#include "core/cache/StackCacheReader.h"
#include "core/cache/StackCacheWriter.h"
#include "core/cache/StackInterner.h"
#include "core/cache/StackSampleCodec.h"
#include "core/model/RankSet.h"
#include "importers/bundle/CacheFileMeta.h"
#include "importers/bundle/ImportProgressThrottle.h"
#include "importers/bundle/LogCacheUpdate.h"
#include "importers/bundle/MergeParts.h"
#include "importers/bundle/MergedEventSelection.h"
#include "importers/bundle/TraceCacheUpdate.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <set>

namespace rankscope {

namespace fs = std::filesystem;

namespace {

// How a copied column changes on its way into the merged cache.
enum class IdMap
{
    File,  // a files.id: the merged cache numbers files anew (file_map)
    Trace, // a trace_files.id (trace_map)
    Fresh, // a row id of its own: the merged cache gives a new one
};

// One table copied from every part. Tables not listed here hold what depends on every rank at
// once and are computed again after the copy (kRecomputedTables); a table in neither list
// stops the merge (a new table of the schema must be given its rule here).
struct TableCopy
{
    const char *table;
    std::vector<std::pair<const char *, IdMap>> mapped;
    const char *where = "";   // on the part's rows, alias x
    const char *orderBy = ""; // insertion order (row ids then follow the single import's)
    bool firstPartOnly = false;
    bool orIgnore = false;
};

const std::vector<TableCopy> &tableCopies()
{
    static const std::vector<TableCopy> copies = {
        {"files", {{"id", IdMap::File}}, "", "m_id.new"},
        // Bundle problems (no file) are the same in every shard: the first part's. Derived ones
        // (across files) are found again.
        {"problems",
         {{"id", IdMap::Fresh}, {"file_id", IdMap::File}},
         "x.derived = 0 AND ((x.file_id IS NULL AND ?2) OR m_file_id.new IS NOT NULL)",
         "x.id"},
        {"file_ranks", {{"file_id", IdMap::File}}},
        {"trace_files", {{"id", IdMap::Trace}, {"file_id", IdMap::File}}, "", "m_id.new"},
        {"trace_rank_nodes", {{"file_id", IdMap::File}}},
        {"trace_event_blocks",
         {{"id", IdMap::Fresh}, {"trace_id", IdMap::Trace}},
         "",
         "m_trace_id.new, x.block"},
        {"trace_op_totals", {{"trace_id", IdMap::Trace}}, "", "m_trace_id.new, x.rowid"},
        {"trace_op_spans", {{"trace_id", IdMap::Trace}}},
        {"log_files", {{"file_id", IdMap::File}}},
        {"log_text_blocks",
         {{"id", IdMap::Fresh}, {"file_id", IdMap::File}},
         "",
         "m_file_id.new, x.block"},
        {"log_iterations", {{"file_id", IdMap::File}}, "", "m_file_id.new, x.rowid"},
        {"log_rank_timings", {{"file_id", IdMap::File}}, "", "m_file_id.new, x.rowid"},
        {"log_rank_nodes", {{"file_id", IdMap::File}}},
        {"collective_files", {{"file_id", IdMap::File}}},
        {"collective_dumps", {{"file_id", IdMap::File}}},
        {"collective_groups", {}, "", "", false, true},
        {"collective_file_groups", {{"file_id", IdMap::File}}},
        // job.json is read by every shard: the first part's copy stands for all.
        {"job", {}, "", "", true},
        {"ranks", {}, "", "", true},
        {"manifest_clock_offsets", {}, "", "", true},
        {"manifest_pids", {}, "", "", true},
    };
    return copies;
}

// Copied by MergeWriter::copySamples: their stack ids are inside a blob.
const std::set<std::string, std::less<>> kCopiedByCode = {"samples"};

const std::set<std::string, std::less<>> kRecomputedTables = {
    "meta",
    "frames",
    "stacks",
    "trace_clock_offsets",
    "trace_arrivals",
    "trace_levels",
    "trace_windows",
    "trace_window_packs",
    "log_event_index",
    "log_templates",
};

std::string mapTable(IdMap map)
{
    switch (map) {
    case IdMap::File:
        return "file_map";
    case IdMap::Trace:
        return "trace_map";
    case IdMap::Fresh:
        break;
    }
    return {};
}

std::vector<std::string> columnsOf(SqliteDatabase &db, const std::string &table)
{
    std::vector<std::string> columns;
    SqliteStatement info = db.prepare("SELECT name FROM pragma_table_info('" + table + "')");
    while (info.step())
        columns.emplace_back(info.columnText(0));
    return columns;
}

// INSERT INTO main.T SELECT ... FROM part.T x JOIN temp.<map> m_<col> ...: ?1 is the part's
// index, ?2 whether it is the first part.
std::string copySql(SqliteDatabase &db, const TableCopy &copy)
{
    const std::vector<std::string> columns = columnsOf(db, copy.table);
    std::string select;
    std::string joins;
    for (const std::string &column : columns) {
        const auto it = std::find_if(copy.mapped.begin(), copy.mapped.end(),
                                     [&](const auto &m) { return column == m.first; });
        if (!select.empty())
            select += ", ";
        if (it == copy.mapped.end()) {
            select += "x." + column;
            continue;
        }
        if (it->second == IdMap::Fresh) {
            select += "NULL";
            continue;
        }
        const std::string alias = "m_" + column;
        select += alias + ".new";
        // A nullable reference (problems of no file) keeps its rows: the WHERE decides.
        const bool nullable = std::string_view(copy.table) == "problems";
        joins += std::string(nullable ? " LEFT JOIN " : " JOIN ") + "temp." + mapTable(it->second) +
                 " " + alias + " ON " + alias + ".part = ?1 AND " + alias + ".old = x." + column;
    }
    std::string names;
    for (const std::string &column : columns)
        names += (names.empty() ? "" : ", ") + column;
    std::string sql = std::string("INSERT ") + (copy.orIgnore ? "OR IGNORE " : "") + "INTO main." +
                      copy.table + "(" + names + ") SELECT " + select + " FROM part." + copy.table +
                      " x" + joins;
    sql += " WHERE ?1 >= 0 AND ?2 >= 0"; // both parameters exist whatever the table's rule
    if (*copy.where)
        sql += std::string(" AND (") + copy.where + ")";
    if (copy.firstPartOnly)
        sql += " AND ?2";
    if (*copy.orderBy)
        sql += std::string(" ORDER BY ") + copy.orderBy;
    return sql;
}

// Every table of the schema is either copied or computed again.
void checkEveryTableHasARule(SqliteDatabase &db)
{
    SqliteStatement tables = db.prepare("SELECT name FROM main.sqlite_schema WHERE type = 'table'");
    while (tables.step()) {
        const std::string name(tables.columnText(0));
        const bool copied = std::any_of(tableCopies().begin(), tableCopies().end(),
                                        [&](const TableCopy &copy) { return name == copy.table; });
        if (!copied && !kRecomputedTables.contains(name) && !kCopiedByCode.contains(name))
            throw std::logic_error("the merge has no rule for the cache table " + name);
    }
}

// Files are numbered as a single import numbers them: job.json, stack dumps, traces, logs,
// Flight Recorder dumps, each by path.
int kindOrder(std::string_view kind)
{
    if (kind == "manifest")
        return 0;
    if (kind == "stacks")
        return 1;
    if (kind == "trace")
        return 2;
    if (kind == "log")
        return 3;
    return 4;
}

struct FileKey
{
    int kindOrder;
    std::string path;
    int part;
    std::int64_t oldId;
    bool operator<(const FileKey &o) const
    {
        return std::tie(kindOrder, path, part) < std::tie(o.kindOrder, o.path, o.part);
    }
};

class MergeWriter
{
public:
    MergeWriter(SqliteDatabase &db, const std::vector<const MergePart *> &parts)
        : m_db(db), m_parts(parts), m_stackWriter(db, m_interner)
    {}

    void mapIds()
    {
        m_db.exec("CREATE TEMP TABLE file_map(part INTEGER, old INTEGER, new INTEGER, "
                  "PRIMARY KEY(part, old)) WITHOUT ROWID;"
                  "CREATE TEMP TABLE trace_map(part INTEGER, old INTEGER, new INTEGER, "
                  "PRIMARY KEY(part, old)) WITHOUT ROWID;");
        std::vector<FileKey> files;
        std::map<std::pair<int, std::int64_t>, std::int64_t> newFileIds;
        std::vector<TraceKey> traces;
        for (int p = 0; p < int(m_parts.size()); ++p) {
            try {
                readIds(p, files, traces);
            } catch (const SqliteError &error) {
                throw damagedPart(p, error.what());
            }
        }
        std::sort(files.begin(), files.end());

        SqliteStatement insertFile = m_db.prepare("INSERT INTO temp.file_map VALUES(?,?,?)");
        for (std::size_t i = 0; i < files.size(); ++i) {
            if (i > 0 && files[i].path == files[i - 1].path)
                throw BundleError(m_parts[std::size_t(files[i].part)]->file.string() + " and " +
                                  m_parts[std::size_t(files[i - 1].part)]->file.string() +
                                  " both hold " + files[i].path +
                                  ": the parts were split differently");
            const std::int64_t id = std::int64_t(i) + 1;
            newFileIds[{files[i].part, files[i].oldId}] = id;
            insertFile.bind(1, files[i].part).bind(2, files[i].oldId).bind(3, id).run();
        }
        m_files = int(files.size());
        for (TraceKey &trace : traces) {
            const auto file = newFileIds.find({trace.part, trace.newFile});
            if (file == newFileIds.end())
                throw damagedPart(trace.part, "trace " + std::to_string(trace.oldId) +
                                                  " belongs to no file of the part");
            trace.newFile = file->second;
        }
        std::sort(traces.begin(), traces.end(), [](const TraceKey &a, const TraceKey &b) {
            return std::tie(a.newFile, a.partIndex) < std::tie(b.newFile, b.partIndex);
        });
        SqliteStatement insertTrace = m_db.prepare("INSERT INTO temp.trace_map VALUES(?,?,?)");
        for (std::size_t i = 0; i < traces.size(); ++i)
            insertTrace.bind(1, traces[i].part)
                .bind(2, traces[i].oldId)
                .bind(3, std::int64_t(i) + 1)
                .run();
        m_stackWriter.flushInterned();
    }

    void copyPart(int p, const std::atomic<bool> *cancel)
    {
        m_db.exec("ATTACH DATABASE '" + escaped(m_parts[std::size_t(p)]->file.string()) +
                  "' AS part");
        try {
            SqliteTransaction transaction(m_db);
            for (const TableCopy &copy : tableCopies()) {
                if (cancel && cancel->load())
                    break;
                SqliteStatement insert = m_db.prepare(copySql(m_db, copy));
                insert.bind(1, p).bind(2, p == 0 ? 1 : 0).run();
            }
            copySamples(p);
            transaction.commit();
        } catch (const SqliteError &error) {
            m_db.exec("DETACH DATABASE part");
            throw damagedPart(p, error.what());
        } catch (...) {
            m_db.exec("DETACH DATABASE part");
            throw;
        }
        m_db.exec("DETACH DATABASE part");
    }

    int files() const { return m_files; }

private:
    struct TraceKey
    {
        std::int64_t newFile; // the part's file id until mapped
        std::int64_t partIndex;
        int part;
        std::int64_t oldId;
    };

    BundleError damagedPart(int p, const std::string &what) const
    {
        return BundleError(m_parts[std::size_t(p)]->file.string() +
                           " is damaged or not a whole shard cache (" + what +
                           "): import that shard again");
    }

    void readIds(int p, std::vector<FileKey> &files, std::vector<TraceKey> &traces)
    {
        SqliteDatabase part(m_parts[std::size_t(p)]->file, SqliteDatabase::Mode::ReadOnly);
        SqliteStatement select = part.prepare("SELECT id, kind, path FROM files");
        while (select.step()) {
            const std::string_view kind = select.columnText(1);
            if (kind == "manifest" && p > 0)
                continue; // job.json: every shard has it, the first part's is kept
            files.push_back(
                {kindOrder(kind), std::string(select.columnText(2)), p, select.columnInt64(0)});
        }
        SqliteStatement traceRows = part.prepare("SELECT id, file_id, part FROM trace_files");
        while (traceRows.step())
            traces.push_back(
                {traceRows.columnInt64(1), traceRows.columnInt64(2), p, traceRows.columnInt64(0)});
        mapStacks(part, p);
    }

    static std::string escaped(const std::string &text)
    {
        std::string out;
        for (char c : text) {
            out += c;
            if (c == '\'')
                out += '\'';
        }
        return out;
    }

    // The part's sample blobs under their merged file ids, with merged stack ids.
    void copySamples(int p)
    {
        const std::vector<StackId> &stacks = m_stackMaps.at(std::size_t(p));
        SqliteStatement select =
            m_db.prepare("SELECT m.new, x.data FROM part.samples x JOIN temp.file_map m ON "
                         "m.part = ?1 AND m.old = x.file_id ORDER BY m.new");
        SqliteStatement insert =
            m_db.prepare("INSERT INTO main.samples(file_id, count, data) VALUES(?,?,?)");
        select.bind(1, p);
        StackSampleEncoder merged;
        while (select.step()) {
            merged.clear();
            try {
                forEachStoredStackSample(select.columnBlob(1), [&](const StoredStackSample &in) {
                    if (in.stack >= stacks.size())
                        throw BlobFormatError("a sample refers to a missing stack");
                    StoredStackSample out = in;
                    out.stack = stacks[in.stack];
                    merged.add(out);
                });
            } catch (const BlobFormatError &error) {
                throw SqliteError(std::string("stack samples do not decode: ") + error.what());
            }
            insert.bind(1, select.columnInt64(0))
                .bind(2, std::int64_t(merged.count()))
                .bindBlob(3, merged.finish())
                .run();
        }
    }

    // Equal stacks of different shards become one stack of the merged cache.
    void mapStacks(SqliteDatabase &part, int p)
    {
        if (m_stackMaps.size() <= std::size_t(p))
            m_stackMaps.resize(std::size_t(p) + 1);
        std::vector<StackId> &map = m_stackMaps[std::size_t(p)];
        StackInterner own;
        loadStoredStacks(part, own);
        std::vector<Frame> frames;
        for (std::size_t id = 0; id < own.stackCount(); ++id) {
            frames.clear();
            for (const FrameId frame : own.stack(StackId(id)))
                frames.push_back(own.frame(frame));
            const StackId merged = m_interner.intern(frames, hashFrames(frames)).stack;
            map.push_back(merged);
        }
    }

    SqliteDatabase &m_db;
    const std::vector<const MergePart *> &m_parts;
    StackInterner m_interner;
    std::vector<std::vector<StackId>> m_stackMaps; // per part: its stack id -> the merged one
    StackCacheWriter m_stackWriter;
    int m_files = 0;
};

void addMissingShardProblem(SqliteDatabase &db, const MergeSummary &summary)
{
    std::string message = "merged without shard";
    message += summary.missingShards.size() > 1 ? "s " : " ";
    for (std::size_t i = 0; i < summary.missingShards.size(); ++i)
        message += (i ? ", " : "") + std::to_string(summary.missingShards[i]) + "/" +
                   std::to_string(summary.shardCount);
    message += " (--allow-missing): ";
    message += summary.missingRanks.empty()
                   ? std::string("the files they held are not in this cache")
                   : "ranks " + summary.missingRanks + " have no data from the files they held";
    SqliteStatement insert = db.prepare(
        "INSERT INTO problems(file_id, path, line, message, derived) VALUES(NULL, '.', 0, ?, 0)");
    insert.bind(1, std::string_view(message)).run();
}

} // namespace

std::string keptEventsKey(KeptEvents kept)
{
    switch (kept) {
    case KeptEvents::All:
        return "all";
    case KeptEvents::Outliers:
        return "outliers";
    case KeptEvents::None:
        return "none";
    }
    return "all";
}

MergeSummary mergeShardCaches(const MergeOptions &options, const ImportProgressCallback &progress,
                              const std::atomic<bool> *cancel)
{
    const auto started = std::chrono::steady_clock::now();
    ImportProgressThrottle throttle(progress);
    MergeSummary summary;
    if (options.parts.empty())
        throw BundleError("no partial caches were given to merge");
    if (options.output.empty())
        throw BundleError("the merge needs the cache to write (--out JOB.rscache)");

    std::vector<MergePart> parts;
    for (const fs::path &file : options.parts)
        parts.push_back(readPart(file));
    const std::vector<const MergePart *> ordered = orderParts(parts, summary.missingShards);
    const MergePart &first = *ordered.front();
    summary.bundlePath = first.meta.bundlePath;
    summary.shardCount = first.meta.shard->count;
    summary.missingRanks = missingRanksOf(first, summary.missingShards);
    if (!summary.missingShards.empty() && !options.allowMissing) {
        const int shard = summary.missingShards.front();
        const std::string ranks =
            missingRanksOf(first, std::vector<int>{summary.missingShards.front()});
        throw BundleError("shard " + std::to_string(shard) + "/" +
                          std::to_string(summary.shardCount) +
                          " is missing (no finished part of it was given" +
                          (ranks.empty() ? std::string() : "; it holds ranks " + ranks) +
                          "): run it again, or merge with --allow-missing to leave its ranks "
                          "without data" +
                          (summary.missingShards.size() > 1
                               ? " (missing: " + joinShards(summary.missingShards) + ")"
                               : std::string()));
    }

    const fs::path written = incompleteCachePath(options.output);
    std::unique_ptr<SqliteDatabase> db;
    try {
        db = openStackCache(written, true);
        // The file is private until the rename: losing it to a crash only means merging again.
        db->exec("PRAGMA synchronous=OFF");
        checkEveryTableHasARule(*db);
        const auto report = [&](const char *phase, double fraction, int done) {
            ImportProgress p;
            p.phase = phase;
            p.fraction = fraction;
            p.filesDone = done;
            p.filesTotal = int(ordered.size());
            throttle.report(p);
        };
        report("reading shards", 0, 0);
        MergeWriter writer(*db, ordered);
        writer.mapIds();
        summary.files = writer.files();
        for (int p = 0; p < int(ordered.size()); ++p) {
            if (cancel && cancel->load())
                break;
            report("merging shards", 0.05 + 0.45 * double(p) / double(ordered.size()), p);
            writer.copyPart(p, cancel);
        }
        if (cancel && cancel->load()) {
            db.reset();
            removeStackCacheFiles(written);
            summary.cancelled = true;
            return summary;
        }

        // What depends on every rank at once, over all shards' rows, as an import computes it.
        BundleListing noFiles;
        CacheUpdateRequest request;
        request.bundleIdentity = first.meta.bundlePath;
        request.listing = &noFiles;
        request.fractionFrom = 0.5;
        request.fractionTo = 0.8;
        TraceUpdatePlan tracePlan;
        tracePlan.complete = true;
        tracePlan.rebuildWindows = true;
        LogUpdatePlan logPlan;
        logPlan.complete = true;
        logPlan.retemplate = true;
        SqliteTransaction transaction(*db);
        CacheUpdateCounts counts = applyTraceCacheUpdate(*db, request, tracePlan, throttle, cancel);
        request.fractionFrom = 0.8;
        request.fractionTo = 0.95;
        if (!counts.cancelled)
            counts = applyLogCacheUpdate(*db, request, logPlan, true, throttle, cancel);
        if (counts.cancelled || (cancel && cancel->load())) {
            transaction.commit(); // the file is thrown away below
            db.reset();
            removeStackCacheFiles(written);
            summary.cancelled = true;
            return summary;
        }
        if (!summary.missingShards.empty())
            addMissingShardProblem(*db, summary);
        CacheFileMeta meta;
        meta.kind = "merged";
        meta.fingerprint = first.meta.fingerprint;
        meta.version = rankscopeVersion();
        meta.shardRanks = first.meta.shardRanks;
        meta.missingShards = joinShards(summary.missingShards);
        meta.keptEvents = keptEventsKey(options.keptEvents);
        writeCacheFileMeta(*db, meta);
        SqliteStatement put = db->prepare("INSERT OR REPLACE INTO meta(key, value) VALUES(?,?)");
        put.bind(1, "bundle_path").bind(2, std::string_view(first.meta.bundlePath)).run();
        // What the analysis reads as "never brought in" (CollectiveDataset::uncollected).
        put.bind(1, "missing_ranks").bind(2, std::string_view(summary.missingRanks)).run();
        put.bind(1, "complete").bind(2, "1").run();
        transaction.commit();

        report("keeping events", 0.95, int(ordered.size()));
        const EventSelection kept = keepTraceEvents(*db, options.keptEvents);
        summary.traceEventBlocks = kept.keptBlocks;
        summary.droppedEventBlocks = kept.droppedBlocks;
        summary.keptTraceRanks = kept.keptRanks;
        if (kept.droppedBlocks > 0)
            db->exec("VACUUM"); // give the dropped blocks' pages back: the file is what travels
        publishCacheFile(std::move(db), written, options.output);
    } catch (const CacheDamagedError &error) {
        // Found while recomputing from the copied rows: one part's stored data is damaged.
        db.reset();
        removeStackCacheFiles(written);
        std::string what = error.what();
        if (const std::size_t advice = what.find("; force a re-import");
            advice != std::string::npos)
            what.erase(advice);
        throw BundleError("cannot merge into " + options.output.string() +
                          ": a part holds damaged data (" + what +
                          "): import the shard that holds that rank again");
    } catch (const SqliteError &error) {
        db.reset();
        removeStackCacheFiles(written);
        throw BundleError("cannot write the merged cache " + options.output.string() + ": " +
                          error.what());
    } catch (...) {
        db.reset();
        removeStackCacheFiles(written);
        throw;
    }
    std::error_code error;
    summary.outputBytes = std::int64_t(fs::file_size(options.output, error));
    summary.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return summary;
}

} // namespace rankscope
