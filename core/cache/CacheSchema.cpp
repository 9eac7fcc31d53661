#include "core/cache/CacheSchema.h"

#include "core/cache/SqliteStatement.h"

#include <cerrno>
#include <set>
#include <string>
#include <string_view>

#include <unistd.h>

namespace rankscope {

namespace {

// Tables of the profiler traces (traces/ folder). A trace file has a `files` row (kind 'trace')
// that carries its problems; everything derived from it is keyed by that row, except what
// depends on every rank at once (clock offsets, windows), which is keyed by rank and rebuilt
// whenever any trace or the manifest changes. Views read windows only, never events; a rank's
// events are read per block (one iteration, or a fixed chunk) for the detail view.
constexpr const char *kTraceSchemaSql = R"sql(
-- One rank's trace: a whole file, or one process of an Nsight Systems export that profiled a
-- node's several processes (parts 0, 1, ... of one file).
CREATE TABLE trace_files(
    id INTEGER PRIMARY KEY,
    file_id INTEGER NOT NULL,       -- files.id
    part INTEGER NOT NULL,          -- 0, or the process's place in a multi-process export
    rank INTEGER,                   -- from distributedInfo, else the path; NULL when neither
    rank_source TEXT NOT NULL,      -- how it is known: traceRankSourceKey ('environment', ...)
    active INTEGER NOT NULL,        -- 1: the trace that speaks for its rank (the first by path)
    events INTEGER NOT NULL,
    first_ns INTEGER NOT NULL,      -- the rank's own clock
    last_ns INTEGER NOT NULL,
    iterations INTEGER NOT NULL,
    header BLOB NOT NULL,           -- zstd: strings, tracks, iterations (TraceBlobCodec)
    collectives BLOB NOT NULL,      -- zstd: the rank's CollectiveRecords, own clock
    iteration_rows BLOB NOT NULL    -- zstd: iteration windows, own clock, before alignment
);
CREATE INDEX trace_files_by_file ON trace_files(file_id);
-- The node a trace file names for a rank (NCCL Inspector's hostname, an Nsight export's
-- Hostname), beside log_rank_nodes for ranks job.json gives no node (LogRankNodes.h).
CREATE TABLE trace_rank_nodes(
    file_id INTEGER NOT NULL,       -- files.id
    rank INTEGER NOT NULL,
    node TEXT NOT NULL,
    PRIMARY KEY(file_id, rank)
) WITHOUT ROWID;
CREATE TABLE trace_event_blocks(
    id INTEGER PRIMARY KEY,
    trace_id INTEGER NOT NULL,      -- trace_files.id
    block INTEGER NOT NULL,         -- 0, 1, ... in time order
    start_ns INTEGER NOT NULL,      -- earliest start of its events (own clock)
    end_ns INTEGER NOT NULL,        -- latest end of its events: a window overlaps the block
                                    -- when start_ns < window end and end_ns > window start
    events INTEGER NOT NULL,
    data BLOB NOT NULL              -- zstd: TraceEventBlock
);
CREATE INDEX trace_event_blocks_by_trace ON trace_event_blocks(trace_id, start_ns);
-- Per-op totals of a rank's trace over its ProfilerStep ranges (all of the trace when it has
-- none), for the baseline comparison's op diff (core/diff/OpDiff.h RankOpTotals).
CREATE TABLE trace_op_totals(
    trace_id INTEGER NOT NULL,      -- trace_files.id
    kind INTEGER NOT NULL,          -- TraceEventKind
    name TEXT NOT NULL,
    count INTEGER NOT NULL,
    total_ns INTEGER NOT NULL
);
CREATE INDEX trace_op_totals_by_trace ON trace_op_totals(trace_id);
CREATE TABLE trace_op_spans(
    trace_id INTEGER PRIMARY KEY,   -- trace_files.id
    iterations INTEGER NOT NULL,    -- ProfilerStep ranges counted (0: the whole trace)
    span_ns INTEGER NOT NULL        -- time the totals cover
);
CREATE TABLE trace_clock_offsets(
    rank INTEGER PRIMARY KEY,
    offset_ns INTEGER NOT NULL,     -- local clock = aligned clock + offset_ns
    source TEXT NOT NULL,           -- clockOffsetSourceKey()
    anchors INTEGER NOT NULL,
    spread_ns INTEGER NOT NULL,
    node TEXT NOT NULL,             -- clock domain: the node, '' = the rank's own clock
    uncertainty_ns INTEGER NOT NULL,-- ClockOffset::uncertaintyNs
    typical_ns INTEGER NOT NULL,    -- median duration of its matched communication kernels
    dropped_anchors INTEGER NOT NULL,
    p2p_violations INTEGER NOT NULL,
    quality TEXT NOT NULL           -- clockQualityKey(): 'good', 'fair', 'poor'
);
-- Arrival order at collectives (fillCollectiveWait over the time bins: every record). One row
-- per rank with matched collectives; rank -1 holds the job's totals (collectives = matched
-- instances, last_arrivals = those with a clear last arriver, ties = without one, incomplete =
-- seen on fewer ranks than their group size).
CREATE TABLE trace_arrivals(
    rank INTEGER PRIMARY KEY,
    collectives INTEGER NOT NULL,
    last_arrivals INTEGER NOT NULL,
    caused_wait_ns INTEGER NOT NULL,
    max_margin_ns INTEGER NOT NULL,
    ties INTEGER NOT NULL,
    incomplete INTEGER NOT NULL
);
CREATE TABLE trace_levels(
    axis TEXT NOT NULL,             -- 'iteration' or 'time'
    level INTEGER NOT NULL,         -- 0 finest; level k merges 4^k windows of level 0
    bin_width_ns INTEGER NOT NULL,  -- time: width of one window at this level; iteration: 0
    origin_ns INTEGER NOT NULL,     -- time: aligned start of window 0
    windows INTEGER NOT NULL,       -- distinct window ids at this level
    first_window INTEGER NOT NULL,  -- smallest and largest window id
    last_window INTEGER NOT NULL,
    start_ns INTEGER NOT NULL,      -- earliest aligned start and latest end over all rows
    end_ns INTEGER NOT NULL,
    PRIMARY KEY(axis, level)
) WITHOUT ROWID;
-- One row per (axis, level, rank, window), clustered so that a level is one range. Metric
-- columns are named by traceMetricKey() and hold nanoseconds; NULL = no data (NaN).
CREATE TABLE trace_windows(
    axis TEXT NOT NULL,
    level INTEGER NOT NULL,
    rank INTEGER NOT NULL,
    window INTEGER NOT NULL,
    start_ns INTEGER NOT NULL,      -- aligned clock
    end_ns INTEGER NOT NULL,
    step_time REAL, compute REAL, communication REAL, exposed_comm REAL, collective_wait REAL,
    comm_transfer REAL, caused_wait REAL,
    late_arrivals REAL,             -- a count of collectives, not ns
    gpu_idle REAL, cpu_op REAL, launch_gap REAL,
    log_problems REAL,              -- a count of warning+ log events, not ns
    detector_rtt REAL, detector_get_batch REAL, -- what Megatron printed per rank (logs)
    timer_compute REAL, timer_batch REAL, timer_comm REAL,
    comm_per_gb REAL,               -- ns of communication kernel time per GB on the bus
    PRIMARY KEY(axis, level, rank, window)
) WITHOUT ROWID;
-- The same rows packed per (axis, level, rank): what loadTraceWindows reads. Stepping through
-- 200k SQL rows of 13 columns costs ~170 ms of CPU; 1024 blobs decode in a few ms.
CREATE TABLE trace_window_packs(
    axis TEXT NOT NULL,
    level INTEGER NOT NULL,
    rank INTEGER NOT NULL,
    rows BLOB NOT NULL,             -- zstd: encodeWindowRows
    PRIMARY KEY(axis, level, rank)
);
)sql";

