#include "importers/logs/LogTimestamp.h"
#include "core/model/AsciiText.h"
#include "core/model/CivilTime.h"

namespace rankscope {

namespace {

// Exactly `count` digits at `at`.
bool digits(std::string_view text, std::size_t at, std::size_t count, int *value)
{
    if (text.size() < at + count)
        return false;
    int v = 0;
    for (std::size_t i = at; i < at + count; ++i) {
        if (!isDigit(text[i]))
            return false;
        v = v * 10 + (text[i] - '0');
    }
    *value = v;
    return true;
}

// A time the text says, or the mark that it lies beyond what an int64 of nanoseconds holds
// (TimeArithmetic.h): the text is still a timestamp (the header ends after it), its time is not.
void setTime(TimestampMatch *match, std::optional<std::int64_t> ns)
{
    match->ns = ns.value_or(0);
    match->outOfRange = !ns;
}

bool validTime(int h, int mi, int s)
{
    return h <= 23 && mi <= 59 && s <= 60;
}

// "hh:mm:ss" plus an optional '.' or ',' fraction; returns the end or 0.
std::size_t readClock(std::string_view text, std::size_t at, std::int64_t *nsOfDay, bool *comma)
{
    int h, mi, s;
    if (!digits(text, at, 2, &h) || text.size() < at + 8 || text[at + 2] != ':' ||
        !digits(text, at + 3, 2, &mi) || text[at + 5] != ':' || !digits(text, at + 6, 2, &s) ||
        !validTime(h, mi, s))
        return 0;
    std::size_t end = at + 8;
    std::int64_t fractionNs = 0;
    if (end + 1 < text.size() && (text[end] == '.' || text[end] == ',') && isDigit(text[end + 1])) {
        if (comma)
            *comma = text[end] == ',';
        ++end;
        std::int64_t scale = 100'000'000;
        while (end < text.size() && isDigit(text[end])) {
            fractionNs += (text[end] - '0') * scale;
            scale /= 10;
            ++end;
        }
    }
    *nsOfDay = ((std::int64_t(h) * 60 + mi) * 60 + s) * kNanosPerSecond + fractionNs;
    return end;
}

// After the timestamp: a closing bracket when it opened with one, then spaces. A timestamp must
// end at a word boundary, or it was the start of some other token.
bool finishMatch(std::string_view text, std::size_t end, bool bracketed, TimestampMatch *match)
{
    if (bracketed) {
        if (end < text.size() && text[end] == ' ') {
            // "[2026-11-29 12:31:04 TP3]": SGLang's worker coordinates inside the bracket.
            const std::size_t close = text.substr(0, end + 48).find(']', end);
            if (close == std::string_view::npos)
                return false;
            for (std::size_t i = end; i < close; ++i) {
                const char c = text[i];
                if (!(c == ' ' || c == '_' || isDigit(c) || (c >= 'A' && c <= 'Z')))
                    return false;
            }
            match->bracketTail = text.substr(end, close - end);
            end = close;
        }
        if (end >= text.size() || text[end] != ']')
            return false;
        ++end;
    } else if (end < text.size() && text[end] != ' ' && text[end] != '\t' && text[end] != ':' &&
               text[end] != '|' && text[end] != ']') {
        return false;
    }
    while (end < text.size() && (text[end] == ' ' || text[end] == '\t'))
        ++end;
    match->length = end;
    return true;
}

// "2026-11-29[T ]12:31:04[.,fraction][Z|±hh:mm|±hhmm]".
bool matchYmd(std::string_view text, std::size_t at, bool bracketed, TimestampMatch *match)
{
    int y, mo, d;
    if (!digits(text, at, 4, &y) || text.size() < at + 11 || text[at + 4] != '-' ||
        !digits(text, at + 5, 2, &mo) || text[at + 7] != '-' || !digits(text, at + 8, 2, &d) ||
        mo < 1 || mo > 12 || d < 1 || d > 31 || (text[at + 10] != 'T' && text[at + 10] != ' '))
        return false;
    std::int64_t nsOfDay = 0;
    bool comma = false;
    std::size_t end = readClock(text, at + 11, &nsOfDay, &comma);
    if (end == 0)
        return false;
    std::int64_t offsetSeconds = 0;
    if (end < text.size() && text[end] == 'Z') {
        ++end;
    } else if (end < text.size() && (text[end] == '+' || text[end] == '-')) {
        int oh, om;
        const bool colon = end + 3 < text.size() && text[end + 3] == ':';
        if (digits(text, end + 1, 2, &oh) && digits(text, end + (colon ? 4 : 3), 2, &om)) {
            offsetSeconds = (std::int64_t(oh) * 60 + om) * 60 * (text[end] == '+' ? 1 : -1);
            end += colon ? 6 : 5;
        }
    }
    match->form = comma ? TimestampForm::YmdHmsComma : TimestampForm::Iso8601;
    setTime(match, civilTimeNs(y, mo, d, nsOfDay, offsetSeconds));
    match->month = mo;
    return finishMatch(text, end, bracketed, match);
}

int monthFromName(std::string_view name)
{
    static constexpr std::string_view kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                   "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    for (int i = 0; i < 12; ++i) {
        if (name == kMonths[i])
            return i + 1;
    }
    return 0;
}

// "Nov 29 12:31:04" / "Nov  9 12:31:04[.fraction]".
bool matchSyslog(std::string_view text, std::size_t at, bool bracketed, TimestampMatch *match)
{
    if (text.size() < at + 15 || text[at + 3] != ' ')
        return false;
    const int month = monthFromName(text.substr(at, 3));
    if (month == 0)
        return false;
    std::size_t dayAt = at + 4;
    if (text[dayAt] == ' ')
        ++dayAt;
    int day = 0;
    std::size_t dayEnd = dayAt;
    while (dayEnd < text.size() && dayEnd - dayAt < 2 && isDigit(text[dayEnd]))
        day = day * 10 + (text[dayEnd++] - '0');
    if (day < 1 || day > 31 || dayEnd >= text.size() || text[dayEnd] != ' ')
        return false;
    std::int64_t nsOfDay = 0;
    const std::size_t end = readClock(text, dayEnd + 1, &nsOfDay, nullptr);
    if (end == 0)
        return false;
    match->form = TimestampForm::Syslog;
    setTime(match, civilTimeNs(1970, month, day, nsOfDay));
    match->yearMissing = true;
    match->month = month;
    match->day = day;
    match->nsOfDay = nsOfDay;
    return finishMatch(text, end, bracketed, match);
}

// "I1129 12:31:04.123456": the level letter, month and day, the clock.
bool matchGlog(std::string_view text, std::size_t at, TimestampMatch *match)
{
    LogSeverity level;
    switch (text[at]) {
    case 'I':
        level = LogSeverity::Info;
        break;
    case 'W':
        level = LogSeverity::Warning;
        break;
    case 'E':
        level = LogSeverity::Error;
        break;
    case 'F':
        level = LogSeverity::Fatal;
        break;
    default:
        return false;
    }
    // glog pads the month ("W1129", "I0606"); c10's own logger does not ("E606" is June 6).
    int month, day;
    const std::size_t dateDigits = text.size() > at + 5 && text[at + 4] == ' ' ? 3 : 4;
    if (!digits(text, at + 1, dateDigits - 2, &month) ||
        !digits(text, at + dateDigits - 1, 2, &day) || month < 1 || month > 12 || day < 1 ||
        day > 31 || text.size() < at + dateDigits + 10 || text[at + dateDigits + 1] != ' ')
        return false;
    std::int64_t nsOfDay = 0;
    const std::size_t end = readClock(text, at + dateDigits + 2, &nsOfDay, nullptr);
    if (end == 0 || (end < text.size() && text[end] != ' '))
        return false;
    match->form = TimestampForm::Glog;
    setTime(match, civilTimeNs(1970, month, day, nsOfDay));
    match->yearMissing = true;
    match->month = month;
    match->day = day;
    match->nsOfDay = nsOfDay;
    match->glogLevel = level;
    // The "[W1129 ..." form keeps its "file.cpp:12]" tag; the bracket itself goes.
    std::size_t length = end;
    while (length < text.size() && text[length] == ' ')
        ++length;
    match->length = length;
    return true;
}

// "11-29 12:31:04[.fraction]" (no year) and "11/29/2026 12:31:04".
bool matchMonthDay(std::string_view text, std::size_t at, bool bracketed, TimestampMatch *match)
{
    int mo, d, y = 0;
    if (!digits(text, at, 2, &mo) || text.size() < at + 14 || !digits(text, at + 3, 2, &d) ||
        mo < 1 || mo > 12 || d < 1 || d > 31)
        return false;
    std::size_t clockAt = at + 6;
    if (text[at + 2] == '/' && text[at + 5] == '/') {
        if (!digits(text, at + 6, 4, &y) || text.size() < at + 19)
            return false;
        clockAt = at + 11;
    } else if (text[at + 2] != '-') {
        return false;
    }
    if (text[clockAt - 1] != ' ')
        return false;
    std::int64_t nsOfDay = 0;
    const std::size_t end = readClock(text, clockAt, &nsOfDay, nullptr);
    if (end == 0)
        return false;
    match->month = mo;
    if (y > 0) {
        match->form = TimestampForm::MonthDayYear;
        setTime(match, civilTimeNs(y, mo, d, nsOfDay));
    } else {
        match->form = TimestampForm::MonthDay;
        setTime(match, civilTimeNs(1970, mo, d, nsOfDay));
        match->yearMissing = true;
        match->day = d;
        match->nsOfDay = nsOfDay;
    }
    return finishMatch(text, end, bracketed, match);
}

// 10 digits of seconds (2001-2286) with an optional fraction, or 13 digits of milliseconds.
// Times after 2116 are timestamps beyond the range (setTime).
bool matchEpoch(std::string_view text, std::size_t at, bool bracketed, TimestampMatch *match)
{
    std::size_t end = at;
    std::int64_t whole = 0;
    while (end < text.size() && isDigit(text[end]) && end - at < 14)
        whole = whole * 10 + (text[end++] - '0');
    const std::size_t count = end - at;
    if (count == 10) {
        std::int64_t fractionNs = 0;
        if (end + 1 < text.size() && text[end] == '.' && isDigit(text[end + 1])) {
            ++end;
            std::int64_t scale = 100'000'000;
            while (end < text.size() && isDigit(text[end])) {
                fractionNs += (text[end] - '0') * scale;
                scale /= 10;
                ++end;
            }
        }
        const std::optional<std::int64_t> seconds = checkedMul(whole, kNanosPerSecond);
        setTime(match, seconds ? plausibleTimeSum(*seconds, fractionNs) : std::nullopt);
    } else if (count == 13) {
        const std::optional<std::int64_t> ns = checkedMul(whole, 1'000'000);
        setTime(match, ns ? plausibleTimeSum(*ns, 0) : std::nullopt);
    } else {
        return false;
    }
    if (whole < 1'000'000'000 || (count == 13 && whole < 1'000'000'000'000))
        return false;
    match->form = TimestampForm::Epoch;
    return finishMatch(text, end, bracketed, match);
}

} // namespace

const char *timestampFormKey(TimestampForm form)
{
    switch (form) {
    case TimestampForm::None:
        return "";
    case TimestampForm::Iso8601:
        return "iso8601";
    case TimestampForm::YmdHmsComma:
        return "ymd-hms-comma";
    case TimestampForm::Syslog:
        return "syslog";
    case TimestampForm::Epoch:
        return "epoch";
    case TimestampForm::Glog:
        return "glog";
    case TimestampForm::MonthDay:
        return "md-hms";
    case TimestampForm::MonthDayYear:
        return "mdy-hms";
    }
    return "";
}

TimestampMatch matchLeadingTimestamp(std::string_view text)
{
    TimestampMatch match;
    if (text.size() < 10)
        return match;
    const bool bracketed = text[0] == '[';
    const std::size_t at = bracketed ? 1 : 0;
    const char first = text[at];
    bool found = false;
    if (isDigit(first)) {
        found = matchYmd(text, at, bracketed, &match);
        if (!found) {
            match = {};
            found = matchMonthDay(text, at, bracketed, &match);
        }
        if (!found) {
            match = {};
            found = matchEpoch(text, at, bracketed, &match);
        }
    } else if (first >= 'A' && first <= 'Z') {
        found = matchSyslog(text, at, bracketed, &match);
        if (!found) {
            match = {};
            found = matchGlog(text, at, &match);
        }
    }
    if (!found)
        return {};
    std::size_t end = match.length;
    while (end > at && (text[end - 1] == ' ' || text[end - 1] == '\t' || text[end - 1] == ']'))
        --end;
    match.text = text.substr(at, end - at);
    return match;
}

std::optional<std::int64_t> yearlessTimestampNs(int year, int month, int day, std::int64_t nsOfDay)
{
    return civilTimeNs(year, month, day, nsOfDay);
}

int yearOfNs(std::int64_t ns)
{
    // civil_from_days, year only.
    std::int64_t z = ns / kNanosPerSecond;
    z = (z >= 0 ? z : z - kSecondsPerCivilDay + 1) / kSecondsPerCivilDay + 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const unsigned doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const std::int64_t y = std::int64_t(yoe) + era * 400;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    const unsigned m = mp < 10 ? mp + 3 : mp - 9;
    return int(y + (m <= 2));
}

} // namespace rankscope
