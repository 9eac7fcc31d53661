#include "views/logs/MemoryLogLineSource.h"

#include <algorithm>

namespace rankscope {

VectorLogLineSource::VectorLogLineSource(std::vector<LogLine> lines) : m_lines(std::move(lines)) {}

qint64 VectorLogLineSource::lineCount() const
{
    return qint64(m_lines.size());
}

LogLine VectorLogLineSource::line(qint64 row) const
{
    if (row < 0 || row >= lineCount())
        return {};
    return m_lines[std::size_t(row)];
}

qint64 VectorLogLineSource::rowAtTime(qint64 timeNs) const
{
    const auto it = std::lower_bound(m_lines.begin(), m_lines.end(), timeNs,
                                     [](const LogLine &line, qint64 t) { return line.timeNs < t; });
    return qint64(it - m_lines.begin());
}

FilteredLogLineSource::FilteredLogLineSource(std::shared_ptr<const LogLineSource> base,
                                             const LogLineFilter &filter)
    : m_base(std::move(base))
{
    if (!m_base)
        return;
    const LogLineMatcher matcher(filter);
    if (!matcher.isValid())
        return;
    const qint64 count = m_base->lineCount();
    constexpr qint64 kPage = 4096;
    for (qint64 first = 0; first < count; first += kPage) {
        const std::vector<LogLine> page = m_base->lines(first, kPage);
        for (std::size_t i = 0; i < page.size(); ++i) {
            if (matcher.matches(page[i]))
                m_rows.push_back(first + qint64(i));
        }
    }
}

qint64 FilteredLogLineSource::lineCount() const
{
    return qint64(m_rows.size());
}

LogLine FilteredLogLineSource::line(qint64 row) const
{
    if (row < 0 || row >= lineCount())
        return {};
    return m_base->line(m_rows[std::size_t(row)]);
}

qint64 FilteredLogLineSource::rowAtTime(qint64 timeNs) const
{
    const qint64 baseRow = m_base ? m_base->rowAtTime(timeNs) : -1;
    if (baseRow < 0)
        return -1;
    return qint64(std::lower_bound(m_rows.begin(), m_rows.end(), baseRow) - m_rows.begin());
}

} // namespace rankscope
