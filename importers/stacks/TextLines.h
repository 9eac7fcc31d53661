#pragma once

#include "core/model/AsciiText.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace rankscope {

// Walks decoded text line by line, 1-based line numbers, without copying. Strips the '\r' of
// CRLF endings so parsers see the same lines whatever system wrote the file, and remembers
// whether the last line was terminated: dump tools always end their output with a newline, so
// a missing one means the file was cut.
class TextLines
{
public:
    explicit TextLines(std::string_view text);

    // The next line without its end-of-line bytes; false at the end of the text.
    bool next(std::string_view *line);

    std::int64_t lineNumber() const { return m_lineNumber; } // of the line last returned
    bool lastLineTerminated() const { return m_lastTerminated; }

private:
    std::string_view m_text;
    std::size_t m_pos = 0;
    std::int64_t m_lineNumber = 0;
    bool m_lastTerminated = true;
};

// Removes ANSI escape sequences (colours, bold, dim) that py-spy and pystack print when their
// output was forced to colour or captured from a terminal. Returns the line unchanged (as a
// view into *storage or the input) when it has none.
std::string_view stripAnsiEscapes(std::string_view line, std::string *storage);

// The small helpers below are inline: parsers call them several times per line, and a call
// into another file cost more than the work.
// ' ', '\t', '\n', '\v', '\f', '\r' (the last five are the contiguous codes 9 to 13).
inline bool isAsciiSpace(char c)
{
    return c == ' ' || static_cast<unsigned char>(c - '\t') <= '\r' - '\t';
}

inline std::string_view trimTrailingWhitespace(std::string_view text)
{
    std::size_t size = text.size();
    while (size > 0 && isAsciiSpace(text[size - 1]))
        --size;
    return text.substr(0, size);
}

inline std::string_view trimWhitespace(std::string_view text)
{
    std::size_t start = 0;
    while (start < text.size() && isAsciiSpace(text[start]))
        ++start;
    return trimTrailingWhitespace(text.substr(start));
}

inline bool endsWith(std::string_view text, std::string_view suffix)
{
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// Spaces and tabs (a tab counts as one).
inline std::size_t leadingSpaces(std::string_view line)
{
    std::size_t n = 0;
    while (n < line.size() && (line[n] == ' ' || line[n] == '\t'))
        ++n;
    return n;
}

// Strict unsigned integer parsing: decimal digits only (or 0x/0X hex when allowHex), no sign,
// no overflow. False on anything else.
bool parseUnsigned(std::string_view text, std::uint64_t *value, bool allowHex = false);

// 1-based line number of a byte offset (for messages about JSON parse errors).
std::int64_t lineOfOffset(std::string_view text, std::size_t offset);

} // namespace rankscope
