#include "views/logs/LogLineFilter.h"

#include "views/logs/LogLineSource.h"

namespace rankscope {

bool LogLineFilter::isEmpty() const
{
    return *this == LogLineFilter();
}

bool operator==(const LogLineFilter &a, const LogLineFilter &b)
{
    return a.ranks == b.ranks && a.fromNs == b.fromNs && a.toNs == b.toNs &&
           a.windowLabel == b.windowLabel && a.minSeverity == b.minSeverity && a.text == b.text &&
           a.regex == b.regex && a.templ == b.templ && a.copies == b.copies;
}

LogLineMatcher::LogLineMatcher(const LogLineFilter &filter) : m_filter(filter)
{
    if (m_filter.regex && !m_filter.text.isEmpty()) {
        m_regex = QRegularExpression(m_filter.text, QRegularExpression::CaseInsensitiveOption);
        if (!m_regex.isValid())
            m_error = m_regex.errorString();
    }
}

bool LogLineMatcher::matches(const LogLine &line) const
{
    const LogLineFilter &f = m_filter;
    if (line.duplicate && !f.copies)
        return false;
    if (!f.ranks.empty() && (line.rank < 0 || !f.ranks.contains(line.rank)))
        return false;
    if (f.fromNs != LogLineFilter::kOpen && line.timeNs < f.fromNs)
        return false;
    if (f.toNs != LogLineFilter::kOpen && line.timeNs >= f.toNs)
        return false;
    if (f.minSeverity != LogSeverity::Unknown && line.severity < f.minSeverity)
        return false;
    if (f.templ != kNoTemplate && line.templateId != f.templ)
        return false;
    if (!f.text.isEmpty()) {
        if (!f.regex)
            return line.text.contains(f.text, Qt::CaseInsensitive);
        return m_regex.isValid() && m_regex.match(line.text).hasMatch();
    }
    return true;
}

} // namespace rankscope