// Tables of the logs (logs/ folder). A log file has a `files` row (kind 'log') with its
// problems; its events' texts are stored once, as parsed, in zstd blocks of a fixed number of
// events (a line range decodes one or two blocks). Templates depend on every log file, so the
// template ids of the events (log_event_index), the template table and the log metrics of the
// windows are derived data: recomputed from the stored texts whenever any log file changes.
constexpr const char *kLogSchemaSql = R"sql(
CREATE TABLE log_files(
    file_id INTEGER PRIMARY KEY,    -- files.id
    kind TEXT NOT NULL,             -- logFileKindKey(): 'per-rank', 'per-node', 'combined'
    rank INTEGER,                   -- per-rank files: the rank
    node TEXT NOT NULL,             -- '' when the path names none
    timestamp_format TEXT NOT NULL,
    prefix_format TEXT NOT NULL,
    bytes INTEGER NOT NULL,         -- decompressed
    lines INTEGER NOT NULL,
    events INTEGER NOT NULL,
    first_event INTEGER NOT NULL DEFAULT 0, -- job-wide index of its first event (files by path)
    duplicates INTEGER NOT NULL DEFAULT 0   -- its events that copy another file's (counted there)
);
CREATE TABLE log_text_blocks(
    id INTEGER PRIMARY KEY,
    file_id INTEGER NOT NULL,
    block INTEGER NOT NULL,         -- 0, 1, ...: events [block * N, block * N + events)
    events INTEGER NOT NULL,
    data BLOB NOT NULL              -- zstd: LogTextBlock (rank, time, lines, severity, text)
);
CREATE UNIQUE INDEX log_text_blocks_by_file ON log_text_blocks(file_id, block);
CREATE TABLE log_event_index(
    file_id INTEGER PRIMARY KEY,
    data BLOB NOT NULL              -- zstd: per event rank, time, iteration, template, severity, line
);
CREATE TABLE log_iterations(
    file_id INTEGER NOT NULL,
    rank INTEGER NOT NULL,
    iteration INTEGER NOT NULL,
    time_ns INTEGER NOT NULL,
    step_ms REAL,                   -- NULL when the line does not say
    loss REAL,
    learning_rate REAL,
    framework TEXT NOT NULL,
    line INTEGER NOT NULL
);
CREATE INDEX log_iterations_by_file ON log_iterations(file_id);
-- Per-rank timings one process printed about many ranks (LogRankTimingRecord): the rank is the
-- one measured, kind a RankTimingKind key, value in ms per iteration.
CREATE TABLE log_rank_timings(
    file_id INTEGER NOT NULL,
    rank INTEGER NOT NULL,
    iteration INTEGER NOT NULL,     -- -1: no iteration line before it in its file
    time_ns INTEGER NOT NULL,       -- 0: unknown
    kind TEXT NOT NULL,
    value_ms REAL NOT NULL,
    derived INTEGER NOT NULL,       -- 1: a round trip worked out from the rank's throughput
    line INTEGER NOT NULL
);
CREATE INDEX log_rank_timings_by_file ON log_rank_timings(file_id);
-- The node each rank ran on as one log file names it (NCCL's "host:pid:tid" lines, launcher and
-- container prefixes, the path's node for the ranks it holds): it gives a node to the ranks
-- job.json gives none (loadJob).
CREATE TABLE log_rank_nodes(
    file_id INTEGER NOT NULL,
    rank INTEGER NOT NULL,
    node TEXT NOT NULL,
    PRIMARY KEY(file_id, rank)
) WITHOUT ROWID;
CREATE TABLE log_templates(
    id INTEGER PRIMARY KEY,         -- TemplateId
    text TEXT NOT NULL,
    builtin INTEGER NOT NULL,       -- built-in template id, -1 for mined ones
    severity TEXT NOT NULL,         -- logSeverityKey()
    count INTEGER NOT NULL
);
)sql";

