#pragma once

#include "importers/traces/ChromeTraceRepair.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace rankscope {

class ChromeTraceReader;
class LogTextSource;
class TraceProblemLog;

// How a trace too long for one document is read (ChromeTraceDocument.h, readChromeTraceText).
struct ChromeTraceWindowLimits
{
    // A text up to this long is read as one document; a longer one a window at a time.
    // simdjson's index takes about five bytes per byte of the document it reads: a 1 GiB
    // trace of tiny events, read whole, peaked at 5 GB.
    std::size_t windowBytes = std::size_t(16) << 20;
    // An entry of traceEvents, or a root member beside it, longer than this is skipped unread
    // (events are at most a few kilobytes: such an entry is junk, and would be held whole).
    std::size_t maxEntryBytes = std::size_t(16) << 20;
    // Decompress and scan the text on a second thread while this one parses the windows (a
    // core the import would leave idle: one large trace, fewer files than cores). The result
    // is the same either way.
    bool scanOnAnotherThread = false;
};

// What reading in windows learnt about the text as a whole, for the problems the caller reports
// as it does for a whole document (offsets are the text's, a byte order mark included).
struct ChromeTraceWindowsResult
{
    JsonRepair end; // cutAt, droppedNothing, openStringAt, trailingAt; its text is unused
    Utf8Repair utf8;
    bool sawTraceEvents = false;
    bool empty = false;    // blanks only
    bool notTrace = false; // the root is neither an object nor an array (a problem said so)
};

// Reads a trace whose text is longer than limits.windowBytes without ever holding it whole. A
// scanner that knows only strings and brackets finds, as the text arrives, the entries of the
// event array (traceEvents, or the root array): runs of whole entries of about a window each
// are read by `reader` as arrays of their own ('[' + entries + ']'), so entries are numbered
// on and broken JSON stops the reading where it breaks, as in a whole document. Every other
// member of the root object is read by `reader` as an object of its own ('{' + member + '}'),
// in the order of the text, so a baseTimeNanoseconds after the events still counts. Entries
// past the event cap are counted, not parsed.
//
// `text` holds the first bytes of the text (more than a window), `bias` the length of a byte
// order mark at its start; the rest comes from `source` as it is read.
ChromeTraceWindowsResult readChromeTraceWindows(LogTextSource &source, std::string text,
                                                std::size_t bias, ChromeTraceReader &reader,
                                                TraceProblemLog &problems,
                                                const ChromeTraceWindowLimits &limits);

} // namespace rankscope
