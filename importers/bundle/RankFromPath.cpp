#include "importers/bundle/RankFromPath.h"
#include "core/model/AsciiText.h"

#include <array>
#include <vector>

namespace rankscope {

namespace {

bool isLetter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool startsWithWord(std::string_view text, std::size_t at, std::string_view word)
{
    if (text.size() - at < word.size())
        return false;
    for (std::size_t i = 0; i < word.size(); ++i) {
        if (lower(text[at + i]) != word[i])
            return false;
    }
    return true;
}

// The number right after position `at` (one optional separator, 1-7 digits, not followed by
// another digit).
std::optional<int> numberAt(std::string_view text, std::size_t at)
{
    if (at < text.size() && (text[at] == '-' || text[at] == '_' || text[at] == '.'))
        ++at;
    std::size_t end = at;
    while (end < text.size() && isDigit(text[end]))
        ++end;
    const std::size_t digits = end - at;
    if (digits == 0 || digits > 7)
        return std::nullopt;
    int value = 0;
    for (std::size_t i = at; i < end; ++i)
        value = value * 10 + (text[i] - '0');
    return value;
}

// "local_rank3", "localRank3", "local-rank3" name a rank within a node, not a global rank.
bool precededByLocal(std::string_view component, std::size_t at)
{
    std::size_t end = at;
    if (end > 0 &&
        (component[end - 1] == '_' || component[end - 1] == '-' || component[end - 1] == '.'))
        --end;
    return end >= 5 && startsWithWord(component, end - 5, "local");
}

std::optional<int> rankAfterWord(std::string_view component, std::string_view word)
{
    for (std::size_t at = 0; at + word.size() <= component.size(); ++at) {
        if (!startsWithWord(component, at, word))
            continue;
        const bool boundary = at == 0 || !isLetter(component[at - 1]) ||
                              (component[at] >= 'A' && component[at] <= 'Z' &&
                               component[at - 1] >= 'a' && component[at - 1] <= 'z');
        if (!boundary)
            continue;
        if (word == "rank" && precededByLocal(component, at))
            continue;
        if (auto rank = numberAt(component, at + word.size()))
            return rank;
    }
    return std::nullopt;
}

std::optional<int> bareRComponent(std::string_view component)
{
    if (component.size() < 2 || lower(component[0]) != 'r' || !isDigit(component[1]))
        return std::nullopt;
    std::size_t end = 1;
    while (end < component.size() && isDigit(component[end]))
        ++end;
    // Only "r7" or "r7.<extension>": anything else after the number is not this pattern.
    if (end < component.size() && component[end] != '.')
        return std::nullopt;
    if (end < component.size() &&
        component.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                                    end + 1) != std::string_view::npos)
        return std::nullopt;
    return numberAt(component, 1);
}

std::vector<std::string_view> componentsInnermostFirst(std::string_view path)
{
    std::vector<std::string_view> components;
    std::size_t end = path.size();
    while (end > 0) {
        const std::size_t slash = path.rfind('/', end - 1);
        const std::size_t begin = slash == std::string_view::npos ? 0 : slash + 1;
        if (end > begin)
            components.push_back(path.substr(begin, end - begin));
        if (slash == std::string_view::npos)
            break;
        end = slash;
    }
    return components;
}

} // namespace

std::optional<int> rankFromPath(std::string_view relativePath)
{
    const std::vector<std::string_view> components = componentsInnermostFirst(relativePath);
    for (std::string_view component : components) {
        if (auto rank = rankAfterWord(component, "rank"))
            return rank;
    }
    // "process" before "proc" so that "process_7" is not read as "proc" + "ess_7" (it would not
    // match anyway, but the longer word documents the intent).
    static constexpr std::array<std::string_view, 4> kWeakerWords = {"worker", "process", "proc",
                                                                     "default"};
    for (std::string_view component : components) {
        for (std::string_view word : kWeakerWords) {
            if (auto rank = rankAfterWord(component, word))
                return rank;
        }
    }
    for (std::string_view component : components) {
        if (auto rank = bareRComponent(component))
            return rank;
    }
    return std::nullopt;
}

} // namespace rankscope
