#include "importers/stacks/TextLines.h"

#include <limits>

namespace rankscope {

TextLines::TextLines(std::string_view text) : m_text(text)
{
    // A UTF-8 byte order mark would otherwise be glued to the first line's first token.
    if (startsWith(m_text, "\xEF\xBB\xBF"))
        m_pos = 3;
}

bool TextLines::next(std::string_view *line)
{
    if (m_pos >= m_text.size())
        return false;
    const std::size_t end = m_text.find('\n', m_pos);
    std::string_view raw;
    if (end == std::string_view::npos) {
        raw = m_text.substr(m_pos);
        m_pos = m_text.size();
        m_lastTerminated = false;
    } else {
        raw = m_text.substr(m_pos, end - m_pos);
        m_pos = end + 1;
        m_lastTerminated = true;
    }
    if (!raw.empty() && raw.back() == '\r')
        raw.remove_suffix(1);
    *line = raw;
    ++m_lineNumber;
    return true;
}

std::string_view stripAnsiEscapes(std::string_view line, std::string *storage)
{
    if (line.find('\x1b') == std::string_view::npos)
        return line;
    storage->clear();
    storage->reserve(line.size());
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i] != '\x1b') {
            storage->push_back(line[i]);
            continue;
        }
        // CSI: ESC '[' parameters ... final byte in 0x40..0x7E. Other escapes: ESC + one byte.
        if (i + 1 < line.size() && line[i + 1] == '[') {
            std::size_t j = i + 2;
            while (j < line.size() && !(line[j] >= 0x40 && line[j] <= 0x7E))
                ++j;
            i = j; // skips the final byte too (or runs off the end of a cut sequence)
        } else {
            ++i;
        }
    }
    return *storage;
}

static bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

std::string_view trimWhitespace(std::string_view text)
{
    while (!text.empty() && isSpace(text.front()))
        text.remove_prefix(1);
    return trimTrailingWhitespace(text);
}

std::string_view trimTrailingWhitespace(std::string_view text)
{
    while (!text.empty() && isSpace(text.back()))
        text.remove_suffix(1);
    return text;
}

bool startsWith(std::string_view text, std::string_view prefix)
{
    return text.substr(0, prefix.size()) == prefix;
}

bool endsWith(std::string_view text, std::string_view suffix)
{
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

std::size_t leadingSpaces(std::string_view line)
{
    std::size_t n = 0;
    while (n < line.size() && (line[n] == ' ' || line[n] == '\t'))
        ++n;
    return n;
}

bool parseUnsigned(std::string_view text, std::uint64_t *value, bool allowHex)
{
    unsigned base = 10;
    if (allowHex && text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        base = 16;
        text.remove_prefix(2);
    }
    if (text.empty())
        return false;
    std::uint64_t result = 0;
    constexpr std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
    for (char c : text) {
        unsigned digit;
        if (c >= '0' && c <= '9')
            digit = unsigned(c - '0');
        else if (base == 16 && c >= 'a' && c <= 'f')
            digit = unsigned(c - 'a' + 10);
        else if (base == 16 && c >= 'A' && c <= 'F')
            digit = unsigned(c - 'A' + 10);
        else
            return false;
        if (result > (max - digit) / base)
            return false;
        result = result * base + digit;
    }
    *value = result;
    return true;
}

std::int64_t lineOfOffset(std::string_view text, std::size_t offset)
{
    std::int64_t line = 1;
    const std::size_t end = offset < text.size() ? offset : text.size();
    for (std::size_t i = 0; i < end; ++i) {
        if (text[i] == '\n')
            ++line;
    }
    return line;
}

} // namespace rankscope
