#pragma once

#include "core/diff/BundleDiff.h"
#include "core/findings/Finding.h"
#include "core/logs/LogAnalysis.h"

namespace rankscope {

// The baseline comparison's findings: a stack path only a few ranks took that the healthy run
// never had, and a log template new (or far more frequent) on a few ranks, are causes; ranks
// that moved into a collective wait, echo templates new everywhere, ops slower at the median
// over ranks (the median is the waiters') and a slower step are effects; the rest is context.
// `targetLogs`: the target run's log analysis, when it has logs, to tell echo templates
// (watchdog timeouts everywhere) from causes among the new ones.
LayerFindings baselineFindings(const BundleDiff &diff, const LogAnalysis *targetLogs);

} // namespace rankscope
