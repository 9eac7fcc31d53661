#pragma once

#include "views/logs/LogLineFilter.h"
#include "views/logs/LogLineSource.h"

#include <memory>
#include <vector>

namespace rankscope {

// Lines held in memory, in time order: small jobs, tests, screenshots.
class VectorLogLineSource : public LogLineSource
{
public:
    explicit VectorLogLineSource(std::vector<LogLine> lines);

    qint64 lineCount() const override;
    LogLine line(qint64 row) const override;
    qint64 rowAtTime(qint64 timeNs) const override;
    const std::vector<LogLine> &allLines() const { return m_lines; }

private:
    std::vector<LogLine> m_lines;
};

// The rows of another source that a filter lets through, found by one pass over it (so only
// for sources that are cheap to read in full; the cache filters in its query instead).
class FilteredLogLineSource : public LogLineSource
{
public:
    FilteredLogLineSource(std::shared_ptr<const LogLineSource> base, const LogLineFilter &filter);

    qint64 lineCount() const override;
    LogLine line(qint64 row) const override;
    qint64 rowAtTime(qint64 timeNs) const override;
    // Row of the base source behind `row`.
    qint64 baseRow(qint64 row) const { return m_rows[std::size_t(row)]; }

private:
    std::shared_ptr<const LogLineSource> m_base;
    std::vector<qint64> m_rows;
};

} // namespace rankscope
