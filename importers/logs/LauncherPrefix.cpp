#include "importers/logs/LauncherPrefix.h"
#include "core/model/AsciiText.h"

#include "importers/bundle/RankFromPath.h"

namespace rankscope {

namespace {

bool isLetter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool isNameChar(char c)
{
    return isLetter(c) || isDigit(c) || c == '-' || c == '_' || c == '.';
}

constexpr std::size_t kMaxNameBytes = 96;

// "[pod/NAME/CONTAINER] " (kubectl logs --prefix) and "[node/NAME] " (kubectl node logs).
LauncherPrefixMatch matchKubectl(std::string_view line)
{
    std::size_t at;
    if (line.substr(1, 4) == "pod/")
        at = 5;
    else if (line.substr(1, 5) == "node/")
        at = 6;
    else
        return {};
    const std::size_t nameStart = at;
    while (at < line.size() && at - nameStart < 253 && line[at] != '/' && line[at] != ']' &&
           line[at] != ' ')
        ++at;
    if (at == nameStart || at >= line.size())
        return {};
    const std::string_view name = line.substr(nameStart, at - nameStart);
    if (line[at] == '/') { // the container
        const std::size_t containerStart = ++at;
        while (at < line.size() && at - containerStart < 253 && line[at] != ']' && line[at] != ' ')
            ++at;
        if (at >= line.size() || line[at] != ']')
            return {};
    } else if (line[at] != ']' || nameStart != 6) {
        return {}; // pods always name their container
    }
    ++at;
    if (at < line.size() && line[at] != ' ')
        return {};
    return {LauncherPrefixForm::Kubectl, at < line.size() ? at + 1 : at, name, -1};
}

LauncherPrefixMatch matchPidBracket(std::string_view line)
{
    std::size_t at = 1;
    std::int64_t pid = 0;
    while (at < line.size() && isDigit(line[at]) && at < 9)
        pid = pid * 10 + (line[at++] - '0');
    if (at == 1 || line.substr(at, 2) != "] " || (at + 2 < line.size() && line[at + 2] == ' '))
        return {};
    return {LauncherPrefixForm::PidBracket, at + 2, {}, pid};
}

// "trainer-1  | text", "project_trainer_1  | text" and the bare "trainer-1  |" of an empty line.
LauncherPrefixMatch matchCompose(std::string_view line, std::size_t nameEnd)
{
    std::size_t at = nameEnd;
    while (at < line.size() && line[at] == ' ' && at - nameEnd < 64)
        ++at;
    if (at == nameEnd || at >= line.size() || line[at] != '|')
        return {};
    ++at;
    if (at < line.size() && line[at] != ' ')
        return {};
    return {LauncherPrefixForm::Compose, at < line.size() ? at + 1 : at, line.substr(0, nameEnd),
            -1};
}

// "worker-1: text": pdsh's "%s: %s". A host name has a letter and a digit or a dot, which tells
// it from srun's "12: " and from words such as "Epoch: ".
LauncherPrefixMatch matchPdsh(std::string_view line, std::size_t nameEnd)
{
    if (line.substr(nameEnd, 2) != ": ")
        return {};
    bool letter = false;
    bool digitOrDot = false;
    for (std::size_t i = 0; i < nameEnd; ++i) {
        letter = letter || isLetter(line[i]);
        digitOrDot = digitOrDot || isDigit(line[i]) || line[i] == '.';
    }
    if (!letter || !digitOrDot)
        return {};
    return {LauncherPrefixForm::Pdsh, nameEnd + 2, line.substr(0, nameEnd), -1};
}

} // namespace

const char *launcherPrefixFormText(LauncherPrefixForm form)
{
    switch (form) {
    case LauncherPrefixForm::None:
        return "";
    case LauncherPrefixForm::Compose:
        return "service | ";
    case LauncherPrefixForm::Kubectl:
        return "[pod/P/C] ";
    case LauncherPrefixForm::Pdsh:
        return "host: ";
    case LauncherPrefixForm::PidBracket:
        return "[PID] ";
    }
    return "";
}

LauncherPrefixMatch matchLauncherPrefix(std::string_view line)
{
    if (line.size() < 3)
        return {};
    const char first = line[0];
    if (first == '[') {
        if (isDigit(line[1]))
            return matchPidBracket(line);
        if (line[1] == 'p' || line[1] == 'n')
            return matchKubectl(line);
        return {};
    }
    if (!isLetter(first) && !isDigit(first))
        return {};
    std::size_t nameEnd = 1;
    while (nameEnd < line.size() && nameEnd < kMaxNameBytes && isNameChar(line[nameEnd]))
        ++nameEnd;
    if (nameEnd >= line.size())
        return {};
    if (line[nameEnd] == ' ')
        return matchCompose(line, nameEnd);
    if (line[nameEnd] == ':')
        return matchPdsh(line, nameEnd);
    return {};
}

int rankFromComposeName(std::string_view container)
{
    // Drop the replica number: "-<n>" (v2) or "_<n>" (v1).
    std::size_t end = container.size();
    while (end > 0 && isDigit(container[end - 1]))
        --end;
    if (end == container.size() || end < 2 ||
        (container[end - 1] != '-' && container[end - 1] != '_'))
        return -1;
    const std::string_view service = container.substr(0, end - 1);
    const std::optional<int> rank = rankFromPath(service);
    return rank ? *rank : -1;
}

} // namespace rankscope
