#include "core/logs/LogTokenizer.h"

namespace rankscope {

LogTokenizer::LogTokenizer(std::string_view extraDelimiters)
{
    for (const char c : std::string_view(" \t\n\v\f\r\x1c\x1d\x1e\x1f"))
        m_separator[static_cast<unsigned char>(c)] = true;
    for (const char c : extraDelimiters)
        m_separator[static_cast<unsigned char>(c)] = true;
}

void LogTokenizer::split(std::string_view text, std::vector<std::string_view> &tokens) const
{
    tokens.clear();
    const char *data = text.data();
    const std::size_t size = text.size();
    std::size_t i = 0;
    while (i < size) {
        while (i < size && m_separator[static_cast<unsigned char>(data[i])])
            ++i;
        const std::size_t start = i;
        while (i < size && !m_separator[static_cast<unsigned char>(data[i])])
            ++i;
        if (i > start)
            tokens.emplace_back(data + start, i - start);
    }
}

} // namespace rankscope
