#pragma once

#include "core/model/TraceModel.h"
#include "importers/traces/ChromeTraceEvent.h"
#include "importers/traces/TraceBuilder.h"
#include "importers/traces/TraceProblemLog.h"

#include <simdjson.h>

#include <cstdint>
#include <string_view>

namespace rankscope {

// Reads one Chrome-trace JSON document with simdjson's On-Demand API, streaming: each entry of
// traceEvents is read field by field, straight into a ChromeTraceEvent handed to the builder,
// with no DOM. The root may be an object with "traceEvents" (and distributedInfo,
// baseTimeNanoseconds, displayTimeUnit) or a bare array of events; both are Chrome trace forms.
//
// Bad values (a "ts" that is an object, an entry that is not an object) become problems and the
// entry or field is skipped. Broken JSON stops the reading where it breaks: the events read
// before stay, and the problem gives the byte offset and event number.
// The most entries of traceEvents read from one trace. A real 1 GiB Kineto trace holds about
// 2.4 million (450 bytes each); 1 GiB of tiny events holds 20 million, whose model, sorting and
// cache blocks took 5 GB. Entries beyond it are skipped unread (the rest of the document, such
// as a baseTimeNanoseconds after the events, is still read), with one problem.
inline constexpr std::int64_t kMaxTraceEventEntries = std::int64_t(1) << 22;

class ChromeTraceReader
{
public:
    // `parser` may be reused from one document to the next: its buffers then stay allocated,
    // which saves the page faults of a fresh multi-hundred-megabyte allocation per file.
    ChromeTraceReader(simdjson::ondemand::parser &parser, TraceData &data, TraceBuilder &builder,
                      TraceProblemLog &problems);

    // `json` must stay readable for SIMDJSON_PADDING bytes past `length` (`capacity` counts
    // them). `offsetBias` is added to reported byte offsets (a skipped byte order mark).
    // Returns the error for which simdjson refused the whole document before any event was
    // read (unclosed string, unbalanced brackets, invalid UTF-8...), so the caller can repair
    // the text and call read() again; SUCCESS once the document has been read, however far.
    simdjson::error_code read(const char *json, std::size_t length, std::size_t capacity,
                              std::int64_t offsetBias);

    bool sawTraceEvents() const { return m_sawTraceEvents; }
    // An event that could not be read because the JSON ended inside it.
    bool endedEarly() const { return m_endedEarly; }

    // For reading one document in windows (ChromeTraceWindows.h): read() may be called again
    // for each window - an array of events, or an object of root members - and the entries
    // are numbered on from one window to the next.
    //
    // Reading stopped at broken JSON: the rest of the document is not to be read.
    bool stopped() const { return m_stopped; }
    // Entries of traceEvents met so far (read or skipped).
    std::int64_t entriesMet() const { return m_nextIndex; }
    // Counts `count` more entries past the event cap, skipped unread.
    void skipEntriesPastCap(std::int64_t count);
    // Counts one entry too long to be read, at `offset`, with a problem.
    void skipLongEntry(std::int64_t offset, std::size_t limit);
    // Reading stops at `offset`: a window simdjson refused as a whole.
    void stopAt(simdjson::error_code error, std::int64_t offset);
    // The root members read() reads (the rest are skipped unread anyway).
    static bool readsRootMember(std::string_view key);

private:
    using Value = simdjson::ondemand::value;

    void readRootObject(simdjson::ondemand::object &root);
    simdjson::error_code readScalarRoot(simdjson::ondemand::json_type type);
    bool readEvents(simdjson::ondemand::array &events);
    simdjson::error_code readEvent(simdjson::ondemand::object &object);
    simdjson::error_code readArgs(Value &value);
    simdjson::error_code readDistributedInfo(Value &value);

    simdjson::error_code readPhase(Value &value);
    simdjson::error_code readMicros(Value &value, const char *field, std::uint16_t bit,
                                    std::int64_t &out, bool &present);
    simdjson::error_code readId(Value &value, const char *field, std::uint16_t bit,
                                ChromeTraceId &out);
    simdjson::error_code readText(Value &value, const char *field, std::string_view &out);

    void reportWrongType(const char *field, simdjson::ondemand::json_type type,
                         const char *expected);
    void reportStructuralError(simdjson::error_code error);
    std::int64_t offsetOf(const char *at) const;

    TraceData &m_data;
    TraceBuilder &m_builder;
    TraceProblemLog &m_problems;
    simdjson::ondemand::parser &m_parser;
    simdjson::ondemand::document m_document;
    const char *m_json = nullptr;
    std::size_t m_length = 0;
    std::int64_t m_offsetBias = 0;
    ChromeTraceEvent m_event;
    std::int64_t m_nextIndex = 0;
    bool m_inEvent = false;
    bool m_inEventArray = false;
    bool m_sawTraceEvents = false;
    bool m_sawSamples = false;
    bool m_endedEarly = false;
    bool m_stopped = false;
};

} // namespace rankscope