// Tables of the stack cache. Later importers (traces, logs) add their own tables beside these;
// `files.kind` tells which importer owns a file row.
constexpr const char *kSchemaSql = R"sql(
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;
CREATE TABLE files(
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,      -- relative to the bundle root, '/' separated
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    change_stamp INTEGER NOT NULL DEFAULT 0, -- status-change time and inode, or an archive
                                    -- member's content hash: rewrites of the same size and mtime
    kind TEXT NOT NULL,             -- 'stacks', 'manifest', 'trace' or 'log'
    format TEXT,                    -- stack format name ('chrome-trace' for traces), NULL when unknown
    rank INTEGER,                   -- the rank of all its samples; NULL when it holds several
                                    -- (each sample says its rank) or none is known
    time_ns INTEGER,                -- sampling time from the path, else the file's mtime;
                                    -- a rank's sample index is its files' order by (time_ns, path)
    status TEXT NOT NULL,           -- 'ok' or 'failed'
    sample_count INTEGER NOT NULL DEFAULT 0, -- samples in its blob (lets loading place them)
    manifest_dependent INTEGER NOT NULL DEFAULT 0 -- 1: ranks read from the content (job.json's
                                                  -- pids may change them): re-read with it
);
CREATE TABLE frames(
    id INTEGER PRIMARY KEY,         -- FrameId (0-based, dense)
    function TEXT NOT NULL,
    file TEXT NOT NULL,
    line INTEGER NOT NULL,
    module TEXT NOT NULL,
    kind TEXT NOT NULL
);
CREATE UNIQUE INDEX frames_identity ON frames(function, file, line, module, kind);
CREATE TABLE stacks(
    id INTEGER PRIMARY KEY,         -- StackId (0-based, dense)
    frames BLOB NOT NULL,           -- little-endian uint32 frame ids, root first
    hash INTEGER NOT NULL
);
-- One row per stack file with samples: its threads' samples in file order, one blob
-- (StackSampleCodec: role, pid, thread id and name, state, main thread, stack id, weight, rank
-- when the file holds several, cut).
CREATE TABLE samples(
    file_id INTEGER PRIMARY KEY,
    count INTEGER NOT NULL,
    data BLOB NOT NULL
);
CREATE TABLE problems(
    id INTEGER PRIMARY KEY,
    file_id INTEGER,                -- NULL for problems of the bundle as a whole
    path TEXT NOT NULL,
    line INTEGER NOT NULL,
    message TEXT NOT NULL,
    derived INTEGER NOT NULL DEFAULT 0 -- 1: found across files (a rank two trace files claim,
                                       -- clock alignment): replaced at every trace update
);
CREATE INDEX problems_by_file ON problems(file_id);
CREATE TABLE job(job_id TEXT, world_size INTEGER, from_manifest INTEGER NOT NULL,
                 baseline TEXT NOT NULL DEFAULT ''); -- job.json "baseline", as written
