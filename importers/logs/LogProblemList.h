#pragma once

#include "core/logs/LogModel.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace rankscope {

// Collects one log file's problems as sentences that name the file and the line ("logs/rank3.log,
// line 12: 3 bytes of invalid UTF-8 replaced by U+FFFD."). Keeps at most a few of each kind, so
// a ten-million-line Latin-1 file gives a readable list, and ends with a count of the rest.
class LogProblemList
{
public:
    enum Kind
    {
        Unreadable,
        Compression,
        BinaryJunk,
        InvalidUtf8,
        ControlCharacters,
        LongLine,
        KindCount
    };

    explicit LogProblemList(std::string fileName);

    // `what` is the sentence after "file, line N: " (or "file: " when line is 0), no final dot.
    void add(Kind kind, std::int64_t line, const std::string &what);
    // For a range of lines ("lines 100-140: ...").
    void addRange(Kind kind, std::int64_t firstLine, std::int64_t lastLine,
                  const std::string &what);

    // The problems, with one summary sentence per kind that had more than were kept.
    std::vector<LogProblem> take();

private:
    static constexpr int kKeptPerKind = 20;

    bool keep(Kind kind);

    std::string m_fileName;
    std::vector<LogProblem> m_problems;
    std::array<std::int64_t, KindCount> m_counts{};
};

} // namespace rankscope
