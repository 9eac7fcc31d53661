#include "importers/logs/RankPrefix.h"

#include "importers/bundle/RankFromPath.h"

namespace rankscope {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

char lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
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
    return {form, rank, end};
}

// "[rank3]:", "[default3]:", "[RANK 3]" / "[Rank 3]:" and "[1,3]<stdout>:".
RankPrefixMatch matchBracketed(std::string_view line)
{
    std::size_t at = 1;
    if (startsWithNoCase(line, 1, "rank")) {
        at = 5;
        const bool spaced = at < line.size() && line[at] == ' ';
        if (spaced)
            ++at;
        const int rank = readRank(line, &at);
        if (rank < 0 || at >= line.size() || line[at] != ']')
            return {};
        ++at;
        if (!spaced && (at >= line.size() || line[at] != ':'))
            return {};
        if (at < line.size() && line[at] == ':')
            ++at;
        return finish(spaced ? RankPrefixForm::RankSpaced : RankPrefixForm::RankBracket, rank, line,
                      at);
    }
    if (startsWithNoCase(line, 1, "default")) {
        at = 8;
        const int rank = readRank(line, &at);
        if (rank < 0 || line.substr(at, 2) != "]:")
            return {};
        return finish(RankPrefixForm::DefaultBracket, rank, line, at + 2);
    }
    if (at < line.size() && isDigit(line[at])) {
        // OpenMPI: "[jobid,rank]<stdout>:" / "<stderr>:".
        while (at < line.size() && isDigit(line[at]))
            ++at;
        if (at >= line.size() || line[at] != ',')
            return {};
        ++at;
        const int rank = readRank(line, &at);
        if (rank < 0 || at >= line.size() || line[at] != ']')
            return {};
        ++at;
        for (std::string_view tag : {"<stdout>:", "<stderr>:", "<stddiag>:"}) {
            if (line.substr(at, tag.size()) == tag)
                return finish(RankPrefixForm::OpenMpiTag, rank, line, at + tag.size());
        }
    }
    return {};
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
    }
    return "";
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
    if (first == ' ' || isDigit(first)) {
        // srun pads labels to the width of the largest task number.
        std::size_t at = 0;
        while (at < line.size() && at < 7 && line[at] == ' ')
            ++at;
        const int rank = readRank(line, &at);
        if (rank < 0 || line.substr(at, 2) != ": ")
            return {};
        return {RankPrefixForm::SrunLabel, rank, at + 2};
    }
    return {};
}

int rankTagInHeader(std::string_view text)
{
    // Walk over leading "[...]" tags; stop at the first thing that is not one.
    std::size_t at = 0;
    for (int tags = 0; tags < 4 && at < text.size() && text[at] == '['; ++tags) {
        if (startsWithNoCase(text, at + 1, "rank ")) {
            std::size_t digits = at + 6;
            const int rank = readRank(text, &digits);
            if (rank >= 0 && digits < text.size() && text[digits] == ']')
                return rank;
        }
        const std::size_t close = text.find(']', at);
        if (close == std::string_view::npos || close - at > 120)
            return -1;
        at = close + 1;
        while (at < text.size() && text[at] == ' ')
            ++at;
    }
    return -1;
}

void RankPrefixCensus::add(std::string_view line)
{
    if (line.empty())
        return;
    ++lines;
    const RankPrefixMatch match = matchRankPrefix(line);
    if (match.form == RankPrefixForm::SrunLabel)
        ++srunLabels;
    else if (match.form != RankPrefixForm::None)
        ++explicitPrefixes;
}

bool RankPrefixCensus::looksLikeSrunLabelledFile() const
{
    return srunLabels > 0 && srunLabels * 2 >= lines && srunLabels > explicitPrefixes;
}

} // namespace rankscope
