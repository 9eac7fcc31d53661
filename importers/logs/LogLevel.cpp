#include "importers/logs/LogLevel.h"
#include "core/model/AsciiText.h"

#include <cstring>

namespace rankscope {

namespace {

struct LevelWord
{
    std::string_view word;
    LogSeverity severity;
};

// Longest first where one is a prefix of another ("WARNING" before "WARN").
constexpr LevelWord kLevelWords[] = {
    {"INFO", LogSeverity::Info},      {"WARNING", LogSeverity::Warning},
    {"WARN", LogSeverity::Warning},   {"ERROR", LogSeverity::Error},
    {"CRITICAL", LogSeverity::Fatal}, {"FATAL", LogSeverity::Fatal},
    {"DEBUG", LogSeverity::Debug},    {"TRACE", LogSeverity::Debug},
    {"NOTICE", LogSeverity::Info},    {"SEVERE", LogSeverity::Error},
    {"Info", LogSeverity::Info},      {"Warning", LogSeverity::Warning},
    {"Error", LogSeverity::Error},    {"Debug", LogSeverity::Debug},
};

bool isWordChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

std::size_t skipSpaces(std::string_view text, std::size_t at)
{
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t'))
        ++at;
    return at;
}

// "RuntimeError: ...", "torch.distributed.DistBackendError: ...", "ValueError", the final line
// of a Python traceback: a dotted identifier ending in Error/Exception, then ':' or the end.
bool looksLikeExceptionLine(std::string_view text)
{
    std::size_t end = 0;
    while (end < text.size() && (isWordChar(text[end]) || text[end] == '.'))
        ++end;
    if (end == 0 || (end < text.size() && text[end] != ':'))
        return false;
    const std::string_view name = text.substr(0, end);
    return name.size() > 5 && (name.substr(name.size() - 5) == "Error" ||
                               (name.size() > 9 && name.substr(name.size() - 9) == "Exception") ||
                               name == "KeyboardInterrupt");
}

// "[E ProcessGroupNCCL.cpp:475] ", c10's logger before torch 2.3 (no time): the letter's
// severity; only "[E " is removed, as for glog's "[E1129 ..." form, the location stays.
LevelMatch matchC10Letter(std::string_view text)
{
    LogSeverity severity;
    switch (text[1]) {
    case 'I':
        severity = LogSeverity::Info;
        break;
    case 'W':
        severity = LogSeverity::Warning;
        break;
    case 'E':
        severity = LogSeverity::Error;
        break;
    case 'F':
        severity = LogSeverity::Fatal;
        break;
    default:
        return {};
    }
    const std::size_t close = text.substr(0, 120).find(']');
    if (close == std::string_view::npos || close < 8)
        return {};
    const std::string_view location = text.substr(3, close - 3);
    const std::size_t colon = location.rfind(':');
    if (colon == std::string_view::npos || colon + 1 == location.size() ||
        location.find(' ') != std::string_view::npos)
        return {};
    for (std::size_t i = colon + 1; i < location.size(); ++i) {
        if (!isDigit(location[i]))
            return {};
    }
    if (location.substr(0, colon).find('.') == std::string_view::npos)
        return {};
    return {severity, 3};
}

} // namespace

LevelMatch matchLeadingLevel(std::string_view text)
{
    if (text.empty())
        return {};
    const bool bracketed = text[0] == '[';
    if (bracketed && text.size() > 10 && text[2] == ' ')
        return matchC10Letter(text);
    const std::size_t at = bracketed ? 1 : 0;
    if (at >= text.size() || text[at] < 'A' || text[at] > 'Z')
        return {};
    const char first = text[at];
    for (const LevelWord &level : kLevelWords) {
        if (level.word[0] != first || text.substr(at, level.word.size()) != level.word)
            continue;
        std::size_t end = at + level.word.size();
        if (end < text.size() && isWordChar(text[end]))
            continue;
        if (bracketed) {
            if (end < text.size() && text[end] == '|') { // "[INFO|trainer.py:1339]"
                const std::size_t close = text.find(']', end);
                if (close == std::string_view::npos || close - end > 200)
                    return {};
                end = close;
            }
            if (end >= text.size() || text[end] != ']')
                return {};
            ++end;
        } else if (end < text.size() && text[end] == ':') {
            ++end; // "INFO:root:message", "ERROR: message"
        } else if (end < text.size() && text[end] != ' ' && text[end] != '\t') {
            return {};
        } else if (end == text.size()) {
            return {}; // a line that is just "ERROR" is content, not a header
        }
        return {level.severity, skipSpaces(text, end)};
    }
    return {};
}

LevelMatch matchLevelAfterLoggerName(std::string_view text)
{
    // The logger's name: "torch.distributed.elastic.multiprocessing.api", "__main__".
    std::size_t end = 0;
    while (end < text.size() && end < 100 && (isWordChar(text[end]) || text[end] == '.'))
        ++end;
    if (end == 0 || end >= text.size() || (text[0] >= '0' && text[0] <= '9'))
        return {};
    std::size_t at = end;
    if (text.substr(at, 2) == ": ")
        at += 2;
    else if (text.substr(at, 3) == " - " || text.substr(at, 3) == " | ")
        at += 3;
    else
        return {};
    const LevelMatch level = matchLeadingLevel(text.substr(at));
    if (level.severity == LogSeverity::Unknown)
        return {};
    // A bare word must end the field ("WARNING - ", "INFO: "), a bracketed one stands alone.
    const std::string_view word = text.substr(at, level.length);
    if (word[0] != '[' && word.find(':') == std::string_view::npos &&
        text.substr(at + level.length, 2) != "- " && text.substr(at + level.length, 2) != "| ")
        return {};
    return {level.severity, at + level.length};
}

LogSeverity severityFromContent(std::string_view text)
{
    if (text.empty())
        return LogSeverity::Unknown;
    // NCCL's own lines: "host:pid:tid [dev] NCCL INFO ...", "host:pid:tid [dev] init.cc:1234 NCCL
    // WARN ...", "... [dev] 12.3 file.cc:45 NCCL TRACE ...". ']' is rare, so this is cheap.
    if (const std::size_t bracket = text.substr(0, 120).find("] ");
        bracket != std::string_view::npos) {
        // 'N' is rare in text, ' ' is not: look for "NCCL " and check the space before it.
        const std::size_t nccl = text.substr(0, bracket + 100).find("NCCL ", bracket);
        if (nccl != std::string_view::npos && text[nccl - 1] == ' ') {
            const std::string_view after = text.substr(nccl + 5, 5);
            if (after.starts_with("WARN"))
                return LogSeverity::Warning;
            if (after.starts_with("INFO") || after == "TRACE")
                return LogSeverity::Info;
            if (after == "ABORT")
                return LogSeverity::Fatal;
        }
    }
    const char first = text[0];
    if (first == 'T' && text.substr(0, 34) == "Traceback (most recent call last):")
        return LogSeverity::Error;
    if (first >= 'A' && first <= 'Z') {
        if (looksLikeExceptionLine(text))
            return LogSeverity::Error;
        if (text.substr(0, 18) == "Fatal Python error" ||
            text.substr(0, 18) == "Segmentation fault")
            return LogSeverity::Fatal;
    } else if (first == 't' && text.substr(0, 31) == "terminate called after throwing") {
        return LogSeverity::Fatal;
    } else if (first >= 'a' && first <= 'z') {
        // "torch.OutOfMemoryError: ...", a module-qualified exception (its ':' after "...r"
        // or "...n" first, which most lines fail at once).
        const std::size_t colon = text.substr(0, 96).find(':');
        if (colon != std::string_view::npos && colon > 5 &&
            (text[colon - 1] == 'r' || text[colon - 1] == 'n') && looksLikeExceptionLine(text))
            return LogSeverity::Error;
    }
    // A logger's message that ends where a traceback starts (SGLang's "Scheduler hit an
    // exception: Traceback (most recent call last):").
    if (text.back() == ':' && text.ends_with("Traceback (most recent call last):"))
        return LogSeverity::Error;
    if (contains(text, "Warning: ") ||
        (text.size() > 8 && text.substr(text.size() - 8) == "Warning:"))
        return LogSeverity::Warning;
    return LogSeverity::Unknown;
}

} // namespace rankscope
