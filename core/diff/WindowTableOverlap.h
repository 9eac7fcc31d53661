#pragma once

#include "core/model/RankSet.h"
#include "core/traces/TraceWindows.h"

#include <cstdint>

namespace rankscope {

// What the windows of two runs have in common: the ranks present in both, and the window ids
// (iteration numbers, or time bins from each job's start) present in both. The heatmap's
// difference mode pairs cells by rank and window, so with no shared rank or no shared window it
// has nothing honest to show and says why instead (issue 12).
struct WindowTableOverlap
{
    RankSet baselineRanks;
    RankSet targetRanks;
    int sharedRanks = 0;
    int sharedWindows = 0;
    bool baselineHasWindows = false;
    bool targetHasWindows = false;
    std::int64_t baselineFirstWindow = 0, baselineLastWindow = 0;
    std::int64_t targetFirstWindow = 0, targetLastWindow = 0;
};

WindowTableOverlap windowTableOverlap(const TraceWindowTable &baseline,
                                      const TraceWindowTable &target);

} // namespace rankscope
