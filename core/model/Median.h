#pragma once

#include <algorithm>
#include <cstddef>
#include <limits>
#include <vector>

namespace rankscope {

// The scale factor from a median absolute deviation to the standard deviation of a normal
// distribution: MAD x 1.4826 estimates sigma robustly.
inline constexpr double kMadToSigma = 1.4826;
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The median of `values` (the upper of the two middle ones for an even count), NaN when there
// are none. Reorders `values` (nth_element: linear, no copy), so callers pass a scratch buffer.
inline double medianOf(std::vector<double> &values)
{
    if (values.empty())
        return std::numeric_limits<double>::quiet_NaN();
    const auto middle = values.begin() + std::ptrdiff_t(values.size() / 2);
    std::nth_element(values.begin(), middle, values.end());
    return *middle;
}

} // namespace rankscope
