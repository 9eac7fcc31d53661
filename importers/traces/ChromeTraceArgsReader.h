#pragma once

#include "importers/traces/ChromeTraceEvent.h"

#include <simdjson.h>

namespace rankscope {

// Reads the "args" object of one event into `args`: the few args the model keeps (ids, GPU
// device and stream, metadata names and sort indices, collective fields) and, for counter
// events, every numeric arg as a series. `phase` is the event's "ph" if already read, else 0
// (then both kinds are kept until the phase is known). Returns an error only when the JSON is
// broken; an arg of an unexpected type is skipped (args are free-form).
simdjson::error_code readChromeTraceArgs(simdjson::ondemand::object &object, char phase,
                                         ChromeTraceArgs &args);

} // namespace rankscope
