#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

namespace rankscope {

// Times and durations are int64 nanoseconds. Whatever an importer keeps lies in the plausible
// range (-2^62, 2^62): about 146 years either side of the clock's zero, so for Unix times from
// October 1823 to February 2116. Then the sum or the difference of any two kept values fits in
// an int64, and the analysis can subtract two times or add a duration to a time plainly.
//
// Inputs are combined with the checked operations below, and a result outside the range is
// reported and rejected (per event, line or file), never stored wrapped. Derived values that
// combine more than two kept ones (an aligned time minus a bin origin, a span plus a bin
// width) use the saturating operations: the nearest int64 is the right answer there.
inline constexpr std::int64_t kTimeLimitNs = std::int64_t(1) << 62;
// The same limits in words, for problem messages ("... is outside " + kTimeLimitText).
inline constexpr const char *kTimeLimitText =
    "the times rankscope can hold (146 years either side of the clock's zero: 1823 to 2116 for "
    "dates)";
inline constexpr const char *kDurationLimitText =
    "the durations rankscope can hold (0 to 146 years)";

constexpr bool isPlausibleTimeNs(std::int64_t ns)
{
    return ns > -kTimeLimitNs && ns < kTimeLimitNs;
}

constexpr bool isPlausibleDurationNs(std::int64_t ns)
{
    return ns >= 0 && ns < kTimeLimitNs;
}

// a + b, a - b, a * b; nullopt when the exact result does not fit in an int64.
constexpr std::optional<std::int64_t> checkedAdd(std::int64_t a, std::int64_t b)
{
    std::int64_t result = 0;
    if (__builtin_add_overflow(a, b, &result))
        return std::nullopt;
    return result;
}

constexpr std::optional<std::int64_t> checkedSub(std::int64_t a, std::int64_t b)
{
    std::int64_t result = 0;
    if (__builtin_sub_overflow(a, b, &result))
        return std::nullopt;
    return result;
}

constexpr std::optional<std::int64_t> checkedMul(std::int64_t a, std::int64_t b)
{
    std::int64_t result = 0;
    if (__builtin_mul_overflow(a, b, &result))
        return std::nullopt;
    return result;
}

// The plausible time a + b (a time plus a duration or an offset); nullopt when it is not one.
constexpr std::optional<std::int64_t> plausibleTimeSum(std::int64_t a, std::int64_t b)
{
    const std::optional<std::int64_t> sum = checkedAdd(a, b);
    if (!sum || !isPlausibleTimeNs(*sum))
        return std::nullopt;
    return sum;
}

// a + b, a - b, a * b clamped to the int64 range.
constexpr std::int64_t saturatingAdd(std::int64_t a, std::int64_t b)
{
    std::int64_t result = 0;
    if (__builtin_add_overflow(a, b, &result))
        return b > 0 ? std::numeric_limits<std::int64_t>::max()
                     : std::numeric_limits<std::int64_t>::min();
    return result;
}

constexpr std::int64_t saturatingSub(std::int64_t a, std::int64_t b)
{
    std::int64_t result = 0;
    if (__builtin_sub_overflow(a, b, &result))
        return b < 0 ? std::numeric_limits<std::int64_t>::max()
                     : std::numeric_limits<std::int64_t>::min();
    return result;
}

constexpr std::int64_t saturatingMul(std::int64_t a, std::int64_t b)
{
    std::int64_t result = 0;
    if (__builtin_mul_overflow(a, b, &result))
        return (a < 0) != (b < 0) ? std::numeric_limits<std::int64_t>::min()
                                  : std::numeric_limits<std::int64_t>::max();
    return result;
}

// |a - b| clamped to the int64 range (never negative, unlike std::llabs of a saturated value).
constexpr std::int64_t saturatingDistance(std::int64_t a, std::int64_t b)
{
    return a >= b ? saturatingSub(a, b) : saturatingSub(b, a);
}

// The nearest plausible time: for derived values that must be kept (a clock offset estimated
// from absurd data), where dropping them is not an option.
constexpr std::int64_t clampToPlausibleTime(std::int64_t ns)
{
    return ns <= -kTimeLimitNs ? -kTimeLimitNs + 1 : ns >= kTimeLimitNs ? kTimeLimitNs - 1 : ns;
}

// `value` units of `nsPerUnit` nanoseconds each (1e6 for milliseconds), rounded to the nearest
// nanosecond: nullopt when it is not finite or not a plausible time. Converting an out-of-range
// double to an integer is undefined behaviour, so every time read as a double comes through
// here.
inline std::optional<std::int64_t> plausibleNanosFromUnits(double value, double nsPerUnit)
{
    const double nanos = std::round(value * nsPerUnit);
    if (!std::isfinite(nanos) || std::fabs(nanos) >= double(kTimeLimitNs))
        return std::nullopt;
    return static_cast<std::int64_t>(nanos);
}

// The same for a duration (not negative).
inline std::optional<std::int64_t> plausibleDurationFromUnits(double value, double nsPerUnit)
{
    const std::optional<std::int64_t> nanos = plausibleNanosFromUnits(value, nsPerUnit);
    if (!nanos || *nanos < 0)
        return std::nullopt;
    return nanos;
}

} // namespace rankscope
