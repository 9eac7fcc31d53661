#pragma once

#include "core/findings/Finding.h"
#include "core/logs/LogAnalysis.h"

namespace rankscope {

// The log analysis' findings: rank and node suspects and the local-cause templates of a few
// ranks are causes; echo templates (watchdog timeouts, "terminate called", the launcher's
// SIGTERMs) and ranks stopped because of a node-mate are effects; templates every rank logged
// are context.
LayerFindings logFindings(const LogAnalysis &analysis);

} // namespace rankscope
