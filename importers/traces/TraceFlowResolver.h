#pragma once

#include "core/model/TraceModel.h"

#include <cstdint>
#include <vector>

namespace rankscope {

// A flow event ("s", "t" or "f") waiting to be paired and bound to a slice.
struct PendingFlowPoint
{
    std::int64_t tsNs = 0;
    std::uint64_t id = 0;
    std::uint32_t track = 0;
    TraceStringId category = kEmptyTraceString;
    char phase = 's';
    bool bindsToEnclosingSlice = false; // "bp": "e"
};

// Pairs flow starts and ends with the same category and id (in file order, so a reused id
// starts a new flow) and binds each end to a slice of its track, as Chrome does: a start, and an
// end with "bp": "e", to the innermost slice enclosing its time; other ends to the next slice
// starting at or after it. Needs data.events already ordered (orderTraceEvents). Appends to
// data.flows; counts unpaired points in data.stats.
void resolveFlows(const std::vector<PendingFlowPoint> &points, TraceData &data);

} // namespace rankscope
