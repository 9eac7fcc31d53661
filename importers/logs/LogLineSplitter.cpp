#include "importers/logs/LogLineSplitter.h"

#include "importers/Utf8Sequence.h"
#include "importers/stacks/TextLines.h"

#include <algorithm>
#include <cstring>

namespace rankscope {

// Named, not anonymous: a unity build puts this file beside others with helpers of the same names.
namespace log_line_splitter {

// True when the bytes hold anything but printable ASCII: a byte >= 0x80 or < 0x20 (tab
// included, so tab lines take the slow path, which keeps them). Eight bytes at a time, since
// nearly every line of a real log is plain ASCII and this decides whether it is copied.
bool needsCleaning(const char *p, std::size_t n)
{
    constexpr std::uint64_t kHigh = 0x8080808080808080ull;
    constexpr std::uint64_t kSpaces = 0x2020202020202020ull;
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        std::uint64_t w;
        std::memcpy(&w, p + i, 8);
        if ((w & kHigh) || ((w - kSpaces) & ~w & kHigh))
            return true;
    }
    for (; i < n; ++i) {
        const auto c = static_cast<unsigned char>(p[i]);
        if (c >= 0x80 || c < 0x20)
            return true;
    }
    return false;
}

bool isBlankSegment(std::string_view segment)
{
    for (char c : segment) {
        if (c != ' ' && c != '\t')
            return false;
    }
    return true;
}

// A cut that does not split a UTF-8 sequence.
std::size_t utf8SafeCut(std::string_view text, std::size_t limit)
{
    std::size_t cut = limit;
    for (int back = 0; back < 3 && cut > 0; ++back) {
        if ((static_cast<unsigned char>(text[cut]) & 0xC0) != 0x80)
            break;
        --cut;
    }
    return cut;
}

} // namespace log_line_splitter

using namespace log_line_splitter;

LogLineSplitter::LogLineSplitter(LogProblemList *problems) : m_problems(problems) {}

void LogLineSplitter::feed(const LogTextChunk &chunk)
{
    m_text = chunk.text;
    m_pos = 0;
    m_cutLineBytes = chunk.cutLineBytes;
    m_cutLineTextBytes = chunk.cutLineTextBytes;
}

bool LogLineSplitter::next(RawLogLine *line)
{
    while (m_pos < m_text.size()) {
        const char *start = m_text.data() + m_pos;
        const std::size_t left = m_text.size() - m_pos;
        const auto *newline = static_cast<const char *>(std::memchr(start, '\n', left));
        const std::size_t length = newline ? std::size_t(newline - start) : left;
        m_pos += length + (newline ? 1 : 0);
        ++m_lineNumber;

        std::string_view raw(start, length);
        // A line longer than LogTextChunks holds comes as its start, with its whole length:
        // the '\r's it ends in are the whole line's, not those at the end of the start.
        const bool cut = m_cutLineBytes > 0 && !newline;
        std::uint64_t fullLength = length;
        std::uint64_t textLength = length;
        if (cut) {
            fullLength = m_cutLineBytes;
            textLength = m_cutLineTextBytes;
            if (textLength < raw.size())
                raw = raw.substr(0, std::size_t(textLength));
        } else {
            while (!raw.empty() && raw.back() == '\r')
                raw.remove_suffix(1);
        }

        const std::size_t headSize = raw.size();

        // Plain printable ASCII, nearly every line of a real log, needs nothing more.
        const bool plain = !needsCleaning(raw.data(), std::min(raw.size(), kMaxLogLineBytes + 1));
        // Progress bars redraw with '\r': keep the last non-empty segment as the line.
        std::string_view overwritten;
        if (!plain && std::memchr(raw.data(), '\r', raw.size())) {
            std::size_t end = raw.size();
            while (true) {
                const std::size_t cr = raw.rfind('\r', end == 0 ? 0 : end - 1);
                const std::size_t segStart = cr == std::string_view::npos ? 0 : cr + 1;
                if (!isBlankSegment(raw.substr(segStart, end - segStart)) ||
                    cr == std::string_view::npos) {
                    overwritten = raw.substr(0, segStart);
                    raw = raw.substr(segStart, end - segStart);
                    break;
                }
                end = cr;
            }
        }

        if (cut && raw.size() != headSize) {
            // A '\r' redraw inside a line too long to hold: its states after the part that was
            // read are lost, whatever the text shown.
            m_problems->add(LogProblemList::LongLine, m_lineNumber,
                            "the line is " + std::to_string(textLength) +
                                " bytes long; only its first " + std::to_string(length) +
                                " bytes were read");
            if (raw.size() > kMaxLogLineBytes)
                raw = raw.substr(0, utf8SafeCut(raw, kMaxLogLineBytes));
        } else if (const std::uint64_t rawLength = cut ? textLength : raw.size();
                   rawLength > kMaxLogLineBytes) {
            m_problems->add(LogProblemList::LongLine, m_lineNumber,
                            "the line is " + std::to_string(rawLength) +
                                " bytes long; only its first " + std::to_string(kMaxLogLineBytes) +
                                " bytes were kept");
            raw = raw.substr(0, utf8SafeCut(raw, kMaxLogLineBytes));
        }

        std::string_view text = raw;
        if (!plain && needsCleaning(raw.data(), raw.size()) && !clean(raw, &text)) {
            noteJunk(fullLength);
            continue;
        }
        flushJunk();
        line->number = m_lineNumber;
        line->text = text;
        line->overwritten = overwritten;
        return true;
    }
    return false;
}

