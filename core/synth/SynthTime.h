#pragma once

#include <cstdint>

namespace rankscope {

// Time units of the synthetic bundle writers (nanoseconds), and the spacing of its stack samples.
inline constexpr std::int64_t kMs = 1'000'000;
inline constexpr std::int64_t kSecond = 1'000'000'000;
inline constexpr std::int64_t kSecondsBetweenSamples = 3;

} // namespace rankscope
