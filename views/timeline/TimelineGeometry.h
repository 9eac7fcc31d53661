#pragma once

#include "views/timeline/TimelineLanes.h"

#include <QColor>
#include <QFontMetrics>

#include <algorithm>
#include <vector>

namespace rankscope::timeline {

// Sizes and colours shared by the timeline's interaction and painting halves.
inline constexpr int kLaneGap = 8;
inline constexpr int kKindCount = int(TraceEventKind::GpuUserAnnotation) + 1;
inline const QColor kHeaderBackground(0xf3, 0xf5, 0xf8);
inline const QColor kHeaderLine(0xd0, 0xd5, 0xdc);
inline const QColor kHeaderText(0x33, 0x3a, 0x44);
inline const QColor kHighlight(0x7b, 0x2c, 0xbf);

inline int rowHeight(const QFontMetrics &metrics)
{
    return metrics.height() + 4;
}

// Index of the first slice of a depth that can reach into [from, ...): slices are sorted by
// start, and none is longer than `longest`.
inline std::size_t firstCandidate(const std::vector<TimelineSlice> &slices, double from,
                                  std::int64_t longest)
{
    const double bound = from - double(longest);
    return std::size_t(
        std::lower_bound(slices.begin(), slices.end(), bound,
                         [](const TimelineSlice &s, double t) { return double(s.startNs) < t; }) -
        slices.begin());
}

} // namespace rankscope::timeline
