#include "core/synth/SyntheticLogStream.h"

#include <algorithm>

namespace rankscope {

void SyntheticLogStream::closeLastLine()
{
    if (m_open)
        m_entries.back().end = static_cast<std::uint32_t>(m_text.size());
    m_open = false;
}

std::string &SyntheticLogStream::line(std::int64_t alignedNs)
{
    closeLastLine();
    const auto begin = static_cast<std::uint32_t>(m_text.size());
    m_entries.push_back({alignedNs, begin, begin});
    m_open = true;
    return m_text;
}

void SyntheticLogStream::lines(std::int64_t alignedNs, std::string_view text)
{
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        line(alignedNs).append(text.substr(start, end - start));
        start = end + 1;
    }
}

void SyntheticLogStream::finish()
{
    closeLastLine();
    // Stable: the lines of one record (a traceback, a frame list) share a time and stay in order.
    std::stable_sort(m_entries.begin(), m_entries.end(),
                     [](const Entry &a, const Entry &b) { return a.alignedNs < b.alignedNs; });
}

std::string_view SyntheticLogStream::text(std::size_t index) const
{
    const Entry &entry = m_entries[index];
    return std::string_view(m_text).substr(entry.begin, entry.end - entry.begin);
}

} // namespace rankscope
