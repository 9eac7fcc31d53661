#include "views/heatmap/HeatmapColorMode.h"

#include "core/model/Median.h"

#include <algorithm>
#include <cmath>

namespace rankscope {

HeatmapColorMode resolvedColorMode(HeatmapColorMode chosen, TraceMetric metric)
{
    if (chosen != HeatmapColorMode::Automatic)
        return chosen;
    return isPeerRelativeMetric(metric) ? HeatmapColorMode::PeerMedian : HeatmapColorMode::Value;
}

PeerDeviation peerDeviation(const MetricMatrix &matrix, const SpatialOutliers *outliers)
{
    PeerDeviation deviation;
    const std::size_t rows = matrix.ranks.size();
    const std::size_t columns = matrix.windows.size();
    deviation.medians.assign(matrix.values.size(), kNaN);
    const bool haveGroups = outliers && outliers->peerMedian.size() == matrix.values.size();
    std::vector<double> scratch;
    scratch.reserve(rows);
    for (std::size_t c = 0; c < columns; ++c) {
        scratch.clear();
        for (std::size_t r = 0; r < rows; ++r) {
            const double v = matrix.values[r * columns + c];
            if (std::isfinite(v))
                scratch.push_back(v);
        }
        const double columnMedian = medianOf(scratch);
        for (std::size_t r = 0; r < rows; ++r) {
            const std::size_t i = r * columns + c;
            const double group = haveGroups ? outliers->peerMedian[i] : kNaN;
            deviation.medians[i] = std::isfinite(group) ? group : columnMedian;
        }
    }

    bool ratio = true;
    std::vector<double> magnitudes;
    for (std::size_t i = 0; i < matrix.values.size(); ++i) {
        const double v = matrix.values[i];
        const double m = deviation.medians[i];
        if (!std::isfinite(v) || !std::isfinite(m))
            continue;
        magnitudes.push_back(std::fabs(v));
        if (!(m > 0) || v < 0)
            ratio = false;
    }
    deviation.kind = ratio ? PeerDeviationKind::Ratio : PeerDeviationKind::Difference;
    deviation.values.assign(matrix.values.size(), kNaN);
    for (std::size_t i = 0; i < matrix.values.size(); ++i) {
        const double v = matrix.values[i];
        const double m = deviation.medians[i];
        if (!std::isfinite(v) || !std::isfinite(m))
            continue;
        // A zero against a positive median would be −∞: it sits at ×1/1024, the scale's end.
        deviation.values[i] = ratio ? std::log2(std::max(v, m / 1024) / m) : v - m;
    }
    // Difference: at least a tenth of the metric's usual size, as in the difference mode.
    const double typical = medianOf(magnitudes);
    deviation.minimumRadius =
        ratio ? std::log2(kMinimumPeerRatio) : (std::isfinite(typical) ? typical / 10 : 0);
    return deviation;
}

} // namespace rankscope
