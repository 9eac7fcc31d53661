#include "core/logs/LogModel.h"

#include <algorithm>
#include <array>
#include <string>
#include <utility>

namespace rankscope {

const char *logSeverityKey(LogSeverity severity)
{
    switch (severity) {
    case LogSeverity::Unknown:
        return "unknown";
    case LogSeverity::Debug:
        return "debug";
    case LogSeverity::Info:
        return "info";
    case LogSeverity::Warning:
        return "warning";
    case LogSeverity::Error:
        return "error";
    case LogSeverity::Fatal:
        return "fatal";
    }
    return "unknown";
}

LogSeverity logSeverityFromText(std::string_view text)
{
    // Level words as loggers print them: Python logging, glog's single letters (I/W/E/F),
    // syslog names, log4j; surrounding brackets, colons and spaces are ignored.
    while (!text.empty() && (text.front() == '[' || text.front() == ' ' || text.front() == '<'))
        text.remove_prefix(1);
    while (!text.empty() &&
           (text.back() == ']' || text.back() == ':' || text.back() == ' ' || text.back() == '>'))
        text.remove_suffix(1);
    if (text.empty() || text.size() > 12)
        return LogSeverity::Unknown;
    std::string upper(text);
    std::transform(upper.begin(), upper.end(), upper.begin(), [](char c) {
        return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    });
    static const std::array<std::pair<std::string_view, LogSeverity>, 22> levels = {{
        {"TRACE", LogSeverity::Debug},     {"DEBUG", LogSeverity::Debug},
        {"D", LogSeverity::Debug},         {"VERBOSE", LogSeverity::Debug},
        {"INFO", LogSeverity::Info},       {"I", LogSeverity::Info},
        {"NOTICE", LogSeverity::Info},     {"WARN", LogSeverity::Warning},
        {"WARNING", LogSeverity::Warning}, {"W", LogSeverity::Warning},
        {"ERROR", LogSeverity::Error},     {"ERR", LogSeverity::Error},
        {"E", LogSeverity::Error},         {"SEVERE", LogSeverity::Error},
        {"CRITICAL", LogSeverity::Fatal},  {"CRIT", LogSeverity::Fatal},
        {"FATAL", LogSeverity::Fatal},     {"F", LogSeverity::Fatal},
        {"PANIC", LogSeverity::Fatal},     {"EMERG", LogSeverity::Fatal},
        {"ALERT", LogSeverity::Fatal},     {"EMERGENCY", LogSeverity::Fatal},
    }};
    for (const auto &[word, severity] : levels) {
        if (upper == word)
            return severity;
    }
    return LogSeverity::Unknown;
}

const char *logFileKindKey(LogFileKind kind)
{
    switch (kind) {
    case LogFileKind::PerRank:
        return "per-rank";
    case LogFileKind::PerNode:
        return "per-node";
    case LogFileKind::Combined:
        return "combined";
    }
    return "per-rank";
}

namespace {
constexpr const char *kRankTimingKeys[kRankTimingKindCount] = {
    "detector_rtt", "detector_get_batch", "timer_compute", "timer_batch", "timer_comm"};
} // namespace

const char *rankTimingKindKey(RankTimingKind kind)
{
    const int index = int(kind);
    return index >= 0 && index < kRankTimingKindCount ? kRankTimingKeys[index] : "unknown";
}

bool rankTimingKindFromKey(std::string_view key, RankTimingKind *kind)
{
    for (int i = 0; i < kRankTimingKindCount; ++i) {
        if (key == kRankTimingKeys[i]) {
            *kind = RankTimingKind(i);
            return true;
        }
    }
    return false;
}

} // namespace rankscope
