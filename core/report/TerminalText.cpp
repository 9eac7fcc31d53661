#include "core/report/TerminalText.h"

namespace rankscope {

std::string TerminalText::wrap(std::string_view code, std::string_view text) const
{
    if (!m_color || text.empty())
        return std::string(text);
    std::string out = "\x1b[";
    out += code;
    out += 'm';
    out += text;
    out += "\x1b[0m";
    return out;
}

int TerminalText::displayWidth(std::string_view text)
{
    int width = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c == 0x1b) {
            // Skip "ESC [ ... m".
            while (i < text.size() && text[i] != 'm')
                ++i;
            continue;
        }
        if ((c & 0xC0) != 0x80)
            ++width;
    }
    return width;
}

std::string TerminalText::padded(std::string text, int width)
{
    const int have = displayWidth(text);
    if (have < width)
        text.append(static_cast<std::size_t>(width - have), ' ');
    return text;
}

std::string TerminalText::shortened(std::string text, int maxChars)
{
    if (maxChars < 4 || static_cast<int>(text.size()) <= maxChars)
        return text;
    std::size_t cut = static_cast<std::size_t>(maxChars - 3);
    // Never cut inside a UTF-8 sequence.
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
        --cut;
    text.resize(cut);
    text += "...";
    return text;
}

} // namespace rankscope
