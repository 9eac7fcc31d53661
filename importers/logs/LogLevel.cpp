#include "importers/logs/LogLevel.h"

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

bool contains(std::string_view text, std::string_view needle)
{
    return text.find(needle) != std::string_view::npos;
}

// "RuntimeError: ...", "torch.distributed.DistBackendError: ...", "ValueError", the final line
// of a Python traceback: a dotted identifier ending in Error/Exception, then ':' or the end.
bool isExceptionLine(std::string_view text)
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

} // namespace

LevelMatch matchLeadingLevel(std::string_view text)
{
    if (text.empty())
        return {};
    const bool bracketed = text[0] == '[';
    const std::size_t at = bracketed ? 1 : 0;
    if (at >= text.size() || text[at] < 'A' || text[at] > 'Z')
        return {};
    for (const LevelWord &level : kLevelWords) {
        if (text.substr(at, level.word.size()) != level.word)
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

LogSeverity severityFromContent(std::string_view text)
{
    if (text.empty())
        return LogSeverity::Unknown;
    // NCCL's own lines: "host:pid:tid [dev] NCCL INFO ...". ']' is rare, so this is cheap.
    const std::size_t nccl = text.substr(0, 96).find("] NCCL ");
    if (nccl != std::string_view::npos) {
        const std::string_view after = text.substr(nccl + 7, 4);
        if (after == "WARN")
            return LogSeverity::Warning;
        if (after == "INFO")
            return LogSeverity::Info;
    }
    const char first = text[0];
    if (first == 'T' && text.substr(0, 34) == "Traceback (most recent call last):")
        return LogSeverity::Error;
    if (first >= 'A' && first <= 'Z') {
        if (isExceptionLine(text))
            return LogSeverity::Error;
        if (text.substr(0, 18) == "Fatal Python error" ||
            text.substr(0, 18) == "Segmentation fault")
            return LogSeverity::Fatal;
    } else if (first == 't' && text.substr(0, 31) == "terminate called after throwing") {
        return LogSeverity::Fatal;
    }
    if (contains(text, "Warning: ") ||
        (text.size() > 8 && text.substr(text.size() - 8) == "Warning:"))
        return LogSeverity::Warning;
    return LogSeverity::Unknown;
}

} // namespace rankscope
