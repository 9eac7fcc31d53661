#pragma once

#include <cstdint>

namespace rankscope {

// a / b rounded towards minus infinity (C++ division rounds towards zero): the index of the bin
// of width b that holds a, also for times before the origin. b must be positive.
constexpr std::int64_t floorDivide(std::int64_t a, std::int64_t b)
{
    const std::int64_t quotient = a / b;
    return (a % b != 0 && a < 0) ? quotient - 1 : quotient;
}

} // namespace rankscope
