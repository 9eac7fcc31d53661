#include "views/heatmap/HeatmapReduction.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rankscope {

double reduceHeatmapValues(HeatmapReduction reduction, std::span<double> values)
{
    // Move the finite values to the front once; every reduction then works on that prefix.
    const auto finiteEnd =
        std::partition(values.begin(), values.end(), [](double v) { return std::isfinite(v); });
    const std::size_t count = std::size_t(finiteEnd - values.begin());
    if (count == 0)
        return std::numeric_limits<double>::quiet_NaN();
    switch (reduction) {
    case HeatmapReduction::Max:
        return *std::max_element(values.begin(), finiteEnd);
    case HeatmapReduction::Mean: {
        double sum = 0;
        for (auto it = values.begin(); it != finiteEnd; ++it)
            sum += *it;
        return double(sum / double(count));
    }
    case HeatmapReduction::P95: {
        // Nearest rank: the smallest value with at least 95% of the values at or below it.
        const std::size_t index = std::size_t(std::ceil(0.95 * double(count))) - 1;
        std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(index), finiteEnd);
        return values[index];
    }
    }
    return std::numeric_limits<double>::quiet_NaN();
}

double reduceHeatmapDifferences(HeatmapReduction reduction, std::span<double> values)
{
    if (reduction == HeatmapReduction::Mean)
        return reduceHeatmapValues(reduction, values);
    const auto finiteEnd =
        std::partition(values.begin(), values.end(), [](double v) { return std::isfinite(v); });
    const std::size_t count = std::size_t(finiteEnd - values.begin());
    if (count == 0)
        return std::numeric_limits<double>::quiet_NaN();
    auto byMagnitude = [](double a, double b) { return std::fabs(a) < std::fabs(b); };
    if (reduction == HeatmapReduction::Max)
        return *std::max_element(values.begin(), finiteEnd, byMagnitude);
    const std::size_t index = std::size_t(std::ceil(0.95 * double(count))) - 1;
    std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(index), finiteEnd,
                     byMagnitude);
    return values[index];
}

const char *heatmapReductionKey(HeatmapReduction reduction)
{
    switch (reduction) {
    case HeatmapReduction::Max:
        return "max";
    case HeatmapReduction::Mean:
        return "mean";
    case HeatmapReduction::P95:
        return "p95";
    }
    return "max";
}

} // namespace rankscope
