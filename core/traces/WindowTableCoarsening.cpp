#include "core/model/IntegerMath.h"
#include "core/traces/TraceWindowMetrics.h"

#include <algorithm>
#include <cmath>

namespace rankscope {

namespace {

// How many levels of 4x merging `factor` amounts to (1 when it is not a power of 4).
int levelsOf(int factor)
{
    int levels = 0;
    for (int f = factor; f > 1 && f % 4 == 0; f /= 4)
        ++levels;
    int power = 1;
    for (int i = 0; i < levels; ++i)
        power *= 4;
    return power == factor ? levels : 1;
}

bool rowBefore(const TraceWindowRow &a, const TraceWindowRow &b)
{
    return a.rank != b.rank ? a.rank < b.rank : a.window < b.window;
}

// Accumulates the fine rows of one coarse window.
class CoarseRowBuilder
{
public:
    void start(const TraceWindowRow &fine, std::int64_t window)
    {
        m_row = TraceWindowRow();
        m_row.rank = fine.rank;
        m_row.window = window;
        m_row.startNs = fine.startNs;
        m_row.endNs = fine.endNs;
        m_sums.fill(0);
        m_known.fill(0);
        add(fine);
    }
    void add(const TraceWindowRow &fine)
    {
        m_row.startNs = std::min(m_row.startNs, fine.startNs);
        m_row.endNs = std::max(m_row.endNs, fine.endNs);
        for (int m = 0; m < kTraceMetricCount; ++m) {
            if (!std::isnan(fine.values[m])) {
                m_sums[m] += fine.values[m];
                ++m_known[m];
            }
        }
    }
    TraceWindowRow finish() const
    {
        TraceWindowRow row = m_row;
        for (int m = 0; m < kTraceMetricCount; ++m) {
            if (m_known[m] == 0)
                continue; // stays NaN: no fine window knew it
            const bool mean = coarsensByMean(TraceMetric(m));
            row.values[m] = mean ? m_sums[m] / m_known[m] : m_sums[m];
        }
        return row;
    }
    bool matches(const TraceWindowRow &fine, std::int64_t window) const
    {
        return fine.rank == m_row.rank && window == m_row.window;
    }

private:
    TraceWindowRow m_row;
    std::array<double, kTraceMetricCount> m_sums{};
    std::array<int, kTraceMetricCount> m_known{};
};

} // namespace

TraceWindowTable coarsenWindowTable(const TraceWindowTable &fine, int factor)
{
    TraceWindowTable coarse;
    coarse.axis = fine.axis;
    factor = std::max(factor, 1);
    coarse.level = fine.level + (factor > 1 ? levelsOf(factor) : 0);
    coarse.binWidthNs = fine.binWidthNs * factor;
    coarse.originNs = fine.originNs;

    // Rows normally come sorted by (rank, window); sort a copy only when they do not.
    std::vector<TraceWindowRow> sortedCopy;
    std::span<const TraceWindowRow> rows = fine.rows;
    if (!std::is_sorted(rows.begin(), rows.end(), rowBefore)) {
        sortedCopy = fine.rows;
        std::stable_sort(sortedCopy.begin(), sortedCopy.end(), rowBefore);
        rows = sortedCopy;
    }

    // Count the coarse rows first: the table is reserved to its size, not grown by doubling.
    std::size_t coarseRows = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        coarseRows +=
            i == 0 || rows[i].rank != rows[i - 1].rank ||
            floorDivide(rows[i].window, factor) != floorDivide(rows[i - 1].window, factor);
    }
    coarse.rows.reserve(coarseRows);

    CoarseRowBuilder builder;
    bool open = false;
    for (const TraceWindowRow &row : rows) {
        const std::int64_t window = floorDivide(row.window, factor);
        if (open && builder.matches(row, window)) {
            builder.add(row);
            continue;
        }
        if (open)
            coarse.rows.push_back(builder.finish());
        builder.start(row, window);
        open = true;
    }
    if (open)
        coarse.rows.push_back(builder.finish());
    return coarse;
}

} // namespace rankscope
