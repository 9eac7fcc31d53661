#pragma once

#include "core/cache/SqliteDatabase.h"
#include "core/cache/TraceCacheWriter.h"

namespace rankscope {

// Puts the logs into the heatmap windows (metric log_problems: warning, error and fatal events
// of a rank in a window), after the trace windows and the log event index are up to date:
//  - with profiler traces, the trace windows of both axes get the count of the rank's events
//    inside each window (log time minus the rank's clock offset; log clocks are assumed to be
//    the same wall clock as the traces'), 0 where the rank logged nothing;
//  - without traces, windows come from the logs alone: one per iteration line of each rank
//    (step time from "elapsed time per iteration (ms)"; events after iteration N's line count
//    in window N + 1, the iteration in progress) and time bins over the logs' span, so the
//    heatmap and the straggler analysis work from logs alone.
// Both add the per-rank timings Megatron-LM printed (straggler detector, all-ranks timers;
// RankTimingWindows.h): into the time bins always, into the iteration windows when those are
// Megatron's (built from the logs).
// Coarser levels are rewritten as for traces.
void rebuildLogWindows(SqliteDatabase &db, TraceCacheWriter &writer);

} // namespace rankscope
