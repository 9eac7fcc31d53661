#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

namespace rankscope {

class LogTextSource;

// How much of a log's text is held at a time. The defaults bound a file's import to about
// 4-16 MiB of text whatever its size; tests shrink them to put chunk boundaries everywhere.
struct LogReadLimits
{
    std::size_t chunkBytes = std::size_t(4) << 20;    // text handed on at a time
    std::size_t maxLineBytes = std::size_t(32) << 20; // longest line held whole
    std::size_t surveyBytes = std::size_t(16) << 20;  // most text lookAhead() may hold
    std::uint64_t maxTextBytes = 0; // of a compressed file; 0: LogTextSource's cap
};

// A piece of a log's text: whole lines, the last one without its '\n' at the end of the text.
// A line longer than LogReadLimits::maxLineBytes comes alone, as its first maxLineBytes bytes,
// with its real length (the rest was skipped).
struct LogTextChunk
{
    std::string_view text;
    std::uint64_t cutLineBytes = 0;     // 0, or the whole length of the cut line ('\n' excluded)
    std::uint64_t cutLineTextBytes = 0; // the same without its trailing '\r's
};

// Cuts a log's text into chunks that end at line boundaries, carrying a partial last line into
// the next chunk, so that no more than about one chunk (or one long line, up to maxLineBytes) is
// held at a time. Long lines are kept whole up to maxLineBytes: a progress bar redrawn with '\r'
// without a newline for a whole run is one such line, and every state of it counts
// (LogLineSplitter keeps the last one, the builder reads the step times of all).
class LogTextChunks
{
public:
    LogTextChunks(LogTextSource *source, const LogReadLimits &limits);
    ~LogTextChunks();
    LogTextChunks(const LogTextChunks &) = delete;
    LogTextChunks &operator=(const LogTextChunks &) = delete;

    // Before the first next(): the text from the start up to `lines` complete lines (or the
    // whole text, or surveyBytes), for a first look at the file. Valid until next().
    std::string_view lookAhead(std::size_t lines);

    // The next chunk; false at the end of the text. `chunk->text` is valid until the next call.
    bool next(LogTextChunk *chunk);

    // The largest buffer held so far (for tests of the bound).
    std::size_t peakBufferBytes() const { return m_capacity; }

private:
    std::size_t size() const { return m_end - m_begin; }
    const char *data() const { return m_buffer.get() + m_begin; }
    void fill(std::size_t bytes);
    void reserve(std::size_t bytes);
    bool take(std::size_t bytes, LogTextChunk *chunk);
    bool takeLongLine(LogTextChunk *chunk);
    bool cutLongLine(LogTextChunk *chunk);

    LogTextSource *m_source;
    LogReadLimits m_limits;
    std::unique_ptr<char[]> m_buffer;
    std::size_t m_capacity = 0;
    std::size_t m_begin = 0; // the text not handed on yet is [m_begin, m_end)
    std::size_t m_end = 0;
    bool m_sourceEnded = false;
};

} // namespace rankscope
