#pragma once

#include "importers/traces/ChromeTraceRepair.h"
#include "importers/traces/TraceProblemLog.h"

#include <simdjson.h>

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <vector>

namespace rankscope {

class ChromeTraceReader;
struct ChromeTraceWindowLimits;

// What the trace window scanner (ChromeTraceWindows.cpp) asks of the reader, in the order of
// the text. The scanner only finds where entries and members begin and end; everything that
// parses, numbers events or says a problem happens where the steps are applied, so the steps
// can be made on one thread and applied on another with the result of applying them at once.
struct TraceWindowStep
{
    enum class Kind : std::uint8_t
    {
        Window,         // whole entries of the event array, read as an array of their own
        Member,         // one root member beside the events, read as an object of its own
        LongEntry,      // an entry longer than the limit at `at`, skipped unread
        Stop,           // the text breaks at `at` (`error`): reading stops there
        Problem,        // a problem only the scanner sees (`kind`, `message`)
        SawTraceEvents, // the event array starts here
    };
    Kind kind = Kind::Problem;
    std::string document;     // Window, Member: '[' or '{', the text, ']' or '}', padded
    std::int64_t at = -1;     // the offset of the first byte of the text, or of what is said
    std::int64_t entries = 0; // Window: how many entries
    simdjson::error_code error = simdjson::SUCCESS;
    std::string problemKind;
    std::string message;
};

// Applies steps to the reader, in order. Once the reading has stopped (broken JSON, no memory)
// later steps are dropped: the rest of the file was skipped.
class TraceWindowStepReader
{
public:
    TraceWindowStepReader(ChromeTraceReader &reader, TraceProblemLog &problems,
                          const ChromeTraceWindowLimits &limits)
        : m_reader(reader), m_problems(problems), m_limits(limits)
    {}

    void apply(TraceWindowStep &step);
    bool stopped() const { return m_stopped; }
    bool sawTraceEvents() const { return m_sawTraceEvents; }
    const Utf8Repair &utf8() const { return m_utf8; }

private:
    void readDocument(TraceWindowStep &step);

    ChromeTraceReader &m_reader;
    TraceProblemLog &m_problems;
    const ChromeTraceWindowLimits &m_limits;
    Utf8Repair m_utf8;
    bool m_stopped = false;
    bool m_sawTraceEvents = false;
};

// Hands steps from the scanning thread to the reading thread. Documents waiting hold at most
// `maxWaitingBytes` (one step always gets through), so reading ahead costs a window or two of
// memory, not the file; their buffers go back to the scanner once read, so that a window does
// not fault in fresh pages every time.
class TraceWindowStepQueue
{
public:
    explicit TraceWindowStepQueue(std::size_t maxWaitingBytes) : m_maxWaitingBytes(maxWaitingBytes)
    {}

    // Scanner side. put() waits for room; it returns false, dropping the step, once the reader
    // has stopped (no later step would be read).
    bool put(TraceWindowStep &&step);
    void close(); // no more steps
    std::string spareBuffer();
    bool readerStopped() const { return m_readerStopped.load(std::memory_order_relaxed); }

    // Reader side. take() waits for a step; false once the queue is closed and empty.
    bool take(TraceWindowStep &step);
    void giveBack(std::string &&buffer);
    void stopReading(); // the reader stopped: the scanner may stop too

private:
    const std::size_t m_maxWaitingBytes;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<TraceWindowStep> m_steps;
    std::vector<std::string> m_spare;
    std::size_t m_waitingBytes = 0;
    bool m_closed = false;
    std::atomic<bool> m_readerStopped{false};
};

} // namespace rankscope
