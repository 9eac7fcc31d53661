#pragma once

#include "core/logs/LogModel.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace rankscope {

enum class TimestampForm : std::uint8_t
{
    None,
    Iso8601,     // "2026-11-29T12:31:04.123Z", "2026-11-29 12:31:04.123456+01:00", "[...]"
    YmdHmsComma, // "2026-11-29 12:31:04,123" (Python logging's asctime), "[...]"
    Syslog,      // "Nov 29 12:31:04" (no year)
    Epoch,       // "1764419464.123" seconds, "1764419464123" milliseconds, "[...]"
    Glog,        // "I1129 12:31:04.123456" (glog / c10 logging; no year), "[W1129 ...": level too;
                 // c10 drops the month's leading zero ("[E606 09:09:08.169193939 ...")
    MonthDay,    // "11-29 12:31:04" (vLLM's and SGLang's datefmt "%m-%d %H:%M:%S"; no year)
    MonthDayYear // "11/29/2026 12:31:04" (the Hugging Face examples' "%m/%d/%Y %H:%M:%S")
};
inline constexpr std::size_t kTimestampFormCount = 8;

// The key LogFileInfo::timestampFormat stores: "iso8601", "ymd-hms-comma", "syslog", "epoch",
// "glog", "md-hms", "mdy-hms", "" for None.
const char *timestampFormKey(TimestampForm form);

struct TimestampMatch
{
    TimestampForm form = TimestampForm::None;
    // ns since the Unix epoch; for forms without a year (syslog, glog), ns since the start of
    // the year 1970 as if it were that year: the caller adds the year's offset once known.
    std::int64_t ns = 0;
    // The text is a timestamp but its time lies outside the times rankscope can hold (a date
    // after 2116 or before 1823, TimeArithmetic.h): ns is 0 and must not be used.
    bool outOfRange = false;
    std::size_t length = 0; // bytes to remove: the timestamp, its brackets and following spaces
    bool yearMissing = false;
    int month = 0; // 1-12; with day and nsOfDay, what a yearless form says
    int day = 0;
    std::int64_t nsOfDay = 0;
    LogSeverity glogLevel = LogSeverity::Unknown; // the glog letter
    // What a bracketed time holds after the clock: SGLang's "[2026-11-29 12:31:04 DP0 TP3]"
    // gives " DP0 TP3" (upper-case words and digits only; empty for a plain "[...]").
    std::string_view bracketTail;
    std::string_view text; // the timestamp as written, for messages (without the brackets)
};

// The timestamp at the start of `text`. Naive times (no zone) are taken as UTC.
TimestampMatch matchLeadingTimestamp(std::string_view text);

// A yearless timestamp (syslog, glog) placed in `year`; nullopt when that is out of range.
std::optional<std::int64_t> yearlessTimestampNs(int year, int month, int day, std::int64_t nsOfDay);
// The year of a time in ns since the epoch (UTC).
int yearOfNs(std::int64_t ns);

} // namespace rankscope
