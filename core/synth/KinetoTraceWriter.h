#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace rankscope {

// Appends Chrome trace-event JSON in the layout libkineto's ChromeTraceLogger writes (one event
// per block, "ts"/"dur" in microseconds with three decimals relative to baseTimeNanoseconds),
// straight into a string: the synthetic benchmark bundle has about ten million events.
// Names and argument keys are trusted constants and are not escaped.
class KinetoTraceWriter
{
public:
    KinetoTraceWriter(std::string &out, std::int64_t baseTimeNs) : m_out(out), m_base(baseTimeNs) {}

    // The text before the events, from "{" to `"traceEvents": [`, is the caller's (it holds the
    // file's metadata); these write the events after it.

    // An "X" event; its args follow with arg*() and the event ends with endSlice().
    void beginSlice(std::string_view category, std::string_view name, std::int64_t pid,
                    std::int64_t tid, std::int64_t startNs, std::int64_t endNs);
    void argInt(std::string_view key, std::int64_t value);
    void argText(std::string_view key, std::string_view value);
    void argRaw(std::string_view key, std::string_view json);
    // Several args already written as `"key": value, ...` (constant per kernel type).
    void argsRaw(std::string_view json);
    void endSlice();

    // The two ends of an ac2g flow: from a launch call to the GPU work it queued.
    void flowStart(std::int64_t id, std::int64_t pid, std::int64_t tid, std::int64_t timeNs);
    void flowEnd(std::int64_t id, std::int64_t pid, std::int64_t tid, std::int64_t timeNs);

    // An "M" event naming a process or thread (args {"name": ...}, {"labels": ...}) or sorting
    // it ({"sort_index": N}). `pid` is written as given: a number, or a quoted label.
    void metadataText(std::string_view name, std::string_view pid, std::int64_t tid,
                      std::int64_t timeNs, std::string_view key, std::string_view value);
    void metadataInt(std::string_view name, std::string_view pid, std::int64_t tid,
                     std::int64_t timeNs, std::string_view key, std::int64_t value);

    // Kineto's closing rows: the profiler span on pid "Spans" and the window-end instant.
    void profilerSpan(std::int64_t startNs, std::int64_t endNs);
    void windowEnd(std::int64_t timeNs);

    void appendInt(std::int64_t value);
    void appendMicros(std::int64_t relativeNs); // "1234.567"

private:
    void flowPoint(std::string_view phase, std::string_view extra, std::int64_t id,
                   std::int64_t pid, std::int64_t tid, std::int64_t timeNs);
    void beginEvent();
    void appendTime(std::int64_t absoluteNs) { appendMicros(absoluteNs - m_base); }
    void beginArg(std::string_view key);

    std::string &m_out;
    std::int64_t m_base;
    bool m_firstEvent = true;
    bool m_firstArg = true;
};

} // namespace rankscope
