#pragma once

#include "core/model/CollectiveProgress.h"
#include "core/model/TraceModel.h"

#include <string>

namespace rankscope {

// A trace's communication kernels that carry their process group and sequence number (PyTorch
// 2.x "Process Group Name" and "Seq" args) as collective-progress entries, so that a bundle
// with traces only still lines its ranks up per group (docs/collectives.md). A kernel that ran
// to its end is Completed; one still running when the trace ends (its end is the trace's last
// time) is Started. A trace is a window of the run, not its end: its last kernel says nothing
// about where the rank stopped, so no status is derived. Cut with keepCollectiveTail.
CollectiveRecords traceCollectiveProgress(const TraceData &trace, const std::string &bundlePath);

} // namespace rankscope
