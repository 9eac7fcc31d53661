#pragma once

#include <string>
#include <string_view>

namespace rankscope {

// ANSI styling that disappears when colour is off, so renderers write one code path.
class TerminalText
{
public:
    explicit TerminalText(bool color) : m_color(color) {}

    std::string bold(std::string_view text) const { return wrap("1", text); }
    std::string dim(std::string_view text) const { return wrap("2", text); }
    std::string red(std::string_view text) const { return wrap("31", text); }
    std::string green(std::string_view text) const { return wrap("32", text); }
    std::string yellow(std::string_view text) const { return wrap("33", text); }
    std::string boldRed(std::string_view text) const { return wrap("1;31", text); }

    // Columns the text takes on screen: UTF-8 continuation bytes and escapes take none.
    static int displayWidth(std::string_view text);
    // Pads with spaces to `width` display columns.
    static std::string padded(std::string text, int width);
    // Cuts to at most `maxChars` display columns, ending in "..." when cut.
    static std::string shortened(std::string text, int maxChars);

private:
    std::string wrap(std::string_view code, std::string_view text) const;
    bool m_color;
};

} // namespace rankscope
