#pragma once

#include "core/findings/Finding.h"
#include "core/stacks/StackAnalysis.h"

namespace rankscope {

// The stacks' findings (docs/findings.md, "Adapters"): blockers, ranks in another collective,
// the paths only they took and ranks that sent no stack are causes; the majority's wait is the
// effect of the blockers; a verdict that cannot tell (everyone in the same wait, no majority) is
// context, with what would settle it. `data` and `tree` are what `analysis` was computed from.
LayerFindings stackFindings(const StackAnalysis &analysis, const StackDataset &data,
                            const StackTree &tree);

} // namespace rankscope
