#pragma once

#include "importers/logs/LogProblemList.h"
#include "importers/logs/LogTextChunks.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace rankscope {

// Longest line kept; the rest of a longer line is dropped and reported.
inline constexpr std::size_t kMaxLogLineBytes = 64 * 1024;

struct RawLogLine
{
    std::int64_t number = 0; // 1-based, in the decompressed text
    // What a terminal shows: the last non-empty '\r'-separated segment (progress bars redraw
    // themselves with '\r'), as valid UTF-8 without control characters other than tab.
    std::string_view text;
    // The segments that were overwritten, raw and '\r'-separated (empty for most lines): the
    // earlier states of a progress bar, which still carry step numbers and rates.
    std::string_view overwritten;
};

// Splits decompressed log text into lines without copying the ones that need no repair. Handles
// LF and CRLF endings and '\r' redraws; strips ANSI escapes; drops NUL and other control bytes;
// replaces invalid UTF-8 by U+FFFD; skips lines that are mostly binary (a crash's preallocated
// blocks, a binary file named .log); cuts lines longer than kMaxLogLineBytes. Every repair is
// reported to `problems` with its line number, consecutive binary lines as one range.
// The text comes in chunks of whole lines (LogTextChunks); line numbers and runs of binary lines
// go on across them, so any cut into chunks gives the same lines and problems.
class LogLineSplitter
{
public:
    explicit LogLineSplitter(LogProblemList *problems);

    // The next chunk of text, once next() has returned false for the one before.
    void feed(const LogTextChunk &chunk);

    // The next line of the chunk worth reading; false at its end. `line->text` stays valid until
    // the next call (it may point into the chunk or into the splitter's own buffer).
    bool next(RawLogLine *line);

    // The text has ended: reports the binary lines at its end.
    void finish() { flushJunk(); }

    std::int64_t linesRead() const { return m_lineNumber; }

private:
    bool clean(std::string_view raw, std::string_view *cleaned); // false: binary junk
    void noteJunk(std::uint64_t bytes);
    void flushJunk();

    std::string_view m_text;
    std::size_t m_pos = 0;
    std::uint64_t m_cutLineBytes = 0; // the chunk is the start of a longer line (LogTextChunk)
    std::uint64_t m_cutLineTextBytes = 0;
    std::int64_t m_lineNumber = 0;
    LogProblemList *m_problems;
    std::string m_cleaned;
    std::string m_ansiFree;
    std::int64_t m_junkFirst = 0; // first line of the current run of binary lines, 0 if none
    std::int64_t m_junkLast = 0;
    std::uint64_t m_junkBytes = 0;
};

} // namespace rankscope
