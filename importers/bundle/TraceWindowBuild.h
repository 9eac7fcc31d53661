#pragma once

#include "core/cache/SqliteDatabase.h"
#include "core/cache/TraceCacheWriter.h"
#include "core/traces/CollectiveRecords.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <vector>

namespace rankscope {

// Coarser levels stop once a level has at most this many windows.
inline constexpr std::int64_t kCoarsestLevelWindows = 64;
inline constexpr int kLevelFactor = 4;

// A "nice" bin width (1, 2, 2.5 or 5 times a power of ten, in ns) that cuts `spanNs` into
// 200 to 400 bins.
std::int64_t niceTimeBinWidth(std::int64_t spanNs);

// Writes `level0` and its coarser levels (factor 4 per level until at most ~64 windows).
void writeWindowLevels(TraceCacheWriter &writer, const TraceWindowTable &level0);

// One stored trace that speaks for its rank.
struct ActiveTraceFile
{
    std::int64_t traceId = 0; // trace_files.id
    int rank = -1;
    std::int64_t firstNs = 0; // own clock
    std::int64_t lastNs = 0;
};

// Phases 2 and 3 of the trace update over the active files (by rank). Returns false when
// cancelled. `progress` gets a fraction of the work in [0, 1].
bool rebuildTraceWindows(SqliteDatabase &db, TraceCacheWriter &writer,
                         const std::vector<ActiveTraceFile> &files,
                         const std::function<void(double)> &progress,
                         const std::atomic<bool> *cancel);

} // namespace rankscope
