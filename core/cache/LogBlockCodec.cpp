#include "core/cache/LogBlockCodec.h"

#include "core/cache/ByteCoding.h"

namespace rankscope {

namespace {

constexpr std::uint64_t kTextBlockVersion = 1;
constexpr std::uint64_t kEventIndexVersion = 2; // 2: duplicateOf

std::string_view decompressed(std::span<const std::byte> blob, std::string &storage)
{
    storage = decompressBlob(blob);
    return storage;
}

LogSeverity severityFromByte(std::uint8_t value)
{
    if (value > std::uint8_t(LogSeverity::Fatal))
        throw BlobFormatError("unknown log severity " + std::to_string(value));
    return LogSeverity(value);
}

void checkVersion(ByteReader &in, std::uint64_t expected)
{
    if (in.getUnsigned() != expected)
        throw BlobFormatError("unknown log block version");
}

} // namespace

// Times are deltas to the previous event, lines deltas to the previous line: both are small
// and repeat, which varints and zstd turn into a byte or two per event.
std::string encodeLogTextBlock(std::span<const LogEvent> events)
{
    ByteWriter out;
    out.putUnsigned(kTextBlockVersion);
    out.putUnsigned(events.size());
    std::int64_t previousTime = 0;
    std::int64_t previousLine = 0;
    for (const LogEvent &event : events) {
        out.putSigned(event.rank);
        out.putSigned(event.timeNs - previousTime);
        out.putSigned(std::int64_t(event.line) - previousLine);
        out.putUnsigned(event.lineCount);
        out.putByte(std::uint8_t(event.severity));
        out.putString(event.text);
        previousTime = event.timeNs;
        previousLine = event.line;
    }
    return compressBlob(out.bytes());
}

std::vector<LogEvent> decodeLogTextBlock(std::span<const std::byte> blob, std::uint32_t fileIndex)
{
    std::string storage;
    ByteReader in(decompressed(blob, storage));
    checkVersion(in, kTextBlockVersion);
    const std::size_t count = in.getCount();
    std::vector<LogEvent> events(count);
    std::int64_t time = 0;
    std::int64_t line = 0;
    for (LogEvent &event : events) {
        event.rank = int(in.getSigned());
        time += in.getSigned();
        line += in.getSigned();
        event.timeNs = time;
        event.line = std::uint32_t(line);
        event.lineCount = std::uint32_t(in.getUnsigned());
        event.severity = severityFromByte(in.getByte());
        event.text = std::string(in.getString());
        event.file = fileIndex;
    }
    if (!in.atEnd())
        throw BlobFormatError("log text block has trailing bytes");
    return events;
}

std::string encodeLogEventIndex(std::span<const TemplatedLogEvent> events)
{
    LogEventIndexEncoder encoder(events.size());
    for (const TemplatedLogEvent &event : events)
        encoder.add(event);
    return encoder.finish();
}

LogEventIndexEncoder::LogEventIndexEncoder(std::size_t count) : m_count(count)
{
    m_out.putUnsigned(kEventIndexVersion);
    m_out.putUnsigned(count);
}

void LogEventIndexEncoder::add(const TemplatedLogEvent &event)
{
    m_out.putSigned(event.rank);
    m_out.putSigned(event.timeNs - m_previousTime);
    m_out.putSigned(std::int64_t(event.line) - m_previousLine);
    m_out.putSigned(event.iteration);
    m_out.putUnsigned(event.templ == kNoTemplate ? 0 : std::uint64_t(event.templ) + 1);
    m_out.putByte(std::uint8_t(event.severity));
    m_out.putUnsigned(std::uint64_t(event.duplicateOf + 1));
    m_previousTime = event.timeNs;
    m_previousLine = event.line;
    if (event.duplicateOf >= 0)
        ++m_duplicates;
    ++m_added;
}

std::string LogEventIndexEncoder::finish()
{
    if (m_added != m_count)
        throw BlobFormatError("log event index of " + std::to_string(m_count) + " events got " +
                              std::to_string(m_added));
    std::string blob = compressBlob(m_out.bytes());
    m_out.bytes() = std::string(); // its capacity too
    return blob;
}

namespace {

// Decodes an event index's entries, handing each to `visit`, after telling `sized` their count.
template <typename Sized, typename Visit>
void decodeEventIndex(std::span<const std::byte> blob, std::uint32_t fileIndex, Sized sized,
                      Visit visit)
{
    std::string storage;
    ByteReader in(decompressed(blob, storage));
    checkVersion(in, kEventIndexVersion);
    const std::size_t count = in.getCount();
    sized(count);
    std::int64_t time = 0;
    std::int64_t line = 0;
    for (std::size_t i = 0; i < count; ++i) {
        TemplatedLogEvent event;
        event.rank = int(in.getSigned());
        time += in.getSigned();
        line += in.getSigned();
        event.timeNs = time;
        event.line = std::uint32_t(line);
        event.iteration = in.getSigned();
        const std::uint64_t templ = in.getUnsigned();
        event.templ = templ == 0 ? kNoTemplate : TemplateId(templ - 1);
        event.severity = severityFromByte(in.getByte());
        event.duplicateOf = std::int64_t(in.getUnsigned()) - 1;
        event.file = fileIndex;
        visit(event);
    }
    if (!in.atEnd())
        throw BlobFormatError("log event index has trailing bytes");
}

} // namespace

void appendLogEventIndex(std::span<const std::byte> blob, std::uint32_t fileIndex,
                         std::vector<TemplatedLogEvent> &into)
{
    decodeEventIndex(
        blob, fileIndex, [&](std::size_t count) { into.reserve(into.size() + count); },
        [&](const TemplatedLogEvent &event) { into.push_back(event); });
}

void forEachLogEventIndexEntry(std::span<const std::byte> blob, std::uint32_t fileIndex,
                               const std::function<void(const TemplatedLogEvent &)> &visit)
{
    decodeEventIndex(
        blob, fileIndex, [](std::size_t) {}, visit);
}

} // namespace rankscope
