#include "importers/logs/RankPrefix.h"
#include "core/model/AsciiText.h"

#include "importers/bundle/RankFromPath.h"

namespace rankscope {

namespace {

bool isLowerLetter(char c)
{
    return (c >= 'a' && c <= 'z') || c == '_';
}

bool startsWithNoCase(std::string_view text, std::size_t at, std::string_view word)
{
    if (text.size() < at + word.size())
        return false;
    for (std::size_t i = 0; i < word.size(); ++i) {
        if (lower(text[at + i]) != word[i])
            return false;
    }
    return true;
}

// Reads 1-7 digits at *at (advancing it); -1 when there are none or the number is too large.
int readRank(std::string_view text, std::size_t *at)
{
    std::size_t i = *at;
    int value = 0;
    while (i < text.size() && isDigit(text[i]) && i - *at < 8) {
        value = value * 10 + (text[i] - '0');
        ++i;
    }
    if (i == *at || i - *at > 7 || (i < text.size() && isDigit(text[i])) ||
        value > kMaxSupportedRank)
        return -1;
    *at = i;
    return value;
}

RankPrefixMatch finish(RankPrefixForm form, int rank, std::string_view line, std::size_t end)
{
    if (end < line.size() && line[end] == ' ')
        ++end;
    RankPrefixMatch match;
    match.form = form;
    match.rank = rank;
    match.length = end;
    return match;
}

// "[rank3]:", "[rank3] ", "[RANK 3]", "[Rank 3]:", "[rank: 3]" (Lightning's rank_prefixed_message).
RankPrefixMatch matchRankWord(std::string_view line)
{
    std::size_t at = 5;
    const bool colon = at < line.size() && line[at] == ':';
    if (colon)
        ++at;
    const bool spaced = at < line.size() && line[at] == ' ';
    if (spaced)
        ++at;
    const int rank = readRank(line, &at);
    if (rank < 0 || at >= line.size() || line[at] != ']')
        return {};
    ++at;
    const bool followedByColon = at < line.size() && line[at] == ':';
    if (!spaced && !colon && !followedByColon && (at >= line.size() || line[at] != ' '))
        return {}; // "[rank3]x" is no prefix
    if (followedByColon)
        ++at;
    const bool bracket = !spaced && !colon;
    return finish(bracket ? RankPrefixForm::RankBracket : RankPrefixForm::RankSpaced, rank, line,
                  at);
}

// "[default3]:", "[trainer12]:": torchrun's default "[${role_name}${local_rank}]:".
RankPrefixMatch matchRoleBracket(std::string_view line)
{
    std::size_t at = 1;
    while (at < line.size() && at < 40 && isLowerLetter(line[at]))
        ++at;
    if (at == 1)
        return {};
    const int rank = readRank(line, &at);
    if (rank < 0 || line.substr(at, 2) != "]:")
        return {};
    RankPrefixMatch match = finish(RankPrefixForm::DefaultBracket, rank, line, at + 2);
    match.localRank = true;
    return match;
}

// OpenMPI / PRRTE --tag-output: "[jobid,rank]<stdout>:", "<stderr>:", "<stddiag>:", where the
// job id may be a namespace ("prterun-host-1234@1"); tag-detailed adds "[hostname:pid]".
RankPrefixMatch matchOpenMpi(std::string_view line)
{
    const std::size_t comma = line.substr(0, 97).find(',');
    if (comma == std::string_view::npos || comma < 2)
        return {};
    for (std::size_t i = 1; i < comma; ++i) {
        if (line[i] == ']' || line[i] == '[' || line[i] == ' ')
            return {};
    }
    std::size_t at = comma + 1;
    const int rank = readRank(line, &at);
    if (rank < 0 || at >= line.size() || line[at] != ']')
        return {};
    ++at;
    std::string_view host;
    std::int64_t pid = -1;
    if (at < line.size() && line[at] == '[') {
        const std::size_t close = line.find(']', at);
        const std::size_t colon = line.find(':', at);
        if (close == std::string_view::npos || colon == std::string_view::npos || colon > close ||
            close - at > 128)
            return {};
        host = line.substr(at + 1, colon - at - 1);
        std::int64_t value = 0;
        std::size_t digits = colon + 1;
        for (; digits < close && isDigit(line[digits]) && digits - colon < 12; ++digits)
            value = value * 10 + (line[digits] - '0');
        if (digits == close && digits > colon + 1)
            pid = value; // "unknown" when PRRTE does not know it
        at = close + 1;
    }
    for (std::string_view tag : {"<stdout>:", "<stderr>:", "<stddiag>:"}) {
        if (line.substr(at, tag.size()) == tag) {
            // Open MPI 4 writes the text right after the colon, PRRTE one space after it: one
            // space alone is the separator; with more, the file decides (LinePrefixes).
            std::size_t end = at + tag.size();
            const bool spaces = end + 1 < line.size() && line[end] == ' ';
            if (spaces && line[end + 1] != ' ')
                ++end;
            RankPrefixMatch match;
            match.spacedOpenMpiTag = spaces && line[end] == ' ';
            match.form = RankPrefixForm::OpenMpiTag;
            match.rank = rank;
            match.length = end;
            match.node = host;
            match.pid = pid;
            return match;
        }
    }
    return {};
}

RankPrefixMatch matchBracketed(std::string_view line)
{
    if (line.size() < 4)
        return {};
    if (startsWithNoCase(line, 1, "rank"))
        return matchRankWord(line);
    if (isDigit(line[1])) {
        // "[3]:": torchrun's documented "[${rank}]:" template.
        std::size_t at = 1;
        const int rank = readRank(line, &at);
        if (rank >= 0 && line.substr(at, 2) == "]:")
            return finish(RankPrefixForm::RankTemplate, rank, line, at + 2);
        return matchOpenMpi(line);
    }
    if (isLowerLetter(line[1])) {
        if (RankPrefixMatch role = matchRoleBracket(line); role.form != RankPrefixForm::None)
            return role;
    }
    return matchOpenMpi(line);
}

// srun -l: "%*d: " padded to the widest task number; "P%u %*d: " for a heterogeneous job's
// component when Slurm has no task offset for it.
RankPrefixMatch matchSrunLabel(std::string_view line)
{
    std::size_t at = 0;
    int component = -1;
    if (line[0] == 'P') {
        at = 1;
        component = readRank(line, &at);
        if (component < 0 || at >= line.size() || line[at] != ' ')
            return {};
        ++at;
    }
    const std::size_t padStart = at;
    while (at < line.size() && at - padStart < 7 && line[at] == ' ')
        ++at;
    const int rank = readRank(line, &at);
    if (rank < 0 || line.substr(at, 2) != ": ")
        return {};
    RankPrefixMatch match;
    match.form = component >= 0 ? RankPrefixForm::SrunHetLabel : RankPrefixForm::SrunLabel;
    match.rank = rank;
    match.length = at + 2;
    match.hetComponent = component;
    return match;
}

} // namespace

const char *rankPrefixFormText(RankPrefixForm form)
{
    switch (form) {
    case RankPrefixForm::None:
        return "";
    case RankPrefixForm::RankBracket:
        return "[rankN]:";
    case RankPrefixForm::DefaultBracket:
        return "[defaultN]:";
    case RankPrefixForm::SrunLabel:
        return "N: ";
    case RankPrefixForm::RankSpaced:
        return "[RANK N]";
    case RankPrefixForm::RankColon:
        return "rankN:";
    case RankPrefixForm::OpenMpiTag:
        return "[J,N]<stdout>:";
    case RankPrefixForm::RankTemplate:
        return "[N]:";
    case RankPrefixForm::SrunHetLabel:
        return "PC N: ";
    }
    return "";
}

bool isWeakRankPrefixForm(RankPrefixForm form)
{
    return form == RankPrefixForm::SrunLabel || form == RankPrefixForm::SrunHetLabel ||
           form == RankPrefixForm::RankTemplate;
}

RankPrefixMatch matchRankPrefix(std::string_view line)
{
    if (line.empty())
        return {};
    const char first = line[0];
    if (first == '[')
        return matchBracketed(line);
    if (first == 'r' || first == 'R') {
        if (!startsWithNoCase(line, 0, "rank"))
            return {};
        std::size_t at = 4;
        if (at < line.size() && line[at] == ' ')
            ++at;
        const int rank = readRank(line, &at);
        if (rank < 0 || at >= line.size() || line[at] != ':')
            return {};
        return finish(RankPrefixForm::RankColon, rank, line, at + 1);
    }
    if (first == ' ' || isDigit(first) || first == 'P')
        return matchSrunLabel(line);
    return {};
}

namespace {

// "ProcessGroupNCCL.cpp:629", "1234 ProcessGroupNCCL.cpp:629", "E ProcessGroupNCCL.cpp:475": a
// C++ source location as glog and c10 print it.
bool isCppLocation(std::string_view location)
{
    const std::size_t colon = location.rfind(':');
    if (colon == std::string_view::npos || colon + 1 == location.size())
        return false;
    for (std::size_t i = colon + 1; i < location.size(); ++i) {
        if (!isDigit(location[i]))
            return false;
    }
    const std::string_view file = location.substr(0, colon);
    return (file.ends_with(".cpp") || file.ends_with(".cc") || file.ends_with(".h") ||
            file.ends_with(".hpp") || file.ends_with(".cu")) &&
           file.find('[') == std::string_view::npos;
}

// "ProcessGroupNCCL.cpp:629] " or "1234 ProcessGroupNCCL.cpp:629] ": what is left of a glog/c10
// header after its timestamp; the end of it, 0 when `text` does not start like that.
std::size_t cppLocationEnd(std::string_view text)
{
    const std::size_t close = text.substr(0, 120).find("] ");
    if (close == std::string_view::npos || close < 6)
        return 0;
    return isCppLocation(text.substr(0, close)) ? close + 2 : 0;
}

// "PG ID 0 PG GUID 0(default_pg) Rank 3" / "PG 0 Rank 3": the rank when the group is the
// default (world) group, else -1.
int defaultGroupRank(std::string_view tag)
{
    if (tag.substr(0, 3) != "PG ")
        return -1;
    const std::size_t rankAt = tag.rfind(" Rank ");
    if (rankAt == std::string_view::npos)
        return -1;
    std::size_t digits = rankAt + 6;
    const int rank = readRank(tag, &digits);
    if (rank < 0 || digits != tag.size())
        return -1;
    const std::string_view group = tag.substr(0, rankAt);
    const bool world = group.find("(default_pg)") != std::string_view::npos || group == "PG 0" ||
                       group == "PG ID 0";
    return world ? rank : -1;
}

} // namespace

int rankTagInHeader(std::string_view text)
{
    std::size_t at = cppLocationEnd(text);
    // Walk over leading "[...]" tags; stop at the first thing that is not one.
    bool afterCppTag = at > 0;
    for (int tags = 0; tags < 4 && at < text.size() && text[at] == '['; ++tags) {
        const std::size_t close = text.find(']', at);
        if (close == std::string_view::npos || close - at > 120)
            return -1;
        const std::string_view tag = text.substr(at + 1, close - at - 1);
        if (startsWithNoCase(tag, 0, "rank ") && !afterCppTag) {
            std::size_t digits = 5;
            const int rank = readRank(tag, &digits);
            if (rank >= 0 && digits == tag.size())
                return rank;
        }
        if (const int rank = defaultGroupRank(tag); rank >= 0)
            return rank;
        // "[E ProcessGroupNCCL.cpp:475]": what follows is c10d's, whose "[Rank N]" is a group's.
        afterCppTag = afterCppTag || isCppLocation(tag);
        at = close + 1;
        while (at < text.size() && text[at] == ' ')
            ++at;
    }
    return -1;
}

} // namespace rankscope
