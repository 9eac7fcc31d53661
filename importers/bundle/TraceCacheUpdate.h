#pragma once

#include "core/cache/SqliteDatabase.h"
#include "importers/bundle/ImportProgressThrottle.h"
#include "importers/bundle/StackCacheUpdate.h"

#include <atomic>
#include <cstdint>
#include <vector>

namespace rankscope {

// What differs between the bundle's traces/ and the cache, from path, size and mtime alone.
struct TraceUpdatePlan
{
    bool complete = false;              // the cache holds a finished import of this bundle
    std::vector<BundleFile> toParse;    // new or changed trace files
    std::vector<std::int64_t> toDelete; // file rows of changed and vanished trace files
    bool rebuildWindows = false;        // alignment and windows must be recomputed (a trace or the
                                        // manifest changed, or the cache starts over)
    CacheUpdateCounts counts;           // reused, failed (among reused) and removed so far

    bool upToDate() const
    {
        return complete && toParse.empty() && toDelete.empty() && !rebuildWindows;
    }
};

// `manifestChanged`: job.json changed (its nodes and clock_offsets_ns feed the alignment).
TraceUpdatePlan planTraceCacheUpdate(SqliteDatabase &db, const CacheUpdateRequest &request,
                                     bool manifestChanged);

// Carries out the plan inside the caller's transaction (the caller writes meta complete=1 and
// commits, so a cancel or an error leaves the previous complete cache):
//  1. new and changed trace files are imported on two worker threads, a few files in flight,
//     and stored: iteration metrics on the rank's own clock, collective records, event blocks;
//  2. each rank's file is chosen (the first by path when two claim one rank), clocks are
//     aligned over all ranks (job.json "clock_offsets_ns" overrides), and the iteration
//     windows are written on the aligned clock with collective wait filled in;
//  3. time bins of a "nice" width are measured from every rank's stored events, and both axes
//     get coarser levels (factor 4 each) down to about 64 windows.
// Progress covers [request.fractionFrom, request.fractionTo].
CacheUpdateCounts applyTraceCacheUpdate(SqliteDatabase &db, const CacheUpdateRequest &request,
                                        const TraceUpdatePlan &plan,
                                        ImportProgressThrottle &progress,
                                        const std::atomic<bool> *cancel);

} // namespace rankscope
