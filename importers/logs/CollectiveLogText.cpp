#include "importers/logs/CollectiveLogText.h"
#include "core/model/AsciiText.h"

#include <algorithm>
#include <charconv>
#include <cstring>

namespace rankscope {

namespace {

bool startsWithAt(std::string_view text, std::size_t at, std::string_view word)
{
    return text.size() >= at && text.substr(at, word.size()) == word;
}

bool readInt(std::string_view text, std::size_t *at, int *value)
{
    std::int64_t v = 0;
    if (!readInteger(text, at, &v) || v < -1 || v > (1 << 30))
        return false;
    *value = int(v);
    return true;
}

} // namespace

bool readInteger(std::string_view text, std::size_t *at, std::int64_t *value)
{
    if (*at >= text.size())
        return false;
    const char *begin = text.data() + *at;
    const auto result = std::from_chars(begin, text.data() + text.size(), *value);
    if (result.ec != std::errc())
        return false;
    *at = std::size_t(result.ptr - text.data());
    return true;
}

bool integerAfter(std::string_view text, std::string_view label, std::int64_t *value,
                  std::size_t from)
{
    const std::size_t at = text.find(label, from);
    if (at == std::string_view::npos)
        return false;
    std::size_t pos = at + label.size();
    while (pos < text.size() && text[pos] == ' ')
        ++pos;
    return readInteger(text, &pos, value);
}

PgPrefix parsePgPrefix(std::string_view text, std::size_t at)
{
    PgPrefix prefix;
    while (at < text.size() && text[at] == ' ')
        ++at;
    if (at >= text.size() || text[at] != '[')
        return prefix;
    const std::size_t begin = at;
    std::size_t pos = at + 1;
    if (startsWithAt(text, pos, "PG ID ")) {
        pos += 6;
        if (!readInt(text, &pos, &prefix.pgId) || !startsWithAt(text, pos, " PG GUID "))
            return {};
        pos += 9;
    } else if (startsWithAt(text, pos, "PG ")) {
        pos += 3;
    } else if (!startsWithAt(text, pos, "Rank ")) {
        return {};
    }
    if (!startsWithAt(text, pos, "Rank ")) {
        // The group's name: up to '(' or " Rank " (names are ids, or any string without those).
        const std::size_t nameBegin = pos;
        while (pos < text.size() && text[pos] != '(' && text[pos] != ']' &&
               !startsWithAt(text, pos, " Rank ") && pos - nameBegin < 128)
            ++pos;
        std::size_t nameEnd = pos;
        while (nameEnd > nameBegin && text[nameEnd - 1] == ' ')
            --nameEnd;
        prefix.name = text.substr(nameBegin, nameEnd - nameBegin);
        if (pos < text.size() && text[pos] == '(') {
            const std::size_t close = text.find(')', pos);
            if (close == std::string_view::npos || close - pos > 256)
                return {};
            prefix.desc = text.substr(pos + 1, close - pos - 1);
            pos = close + 1;
        }
        if (!startsWithAt(text, pos, " Rank "))
            return {};
        ++pos;
    }
    pos += 5; // "Rank "
    if (!readInt(text, &pos, &prefix.groupRank) || !startsWithAt(text, pos, "]"))
        return {};
    ++pos;
    if (pos < text.size() && text[pos] == ' ')
        ++pos;
    prefix.found = true;
    prefix.begin = begin;
    prefix.end = pos;
    return prefix;
}

PgPrefix pgPrefixBefore(std::string_view text, std::size_t at)
{
    // The nearest prefix that ends at or before `at` ("... [Rank 7] Watchdog caught ...").
    at = std::min(at, text.size());
    const std::size_t lowest = at > 512 ? at - 512 : 0;
    for (std::size_t i = at; i > lowest;) {
        --i;
        if (text[i] != '[')
            continue;
        const PgPrefix prefix = parsePgPrefix(text, i);
        if (prefix.found && prefix.end <= at)
            return prefix;
    }
    return {};
}

std::vector<int> parseRankList(std::string_view text, std::size_t limit)
{
    std::vector<int> ranks;
    std::size_t pos = 0;
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '{' || text[pos] == '['))
        ++pos;
    while (pos < text.size() && ranks.size() < limit) {
        const char c = text[pos];
        if (c == ' ' || c == ',' || c == '\t') {
            ++pos;
            continue;
        }
        if (!isDigit(c))
            break;
        int first = 0;
        if (!readInt(text, &pos, &first))
            break;
        int last = first;
        if (pos + 1 < text.size() && text[pos] == '-' && isDigit(text[pos + 1])) {
            ++pos;
            if (!readInt(text, &pos, &last) || last < first)
                break;
        }
        for (int r = first; r <= last && ranks.size() < limit; ++r)
            ranks.push_back(r);
    }
    std::sort(ranks.begin(), ranks.end());
    ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
    return ranks;
}

std::string shapeText(std::string_view bracketed)
{
    // Numbers of one innermost bracket joined by 'x', tensors by ';'.
    std::string out;
    int depth = 0;
    int numberDepth = -1;
    bool needX = false;
    bool needSemicolon = false;
    for (std::size_t i = 0; i < bracketed.size() && out.size() < 4096; ++i) {
        const char c = bracketed[i];
        if (c == '[') {
            ++depth;
        } else if (c == ']') {
            if (depth == numberDepth) {
                needX = false;
                needSemicolon = true;
            }
            --depth;
        } else if (isDigit(c)) {
            if (needSemicolon && !out.empty())
                out += ';';
            else if (needX)
                out += 'x';
            while (i < bracketed.size() && isDigit(bracketed[i]))
                out += bracketed[i++];
            --i;
            numberDepth = depth;
            needX = true;
            needSemicolon = false;
        }
    }
    return out;
}

bool containsAt(std::string_view text, std::string_view needle, std::size_t pivot)
{
    if (needle.empty() || pivot >= needle.size() || text.size() < needle.size())
        return false;
    const char key = needle[pivot];
    const char *begin = text.data() + pivot;
    const char *end = text.data() + text.size() - (needle.size() - pivot - 1);
    while (begin < end) {
        const void *hit = std::memchr(begin, key, std::size_t(end - begin));
        if (!hit)
            return false;
        const char *at = static_cast<const char *>(hit);
        if (std::memcmp(at - pivot, needle.data(), needle.size()) == 0)
            return true;
        begin = at + 1;
    }
    return false;
}

std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() &&
           (text.back() == ' ' || text.back() == '\t' || text.back() == '.' || text.back() == '\r'))
        text.remove_suffix(1);
    return text;
}

std::string normalisedCommHash(std::string_view hex)
{
    if (hex.starts_with("0x") || hex.starts_with("0X"))
        hex.remove_prefix(2);
    while (hex.size() > 1 && hex.front() == '0')
        hex.remove_prefix(1);
    std::string out;
    for (char c : hex) {
        if (c >= 'A' && c <= 'F')
            out += char(c - 'A' + 'a');
        else if ((c >= 'a' && c <= 'f') || isDigit(c))
            out += c;
        else
            break;
    }
    return out;
}

} // namespace rankscope
