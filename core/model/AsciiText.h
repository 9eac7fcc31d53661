#pragma once

// Byte-level text tests shared by every parser. Log lines, paths and dumps are bytes, not text in
// a locale: these never consult <cctype>'s locale, and a byte above 0x7f is never a digit, a
// letter or a blank. One definition, so that the importers agree on what a digit is (and so that
// a unity build does not meet sixteen copies of it).

#include <cstring>
#include <string_view>

namespace rankscope {

constexpr bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// Space, tab, carriage return or line feed: what may surround a token in a line or a JSON text.
constexpr bool isBlank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

constexpr char lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
}

// glibc's memmem (two-way, vectorised) is several times faster than string_view::find on the
// long lines the log scanners test many needles against.
inline bool contains(std::string_view text, std::string_view part)
{
    if (part.empty())
        return true;
    return ::memmem(text.data(), text.size(), part.data(), part.size()) != nullptr;
}

constexpr bool startsWith(std::string_view text, std::string_view prefix)
{
    return text.substr(0, prefix.size()) == prefix;
}

} // namespace rankscope
