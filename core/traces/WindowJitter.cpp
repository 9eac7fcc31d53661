#include "core/traces/WindowJitter.h"

#include <algorithm>
#include <cmath>

namespace rankscope {

namespace {

// Medians of window-to-window differences of i.i.d. Gaussian values, in units of sigma: the
// smaller of the two neighbours' differences (interior windows; measured numerically), or one
// difference (sqrt(2) x 0.6745).
constexpr double kMinNeighbourDiffToSigma = 1 / 0.5487;
constexpr double kNeighbourDiffToSigma = 1 / 0.9539;

} // namespace

double windowJitter(const MetricMatrix &matrix, int row, int column)
{
    const int columns = matrix.columnCount();
    const MetricValue here = matrix.at(row, column);
    if (std::isnan(here))
        return NAN;
    const MetricValue before = column > 0 ? matrix.at(row, column - 1) : kNoMetricValue;
    const MetricValue after = column + 1 < columns ? matrix.at(row, column + 1) : kNoMetricValue;
    const bool haveBefore = !std::isnan(before);
    const bool haveAfter = !std::isnan(after);
    if (haveBefore && haveAfter)
        return std::min(std::abs(here - before), std::abs(after - here)) * kMinNeighbourDiffToSigma;
    if (haveBefore || haveAfter)
        return std::abs(here - (haveBefore ? before : after)) * kNeighbourDiffToSigma;
    return NAN;
}

} // namespace rankscope
