#include "importers/logs/LineHeader.h"
#include "core/model/AsciiText.h"

#include "importers/logs/LogLevel.h"

#include <algorithm>
#include <cstring>

namespace rankscope {

namespace {

constexpr int kMaxHeaderParts = 5;

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

// "W1129 12:31:04..." / "[E606 09:09:08...": a glog or c10 time, the only second time a header
// may have (it carries the level).
bool mayStartGlog(std::string_view text)
{
    const std::size_t at = !text.empty() && text[0] == '[' ? 1 : 0;
    if (text.size() < at + 2)
        return false;
    const char letter = text[at];
    return (letter == 'I' || letter == 'W' || letter == 'E' || letter == 'F') &&
           isDigit(text[at + 1]);
}

// "[rank3]:", "[default3]:", "[Rank 3]", "rank3:", "[1,3]<stdout>:" after a time.
bool mayStartRankPrefix(std::string_view text)
{
    if (text.size() < 4)
        return false;
    if (text[0] == 'r' || text[0] == 'R')
        return true;
    return text[0] == '[' &&
           (text[1] == 'r' || text[1] == 'R' || text[1] == 'd' || isDigit(text[1]));
}

} // namespace

LineHeader parseLineHeader(std::string_view text)
{
    LineHeader header;
    if (!mayStartHeader(text))
        return header;
    std::size_t at = isSpace(text[0]) ? whitespaceBeforeTimestamp(text) : 0;
    if (isSpace(text[0]) && at == 0)
        return header;
    bool afterRank = false;
    for (int part = 0; part < kMaxHeaderParts && at < text.size(); ++part) {
        const std::string_view rest = text.substr(at);
        const bool noTime = header.time.form == TimestampForm::None;
        if (noTime || afterRank || mayStartGlog(rest)) {
            const TimestampMatch stamp = matchLeadingTimestamp(rest);
            // A second time only where it carries a level (a c10 line re-stamped) or follows
            // a rank prefix: "1795955464 items" after a time is text.
            if (stamp.form != TimestampForm::None &&
                (noTime || afterRank || stamp.glogLevel != LogSeverity::Unknown)) {
                if (noTime || (header.time.yearMissing && !stamp.yearMissing)) {
                    header.time = stamp;
                    if (!stamp.bracketTail.empty())
                        header.hasWorker =
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
        if (header.rank.form == RankPrefixForm::None && header.standalone() &&
            mayStartRankPrefix(rest)) {
            const RankPrefixMatch rank = matchRankPrefix(rest);
            if (rank.form != RankPrefixForm::None && !isWeakRankPrefixForm(rank.form)) {
                header.rank = {rank.form, rank.localRank, rank.rank};
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
    // "name.py:" first: the ':' must follow ".py" (one memchr instead of a scan of every line).
    const void *colon =
        std::memchr(content.data(), ':', std::min<std::size_t>(content.size(), 124));
    const std::size_t colonAt =
        colon ? std::size_t(static_cast<const char *>(colon) - content.data()) : 0;
    if (colonAt < 4 || content.substr(colonAt - 3, 3) != ".py")
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
