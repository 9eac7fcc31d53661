#include "importers/logs/WorkerTag.h"
#include "core/model/AsciiText.h"

#include "importers/bundle/RankFromPath.h"

namespace rankscope {

namespace {

bool isUpper(char c)
{
    return c >= 'A' && c <= 'Z';
}

bool isNameChar(char c)
{
    return (c >= 'a' && c <= 'z') || isUpper(c) || isDigit(c) || c == '_' || c == '.' || c == '-';
}

// 1-7 digits that are the whole of `text`; -1 otherwise.
int wholeNumber(std::string_view text)
{
    if (text.empty() || text.size() > 7)
        return -1;
    int value = 0;
    for (const char c : text) {
        if (!isDigit(c))
            return -1;
        value = value * 10 + (c - '0');
    }
    return value <= kMaxSupportedRank ? value : -1;
}

// "TP3": the dimension's letters and its index; false when `item` is not one.
bool parseCoordinate(std::string_view item, WorkerTag *tag)
{
    std::size_t letters = 0;
    while (letters < item.size() && (isUpper(item[letters]) || item[letters] == '_'))
        ++letters;
    if (letters == 0 || letters > 8)
        return false;
    const int index = wholeNumber(item.substr(letters));
    if (index < 0)
        return false;
    const std::string_view dimension = item.substr(0, letters);
    if (dimension == "DP")
        tag->dp = index;
    else if (dimension == "PP")
        tag->pp = index;
    else if (dimension == "TP")
        tag->tp = index;
    else if (dimension == "EP" || dimension == "DCP")
        ; // expert and decode-context parallel ranks are carved out of the TP x DP ranks
    else if (dimension == "PCP" || dimension == "ATTN_CP" || dimension == "MOE_DP" ||
             dimension == "CP" || dimension == "SP" || dimension == "CFG")
        tag->unknownDimension = true;
    else
        return false;
    return true;
}

// "(VllmWorker rank=2 pid=123)", "(Worker_PP1_TP3 pid=123)", "(RayWorkerWrapper pid=7,
// ip=10.0.0.2)",
// "(pid=123)".
WorkerTagMatch matchProcessTag(std::string_view line)
{
    const std::size_t close = line.substr(0, 200).find(')');
    if (close == std::string_view::npos || close < 6)
        return {};
    const std::string_view inside = line.substr(1, close - 1);
    const std::size_t pidAt = inside.find("pid=");
    if (pidAt == std::string_view::npos || (pidAt > 0 && inside[pidAt - 1] != ' '))
        return {};
    WorkerTagMatch match;
    WorkerTag &tag = match.tag;
    // The process name: "VllmWorker", "Worker_PP1_TP3", "EngineCore_DP0", "RayWorkerWrapper".
    std::string_view name = inside.substr(0, pidAt);
    while (!name.empty() && name.back() == ' ')
        name.remove_suffix(1);
    if (const std::size_t rankAt = name.find(" rank="); rankAt != std::string_view::npos) {
        tag.rank = wholeNumber(name.substr(rankAt + 6));
        if (tag.rank < 0)
            return {};
        name = name.substr(0, rankAt);
    }
    for (const char c : name) {
        if (!isNameChar(c))
            return {};
    }
    // Only GPU workers' coordinates are ranks: "EngineCore_DP0" is the engine's CPU process.
    if (const std::size_t underscore = name.find('_');
        underscore != std::string_view::npos && name.substr(0, underscore).ends_with("Worker")) {
        WorkerTag coordinates;
        if (parseParallelCoordinates(name.substr(underscore + 1), '_', &coordinates)) {
            tag.dp = coordinates.dp;
            tag.pp = coordinates.pp;
            tag.tp = coordinates.tp;
            tag.unknownDimension = coordinates.unknownDimension;
        }
    }
    // "pid=123" then nothing, or ", ip=10.0.0.2" (Ray on another node).
    std::size_t at = pidAt + 4;
    std::int64_t pid = 0;
    const std::size_t digitsStart = at;
    while (at < inside.size() && isDigit(inside[at]) && at - digitsStart < 10)
        pid = pid * 10 + (inside[at++] - '0');
    if (at == digitsStart)
        return {};
    tag.pid = pid;
    if (at < inside.size()) {
        const std::string_view rest = inside.substr(at);
        if (rest.substr(0, 5) != ", ip=")
            return {};
        match.host = rest.substr(5);
    }
    std::size_t end = close + 1;
    if (end < line.size() && line[end] == ' ')
        ++end;
    match.form = WorkerTagForm::ProcessTag;
    match.length = end;
    return match;
}

// "[TP3] ", "[PP1 TP3] ", "[DP0 TP2 EP1] ".
WorkerTagMatch matchParallelTag(std::string_view line)
{
    const std::size_t close = line.substr(0, 64).find(']');
    if (close == std::string_view::npos || close < 4)
        return {};
    WorkerTagMatch match;
    if (!parseParallelCoordinates(line.substr(1, close - 1), ' ', &match.tag))
        return {};
    std::size_t end = close + 1;
    if (end < line.size() && line[end] != ' ')
        return {};
    match.form = WorkerTagForm::ParallelTag;
    match.length = end < line.size() ? end + 1 : end;
    return match;
}

} // namespace

const char *workerTagFormText(WorkerTagForm form)
{
    switch (form) {
    case WorkerTagForm::None:
        return "";
    case WorkerTagForm::ProcessTag:
        return "(Name pid=N)";
    case WorkerTagForm::ParallelTag:
        return "[TPn]";
    }
    return "";
}

bool parseParallelCoordinates(std::string_view text, char separator, WorkerTag *tag)
{
    WorkerTag parsed;
    bool any = false;
    while (!text.empty()) {
        if (text[0] == separator) {
            text.remove_prefix(1);
            continue;
        }
        const std::size_t end = text.find(separator);
        if (!parseCoordinate(text.substr(0, end), &parsed))
            return false;
        any = true;
        text = end == std::string_view::npos ? std::string_view() : text.substr(end);
    }
    if (!any || (parsed.dp < 0 && parsed.pp < 0 && parsed.tp < 0 && !parsed.unknownDimension))
        return false;
    *tag = parsed;
    return true;
}

WorkerTagMatch matchWorkerTag(std::string_view line)
{
    if (line.size() < 5)
        return {};
    if (line[0] == '(')
        return matchProcessTag(line);
    if (line[0] == '[' && isUpper(line[1]))
        return matchParallelTag(line);
    return {};
}

int WorkerRankLayout::rankOf(const WorkerTag &tag) const
{
    if (tag.unknownDimension || (tag.dp < 0 && tag.pp < 0 && tag.tp < 0))
        return -1;
    const std::int64_t dp = dpInsideTp || tag.dp < 0 ? 0 : tag.dp;
    const std::int64_t pp = tag.pp < 0 ? 0 : tag.pp;
    const std::int64_t tp = tag.tp < 0 ? 0 : tag.tp;
    const std::int64_t rank = (dp * ppSize + pp) * tpSize + tp;
    return rank <= kMaxSupportedRank ? int(rank) : -1;
}

} // namespace rankscope
