#pragma once

#include "core/findings/Finding.h"
#include "core/traces/StragglerDetection.h"

namespace rankscope {

// The straggler analysis' findings: ranks (or nodes) slow at their own work are causes, the
// ranks that wait for them in collectives are their effects, an inconclusive verdict is context
// that says what would settle it. `fromLogs`: the windows came from the logs' iteration lines
// (the bundle has no usable profiler trace); the findings then belong to the logs layer.
LayerFindings traceFindings(const StragglerReport &report, bool fromLogs);

} // namespace rankscope
