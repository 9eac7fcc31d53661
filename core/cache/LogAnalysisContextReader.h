#pragma once

#include "core/cache/LogCacheReader.h"
#include "core/cache/SqliteDatabase.h"
#include "core/logs/LogAnalysis.h"

#include <vector>

namespace rankscope {

// What analyzeLogs() reads besides events, templates and iterations: each log file's node, and
// torchrun's failure reports, parsed from the text of the few events the built-in templates
// elastic-failure-record claimed (a record under "Root Cause (first observed failure):" is the
// root cause of its agent's node). Throws SqliteError when stored data is damaged.
LogAnalysisContext loadLogAnalysisContext(SqliteDatabase &db,
                                          const std::vector<StoredLogFile> &files,
                                          const std::vector<TemplatedLogEvent> &events,
                                          const std::vector<LogTemplate> &templates);

} // namespace rankscope
