#pragma once

#include "core/cache/SqliteDatabase.h"
#include "importers/bundle/BundleImport.h"
#include "importers/bundle/BundleScanner.h"
#include "importers/bundle/ImportProgressThrottle.h"

#include <atomic>
#include <filesystem>
#include <string>
#include <vector>

namespace rankscope {

struct CacheUpdateRequest
{
    std::filesystem::path root; // bundle root folder (after extraction)
    std::string bundleIdentity; // canonical path of what the user opened
    const BundleListing *listing = nullptr;
    std::vector<ImportProblem> bundleProblems; // extraction and layout problems
    std::uint64_t maxFileBytes = 1ull << 30;
    std::uint64_t maxTraceFileBytes = 16ull << 30; // ImportOptions::maxTraceFileBytes
    std::uint64_t maxLogFileBytes = 4ull << 30;    // ImportOptions::maxLogFileBytes
    double fractionFrom = 0; // share of the overall progress this update covers
    double fractionTo = 1;
};

struct CacheUpdateCounts
{
    int parsed = 0;  // files (stacks, traces, job.json) read in this run
    int reused = 0;  // unchanged since the last complete update
    int failed = 0;  // files with nothing usable (stored failures included)
    int removed = 0; // cached files that are gone from the bundle
    bool cancelled = false;
};

// What differs between the bundle on disk and its cache: decided from path, size and mtime
// alone, without opening any file.
struct CacheUpdatePlan
{
    bool complete = false;                // the cache holds a finished import of this bundle
    std::vector<BundleFile> toParse;      // new or changed stack files
    std::vector<std::int64_t> toDelete;   // file rows of changed and vanished files
    const BundleFile *manifest = nullptr; // job.json in the listing, if any
    bool manifestChanged = false;
    bool problemsChanged = false; // bundle-level problems differ from the stored ones
    CacheUpdateCounts counts;     // reused, failed (among reused) and removed so far

    bool upToDate() const
    {
        return complete && toParse.empty() && toDelete.empty() && !manifestChanged &&
               !problemsChanged;
    }
};

CacheUpdatePlan planStackCacheUpdate(SqliteDatabase &db, const CacheUpdateRequest &request);

// Carries out the plan: new and changed files are parsed (on worker threads) and replace their
// old rows, rows of vanished files are deleted, the manifest is re-read when it changed.
// Runs inside the caller's transaction, which also holds the trace update and writes meta
// complete=1 last, so a cancel or an exception leaves the cache exactly as it was. Does nothing
// when the plan is up to date.
CacheUpdateCounts applyStackCacheUpdate(SqliteDatabase &db, const CacheUpdateRequest &request,
                                        const CacheUpdatePlan &plan,
                                        ImportProgressThrottle &progress,
                                        const std::atomic<bool> *cancel);

} // namespace rankscope
