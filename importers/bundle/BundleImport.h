#pragma once

#include "core/model/StackDataset.h"
#include "importers/bundle/ShardPlan.h"

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace rankscope {

// Thrown when the bundle as a whole cannot be used (path missing, not a directory or a supported
// archive, unreadable, hostile archive rejected as a whole, cache not writable). The message is
// one sentence for the user that names the path. Problems with single files are not errors:
// they become ImportProblem entries and the rest imports.
class BundleError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

struct ImportProgress
{
    double fraction = 0; // 0..1 over the whole import
    std::string phase;   // "extracting", "scanning", "parsing", "writing cache", "reading traces",
                         // "reading logs", "mining log templates", "log windows",
                         // "aligning clocks", "loading"
    std::string currentFile;
    int filesDone = 0;
    int filesTotal = 0;
};
using ImportProgressCallback = std::function<void(const ImportProgress &)>;

struct ImportOptions
{
    std::filesystem::path bundlePath; // directory, .tar, .tar.gz/.tgz or .tar.zst
    // Where the per-bundle SQLite databases live. Empty: $RANKSCOPE_CACHE_DIR, else
    // $XDG_CACHE_HOME/rankscope, else ~/.cache/rankscope.
    std::filesystem::path cacheDir;
    bool forceReimport = false;
    std::uint64_t maxUncompressedBytes = 32ull << 30; // archive extraction cap
    std::uint64_t maxFileBytes = 1ull << 30;          // single file cap
    // Profiler traces are read a window at a time (memory follows their events, not their
    // text): their cap is far higher. Events past kMaxTraceEventEntries are still counted only.
    std::uint64_t maxTraceFileBytes = 16ull << 30;
    // Logs are read in chunks and their events handed on as encoded blocks (LogEventSink.h):
    // what a file holds in memory is those blocks, about a tenth of its text. Up to the 4 GiB
    // of text a compressed log may expand to (kMaxLogTextBytes).
    std::uint64_t maxLogFileBytes = 4ull << 30;
    // A sharded import (rankscope-cli import --shard K/N --out PART): only the shard's files
    // (ShardPlan), into `shardOutput`, a self-contained partial cache for rankscope-cli merge,
    // instead of the bundle's cache. The file appears only once complete.
    std::optional<ShardSpec> shard;
    std::filesystem::path shardOutput;
};

struct ImportSummary
{
    std::filesystem::path cacheFile;
    int filesSeen = 0;    // regular files in the bundle
    int filesParsed = 0;  // stack, trace, log and dump files and job.json parsed in this run
    int filesReused = 0;  // ... unchanged since the cache was written
    int filesFailed = 0;  // unreadable or unparseable, listed in problems
    int filesIgnored = 0; // not a file we know (e.g. traces/notes.txt, logs/core.bin)
    int filesRemoved = 0; // were cached, are gone from the bundle now
    std::int64_t samples = 0;
    int traceFiles = 0;           // trace files under traces/ (failed ones included)
    int traceRanks = 0;           // ranks with a usable trace (one trace file each)
    std::int64_t traceEvents = 0; // events of those traces
    // How those ranks' traces know their rank (traceRankSourceKey) and how many, commonest first.
    std::vector<std::pair<std::string, int>> traceRankSources;
    int logFiles = 0;                   // log files under logs/ (failed ones included)
    std::int64_t logEvents = 0;         // events (merged lines) of those logs
    std::int64_t logDuplicates = 0;     // ... of which copies of another file's (counted once)
    int logTemplates = 0;               // templates mined over all of them
    int collectiveDumps = 0;            // Flight Recorder dumps (failed ones included)
    std::int64_t collectiveEntries = 0; // entries in the dumps read successfully
    double seconds = 0;
    bool cancelled = false; // the cache keeps its previous complete state
    // Opened a cache file (a merged or partial cache, JOB.rscache) instead of a bundle: the
    // bundle's files are not there to read, and views say what the cache left out.
    bool cacheOnly = false;
    std::string cacheKind;     // CacheFileMeta: "merged", "shard" or "bundle"
    std::string bundleOfCache; // the bundle the cache was imported from, as it was given
    std::string missingShards; // merged without these shards ("3,5"), their ranks no data
    std::string keptEvents;    // merged with --keep-events: "all", "outliers", "none"
};

// The traces are not loaded here: their windows and events stay in the cache, read through
// core/cache/TraceCacheReader.h (hasTraceData, loadTraceWindows, ...) from summary.cacheFile;
// the logs likewise through core/cache/LogCacheReader.h (loadLogAnalysisInput, LogLineIndex).
struct ImportResult
{
    ImportSummary summary;
    StackDataset stacks; // job, frames, stacks, samples and all problems (stored ones included),
                         // trace file problems too
};

// Brings the bundle's cache up to date (or, for a rankscope cache file such as a merged
// JOB.rscache, opens it as it is) (parsing only new or changed files) and loads it.
// Throws BundleError for unusable bundles. When *cancel becomes true it stops, leaves the cache
// as it was before the run, and returns with summary.cancelled set and an empty dataset.
// The bundle format, the rules for ranks, times and roles, and the cache are described in
// docs/bundle-format.md. Safe to call from any thread; progress is called on the calling thread.
ImportResult importBundle(const ImportOptions &options, const ImportProgressCallback &progress = {},
                          const std::atomic<bool> *cancel = nullptr);

// The default cache directory (see ImportOptions::cacheDir).
std::filesystem::path defaultCacheDir();

} // namespace rankscope
