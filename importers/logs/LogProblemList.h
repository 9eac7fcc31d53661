#pragma once

#include "core/logs/LogModel.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace rankscope {

// Collects one log file's problems: the line number and a sentence that says what happened
// ("3 bytes of invalid UTF-8 replaced by U+FFFD."). The sentence names neither the file nor the
// line: whoever shows the problem says both once ("logs/rank3.log:12: 3 bytes of ..."). Keeps at
// most a few of each kind, so a ten-million-line Latin-1 file gives a readable list, and ends
// with a count of the rest.
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
        TimeOutOfRange,
        StepTimeOutOfRange,
        KindCount
    };

    // `what` is the sentence without its final dot; line 0 is the file as a whole.
    void add(Kind kind, std::int64_t line, const std::string &what);

    // The problems, with one summary sentence per kind that had more than were kept.
    std::vector<LogProblem> take();

private:
    static constexpr int kKeptPerKind = 20;

    bool keep(Kind kind);

    std::vector<LogProblem> m_problems;
    std::array<std::int64_t, KindCount> m_counts{};
};

} // namespace rankscope