bool LogLineSplitter::clean(std::string_view raw, std::string_view *cleaned)
{
    std::string_view text = raw;
    if (std::memchr(raw.data(), '\x1b', raw.size()))
        text = stripAnsiEscapes(raw, &m_ansiFree);

    // Judge the line without its NUL bytes: a crash leaves NUL padding in front of readable
    // text, which is worth keeping; what is mostly other control bytes or invalid UTF-8 is not.
    std::size_t nuls = 0;
    std::size_t controls = 0;
    std::size_t invalid = 0;
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == 0) {
            ++nuls, ++i;
        } else if (c < 0x20 && c != '\t') {
            ++controls, ++i;
        } else if (c < 0x80) {
            ++i;
        } else if (const std::size_t n = validUtf8Length(text, i)) {
            i += n;
        } else {
            ++invalid, ++i;
        }
    }
    if (text.empty()) { // nothing but ANSI escapes
        *cleaned = text;
        return true;
    }
    const std::size_t meaningful = text.size() - nuls;
    if (meaningful == 0 || (controls + invalid) * 4 > meaningful)
        return false;
    if (nuls + controls + invalid == 0) {
        *cleaned = text;
        return true;
    }

    m_cleaned.clear();
    m_cleaned.reserve(text.size() + invalid * 2);
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x20 && c != '\t') {
            ++i;
        } else if (c < 0x80) {
            m_cleaned.push_back(char(c));
            ++i;
        } else if (const std::size_t n = validUtf8Length(text, i)) {
            m_cleaned.append(text.data() + i, n);
            i += n;
        } else {
            m_cleaned.append("\xEF\xBF\xBD"); // U+FFFD
            ++i;
        }
    }
    if (invalid > 0) {
        m_problems->add(LogProblemList::InvalidUtf8, m_lineNumber,
                        std::to_string(invalid) + (invalid == 1 ? " byte" : " bytes") +
                            " of invalid UTF-8 replaced by U+FFFD");
    }
    if (nuls + controls > 0) {
        m_problems->add(LogProblemList::ControlCharacters, m_lineNumber,
                        std::to_string(nuls + controls) + (nuls > 0
                                                               ? " NUL and control bytes removed"
                                                               : " control bytes removed"));
    }
    *cleaned = m_cleaned;
    return true;
}

void LogLineSplitter::noteJunk(std::uint64_t bytes)
{
    if (m_junkFirst == 0)
        m_junkFirst = m_lineNumber;
    m_junkLast = m_lineNumber;
    m_junkBytes += bytes;
}

void LogLineSplitter::flushJunk()
{
    if (m_junkFirst == 0)
        return;
    // The problem's line is the first; the sentence says where the run ends.
    const std::string extent =
        m_junkLast > m_junkFirst ? ", to line " + std::to_string(m_junkLast) : std::string();
    m_problems->add(LogProblemList::BinaryJunk, m_junkFirst,
                    "binary data (" + std::to_string(m_junkBytes) + " bytes" + extent +
                        ") skipped; the text around it was kept");
    m_junkFirst = m_junkLast = 0;
    m_junkBytes = 0;
}

} // namespace rankscope
