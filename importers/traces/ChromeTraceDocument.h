#pragma once

#include "core/model/TraceModel.h"
#include "importers/traces/ChromeTraceWindows.h"
#include "importers/traces/TraceProblemLog.h"

#include <functional>
#include <string>

namespace rankscope {

class LogTextSource;

// Parses a whole Chrome-trace JSON text into `data`: strips a byte order mark, reads it with
// ChromeTraceReader, and when simdjson refuses the document as a whole (cut short, unclosed
// string, invalid UTF-8, junk after the end) repairs a copy and reads that, so the events
// before the damage are kept. `json` must have SIMDJSON_PADDING spare capacity; it is not
// modified (repairs work on a copy).
// Gives `text` the spare capacity simdjson reads past the end (SIMDJSON_PADDING bytes), filled
// with blanks so that what the parser sees there is always the same.
void padJsonBuffer(std::string &text);

void parseChromeTraceDocument(const std::string &json, TraceData &data, TraceProblemLog &problems);

// Reads the text `source` gives (plain, or decompressed as it is read): a text of at most
// limits.windowBytes as one document (parseChromeTraceDocument), a longer one in windows
// (ChromeTraceWindows.h), so that memory follows the window and the events, not the text.
// `sourceEnded` is called once the source has ended, to report why (a cut or corrupt stream,
// the cap); it returns whether it reported anything. A source that failed before giving any
// text is not parsed: its problem is the file's only one.
void readChromeTraceText(LogTextSource &source, TraceData &data, TraceProblemLog &problems,
                         const ChromeTraceWindowLimits &limits,
                         const std::function<bool()> &sourceEnded);

} // namespace rankscope
