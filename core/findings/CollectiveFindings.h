#pragma once

#include "core/collectives/CollectiveAnalysis.h"
#include "core/findings/Finding.h"

namespace rankscope {

// The collective analysis' findings: who is behind, runs another collective, is stuck, failed
// or wrote no dump are causes (weaker when no majority decides, or only another tool's report
// says so); the members waiting for them, and the suspects explained by a higher one, are
// effects; "every rank at the same sequence" is context that asks for the nodes' own logs.
LayerFindings collectiveFindings(const CollectiveReport &report);

} // namespace rankscope
