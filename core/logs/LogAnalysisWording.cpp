#include "core/logs/LogAnalysisSteps.h"

#include <ctime>

namespace rankscope {

namespace {

constexpr std::size_t kQuotedLength = 90;

} // namespace

const char *logSuspectKindKey(LogSuspectKind kind)
{
    switch (kind) {
    case LogSuspectKind::Template:
        return "template";
    case LogSuspectKind::Rank:
        return "rank";
    case LogSuspectKind::Node:
        return "node";
    }
    return "unknown";
}

double logSeverityWeight(LogSeverity severity)
{
    switch (severity) {
    case LogSeverity::Fatal:
        return 5;
    case LogSeverity::Error:
        return 4;
    case LogSeverity::Warning:
        return 2;
    default:
        return 0.5;
    }
}

std::string logClockText(std::int64_t timeNs)
{
    if (timeNs <= 0)
        return std::string();
    const std::time_t seconds = std::time_t(timeNs / 1000000000);
    std::tm parts{};
    gmtime_r(&seconds, &parts);
    char text[16];
    std::strftime(text, sizeof text, "%H:%M:%S", &parts);
    return text;
}

std::string quotedTemplate(const std::string &text)
{
    std::string shown = text.substr(0, text.find('\n'));
    if (shown.size() > kQuotedLength) {
        std::size_t cut = kQuotedLength;
        while (cut > 0 && (static_cast<unsigned char>(shown[cut]) & 0xC0) == 0x80)
            --cut; // never split a UTF-8 sequence
        shown = shown.substr(0, cut) + "...";
    } else if (shown.size() < text.size()) {
        shown += " ...";
    }
    return "`" + shown + "`";
}

std::string logRoleOf(const JobInfo &job, int rank)
{
    if (rank < 0)
        return "launcher";
    const RankInfo *info = job.rankInfo(rank);
    return info && !info->role.empty() ? info->role : std::string("trainer");
}

Message logRanksMessage(const RankSet &ranks)
{
    if (ranks.count() == 1)
        return {RANKSCOPE_MESSAGE("ranks.one", "rank %1"), {ranks.toString()}};
    return {RANKSCOPE_MESSAGE("ranks.many", "ranks %1"), {ranks.toString()}};
}

Message logAtMessage(Message what, std::int64_t timeNs)
{
    if (timeNs <= 0)
        return what;
    return {RANKSCOPE_MESSAGE("logs.at", "%1 at %2"), {std::move(what), logClockText(timeNs)}};
}

Message logJoinedMessage(Message first, Message second)
{
    if (first.empty())
        return second;
    if (second.empty())
        return first;
    return {RANKSCOPE_MESSAGE("list.semicolon", "%1; %2"), {std::move(first), std::move(second)}};
}

} // namespace rankscope