CREATE TABLE ranks(
    rank INTEGER PRIMARY KEY,
    node TEXT NOT NULL,
    local_rank INTEGER NOT NULL,
    role TEXT NOT NULL,
    groups_json TEXT NOT NULL
);
-- job.json "clock_offsets_ns": rank -> offset of its trace clock (overrides the estimate)
CREATE TABLE manifest_clock_offsets(rank INTEGER PRIMARY KEY, offset_ns INTEGER NOT NULL);
-- job.json "pids" (and ranks[].pid): which rank a process id is, for pid-named dumps
CREATE TABLE manifest_pids(pid INTEGER PRIMARY KEY, rank INTEGER NOT NULL);
-- What each stack, trace or log file says about the job's ranks (core/cache/FileRanks.h): the
-- ranks it has data for, how it knows them, and the world size it states. Loading reads it to
-- say which layers every rank has and where the world size comes from.
CREATE TABLE file_ranks(
    file_id INTEGER PRIMARY KEY,    -- files.id
    ranks TEXT NOT NULL,            -- RankSet ranges ("3", "0-7,9"); '' when none
    rank_source TEXT NOT NULL,      -- 'content' (distributedInfo.rank, line prefixes), 'path',
                                    -- 'assumed' (a file opened on its own: rank 0)
    world_size INTEGER              -- distributedInfo.world_size, NCCL nranks...; NULL: none
);
CREATE TRIGGER file_ranks_follow_files AFTER DELETE ON files
BEGIN DELETE FROM file_ranks WHERE file_id = old.id; END;
)sql";

