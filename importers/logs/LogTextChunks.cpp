#include "importers/logs/LogTextChunks.h"

#include "importers/logs/LogLineSplitter.h"
#include "importers/logs/LogTextSource.h"

#include <algorithm>
#include <cstring>

namespace rankscope {

namespace log_text_chunks {

// Room for reading past a long line's kept start while its rest is skipped.
constexpr std::size_t kSkipRoom = 64 * 1024;

std::size_t trailingCarriageReturns(const char *text, std::size_t size)
{
    std::size_t n = 0;
    while (n < size && text[size - 1 - n] == '\r')
        ++n;
    return n;
}

} // namespace log_text_chunks

using namespace log_text_chunks;

LogTextChunks::LogTextChunks(LogTextSource *source, const LogReadLimits &limits)
    : m_source(source), m_limits(limits)
{
    // A cut line must still show LogLineSplitter everything it reads of a line.
    m_limits.chunkBytes = std::max<std::size_t>(m_limits.chunkBytes, 1);
    m_limits.maxLineBytes = std::max(m_limits.maxLineBytes, 2 * kMaxLogLineBytes);
}

LogTextChunks::~LogTextChunks() = default;

// A buffer of at least `bytes`, the unread text moved to its front.
void LogTextChunks::reserve(std::size_t bytes)
{
    if (m_capacity - m_begin >= bytes)
        return;
    if (m_capacity >= bytes) {
        std::memmove(m_buffer.get(), data(), size());
    } else {
        auto grown = std::make_unique_for_overwrite<char[]>(bytes);
        if (size() > 0)
            std::memcpy(grown.get(), data(), size());
        m_buffer = std::move(grown);
        m_capacity = bytes;
    }
    m_end -= m_begin;
    m_begin = 0;
}

// Reads until at least `bytes` of text are held or the text ends.
void LogTextChunks::fill(std::size_t bytes)
{
    if (size() >= bytes || m_sourceEnded)
        return;
    reserve(bytes);
    while (size() < bytes) {
        const std::size_t got = m_source->read(m_buffer.get() + m_end, m_capacity - m_end);
        if (got == 0) {
            m_sourceEnded = true;
            return;
        }
        m_end += got;
    }
}

std::string_view LogTextChunks::lookAhead(std::size_t lines)
{
    fill(m_limits.chunkBytes);
    std::size_t found = 0;
    std::size_t scanned = 0;
    while (true) {
        while (found < lines && scanned < size()) {
            const void *newline = std::memchr(data() + scanned, '\n', size() - scanned);
            if (!newline)
                break;
            ++found;
            scanned = std::size_t(static_cast<const char *>(newline) - data()) + 1;
        }
        if (found < lines)
            scanned = size();
        if (found >= lines || m_sourceEnded || size() >= m_limits.surveyBytes)
            break;
        fill(std::min(std::max(2 * size(), size() + 1), m_limits.surveyBytes));
    }
    return std::string_view(data(), std::min(size(), m_limits.surveyBytes));
}

bool LogTextChunks::take(std::size_t bytes, LogTextChunk *chunk)
{
    chunk->text = std::string_view(data(), bytes);
    m_begin += bytes;
    return true;
}

bool LogTextChunks::next(LogTextChunk *chunk)
{
    *chunk = LogTextChunk();
    fill(m_limits.chunkBytes);
    if (size() == 0)
        return false;
    // The whole lines within one chunk's size.
    const std::size_t window = std::min(size(), m_limits.chunkBytes);
    if (const void *newline = memrchr(data(), '\n', window))
        return take(std::size_t(static_cast<const char *>(newline) - data()) + 1, chunk);
    if (m_sourceEnded && size() <= m_limits.chunkBytes)
        return take(size(), chunk); // the last line, without '\n'
    return takeLongLine(chunk);
}

// The first line is longer than a chunk: alone, whole when it fits in maxLineBytes.
bool LogTextChunks::takeLongLine(LogTextChunk *chunk)
{
    const std::size_t maxLine = m_limits.maxLineBytes;
    std::size_t searched = std::min(size(), m_limits.chunkBytes);
    while (true) {
        if (const void *newline = std::memchr(data() + searched, '\n', size() - searched)) {
            const std::size_t length = std::size_t(static_cast<const char *>(newline) - data());
            if (length > maxLine)
                return cutLongLine(chunk);
            return take(length + 1, chunk);
        }
        if (size() > maxLine)
            return cutLongLine(chunk);
        if (m_sourceEnded)
            return take(size(), chunk);
        searched = size();
        fill(std::min(std::max(2 * size(), size() + 1), maxLine + kSkipRoom));
    }
}

// A line longer than maxLineBytes (at least maxLineBytes + 1 bytes of it are held): its start is
// handed on, the rest is read and dropped up to the line's end.
bool LogTextChunks::cutLongLine(LogTextChunk *chunk)
{
    const std::size_t kept = m_limits.maxLineBytes;
    std::uint64_t length = kept;
    std::uint64_t textLength = kept - trailingCarriageReturns(data(), kept);
    std::size_t scan = m_begin + kept; // the dropped part read so far is [scan, m_end)
    while (true) {
        const char *rest = m_buffer.get() + scan;
        const std::size_t restSize = m_end - scan;
        const void *newline = std::memchr(rest, '\n', restSize);
        const std::size_t dropped =
            newline ? std::size_t(static_cast<const char *>(newline) - rest) : restSize;
        if (const std::size_t returns = trailingCarriageReturns(rest, dropped); returns < dropped)
            textLength = length + dropped - returns;
        length += dropped;
        if (newline) {
            // The text after the line stays where it is, after the kept start.
            chunk->text = std::string_view(data(), kept);
            chunk->cutLineBytes = length;
            chunk->cutLineTextBytes = textLength;
            m_begin = scan + dropped + 1;
            return true;
        }
        m_end = scan = m_begin + kept;
        if (m_sourceEnded)
            break;
        if (m_capacity - m_end < kSkipRoom) {
            reserve(kept + kSkipRoom);
            scan = m_end;
        }
        const std::size_t got = m_source->read(m_buffer.get() + m_end, m_capacity - m_end);
        if (got == 0)
            m_sourceEnded = true;
        m_end += got;
    }
    chunk->text = std::string_view(data(), kept);
    chunk->cutLineBytes = length;
    chunk->cutLineTextBytes = textLength;
    m_begin = m_end;
    return true;
}

} // namespace rankscope
