#pragma once

#include <array>
#include <string_view>
#include <vector>

namespace rankscope {

// Drain's tokenization (algorithms.md 1.3): split on whitespace, where extra delimiters count
// as whitespace too. Whitespace is what Python's str.split() splits ASCII text on, including
// the \x1c-\x1f separators. The tokens are views into the text.
class LogTokenizer
{
public:
    explicit LogTokenizer(std::string_view extraDelimiters = {});
    void split(std::string_view text, std::vector<std::string_view> &tokens) const;

private:
    std::array<bool, 256> m_separator{};
};

} // namespace rankscope
