#pragma once

#include "core/cache/SqliteDatabase.h"
#include "importers/bundle/StackCacheUpdate.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace rankscope {

// Which files of one kind (traces, logs) differ between the bundle and the cache, from path,
// size and mtime alone: what the trace and log updates plan their work from.
struct FileUpdatePlan
{
    bool complete = false;              // the cache holds a finished import of this bundle
    std::vector<BundleFile> toParse;    // new or changed files
    std::vector<std::int64_t> toDelete; // file rows of changed and vanished files
    CacheUpdateCounts counts;           // reused, failed (among reused) and removed so far
};

// `kind` selects the bundle's files, `storedKind` the cache's rows ("trace", "log").
FileUpdatePlan planFileUpdate(SqliteDatabase &db, const CacheUpdateRequest &request,
                              BundleFileKind kind, std::string_view storedKind);

} // namespace rankscope
