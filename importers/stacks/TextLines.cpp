#include "importers/stacks/TextLines.h"

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

bool parseUnsigned(std::string_view text, std::uint64_t *value, bool allowHex)
{
    const bool hex =
        allowHex && text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    if (hex)
        text.remove_prefix(2);
    if (text.empty())
        return false;
    std::uint64_t result = 0;
    if (!hex && text.size() <= 19) {
        // Every frame line has a line number: 19 decimal digits cannot overflow 64 bits, so
        // the usual short number needs no overflow test.
        for (char c : text) {
            const unsigned digit = unsigned(c - '0');
            if (digit > 9)
                return false;
            result = result * 10 + digit;
        }
        *value = result;
        return true;
    }
    const unsigned base = hex ? 16 : 10;
    for (char c : text) {
        unsigned digit = unsigned(c - '0');
        if (digit > 9) {
            const unsigned lower = unsigned(c | 0x20); // 'A'..'F' -> 'a'..'f'
            if (!hex || lower < 'a' || lower > 'f')
                return false;
            digit = lower - 'a' + 10;
        }
        if (__builtin_mul_overflow(result, base, &result) ||
            __builtin_add_overflow(result, digit, &result))
            return false;
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
