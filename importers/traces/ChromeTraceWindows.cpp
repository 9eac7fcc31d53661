#include "importers/traces/ChromeTraceWindows.h"

#include "core/model/AsciiText.h"
#include "importers/FileFailure.h"
#include "importers/logs/LogTextSource.h"
#include "importers/traces/ChromeTraceDocument.h"
#include "importers/traces/ChromeTraceReader.h"
#include "importers/traces/FindAnyByte.h"
#include "importers/traces/TraceProblemLog.h"
#include "importers/traces/TraceWindowSteps.h"

#include <simdjson.h>

#include <algorithm>
#include <exception>
#include <system_error>
#include <thread>

namespace rankscope {

namespace {

// Text read from the source at a time.
constexpr std::size_t kWindowReadBytes = std::size_t(1) << 20;
// Longer keys are none the reader knows.
constexpr std::size_t kMaxKnownKeyBytes = 64;
constexpr std::int64_t kNoOffset = -1;

// Where the scanner's steps go: to the reader at once, or to the reading thread.
class TraceWindowStepOutlet
{
public:
    virtual ~TraceWindowStepOutlet() = default;
    virtual void put(TraceWindowStep &&step) = 0;
    virtual bool readerStopped() const = 0;
    virtual std::string spareBuffer() = 0; // for the next document, its capacity kept
};

class ReadAtOnce final : public TraceWindowStepOutlet
{
public:
    explicit ReadAtOnce(TraceWindowStepReader &reader) : m_reader(reader) {}
    void put(TraceWindowStep &&step) override
    {
        m_reader.apply(step);
        m_buffer = std::move(step.document);
    }
    bool readerStopped() const override { return m_reader.stopped(); }
    std::string spareBuffer() override { return std::move(m_buffer); }

private:
    TraceWindowStepReader &m_reader;
    std::string m_buffer;
};

class ReadOnAnotherThread final : public TraceWindowStepOutlet
{
public:
    explicit ReadOnAnotherThread(TraceWindowStepQueue &queue) : m_queue(queue) {}
    void put(TraceWindowStep &&step) override { m_queue.put(std::move(step)); }
    bool readerStopped() const override { return m_queue.readerStopped(); }
    std::string spareBuffer() override { return m_queue.spareBuffer(); }

private:
    TraceWindowStepQueue &m_queue;
};

// What the scanner learnt about the text as a whole (the reader's side is in the steps).
struct ScannedText
{
    JsonRepair end;
    bool empty = false;
    bool notTrace = false;
};

// Follows the text byte by byte, knowing only strings and brackets, and hands whole parts of it
// to the reader as steps. Offsets are the text's (file offsets of plain text).
class TraceWindowScanner
{
public:
    TraceWindowScanner(LogTextSource &source, std::string text, std::size_t bias,
                       TraceWindowStepOutlet &outlet, const ChromeTraceWindowLimits &limits)
        : m_source(source), m_text(std::move(text)), m_outlet(outlet), m_limits(limits),
          m_start(bias)
    {}

    ScannedText run();

private:
    enum class Root : std::uint8_t
    {
        Unknown,
        Object,
        Array,
        Closed
    };
    enum class Member : std::uint8_t
    {
        Key,         // before a member (or the root's closing brace)
        Colon,       // after its key
        Value,       // after the colon
        InValue,     // inside a value that is not the event array
        AfterEvents, // after the event array
    };
    enum class Entry : std::uint8_t
    {
        Container,
        String,
        Scalar
    };

    void scan(char c, std::int64_t at);
    std::size_t skipInert(std::size_t from) const;
    void atArrayLevel(char c, std::int64_t at);
    void atMemberLevel(char c, std::int64_t at);
    void closeString(std::int64_t at);
    void closeNested(std::int64_t at);
    void endEntry(std::int64_t end);
    void endMember(std::int64_t end);
    void closeRoot(std::int64_t at);
    void flushWindow();
    void putDocument(TraceWindowStep::Kind kind, std::int64_t from, std::int64_t to,
                     std::int64_t entries);
    void putStep(TraceWindowStep::Kind kind, std::int64_t at);
    void markLongParts(std::int64_t at);
    void compact(std::size_t &scanned);
    void finish();
    std::string_view slice(std::int64_t from, std::int64_t to) const
    {
        return std::string_view(m_text).substr(std::size_t(from - m_base), std::size_t(to - from));
    }

