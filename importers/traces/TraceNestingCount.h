#pragma once

#include "core/model/TraceModel.h"

namespace rankscope {

// Counts slices that start inside another slice of their thread or stream but end after it,
// into data.stats.unnestedSlices. Chrome draws such slices anyway and real Kineto traces have
// them (Python functions around record_function, ProfilerStep starting inside its own enter
// call, kernels of one stream overlapping by a few microseconds), so they are not problems;
// but metrics that read a track as a call tree must expect them. Needs data.events in model
// order (orderTraceEvents).
void countUnnestedSlices(TraceData &data);

} // namespace rankscope
