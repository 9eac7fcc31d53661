#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace rankscope {

// Most lines one event may absorb; a longer run of continuations starts a new event, so one
// runaway block (an argument dump, a frame list in a loop) cannot swallow a file.
inline constexpr std::uint32_t kMaxMergedLines = 512;

// Decides which lines continue the event before them, per stream (a rank, a worker process or
// container whose rank is not known yet, or the lines of no rank), so that when ranks interleave
// in combined output each rank's traceback is still one event. Streams are small dense numbers
// the caller assigns (LogEventBuilder: 0 for lines of no rank). Continuations:
//   - a Python traceback: "Traceback (most recent call last):", its indented lines, and the
//     first non-indented line, the exception ("RuntimeError: ...");
//   - C++ frame lists: "frame #3: ..." and "Exception raised from ... (most recent call first):";
//   - multi-line NCCL errors: "ncclSystemError: ...", "ncclInternalError: ...", "Last error:" and
//     the line after it;
//   - indented continuations: lines that start with two spaces or a tab.
// A line with its own timestamp or level, or an iteration line, starts a new event - unless it
// is a frame line or a traceback's body or exception line (writers that stamp every line).
class MultiLineMerger
{
public:
    // True when the line continues the stream's open event (the caller appends it there).
    // `standalone`: the line had a timestamp or level header, or is a progress line.
    bool continues(std::size_t stream, std::string_view content, bool standalone);

    // The line became a new event of `stream` with index `event`.
    void started(std::size_t stream, std::int64_t event, std::string_view content);

    // Nothing may continue the stream's last event (a progress line is complete in itself).
    void close(std::size_t stream);

    // The open event of a stream, -1 when none.
    std::int64_t openEvent(std::size_t stream) const;

    // Nothing may continue an event before `event` any more (it is handed on, LogEventSink).
    void closeBefore(std::int64_t event);

private:
    enum class Mode : std::uint8_t
    {
        Plain,
        Traceback,     // inside a traceback until its exception line
        AfterLastError // the line after NCCL's "Last error:" belongs to it
    };
    struct Stream
    {
        std::int64_t event = -1;
        std::uint32_t lines = 0;
        Mode mode = Mode::Plain;
        bool afterFileLine = false; // the last joined line was a traceback's "File ..." line
    };
    Stream &stream(std::size_t index);
    static bool continuesDespiteHeader(Stream &s, std::string_view content);

    std::vector<Stream> m_streams;
};

} // namespace rankscope
