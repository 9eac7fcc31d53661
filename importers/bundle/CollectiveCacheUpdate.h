#pragma once

#include "core/cache/SqliteDatabase.h"
#include "importers/bundle/FileUpdatePlan.h"
#include "importers/bundle/ImportProgressThrottle.h"
#include "importers/bundle/StackCacheUpdate.h"

#include <atomic>

namespace rankscope {

// The bundle's Flight Recorder dumps against the cache (files of kind 'collective').
FileUpdatePlan planCollectiveCacheUpdate(SqliteDatabase &db, const CacheUpdateRequest &request);

inline bool collectivesUpToDate(const FileUpdatePlan &plan)
{
    return plan.complete && plan.toParse.empty() && plan.toDelete.empty();
}

// Carries out the plan inside the caller's transaction: new and changed dumps are read on
// worker threads (readFlightRecorderDump, cut as keepCollectiveTail cuts) and stored with their
// ranks. Log and trace files store their own collective records as they are written.
CacheUpdateCounts applyCollectiveCacheUpdate(SqliteDatabase &db, const CacheUpdateRequest &request,
                                             const FileUpdatePlan &plan,
                                             ImportProgressThrottle &progress,
                                             const std::atomic<bool> *cancel);

} // namespace rankscope
