#pragma once

#include "core/model/TimeArithmetic.h"

#include <cstdint>
#include <optional>

namespace rankscope {

inline constexpr std::int64_t kNanosPerSecond = 1'000'000'000;
inline constexpr std::int64_t kSecondsPerCivilDay = 86'400;

// Days from 1970-01-01 to year-month-day in the proleptic Gregorian calendar (H. Hinnant's
// days_from_civil). Exact for any int year: the era arithmetic is done in 64 bits.
constexpr std::int64_t daysFromCivil(std::int64_t year, int month, int day)
{
    year -= month <= 2;
    const std::int64_t era = (year >= 0 ? year : year - 399) / 400;
    const std::int64_t yearOfEra = year - era * 400;
    const std::int64_t dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
    const std::int64_t dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
    return era * 146097 + dayOfEra - 719468;
}

// Nanoseconds since the Unix epoch of a civil date, a time of day in nanoseconds and a zone
// offset in seconds east of UTC: (days * 86400 - offset) * 1e9 + nsOfDay, computed with checked
// arithmetic. nullopt when the result is not a plausible time (TimeArithmetic.h): a date after
// 2116 or before 1823, where it would have wrapped after 2262.
constexpr std::optional<std::int64_t> civilTimeNs(std::int64_t year, int month, int day,
                                                  std::int64_t nsOfDay,
                                                  std::int64_t offsetSeconds = 0)
{
    // Years far outside the range would make even the day count overflow.
    if (year < -1'000'000 || year > 1'000'000)
        return std::nullopt;
    const std::optional<std::int64_t> daySeconds =
        checkedMul(daysFromCivil(year, month, day), kSecondsPerCivilDay);
    if (!daySeconds)
        return std::nullopt;
    const std::optional<std::int64_t> seconds = checkedSub(*daySeconds, offsetSeconds);
    if (!seconds)
        return std::nullopt;
    const std::optional<std::int64_t> nanos = checkedMul(*seconds, kNanosPerSecond);
    if (!nanos)
        return std::nullopt;
    return plausibleTimeSum(*nanos, nsOfDay);
}

} // namespace rankscope
