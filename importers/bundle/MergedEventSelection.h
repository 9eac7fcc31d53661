#pragma once

#include "core/cache/SqliteDatabase.h"
#include "importers/bundle/ShardMerge.h"

#include <cstdint>
#include <string>

namespace rankscope {

struct EventSelection
{
    std::int64_t keptBlocks = 0;
    std::int64_t droppedBlocks = 0;
    std::string keptRanks; // outliers: the ranks whose events were kept (RankSet text)
};

// Drops the trace event blocks --keep-events leaves out of a merged cache whose windows are
// built. Outliers keeps, from the window before the first anomalous one to the end, the blocks
// of every straggler suspect (the analysis `rankscope-cli stragglers` runs) and of four healthy
// peers spread over the job (of other nodes where it has several); without a suspect, the
// peers' whole traces. Windows, metrics and op totals stay whole.
EventSelection keepTraceEvents(SqliteDatabase &db, KeptEvents kept);

} // namespace rankscope
