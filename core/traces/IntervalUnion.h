#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace rankscope {

// A half-open time interval [startNs, endNs).
struct TimeInterval
{
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
};

// The union of a set of intervals as sorted, disjoint, non-touching pieces, with prefix sums of
// their lengths, so that "how much of [a, b) does the union cover" costs two binary searches
// instead of a scan. Built once per trace and queried once per window.
class IntervalUnion
{
public:
    IntervalUnion() = default;

    // Sorts and merges `intervals` (reordered in place; empty and negative ones are dropped).
    static IntervalUnion fromIntervals(std::vector<TimeInterval> &intervals);
    // Takes pieces that are already sorted, disjoint and non-empty (checked in debug builds).
    static IntervalUnion fromDisjointSorted(std::vector<TimeInterval> pieces);

    // The measure of (union ∩ [startNs, endNs)); 0 for an empty or inverted query.
    std::int64_t measure(std::int64_t startNs, std::int64_t endNs) const;
    std::int64_t totalNs() const { return m_prefixNs.empty() ? 0 : m_prefixNs.back(); }
    bool empty() const { return m_pieces.empty(); }
    std::span<const TimeInterval> pieces() const { return m_pieces; }

private:
    void buildPrefix();

    std::vector<TimeInterval> m_pieces;
    std::vector<std::int64_t> m_prefixNs; // m_prefixNs[i] = length of pieces [0, i]
};

} // namespace rankscope
