#include "importers/stacks/PastedDumpLines.h"
#include "core/model/AsciiText.h"

#include <array>

namespace rankscope {

namespace {

bool digitsAt(std::string_view text, std::size_t at, std::size_t count)
{
    if (text.size() < at + count)
        return false;
    for (std::size_t i = at; i < at + count; ++i) {
        if (!isDigit(text[i]))
            return false;
    }
    return true;
}

// "2026-11-29 12:31:04", "2026/11/29", "[2026-11-29T12:31:04Z]", "Sun Nov 29 12:31:04 UTC 2026".
bool startsWithDate(std::string_view line)
{
    if (!line.empty() && line.front() == '[')
        line.remove_prefix(1);
    if (digitsAt(line, 0, 4) && line.size() >= 10 && (line[4] == '-' || line[4] == '/') &&
        digitsAt(line, 5, 2) && line[7] == line[4] && digitsAt(line, 8, 2))
        return true;
    static constexpr std::array<std::string_view, 7> kDays = {"Mon ", "Tue ", "Wed ", "Thu ",
                                                              "Fri ", "Sat ", "Sun "};
    static constexpr std::array<std::string_view, 12> kMonths = {
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    for (std::string_view day : kDays) {
        if (!line.starts_with(day))
            continue;
        const std::string_view rest = line.substr(day.size());
        for (std::string_view month : kMonths) {
            if (rest.starts_with(month))
                return true;
        }
    }
    return false;
}

bool namesDumpTool(std::string_view command)
{
    return command.find("py-spy") != std::string_view::npos ||
           command.find("pystack") != std::string_view::npos;
}

// "root@node-3:~# py-spy dump --pid 1234" -> node-3; "[ubuntu@gpu-07 ~]$ ..." -> gpu-07.
std::string_view promptHost(std::string_view prompt)
{
    const std::size_t at = prompt.find('@');
    if (at == std::string_view::npos)
        return {};
    std::size_t end = at + 1;
    while (end < prompt.size() && prompt[end] != ':' && prompt[end] != ' ' && prompt[end] != ']' &&
           prompt[end] != '$' && prompt[end] != '#')
        ++end;
    return prompt.substr(at + 1, end - at - 1);
}

// "root@node-3:~" or "[ubuntu@gpu-07 ~]" (with an optional "(venv) " before it): a shell prompt
// whatever command follows, even none (the prompt left after the dump).
bool looksLikeUserAtHost(std::string_view prompt)
{
    if (prompt.starts_with("(")) {
        const std::size_t close = prompt.find(") ");
        if (close == std::string_view::npos)
            return false;
        prompt.remove_prefix(close + 2);
    }
    const std::size_t at = prompt.find('@');
    if (at == 0 || at == std::string_view::npos)
        return false;
    if (prompt.front() == '[')
        return prompt.back() == ']';
    return prompt.find(' ') == std::string_view::npos &&
           prompt.find(':', at) != std::string_view::npos;
}

} // namespace

PastedLine recognisePastedLine(std::string_view line)
{
    if (line.starts_with("==> ") && line.ends_with(" <==") && line.size() > 8)
        return {PastedLineKind::FileHeader, line.substr(4, line.size() - 8)};
    if (line.starts_with("===") || line.starts_with("###") || line.starts_with("***"))
        return {PastedLineKind::Banner, {}};
    if (line.starts_with("py-spy ") || line.starts_with("pystack ") ||
        line.starts_with("sudo py-spy") || line.starts_with("sudo pystack"))
        return {PastedLineKind::Prompt, {}};
    // A prompt ends in "$ ", "# ", "% " or "> " before the command.
    // (A prompt left alone after the dump has lost its trailing space: "root@node-3:~#".)
    for (std::string_view marker : {"$ ", "# ", "% ", "> ", "$", "#"}) {
        const std::size_t at =
            marker.size() == 1 ? (line.ends_with(marker) ? line.size() - 1 : std::string_view::npos)
                               : line.find(marker);
        if (at == std::string_view::npos || at > 120)
            continue;
        const std::string_view prompt = line.substr(0, at);
        if (namesDumpTool(line.substr(at + marker.size())) || looksLikeUserAtHost(prompt))
            return {PastedLineKind::Prompt, promptHost(prompt)};
    }
    if (startsWithDate(line))
        return {PastedLineKind::Timestamp, {}};
    return {};
}

} // namespace rankscope
