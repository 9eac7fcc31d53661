#pragma once

#include "core/model/TraceModel.h"

namespace rankscope {

// Puts data.events in the model's order: grouped by track (in track order), within a track by
// start time, a longer slice before the shorter ones starting with it (so an enclosing slice
// comes before what it contains), file order among equals. Sets each track's event range and
// renumbers TraceCollective::event. Also groups counter samples by track, in time order.
// Kineto writes each thread's events almost in order, so most tracks need no sorting at all.
void orderTraceEvents(TraceData &data);

} // namespace rankscope
