#include "core/synth/LogTimeText.h"

namespace rankscope {

namespace {

struct CivilTime
{
    int year = 1970;
    int month = 1;
    int day = 1;
    int hour = 0;
    int minute = 0;
    int second = 0;
    std::int64_t subsecondNs = 0;
};

// Howard Hinnant's civil_from_days: proleptic Gregorian date of a day count since 1970-01-01.
CivilTime civilTimeOf(std::int64_t timeNs)
{
    std::int64_t seconds = timeNs / 1'000'000'000;
    std::int64_t subsecond = timeNs % 1'000'000'000;
    if (subsecond < 0) {
        subsecond += 1'000'000'000;
        --seconds;
    }
    std::int64_t days = seconds / 86400;
    std::int64_t secondOfDay = seconds % 86400;
    if (secondOfDay < 0) {
        secondOfDay += 86400;
        --days;
    }
    days += 719468;
    const std::int64_t era = (days >= 0 ? days : days - 146096) / 146097;
    const std::int64_t dayOfEra = days - era * 146097;
    const std::int64_t yearOfEra =
        (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365;
    const std::int64_t dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
    const std::int64_t mp = (5 * dayOfYear + 2) / 153;
    CivilTime time;
    time.day = static_cast<int>(dayOfYear - (153 * mp + 2) / 5 + 1);
    time.month = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
    time.year = static_cast<int>(yearOfEra + era * 400 + (time.month <= 2 ? 1 : 0));
    time.hour = static_cast<int>(secondOfDay / 3600);
    time.minute = static_cast<int>(secondOfDay / 60 % 60);
    time.second = static_cast<int>(secondOfDay % 60);
    time.subsecondNs = subsecond;
    return time;
}

void appendDigits(std::string &out, std::int64_t value, int width)
{
    char digits[20];
    for (int i = width - 1; i >= 0; --i) {
        digits[i] = static_cast<char>('0' + value % 10);
        value /= 10;
    }
    out.append(digits, static_cast<std::size_t>(width));
}

void appendDate(std::string &out, const CivilTime &time)
{
    appendDigits(out, time.year, 4);
    out += '-';
    appendDigits(out, time.month, 2);
    out += '-';
    appendDigits(out, time.day, 2);
}

void appendClock(std::string &out, const CivilTime &time)
{
    appendDigits(out, time.hour, 2);
    out += ':';
    appendDigits(out, time.minute, 2);
    out += ':';
    appendDigits(out, time.second, 2);
}

} // namespace

void appendLogTimestamp(std::string &out, std::int64_t timeNs)
{
    const CivilTime time = civilTimeOf(timeNs);
    appendDate(out, time);
    out += ' ';
    appendClock(out, time);
    out += ',';
    appendDigits(out, time.subsecondNs / 1'000'000, 3);
}

void appendGlogTime(std::string &out, std::int64_t timeNs)
{
    const CivilTime time = civilTimeOf(timeNs);
    appendDigits(out, time.month, 2);
    appendDigits(out, time.day, 2);
    out += ' ';
    appendClock(out, time);
    out += '.';
    appendDigits(out, time.subsecondNs / 1'000, 6);
}

void appendDateTime(std::string &out, std::int64_t timeNs)
{
    const CivilTime time = civilTimeOf(timeNs);
    appendDate(out, time);
    out += ' ';
    appendClock(out, time);
}

void appendUnderscoreDateTime(std::string &out, std::int64_t timeNs)
{
    const CivilTime time = civilTimeOf(timeNs);
    appendDate(out, time);
    out += '_';
    appendClock(out, time);
}

} // namespace rankscope
