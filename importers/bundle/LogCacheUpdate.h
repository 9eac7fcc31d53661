#pragma once

#include "core/cache/SqliteDatabase.h"
#include "importers/bundle/ImportProgressThrottle.h"
#include "importers/bundle/StackCacheUpdate.h"

#include <atomic>
#include <cstdint>
#include <vector>

namespace rankscope {

// What differs between the bundle's logs/ and the cache, from path, size and mtime alone.
struct LogUpdatePlan
{
    bool complete = false;              // the cache holds a finished import of this bundle
    std::vector<BundleFile> toParse;    // new or changed log files
    std::vector<std::int64_t> toDelete; // file rows of changed and vanished log files
    CacheUpdateCounts counts;           // reused, failed (among reused) and removed so far
    bool retemplate = false;            // mine every stored event again (a merge of shards' logs)

    // Templates depend on every log file: any change re-mines all stored events.
    bool logsChanged() const
    {
        return !complete || retemplate || !toParse.empty() || !toDelete.empty();
    }
    bool upToDate() const { return !logsChanged(); }
};

LogUpdatePlan planLogCacheUpdate(SqliteDatabase &db, const CacheUpdateRequest &request);

// Carries out the plan inside the caller's transaction (after the trace update):
//  1. new and changed log files are parsed on two worker threads and stored as they come, in
//     path order: file row, problems, text blocks, iteration lines;
//  2. when any log changed, templates are mined again over every stored event in job order
//     (retemplateStoredLogs: no file is parsed again), and each event gets its iteration;
//  3. when the logs or the trace windows changed (`traceWindowsRebuilt`), the log metrics of
//     the windows are rebuilt (rebuildLogWindows).
// Progress covers [request.fractionFrom, request.fractionTo].
CacheUpdateCounts applyLogCacheUpdate(SqliteDatabase &db, const CacheUpdateRequest &request,
                                      const LogUpdatePlan &plan, bool traceWindowsRebuilt,
                                      ImportProgressThrottle &progress,
                                      const std::atomic<bool> *cancel);

} // namespace rankscope
