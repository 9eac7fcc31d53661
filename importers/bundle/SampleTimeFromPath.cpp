#include "importers/bundle/SampleTimeFromPath.h"
#include "core/model/AsciiText.h"
#include "core/model/CivilTime.h"

namespace rankscope {

namespace {

// Reads exactly `count` digits at `at`; advances `at` on success.
bool readDigits(std::string_view text, std::size_t &at, int count, int &value)
{
    if (text.size() - at < std::size_t(count))
        return false;
    int result = 0;
    for (int i = 0; i < count; ++i) {
        if (!isDigit(text[at + i]))
            return false;
        result = result * 10 + (text[at + i] - '0');
    }
    value = result;
    at += count;
    return true;
}

bool readChar(std::string_view text, std::size_t &at, std::string_view allowed)
{
    if (at < text.size() && allowed.find(text[at]) != std::string_view::npos) {
        ++at;
        return true;
    }
    return false;
}

struct DateTime
{
    int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
    std::int64_t fractionNs = 0;
    std::int64_t offsetSeconds = 0;
};

bool plausible(const DateTime &t)
{
    return t.year >= 1970 && t.year <= 2999 && t.month >= 1 && t.month <= 12 && t.day >= 1 &&
           t.day <= 31 && t.hour <= 23 && t.minute <= 59 && t.second <= 60;
}

// nullopt beyond the plausible range (a name dated 2999 would wrap an int64 after 2262).
std::optional<std::int64_t> toEpochNs(const DateTime &t)
{
    const std::int64_t nsOfDay =
        (std::int64_t(t.hour) * 3600 + t.minute * 60 + t.second) * kNanosPerSecond + t.fractionNs;
    return civilTimeNs(t.year, t.month, t.day, nsOfDay, t.offsetSeconds);
}

// ".123456" after the seconds: up to 9 digits are kept.
void readFraction(std::string_view text, std::size_t &at, DateTime &t)
{
    if (at + 1 >= text.size() || (text[at] != '.' && text[at] != ',') || !isDigit(text[at + 1]))
        return;
    ++at;
    std::int64_t scale = kNanosPerSecond / 10;
    while (at < text.size() && isDigit(text[at])) {
        t.fractionNs += (text[at] - '0') * scale;
        scale /= 10;
        ++at;
    }
}

std::optional<std::int64_t> extendedIso(std::string_view text, std::size_t at)
{
    DateTime t;
    if (!readDigits(text, at, 4, t.year) || !readChar(text, at, "-") ||
        !readDigits(text, at, 2, t.month) || !readChar(text, at, "-") ||
        !readDigits(text, at, 2, t.day) || !readChar(text, at, "T_ "))
        return std::nullopt;
    if (!readDigits(text, at, 2, t.hour))
        return std::nullopt;
    const std::size_t separatorAt = at;
    if (!readChar(text, at, ":-"))
        return std::nullopt;
    const char separator = text[separatorAt];
    if (!readDigits(text, at, 2, t.minute) ||
        !readChar(text, at, std::string_view(&separator, 1)) || !readDigits(text, at, 2, t.second))
        return std::nullopt;
    readFraction(text, at, t);
    if (at < text.size() && isDigit(text[at]))
        return std::nullopt;
    // A zone offset only with ':' times; "12-30-05-0007" is more likely a time and a rank.
    if (at < text.size() && (text[at] == '+' || text[at] == '-') && separator == ':') {
        std::size_t zoneAt = at + 1;
        int hours = 0, minutes = 0;
        if (readDigits(text, zoneAt, 2, hours)) {
            readChar(text, zoneAt, ":");
            if (readDigits(text, zoneAt, 2, minutes) && hours <= 23 && minutes <= 59)
                t.offsetSeconds = (text[at] == '-' ? -1 : 1) * (hours * 3600 + minutes * 60);
        }
    }
    if (!plausible(t))
        return std::nullopt;
    return toEpochNs(t);
}

std::optional<std::int64_t> basicIso(std::string_view text, std::size_t at)
{
    DateTime t;
    if (!readDigits(text, at, 4, t.year) || !readDigits(text, at, 2, t.month) ||
        !readDigits(text, at, 2, t.day) || !readChar(text, at, "T_-") ||
        !readDigits(text, at, 2, t.hour) || !readDigits(text, at, 2, t.minute) ||
        !readDigits(text, at, 2, t.second))
        return std::nullopt;
    readFraction(text, at, t);
    if (at < text.size() && isDigit(text[at]))
        return std::nullopt;
    if (!plausible(t))
        return std::nullopt;
    return toEpochNs(t);
}

std::optional<std::int64_t> epoch(std::string_view text, std::size_t at)
{
    std::size_t end = at;
    while (end < text.size() && isDigit(text[end]))
        ++end;
    const std::size_t digits = end - at;
    if ((digits != 10 && digits != 13) || text[at] == '0')
        return std::nullopt;
    std::int64_t value = 0;
    for (std::size_t i = at; i < end; ++i)
        value = value * 10 + (text[i] - '0');
    if (digits == 13)
        return plausibleTimeSum(value * 1000000, 0); // fits: 13 digits times 10^6 < 2^63
    DateTime fraction;
    readFraction(text, end, fraction);
    // Ten digits of seconds reach 2286: checked, they would wrap after 2262.
    const std::optional<std::int64_t> seconds = checkedMul(value, kNanosPerSecond);
    return seconds ? plausibleTimeSum(*seconds, fraction.fractionNs) : std::nullopt;
}

} // namespace

std::optional<std::int64_t> sampleTimeFromName(std::string_view name)
{
    for (std::size_t at = 0; at < name.size(); ++at) {
        if (!isDigit(name[at]) || (at > 0 && isDigit(name[at - 1])))
            continue;
        if (auto time = extendedIso(name, at))
            return time;
        if (auto time = basicIso(name, at))
            return time;
        if (auto time = epoch(name, at))
            return time;
    }
    return std::nullopt;
}

std::optional<std::int64_t> sampleTimeFromPath(std::string_view relativePath)
{
    std::size_t end = relativePath.size();
    while (end > 0) {
        const std::size_t slash = relativePath.rfind('/', end - 1);
        const std::size_t begin = slash == std::string_view::npos ? 0 : slash + 1;
        if (auto time = sampleTimeFromName(relativePath.substr(begin, end - begin)))
            return time;
        if (slash == std::string_view::npos)
            break;
        end = slash;
    }
    return std::nullopt;
}

} // namespace rankscope
