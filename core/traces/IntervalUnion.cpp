#include "core/traces/IntervalUnion.h"

#include <algorithm>
#include <cassert>

namespace rankscope {

IntervalUnion IntervalUnion::fromIntervals(std::vector<TimeInterval> &intervals)
{
    std::sort(intervals.begin(), intervals.end(),
              [](const TimeInterval &a, const TimeInterval &b) { return a.startNs < b.startNs; });
    IntervalUnion result;
    for (const TimeInterval &interval : intervals) {
        if (interval.endNs <= interval.startNs)
            continue;
        // Touching pieces merge too: fewer pieces, same measure.
        if (!result.m_pieces.empty() && interval.startNs <= result.m_pieces.back().endNs)
            result.m_pieces.back().endNs = std::max(result.m_pieces.back().endNs, interval.endNs);
        else
            result.m_pieces.push_back(interval);
    }
    result.buildPrefix();
    return result;
}

IntervalUnion IntervalUnion::fromDisjointSorted(std::vector<TimeInterval> pieces)
{
    IntervalUnion result;
    result.m_pieces = std::move(pieces);
#ifndef NDEBUG
    for (std::size_t i = 0; i < result.m_pieces.size(); ++i) {
        assert(result.m_pieces[i].startNs < result.m_pieces[i].endNs);
        assert(i == 0 || result.m_pieces[i - 1].endNs <= result.m_pieces[i].startNs);
    }
#endif
    result.buildPrefix();
    return result;
}

void IntervalUnion::buildPrefix()
{
    m_prefixNs.resize(m_pieces.size());
    std::int64_t sum = 0;
    for (std::size_t i = 0; i < m_pieces.size(); ++i) {
        sum += m_pieces[i].endNs - m_pieces[i].startNs;
        m_prefixNs[i] = sum;
    }
}

std::int64_t IntervalUnion::measure(std::int64_t startNs, std::int64_t endNs) const
{
    if (endNs <= startNs || m_pieces.empty())
        return 0;
    // First piece ending after the query starts, and one past the last piece starting before
    // the query ends: the pieces [first, last) overlap the query.
    const auto first = std::upper_bound(
        m_pieces.begin(), m_pieces.end(), startNs,
        [](std::int64_t time, const TimeInterval &piece) { return time < piece.endNs; });
    const auto last = std::lower_bound(
        first, m_pieces.end(), endNs,
        [](const TimeInterval &piece, std::int64_t time) { return piece.startNs < time; });
    if (first >= last)
        return 0;
    const std::size_t firstIndex = std::size_t(first - m_pieces.begin());
    const std::size_t lastIndex = std::size_t(last - m_pieces.begin()) - 1;
    std::int64_t covered =
        m_prefixNs[lastIndex] - (firstIndex > 0 ? m_prefixNs[firstIndex - 1] : 0);
    // Cut the parts of the edge pieces that stick out of the query.
    covered -= std::max<std::int64_t>(0, startNs - first->startNs);
    covered -= std::max<std::int64_t>(0, m_pieces[lastIndex].endNs - endNs);
    return covered;
}

} // namespace rankscope
