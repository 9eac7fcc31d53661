#include "views/logs/LogLineSource.h"

#include <algorithm>

namespace rankscope {

LogLineSource::~LogLineSource() = default;

std::vector<LogLine> LogLineSource::lines(qint64 first, qint64 count) const
{
    std::vector<LogLine> result;
    const qint64 end = std::min(lineCount(), first + std::max<qint64>(count, 0));
    for (qint64 row = std::max<qint64>(first, 0); row < end; ++row)
        result.push_back(line(row));
    return result;
}

qint64 LogLineSource::rowAtTime(qint64) const
{
    return -1;
}

} // namespace rankscope
