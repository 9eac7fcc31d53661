#pragma once

#include "core/cache/LogCacheWriter.h"
#include "core/cache/SqliteDatabase.h"

#include <atomic>
#include <cstdint>
#include <functional>

namespace rankscope {

struct LogTemplatingCounts
{
    std::int64_t events = 0;
    std::int64_t templates = 0;  // templates with at least one event
    std::int64_t duplicates = 0; // events that copy another file's (core/logs/LogDuplicates.h)
    bool cancelled = false;
};

// Mines templates over every stored log event of the job with one TemplateMiner, in job order
// (files by path, then line), so the templates and their ids depend only on the bundle, never
// on which files changed or which thread parsed them. Reads the stored text blocks (nothing is
// re-parsed), then writes each file's event index (template, final severity, iteration) and
// the template table. An event's iteration is its rank's last iteration line at or before it:
// by line within the same file when that file has the rank's iteration lines, else by time.
// Events that copy another file's (a rank's line in its own log and in the launcher's output)
// are marked in the index with their primary and are left out of the template counts.
// `progress` gets the share of the work done in [0, 1].
LogTemplatingCounts retemplateStoredLogs(SqliteDatabase &db, LogCacheWriter &writer,
                                         const std::function<void(double)> &progress,
                                         const std::atomic<bool> *cancel);

} // namespace rankscope
