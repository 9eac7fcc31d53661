#include "importers/logs/LineHeader.h"

#include "importers/logs/LogLevel.h"

namespace rankscope {

namespace {

constexpr int kMaxHeaderParts = 5;

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

bool isSpace(char c)
{
    return c == ' ' || c == '\t';
}

// "- " and "| " between the parts of "%(asctime)s - %(levelname)s - ..." and loguru's
// "time | LEVEL | ...".
std::size_t separatorLength(std::string_view text)
{
    return text.size() >= 2 && (text[0] == '-' || text[0] == '|') && text[1] == ' ' ? 2 : 0;
}

// Whitespace before a timestamp is part of the header (Megatron-LM's iteration line); before
// anything else it is indentation, which continuation lines are recognised by.
std::size_t whitespaceBeforeTimestamp(std::string_view text)
{
    std::size_t ws = 0;
    while (ws < text.size() && ws < 16 && isSpace(text[ws]))
        ++ws;
    if (ws == 0 || ws >= text.size() || (text[ws] != '[' && !isDigit(text[ws])))
        return 0;
    return matchLeadingTimestamp(text.substr(ws)).form != TimestampForm::None ? ws : 0;
}

} // namespace

LineHeader parseLineHeader(std::string_view text)
{
    LineHeader header;
    std::size_t at = !text.empty() && isSpace(text[0]) ? whitespaceBeforeTimestamp(text) : 0;
    if (!text.empty() && isSpace(text[0]) && at == 0)
        return header;
    bool afterRank = false;
    for (int part = 0; part < kMaxHeaderParts && at < text.size(); ++part) {
        const std::string_view rest = text.substr(at);
        const bool noTime = header.time.form == TimestampForm::None;
        if (noTime || afterRank || rest[0] == '[' || (rest[0] >= 'A' && rest[0] <= 'Z')) {
            const TimestampMatch stamp = matchLeadingTimestamp(rest);
            // A second time only where it carries a level (a c10 line re-stamped) or follows
            // a rank prefix: "1795955464 items" after a time is text.
            if (stamp.form != TimestampForm::None &&
                (noTime || afterRank || stamp.glogLevel != LogSeverity::Unknown)) {
                if (noTime || (header.time.yearMissing && !stamp.yearMissing)) {
                    header.time = stamp;
                    if (!stamp.bracketTail.empty())
                        parseParallelCoordinates(stamp.bracketTail, ' ', &header.worker);
                }
                header.c10 = header.c10 || stamp.form == TimestampForm::Glog;
                if (stamp.glogLevel != LogSeverity::Unknown && !header.levelToken) {
                    header.level = stamp.glogLevel;
                    header.levelToken = true;
                }
                at += stamp.length;
                afterRank = false;
                continue;
            }
        }
        if (!header.levelToken) {
            const std::size_t separator = noTime ? 0 : separatorLength(rest);
            const LevelMatch level = matchLeadingLevel(rest.substr(separator));
            if (level.length > 0) {
                header.level = level.severity;
                header.levelToken = true;
                header.c10 = header.c10 || (rest[0] == '[' && rest[2] == ' ');
                at += separator + level.length;
                at += separatorLength(text.substr(at));
                afterRank = false;
                continue;
            }
        }
        if (header.rank.form == RankPrefixForm::None && header.standalone()) {
            const RankPrefixMatch rank = matchRankPrefix(rest);
            if (rank.form != RankPrefixForm::None && !isWeakRankPrefixForm(rank.form)) {
                header.rank = rank;
                at += rank.length;
                afterRank = true;
                continue;
            }
        }
        break;
    }
    if (!header.levelToken && header.time.form != TimestampForm::None && at < text.size()) {
        // "2026-11-29 12:31:08,000 - torch.distributed - ERROR - msg": the separator goes.
        const std::size_t separator = separatorLength(text.substr(at));
        if (const LevelMatch level = matchLevelAfterLoggerName(text.substr(at + separator));
            level.length > 0) {
            header.level = level.severity;
            at += separator;
        }
    }
    header.length = at;
    return header;
}

std::size_t pythonLocationLength(std::string_view content)
{
    if (content.size() < 8)
        return 0;
    const bool bracketed = content[0] == '[';
    std::size_t at = bracketed ? 1 : 0;
    const std::size_t nameStart = at;
    while (at < content.size() && at < 120 &&
           ((content[at] >= 'a' && content[at] <= 'z') ||
            (content[at] >= 'A' && content[at] <= 'Z') || isDigit(content[at]) ||
            content[at] == '_' || content[at] == '.' || content[at] == '-' || content[at] == '/'))
        ++at;
    const std::string_view name = content.substr(nameStart, at - nameStart);
    if (!name.ends_with(".py") || at >= content.size() || content[at] != ':')
        return 0;
    ++at;
    const std::size_t digits = at;
    while (at < content.size() && isDigit(content[at]))
        ++at;
    if (at == digits)
        return 0;
    if (at < content.size() && content[at] == ':') { // DeepSpeed's ":log_dist"
        ++at;
        while (at < content.size() && at < 160 &&
               ((content[at] >= 'a' && content[at] <= 'z') ||
                (content[at] >= 'A' && content[at] <= 'Z') || isDigit(content[at]) ||
                content[at] == '_' || content[at] == '<' || content[at] == '>'))
            ++at;
    }
    if (at >= content.size() || content[at] != ']')
        return 0;
    ++at;
    if (at < content.size() && content[at] == ' ')
        ++at;
    return at;
}

} // namespace rankscope
