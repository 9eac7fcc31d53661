#include "core/logs/LauncherFailures.h"
#include "core/model/AsciiText.h"

#include <ctime>

namespace rankscope {

namespace {

constexpr std::size_t kMaxFieldLength = 256; // a host name or a message line, cut beyond this
// A report of 1,000 failed workers with tracebacks is long; more is no report.
constexpr std::size_t kMaxReportLines = 200000;
// The traceback torchrun prints before its report ("raise ChildFailedError(") is short.
constexpr std::size_t kMaxLinesBeforeReport = 200;

std::string_view trim(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\r' || text.back() == '\t'))
        text.remove_suffix(1);
    return text;
}

// A signed integer at the start of `text` (bounded), or nullopt.
std::optional<std::int64_t> leadingInteger(std::string_view text)
{
    text = trim(text);
    const bool negative = !text.empty() && text.front() == '-';
    if (negative)
        text.remove_prefix(1);
    std::int64_t value = 0;
    std::size_t digits = 0;
    while (digits < text.size() && isDigit(text[digits]) && digits < 12) {
        value = value * 10 + (text[digits] - '0');
        ++digits;
    }
    if (digits == 0)
        return std::nullopt;
    return negative ? -value : value;
}

// The number after `key` in `text` ("local_rank: 3" -> 3), or nullopt.
std::optional<std::int64_t> integerAfter(std::string_view text, std::string_view key)
{
    const std::size_t at = text.find(key);
    if (at == std::string_view::npos)
        return std::nullopt;
    return leadingInteger(text.substr(at + key.size()));
}

// "2025-11-29_12:31:02" (also with 'T' or ' ' between date and time), read as UTC.
std::int64_t parseRecordTime(std::string_view text)
{
    text = trim(text);
    if (text.size() < 19)
        return 0;
    int parts[6] = {};
    const std::size_t starts[6] = {0, 5, 8, 11, 14, 17};
    const std::size_t widths[6] = {4, 2, 2, 2, 2, 2};
    for (int i = 0; i < 6; ++i) {
        int value = 0;
        for (std::size_t k = 0; k < widths[i]; ++k) {
            const char c = text[starts[i] + k];
            if (!isDigit(c))
                return 0;
            value = value * 10 + (c - '0');
        }
        parts[i] = value;
    }
    if (text[4] != '-' || text[7] != '-' || text[13] != ':' || text[16] != ':')
        return 0;
    if (parts[1] < 1 || parts[1] > 12 || parts[2] < 1 || parts[2] > 31 || parts[3] > 23 ||
        parts[4] > 59 || parts[5] > 60)
        return 0;
    std::tm tm{};
    tm.tm_year = parts[0] - 1900;
    tm.tm_mon = parts[1] - 1;
    tm.tm_mday = parts[2];
    tm.tm_hour = parts[3];
    tm.tm_min = parts[4];
    tm.tm_sec = parts[5];
    const std::time_t seconds = timegm(&tm);
    return seconds <= 0 ? 0 : std::int64_t(seconds) * 1000000000;
}

// "=====..." or "-----..." (the report's borders and section lines).
bool isBorder(std::string_view line)
{
    if (line.size() < 10 || (line.front() != '=' && line.front() != '-'))
        return false;
    return line.find_first_not_of(line.front()) == std::string_view::npos;
}

// "[0]:" alone on its line.
bool isRecordHeader(std::string_view line)
{
    line = trim(line);
    if (line.size() < 4 || line.front() != '[' || !line.ends_with("]:"))
        return false;
    for (std::size_t i = 1; i + 2 < line.size(); ++i) {
        if (!isDigit(line[i]))
            return false;
    }
    return true;
}

} // namespace

std::string signalNameOf(int number)
{
    switch (number) {
    case 1:
        return "SIGHUP";
    case 2:
        return "SIGINT";
    case 4:
        return "SIGILL";
    case 6:
        return "SIGABRT";
    case 7:
        return "SIGBUS";
    case 8:
        return "SIGFPE";
    case 9:
        return "SIGKILL";
    case 11:
        return "SIGSEGV";
    case 15:
        return "SIGTERM";
    default:
        return std::string();
    }
}

LauncherReport parseLauncherReport(std::string_view text)
{
    enum class Section
    {
        None,
        Failures,
        Root,
    };
    LauncherReport report;
    Section section = Section::None;
    std::optional<LauncherFailure> record;
    bool haveRank = false;
    bool haveExit = false;
    bool rootDone = false;
    const auto close = [&] {
        if (record && haveRank && haveExit) {
            rootDone = rootDone || record->rootCause;
            report.failures.push_back(std::move(*record));
        }
        record.reset();
        haveRank = haveExit = false;
    };
    std::size_t lineIndex = 0;
    std::size_t start = 0;
    while (start <= text.size() && lineIndex < kMaxReportLines) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view line = trim(text.substr(start, end - start));
        start = end + 1;
        ++lineIndex;
        if (isBorder(line)) {
            close();
            if (rootDone) {
                report.endLine = lineIndex;
                return report;
            }
            continue;
        }
        if (line.find("Root Cause (first observed failure)") != std::string_view::npos) {
            close();
            section = Section::Root;
            continue;
        }
        if (line.starts_with("Failures:")) {
            close();
            section = Section::Failures;
            continue;
        }
        if (section == Section::None) {
            if (lineIndex > kMaxLinesBeforeReport)
                break; // no report here
            continue;
        }
        if (isRecordHeader(line)) {
            close();
            record.emplace();
            record->rootCause = section == Section::Root;
            continue;
        }
        if (!record)
            continue; // "<NO_OTHER_FAILURES>"
        const std::size_t colon = line.find(':');
        if (colon == std::string_view::npos) {
            continue; // a traceback field's continuation
        }
        const std::string_view key = trim(line.substr(0, colon));
        const std::string_view value = trim(line.substr(colon + 1));
        if (key == "time") {
            record->timeNs = parseRecordTime(value);
        } else if (key == "host") {
            record->host = std::string(value.substr(0, kMaxFieldLength));
        } else if (key == "rank") {
            if (const auto rank = leadingInteger(value); rank && *rank >= 0 && *rank < (1 << 24)) {
                record->rank = int(*rank);
                haveRank = true;
            }
            if (const auto local = integerAfter(value, "local_rank:");
                local && *local >= 0 && *local < (1 << 20))
                record->localRank = int(*local);
        } else if (key == "exitcode") {
            if (const auto code = leadingInteger(value); code && *code > -256 && *code < 256) {
                record->exitCode = int(*code);
                haveExit = true;
            }
            if (const auto pid = integerAfter(value, "pid:"); pid && *pid > 0)
                record->pid = *pid;
        } else if (key == "traceback" && record->message.empty()) {
            record->message = std::string(value.substr(0, kMaxFieldLength));
        }
        if (end == text.size())
            break;
    }
    close();
    report.endLine = report.failures.empty() ? 0 : lineIndex;
    return report;
}

} // namespace rankscope
