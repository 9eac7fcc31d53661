#include "importers/traces/TraceNumberText.h"
#include "core/model/AsciiText.h"

#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

namespace rankscope {

namespace {

std::string_view trimmedBlanks(std::string_view text)
{
    while (!text.empty() && isBlank(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isBlank(text.back()))
        text.remove_suffix(1);
    return text;
}

constexpr std::uint64_t kMaxMagnitude = std::numeric_limits<std::int64_t>::max();

// Exponent forms are rare (no profiler writes them); a double is precise enough for them.
std::optional<std::int64_t> viaDouble(std::string_view text)
{
    const std::string copy(text);
    char *end = nullptr;
    const double micros = std::strtod(copy.c_str(), &end);
    if (end != copy.c_str() + copy.size() || !std::isfinite(micros))
        return std::nullopt;
    const double nanos = std::round(micros * 1000.0);
    if (std::fabs(nanos) >= 9.2e18)
        return std::nullopt;
    return static_cast<std::int64_t>(nanos);
}

} // namespace

std::optional<std::int64_t> microsTextToNanos(std::string_view text)
{
    text = trimmedBlanks(text);
    const std::string_view whole = text;
    bool negative = false;
    if (!text.empty() && text.front() == '-') {
        negative = true;
        text.remove_prefix(1);
    }
    if (text.empty() || !isDigit(text.front()))
        return std::nullopt;

    std::uint64_t micros = 0;
    std::size_t i = 0;
    for (; i < text.size() && isDigit(text[i]); ++i) {
        micros = micros * 10 + std::uint64_t(text[i] - '0');
        if (micros > kMaxMagnitude / 1000)
            return std::nullopt;
    }
    std::uint64_t fraction = 0; // nanoseconds: the first three decimals
    bool roundUp = false;
    if (i < text.size() && text[i] == '.') {
        ++i;
        if (i == text.size() || !isDigit(text[i]))
            return std::nullopt;
        int decimals = 0;
        for (; i < text.size() && isDigit(text[i]); ++i, ++decimals) {
            if (decimals < 3)
                fraction = fraction * 10 + std::uint64_t(text[i] - '0');
            else if (decimals == 3)
                roundUp = text[i] >= '5';
        }
        for (; decimals < 3; ++decimals)
            fraction *= 10;
    }
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E'))
        return viaDouble(whole);
    if (i != text.size())
        return std::nullopt;

    const std::uint64_t nanos = micros * 1000 + fraction + (roundUp ? 1 : 0);
    if (nanos > kMaxMagnitude)
        return std::nullopt;
    return negative ? -static_cast<std::int64_t>(nanos) : static_cast<std::int64_t>(nanos);
}

std::optional<std::int64_t> integerText(std::string_view text)
{
    text = trimmedBlanks(text);
    bool negative = false;
    if (!text.empty() && text.front() == '-') {
        negative = true;
        text.remove_prefix(1);
    }
    if (text.empty() || text.size() > 19)
        return std::nullopt;
    std::uint64_t value = 0;
    for (char c : text) {
        if (!isDigit(c))
            return std::nullopt;
        value = value * 10 + std::uint64_t(c - '0');
    }
    if (value > kMaxMagnitude)
        return std::nullopt;
    return negative ? -static_cast<std::int64_t>(value) : static_cast<std::int64_t>(value);
}

} // namespace rankscope
