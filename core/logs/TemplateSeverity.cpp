#include "core/logs/TemplateSeverity.h"

namespace rankscope {

LogSeverity minedTemplateSeverity(const TemplateSeverityCounts &counts)
{
    std::int64_t known = 0;
    for (std::size_t level = 1; level < counts.events.size(); ++level)
        known += counts.events[level];
    if (known == 0)
        return LogSeverity::Unknown;
    // From the top: the first level that, with everything above it, is at least half.
    std::int64_t atOrAbove = 0;
    for (std::size_t level = counts.events.size() - 1; level >= 1; --level) {
        atOrAbove += counts.events[level];
        if (atOrAbove * 2 >= known)
            return LogSeverity(level);
    }
    return LogSeverity::Debug;
}

} // namespace rankscope
