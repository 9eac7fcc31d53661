#pragma once

#include "core/model/TraceModel.h"
#include "importers/traces/TraceProblemLog.h"

#include <string>

namespace rankscope {

// Parses a whole Chrome-trace JSON text into `data`: strips a byte order mark, reads it with
// ChromeTraceReader, and when simdjson refuses the document as a whole (cut short, unclosed
// string, invalid UTF-8, junk after the end) repairs a copy and reads that, so the events
// before the damage are kept. `json` must have SIMDJSON_PADDING spare capacity; it is not
// modified (repairs work on a copy).
// Gives `text` the spare capacity simdjson reads past the end (SIMDJSON_PADDING bytes), filled
// with blanks so that what the parser sees there is always the same.
void padJsonBuffer(std::string &text);

void parseChromeTraceDocument(const std::string &json, TraceData &data, TraceProblemLog &problems);

} // namespace rankscope