// Collective progress (docs/collectives.md): what each Flight Recorder dump, log and trace says
// about the process groups' sequences of collectives. One blob per file, of its records after
// keepCollectiveTail (the entries around each group's frontier), so loading 16k dumps reads
// 16k blobs. Dumps are `files` rows of kind 'collective'; logs and traces add a row here for
// their own file rows. Rows follow their file (trigger).
constexpr const char *kCollectiveSchemaSql = R"sql(
CREATE TABLE collective_files(
    file_id INTEGER PRIMARY KEY,    -- files.id: a dump, a log or a trace
    source TEXT NOT NULL,           -- 'dump', 'log', 'trace'
    rank INTEGER,                   -- the file's rank, NULL when it has several or none
    entries INTEGER NOT NULL,       -- records kept in data (entries + statuses + claims)
    data BLOB NOT NULL              -- zstd: encodeCollectiveProgress
);
CREATE TABLE collective_dumps(
    file_id INTEGER PRIMARY KEY,    -- files.id of a Flight Recorder dump read successfully
    rank INTEGER NOT NULL,
    version TEXT NOT NULL,          -- dump format version ("2.9")
    lib_version TEXT NOT NULL,      -- nccl_version / comm_lib_version
    json INTEGER NOT NULL,          -- 1: a JSON dump, 0: a pickle
    entries INTEGER NOT NULL,       -- entries in the file (before keepCollectiveTail)
    truncated INTEGER NOT NULL,
    has_frames INTEGER NOT NULL
);
-- Group member lists, once per distinct (name, members): every dump of a 16k-rank job repeats
-- default_pg's 16k ranks, which per file would be a gigabyte to store and decode.
CREATE TABLE collective_groups(
    hash INTEGER PRIMARY KEY,       -- stable hash of name, desc and members
    name TEXT NOT NULL,
    desc TEXT NOT NULL,
    ranks BLOB NOT NULL,            -- zstd: varint count, then the members in group-rank order
    source TEXT NOT NULL            -- the first file that stated it
);
-- Which files state each group: a group lives while one of them does (a vanished or changed
-- dump must not leave its groups behind for the analysis to map ranks through).
CREATE TABLE collective_file_groups(
    hash INTEGER NOT NULL,          -- collective_groups.hash
    file_id INTEGER NOT NULL,       -- files.id
    PRIMARY KEY(hash, file_id)
) WITHOUT ROWID;
CREATE INDEX collective_file_groups_by_file ON collective_file_groups(file_id);
CREATE TRIGGER collective_files_follow_files AFTER DELETE ON files
BEGIN DELETE FROM collective_files WHERE file_id = old.id;
      DELETE FROM collective_dumps WHERE file_id = old.id;
      DELETE FROM collective_groups WHERE hash IN (
          SELECT hash FROM collective_file_groups WHERE file_id = old.id) AND NOT EXISTS (
          SELECT 1 FROM collective_file_groups o WHERE o.hash = collective_groups.hash AND
          o.file_id <> old.id);
      DELETE FROM collective_file_groups WHERE file_id = old.id; END;
)sql";

// Whether the cache holds every table the schema creates. One of the current version without
// one (a table dropped by hand, a cache written between two schema changes of a development
// build) would fail on its first query; it is rebuilt instead.
bool hasEveryTable(SqliteDatabase &db)
{
    std::set<std::string, std::less<>> present;
    SqliteStatement tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'");
    while (tables.step())
        present.emplace(tables.columnText(0));
    static constexpr std::string_view kCreate = "CREATE TABLE ";
    for (const std::string_view sql :
         {kSchemaSql, kTraceSchemaSql, kLogSchemaSql, kCollectiveSchemaSql}) {
        for (std::size_t at = sql.find(kCreate); at != std::string_view::npos;
             at = sql.find(kCreate, at + kCreate.size())) {
            const std::size_t begin = at + kCreate.size();
            const std::size_t end = sql.find_first_of("( \n", begin);
            if (!present.contains(sql.substr(begin, end - begin)))
                return false;
        }
    }
    return true;
}

bool hasTables(SqliteDatabase &db)
{
    SqliteStatement statement = db.prepare("SELECT count(*) FROM sqlite_schema");
    return statement.step() && statement.columnInt64(0) > 0;
}

void configure(SqliteDatabase &db)
{
    // WAL: readers never block the writer, and a crash mid-import rolls back cleanly.
    // synchronous=NORMAL may lose the last commit on power loss, never consistency; the cache
    // can always be rebuilt from the bundle.
    // mmap: loading 250k sample rows reads pages in place instead of copying them.
    db.exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA temp_store=MEMORY;"
            "PRAGMA cache_size=-65536; PRAGMA mmap_size=1073741824");
}