    LogTextSource &m_source;
    std::string m_text; // the unread text; m_text[0] is at offset m_base
    std::int64_t m_base = 0;
    TraceWindowStepOutlet &m_outlet;
    const ChromeTraceWindowLimits &m_limits;
    std::size_t m_start;
    ScannedText m_result;
    bool m_stop = false;

    bool m_inString = false;
    bool m_escape = false;
    std::int64_t m_stringAt = kNoOffset;
    std::int64_t m_depth = 0;
    Root m_root = Root::Unknown;
    std::int64_t m_rootAt = kNoOffset;
    std::int64_t m_lastCompleteEnd = kNoOffset; // after the last entry, member or array read whole

    Member m_member = Member::Key;
    std::int64_t m_memberAt = kNoOffset; // the member being scanned (its key's quote)
    bool m_memberLong = false;
    bool m_memberKeyed = false; // it starts with a key (else it is junk the reader refuses)
    bool m_inKey = false;
    std::string m_key;

    std::int64_t m_arrayDepth = 0; // the event array's depth, 0 outside it
    std::int64_t m_arrayAt = kNoOffset;
    std::int64_t m_entryAt = kNoOffset; // the entry being scanned
    Entry m_entry = Entry::Scalar;
    bool m_entryLong = false;

    std::int64_t m_windowFrom = kNoOffset; // whole entries waiting to be read
    std::int64_t m_windowTo = kNoOffset;
    std::int64_t m_windowEntries = 0;
};

ScannedText TraceWindowScanner::run()
{
    std::size_t scanned = m_start;
    while (!m_stop) {
        if (m_outlet.readerStopped()) // read on another thread: nothing more will be read
            break;
        while (scanned < m_text.size() && !m_stop) {
            scanned = skipInert(scanned);
            if (scanned == m_text.size())
                break;
            scan(m_text[scanned], m_base + std::int64_t(scanned));
            ++scanned;
        }
        if (m_stop)
            break;
        markLongParts(m_base + std::int64_t(scanned));
        compact(scanned);
        const std::size_t before = m_text.size();
        m_text.resize(before + kWindowReadBytes);
        std::size_t got = 0;
        while (got < kWindowReadBytes) { // the source gives a block at a time
            const std::size_t more =
                m_source.read(m_text.data() + before + got, kWindowReadBytes - got);
            if (more == 0)
                break;
            got += more;
        }
        m_text.resize(before + got);
        if (got == 0)
            break;
    }
    finish();
    return m_result;
}

// The first byte from `from` on that scan() must see: inside a string that is not a key only
// quotes and backslashes matter, inside an entry or a member's nested value only quotes and
// brackets. Everything scan() would pass over unchanged is skipped in blocks.
std::size_t TraceWindowScanner::skipInert(std::size_t from) const
{
    if (m_inString) {
        if (m_escape || m_inKey)
            return from;
        return findAnyByte<'"', '\\'>(m_text.data(), from, m_text.size());
    }
    const bool nested = (m_root == Root::Object || m_root == Root::Array) &&
                        m_depth != m_arrayDepth && m_depth != 1;
    if (!nested)
        return from;
    return findAnyByte<'"', '{', '[', '}', ']'>(m_text.data(), from, m_text.size());
}

void TraceWindowScanner::scan(char c, std::int64_t at)
{
    if (m_inString) {
        if (m_escape)
            m_escape = false;
        else if (c == '\\')
            m_escape = true;
        else if (c == '"') {
            closeString(at);
            return;
        }
        // The key as written, escapes included: the reader compares keys so too.
        if (m_inKey && m_key.size() <= kMaxKnownKeyBytes)
            m_key.push_back(c);
        return;
    }
    switch (m_root) {
    case Root::Unknown:
        if (isBlank(c))
            return;
        m_rootAt = at;
        if (c == '{') {
            m_root = Root::Object;
            m_depth = 1;
        } else if (c == '[') {
            m_root = Root::Array;
            m_depth = 1;
            m_arrayDepth = 1;
            m_arrayAt = at;
            putStep(TraceWindowStep::Kind::SawTraceEvents, at);
        } else {
            m_result.notTrace = true;
            TraceWindowStep step;
            step.kind = TraceWindowStep::Kind::Problem;
            step.at = at;
            step.problemKind = "root-type";
            step.message = "the text does not start with an object or an array, so it is not "
                           "a Chrome trace; it was not read";
            m_outlet.put(std::move(step));
            m_stop = true;
        }
        return;
    case Root::Closed:
        if (!isBlank(c)) {
            m_result.end.trailingAt = at;
            m_stop = true;
        }
        return;
    default:
        break;
    }
    if (m_depth == m_arrayDepth) {
        atArrayLevel(c, at);
    } else if (m_depth == 1) {
        atMemberLevel(c, at);
    } else if (c == '"') {
        m_inString = true;
        m_stringAt = at;
    } else if (c == '{' || c == '[') {
        ++m_depth;
    } else if (c == '}' || c == ']') {
        --m_depth;
        closeNested(at);
    }
}

// Between and at the entries of the event array.
void TraceWindowScanner::atArrayLevel(char c, std::int64_t at)
{
    if (m_entryAt != kNoOffset) { // only a scalar entry is still open at this level
        if (!isBlank(c) && c != ',' && c != ']' && c != '}' && c != '"' && c != '{' && c != '[')
            return;
        endEntry(at);
    }
    if (isBlank(c) || c == ',')
        return;
    if (c == ']') {
        flushWindow();
        m_lastCompleteEnd = at + 1;
        m_arrayDepth = 0;
        --m_depth;
        if (m_root == Root::Array)
            closeRoot(at);
        else
            m_member = Member::AfterEvents;
        return;
    }
    if (c == '}') { // a brace closes the array: what simdjson would refuse
        flushWindow();
        if (!m_stop) {
            TraceWindowStep step;
            step.kind = TraceWindowStep::Kind::Stop;
            step.at = at;
            step.error = simdjson::TAPE_ERROR;
            m_outlet.put(std::move(step));
        }
        m_stop = true;
        return;
    }
    m_entryAt = at;
    m_entryLong = false;
    if (c == '{' || c == '[') {
        m_entry = Entry::Container;
        ++m_depth;
    } else if (c == '"') {
        m_entry = Entry::String;
        m_inString = true;
        m_stringAt = at;
    } else {
        m_entry = Entry::Scalar;
    }
}

// Between and at the members of the root object, outside the event array.
void TraceWindowScanner::atMemberLevel(char c, std::int64_t at)
{
    switch (m_member) {
    case Member::Key:
    case Member::AfterEvents:
        if (isBlank(c))
            return;
        if (c == ',') {
            m_member = Member::Key;
            return;
        }
        if (c == '}') {
            closeRoot(at);
            return;
        }
        m_memberAt = at;
        m_memberLong = false;
        m_key.clear();
        m_memberKeyed = c == '"' && m_member == Member::Key;
        if (m_memberKeyed) {
            m_member = Member::Colon;
            m_inKey = true;
            m_inString = true;
            m_stringAt = at;
            return;
        }
        m_member = Member::InValue; // junk where a key belongs: the reader will say so
        break;
    case Member::Colon:
        if (isBlank(c))
            return;
        if (c == ':') {
            m_member = Member::Value;
            return;
        }
        m_member = Member::InValue;
        break;
    case Member::Value:
        if (isBlank(c))
            return;
        if (c == '[' && m_key == "traceEvents") {
            m_memberAt = kNoOffset; // read in windows, not as a member
            putStep(TraceWindowStep::Kind::SawTraceEvents, at);
            m_depth = 2;
            m_arrayDepth = 2;
            m_arrayAt = at;
            return;
        }
        m_member = Member::InValue;
        break;
    case Member::InValue:
        break;
    }
    // Inside a member's value.
    if (c == ',' || c == '}') {
        endMember(at);
        m_member = Member::Key;
        if (c == '}')
            closeRoot(at);
    } else if (c == '"') {
        m_inString = true;
        m_stringAt = at;
    } else if (c == '{' || c == '[') {
        ++m_depth;
    }
}

void TraceWindowScanner::closeString(std::int64_t at)
{
    m_inString = false;
    m_inKey = false;
    if (m_depth == m_arrayDepth && m_entryAt != kNoOffset && m_entry == Entry::String)
        endEntry(at + 1);
}

void TraceWindowScanner::closeNested(std::int64_t at)
{
    if (m_depth == m_arrayDepth && m_entryAt != kNoOffset)
        endEntry(at + 1);
}

void TraceWindowScanner::endEntry(std::int64_t end)
{
    m_lastCompleteEnd = end;
    const std::int64_t at = m_entryAt;
    m_entryAt = kNoOffset;
    if (m_entryLong || std::size_t(end - at) > m_limits.maxEntryBytes) {
        flushWindow(); // the entries before it are numbered first
        putStep(TraceWindowStep::Kind::LongEntry, at);
        return;
    }
    if (m_windowFrom == kNoOffset)
        m_windowFrom = at;
    m_windowTo = end;
    ++m_windowEntries;
    if (std::size_t(m_windowTo - m_windowFrom) >= m_limits.windowBytes)
        flushWindow();
}

void TraceWindowScanner::endMember(std::int64_t end)
{
    m_lastCompleteEnd = end;
    const std::int64_t at = m_memberAt;
    m_memberAt = kNoOffset;
    if (at == kNoOffset)
        return;
    if (m_memberKeyed && !ChromeTraceReader::readsRootMember(m_key))
        return; // skipped unread, as in a whole document
    if (m_memberLong || std::size_t(end - at) > m_limits.maxEntryBytes) {
        TraceWindowStep step;
        step.kind = TraceWindowStep::Kind::Problem;
        step.at = at;
        step.problemKind = "member-size:" + m_key;
        step.message = "the value of \"" + m_key + "\" is more than " +
                       std::to_string(m_limits.maxEntryBytes) +
                       " bytes long; it was skipped unread";
        m_outlet.put(std::move(step));
        return;
    }
    putDocument(TraceWindowStep::Kind::Member, at, end, 0);
}

void TraceWindowScanner::closeRoot(std::int64_t at)
{
    m_depth = 0;
    m_root = Root::Closed;
    m_lastCompleteEnd = at + 1;
}

void TraceWindowScanner::flushWindow()
{
    if (m_windowFrom == kNoOffset)
        return;
    const std::int64_t from = m_windowFrom;
    const std::int64_t to = m_windowTo;
    const std::int64_t count = m_windowEntries;
    m_windowFrom = m_windowTo = kNoOffset;
    m_windowEntries = 0;
    if (m_stop)
        return;
    putDocument(TraceWindowStep::Kind::Window, from, to, count);
}

// The text from `from` to `to` as a document of its own: in brackets for a window of entries,
// in braces for a member.
void TraceWindowScanner::putDocument(TraceWindowStep::Kind kind, std::int64_t from, std::int64_t to,
                                     std::int64_t entries)
{
    const bool window = kind == TraceWindowStep::Kind::Window;
    TraceWindowStep step;
    step.kind = kind;
    step.at = from;
    step.entries = entries;
    step.document = m_outlet.spareBuffer();
    step.document.clear();
    // Room for a somewhat longer window next time: a buffer that grows by every window's few
    // extra bytes would fault in fresh pages for each one.
    const std::size_t need = std::size_t(to - from) + 2 + simdjson::SIMDJSON_PADDING;
    if (step.document.capacity() < need)
        step.document.reserve(need + need / 8);
    step.document.push_back(window ? '[' : '{');
    step.document.append(slice(from, to));
    step.document.push_back(window ? ']' : '}');
    padJsonBuffer(step.document);
    m_outlet.put(std::move(step));
    if (m_outlet.readerStopped())
        m_stop = true;
}

void TraceWindowScanner::putStep(TraceWindowStep::Kind kind, std::int64_t at)
{
    TraceWindowStep step;
    step.kind = kind;
    step.at = at;
    m_outlet.put(std::move(step));
}

// An entry or member that outgrows the limit is no longer kept: only the scanner follows it.
void TraceWindowScanner::markLongParts(std::int64_t at)
{
    if (m_entryAt != kNoOffset && !m_entryLong &&
        std::size_t(at - m_entryAt) > m_limits.maxEntryBytes) {
        flushWindow();
        m_entryLong = true;
    }
    if (m_memberAt != kNoOffset && !m_memberLong &&
        std::size_t(at - m_memberAt) > m_limits.maxEntryBytes) {
        m_key = m_key.substr(0, std::min(m_key.size(), kMaxKnownKeyBytes));
        m_memberLong = true;
    }
}

// Drops the text nothing will read again, when that is a good part of the buffer.
void TraceWindowScanner::compact(std::size_t &scanned)
{
    std::int64_t keep = m_base + std::int64_t(scanned);
    if (m_windowFrom != kNoOffset)
        keep = std::min(keep, m_windowFrom);
    if (m_entryAt != kNoOffset && !m_entryLong)
        keep = std::min(keep, m_entryAt);
    if (m_memberAt != kNoOffset && !m_memberLong)
        keep = std::min(keep, m_memberAt);
    const std::size_t drop = std::size_t(keep - m_base);
    if (drop == 0 || (drop < 4 * kWindowReadBytes && drop * 2 < m_text.size()))
        return;
    m_text.erase(0, drop);
    m_base += std::int64_t(drop);
    scanned -= drop;
}

void TraceWindowScanner::finish()
{
    m_result.end.text.clear();
    if (m_stop) {
        m_result.end.repaired = m_result.end.trailingAt >= 0;
        return;
    }
    if (m_root == Root::Unknown) {
        m_result.empty = true;
        return;
    }
    if (m_root == Root::Closed)
        return;
    // The text ends before the root closes: what was read whole is kept, the rest dropped.
    const bool inEntry = m_entryAt != kNoOffset; // dropped, even a number (it may be cut)
    flushWindow();
    if (m_stop)
        return;
    std::int64_t cut = m_lastCompleteEnd;
    if (cut == kNoOffset)
        cut = (m_arrayAt != kNoOffset ? m_arrayAt : m_rootAt) + 1;
    m_result.end.repaired = true;
    m_result.end.cutAt = cut;
    m_result.end.droppedNothing = !inEntry && m_memberAt == kNoOffset && !m_inString;
    if (m_inString)
        m_result.end.openStringAt = m_stringAt;
}

// Reads the steps the scanner makes on a second thread while it scans on: decompressing and
// scanning the text then costs the reading nothing but the hand-over of each window.
ScannedText scanOnAnotherThread(LogTextSource &source, std::string &text, std::size_t bias,
                                TraceWindowStepReader &stepReader,
                                const ChromeTraceWindowLimits &limits, bool &started)
{
    // Two windows waiting at most: the scanner can be a window ahead of the reader, not more.
    TraceWindowStepQueue queue(2 * limits.windowBytes + 2 * limits.maxEntryBytes);
    ReadOnAnotherThread outlet(queue);
    ScannedText scanned;
    std::exception_ptr scanFailure;
    std::thread scanning;
    try {
        scanning = std::thread([&] {
            try {
                // The text is taken only by a thread that runs.
                TraceWindowScanner scanner(source, std::move(text), bias, outlet, limits);
                scanned = scanner.run();
            } catch (...) {
                scanFailure = std::current_exception();
            }
            queue.close();
        });
    } catch (const std::system_error &) {
        started = false; // no thread to be had: the caller scans on this one
        return scanned;
    }
    started = true;
    try {
        TraceWindowStep step;
        while (queue.take(step)) {
            stepReader.apply(step);
            if (stepReader.stopped())
                queue.stopReading();
            queue.giveBack(std::move(step.document));
        }
    } catch (...) {
        queue.stopReading();
        scanning.join();
        throw;
    }
    scanning.join();
    if (scanFailure)
        std::rethrow_exception(scanFailure);
    return scanned;
}

} // namespace

ChromeTraceWindowsResult readChromeTraceWindows(LogTextSource &source, std::string text,
                                                std::size_t bias, ChromeTraceReader &reader,
                                                TraceProblemLog &problems,
                                                const ChromeTraceWindowLimits &limits)
{
    TraceWindowStepReader stepReader(reader, problems, limits);
    ScannedText scanned;
    bool onAnotherThread = false;
    if (limits.scanOnAnotherThread)
        scanned = scanOnAnotherThread(source, text, bias, stepReader, limits, onAnotherThread);
    if (!onAnotherThread) {
        ReadAtOnce outlet(stepReader);
        TraceWindowScanner scanner(source, std::move(text), bias, outlet, limits);
        scanned = scanner.run();
    }
    ChromeTraceWindowsResult result;
    result.sawTraceEvents = stepReader.sawTraceEvents();
    result.utf8 = stepReader.utf8();
    result.empty = scanned.empty;
    result.notTrace = scanned.notTrace;
    // Once the reading stopped the rest of the text was not read, however far the scanner went.
    if (!stepReader.stopped())
        result.end = scanned.end;
    return result;
}

} // namespace rankscope
