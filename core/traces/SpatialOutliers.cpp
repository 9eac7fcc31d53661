#include "core/traces/PeerConsensus.h"
#include "core/traces/StragglerDetection.h"
#include "core/traces/WindowJitter.h"

#include <algorithm>
#include <cmath>

namespace rankscope {

namespace {

// The typical jitter of the group's ranks in column c (median over the rows), 0 when unknown.
double groupJitter(const MetricMatrix &matrix, const PeerGroup &group, int c,
                   std::vector<double> &buffer)
{
    buffer.clear();
    for (int row : group.rows) {
        const double jitter = windowJitter(matrix, row, c);
        if (!std::isnan(jitter))
            buffer.push_back(jitter);
    }
    if (buffer.empty())
        return 0;
    const auto middle = buffer.begin() + std::ptrdiff_t(buffer.size() / 2);
    std::nth_element(buffer.begin(), middle, buffer.end());
    return *middle;
}

} // namespace

// Per window and per peer group, one C3 classification of the group's values in that window.
// Columns are strided in the row-major matrix, so each is gathered into a reused buffer.
SpatialOutliers detectSpatialOutliers(const MetricMatrix &matrix, std::span<const PeerGroup> groups,
                                      const StragglerParams &params)
{
    SpatialOutliers result;
    const std::size_t cellCount = matrix.values.size();
    result.cellFlags.assign(cellCount, 0);
    result.peerMedian.assign(cellCount, kNoMetricValue);
    const int columns = matrix.columnCount();

    std::vector<MetricValue> column;
    std::vector<std::uint8_t> flags;
    std::vector<double> jitters;
    PeerScratch scratch;
    for (const PeerGroup &group : groups) {
        column.resize(group.rows.size());
        flags.resize(group.rows.size());
        for (int c = 0; c < columns; ++c) {
            for (std::size_t i = 0; i < group.rows.size(); ++i)
                column[i] = matrix.at(group.rows[i], c);
            const PeerClassification verdict = classifyPeers(column, params, flags, scratch, [&]() {
                return groupJitter(matrix, group, c, jitters);
            });
            const bool any = !scratch.values.empty();
            for (std::size_t i = 0; i < group.rows.size(); ++i) {
                const std::size_t cell =
                    std::size_t(group.rows[i]) * std::size_t(columns) + std::size_t(c);
                result.cellFlags[cell] = flags[i];
                if (any)
                    result.peerMedian[cell] = MetricValue(verdict.center.median);
                if (flags[i] & OutlierFlag::Inconclusive)
                    ++result.inconclusiveCells;
            }
        }
    }
    return result;
}

} // namespace rankscope
