#pragma once

#include "core/model/TimeArithmetic.h"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <type_traits>
#include <vector>

namespace rankscope {

// The median of `values` (reordered in place): the mean of the two middle values for an even
// count, 0 for none. Integers stay integers (the mean rounds toward the lower middle value).
template <typename T> T medianInPlace(std::vector<T> &values)
{
    if (values.empty())
        return T(0);
    const std::size_t middle = values.size() / 2;
    std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(middle), values.end());
    const T upper = values[middle];
    if (values.size() % 2 == 1)
        return upper;
    const T lower = *std::max_element(values.begin(), values.begin() + std::ptrdiff_t(middle));
    if constexpr (std::is_integral_v<T>)
        return std::midpoint(lower, upper); // rounds toward lower; upper - lower may overflow
    else
        return lower + (upper - lower) / T(2);
}

// The median absolute deviation of `values` from `center` (values are overwritten).
inline std::int64_t medianAbsoluteDeviationInPlace(std::vector<std::int64_t> &values,
                                                   std::int64_t center)
{
    for (std::int64_t &value : values)
        value = saturatingDistance(value, center);
    return medianInPlace(values);
}

} // namespace rankscope