std::unique_ptr<SqliteDatabase> openExisting(const std::filesystem::path &file)
{
    auto db = std::make_unique<SqliteDatabase>(file);
    configure(*db); // fails with SQLITE_NOTADB on a file that is not a database
    if (db->userVersion() == kStackCacheSchemaVersion)
        return hasEveryTable(*db) ? std::move(db) : nullptr;
    if (db->userVersion() == 0 && !hasTables(*db)) {
        db->exec("BEGIN IMMEDIATE");
        try {
            db->exec(kSchemaSql);
            db->exec(kTraceSchemaSql);
            db->exec(kLogSchemaSql);
            db->exec(kCollectiveSchemaSql);
            db->setUserVersion(kStackCacheSchemaVersion);
            db->exec("COMMIT");
        } catch (...) {
            db->exec("ROLLBACK");
            throw;
        }
        return db;
    }
    return nullptr; // another schema version: rebuild
}

} // namespace

bool cacheIsReadOnly(const std::filesystem::path &file)
{
    // access() answers EROFS on a read-only mount even for root, and EACCES for a folder the
    // user may not write.
    const std::filesystem::path dir = file.has_parent_path() ? file.parent_path() : ".";
    if (::access(dir.c_str(), W_OK) != 0 && (errno == EROFS || errno == EACCES || errno == EPERM))
        return true;
    return ::access(file.c_str(), F_OK) == 0 && ::access(file.c_str(), W_OK) != 0 &&
           (errno == EROFS || errno == EACCES || errno == EPERM);
}

std::unique_ptr<SqliteDatabase> openStackCacheReader(const std::filesystem::path &file)
{
    auto db = std::make_unique<SqliteDatabase>(file, cacheIsReadOnly(file)
                                                         ? SqliteDatabase::Mode::ReadOnly
                                                         : SqliteDatabase::Mode::ReadWrite);
    db->exec("PRAGMA cache_size=-65536; PRAGMA mmap_size=1073741824");
    return db;
}

namespace {

// A complete cache on a read-only folder or mount (a shared cache, a copy on NFS) is used as it
// is; anything that would need writing it says so.
std::unique_ptr<SqliteDatabase> openReadOnlyCache(const std::filesystem::path &file, bool discard)
{
    const std::string where = "the cache database " + file.string();
    const std::string advice = "; choose a writable cache folder (--cache-dir)";
    if (discard)
        throw SqliteError(where + " is in a read-only folder and cannot be rebuilt there" + advice);
    std::error_code error;
    if (!std::filesystem::exists(file, error))
        throw SqliteError("cannot create " + where + ": the folder is read-only" + advice);
    // Immutable means the -wal file is not read: one with content holds commits the
    // database file does not have yet.
    const auto walBytes = std::filesystem::file_size(file.string() + "-wal", error);
    if (!error && walBytes > 0)
        throw SqliteError(where + " is in a read-only folder with unfinished writes beside it (" +
                          file.filename().string() + "-wal)" + advice);
    auto db = std::make_unique<SqliteDatabase>(file, SqliteDatabase::Mode::ReadOnly);
    db->exec("PRAGMA cache_size=-65536; PRAGMA mmap_size=1073741824");
    if (db->userVersion() != kStackCacheSchemaVersion || !hasEveryTable(*db))
        throw SqliteError(where +
                          " is in a read-only folder and was written by another "
                          "version of rankscope" +
                          advice);
    return db;
}

} // namespace

void removeStackCacheFiles(const std::filesystem::path &file)
{
    std::error_code ignored;
    for (const char *suffix : {"", "-wal", "-shm", "-journal"})
        std::filesystem::remove(file.string() + suffix, ignored);
}

std::unique_ptr<SqliteDatabase> openStackCache(const std::filesystem::path &file, bool discard)
{
    if (cacheIsReadOnly(file))
        return openReadOnlyCache(file, discard);
    if (discard)
        removeStackCacheFiles(file);
    try {
        if (auto db = openExisting(file))
            return db;
    } catch (const SqliteError &) {
        // Not a database, or damaged: the cache is disposable, start over below.
    }
    removeStackCacheFiles(file);
    auto db = openExisting(file);
    if (!db)
        throw SqliteError("cannot create the cache database " + file.string());
    return db;
}

} // namespace rankscope
