#pragma once

#include "core/cache/SqliteDatabase.h"
#include "core/diff/OpDiff.h"

#include <vector>

namespace rankscope {

// The per-op totals the import stored for each rank's trace (trace_op_totals, trace_op_spans):
// the active file of every rank (the one that speaks for it), by rank; each rank's ops by
// (kind, name). Empty when the bundle has no usable trace.
std::vector<RankOpTotals> loadRankOpTotals(SqliteDatabase &db);

// Every step time (ns) of the cache: the StepTime of each rank's level-0 iteration windows.
// Empty when the cache has no iteration axis. Those windows usually come from the profiler
// traces' ProfilerStep ranges, but a bundle without usable traces gets its iteration axis from
// the iteration lines of its logs (step times the training loop printed): those are step times
// of the same run too, so they are included.
std::vector<double> loadStepTimesNs(SqliteDatabase &db);

} // namespace rankscope
