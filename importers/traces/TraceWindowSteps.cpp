#include "importers/traces/TraceWindowSteps.h"

#include "importers/FileFailure.h"
#include "importers/traces/ChromeTraceReader.h"
#include "importers/traces/ChromeTraceWindows.h"

namespace rankscope {

void TraceWindowStepReader::apply(TraceWindowStep &step)
{
    if (m_stopped)
        return;
    switch (step.kind) {
    case TraceWindowStep::Kind::Window:
        if (m_reader.entriesMet() > kMaxTraceEventEntries) {
            m_reader.skipEntriesPastCap(step.entries); // the cap's problem was said at its entry
            return;
        }
        readDocument(step);
        return;
    case TraceWindowStep::Kind::Member:
        readDocument(step);
        return;
    case TraceWindowStep::Kind::LongEntry:
        m_reader.skipLongEntry(step.at, m_limits.maxEntryBytes);
        return;
    case TraceWindowStep::Kind::Stop:
        m_reader.stopAt(step.error, step.at);
        m_stopped = true;
        return;
    case TraceWindowStep::Kind::Problem:
        m_problems.report(step.problemKind, {-1, step.at}, [&] { return step.message; });
        return;
    case TraceWindowStep::Kind::SawTraceEvents:
        m_sawTraceEvents = true;
        return;
    }
}

void TraceWindowStepReader::readDocument(TraceWindowStep &step)
{
    std::string &document = step.document;
    const std::int64_t bias = step.at - 1; // the document's opening bracket is not the text's
    simdjson::error_code error =
        m_reader.read(document.data(), document.size(), document.capacity(), bias);
    if (error == simdjson::UTF8_ERROR) {
        const Utf8Repair repair = replaceInvalidUtf8(document);
        if (m_utf8.firstInvalidAt < 0 && repair.firstInvalidAt >= 0)
            m_utf8.firstInvalidAt = repair.firstInvalidAt + bias;
        m_utf8.invalidBytes += repair.invalidBytes;
        error = m_reader.read(document.data(), document.size(), document.capacity(), bias);
    }
    if (error == simdjson::MEMALLOC) {
        m_problems.add("memory", {}, outOfMemoryMessage());
        m_stopped = true;
    } else if (error) {
        m_reader.stopAt(error, step.at);
    }
    if (m_reader.stopped())
        m_stopped = true;
}

bool TraceWindowStepQueue::put(TraceWindowStep &&step)
{
    const std::size_t bytes = step.document.size();
    {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [&] {
            return readerStopped() || m_steps.empty() ||
                   m_waitingBytes + bytes <= m_maxWaitingBytes;
        });
        if (readerStopped())
            return false;
        m_waitingBytes += bytes;
        m_steps.push_back(std::move(step));
    }
    m_changed.notify_all();
    return true;
}

void TraceWindowStepQueue::close()
{
    {
        std::lock_guard lock(m_mutex);
        m_closed = true;
    }
    m_changed.notify_all();
}

std::string TraceWindowStepQueue::spareBuffer()
{
    std::lock_guard lock(m_mutex);
    if (m_spare.empty())
        return {};
    std::string buffer = std::move(m_spare.back());
    m_spare.pop_back();
    return buffer;
}

bool TraceWindowStepQueue::take(TraceWindowStep &step)
{
    {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [&] { return m_closed || !m_steps.empty(); });
        if (m_steps.empty())
            return false;
        step = std::move(m_steps.front());
        m_steps.pop_front();
        m_waitingBytes -= step.document.size();
    }
    m_changed.notify_all();
    return true;
}

void TraceWindowStepQueue::giveBack(std::string &&buffer)
{
    if (buffer.capacity() == 0)
        return;
    buffer.clear();
    std::lock_guard lock(m_mutex);
    if (m_spare.size() < 2)
        m_spare.push_back(std::move(buffer));
}

void TraceWindowStepQueue::stopReading()
{
    {
        std::lock_guard lock(m_mutex);
        m_readerStopped.store(true, std::memory_order_relaxed);
    }
    m_changed.notify_all();
}

} // namespace rankscope
