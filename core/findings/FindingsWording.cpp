#include "core/findings/FindingsWording.h"

#include <cstdio>
#include <ctime>

namespace rankscope {

Message findingsRanks(const RankSet &ranks, bool start)
{
    if (ranks.count() == 1)
        return start ? Message(RANKSCOPE_MESSAGE("findings.ranks.oneStart", "Rank %1"),
                               {ranks.toString()})
                     : Message(RANKSCOPE_MESSAGE("ranks.one", "rank %1"), {ranks.toString()});
    return start ? Message(RANKSCOPE_MESSAGE("findings.ranks.manyStart", "Ranks %1"),
                           {ranks.toString()})
                 : Message(RANKSCOPE_MESSAGE("ranks.many", "ranks %1"), {ranks.toString()});
}

Message findingsAndList(const std::vector<Message> &items)
{
    if (items.empty())
        return Message();
    Message text = items.front();
    for (std::size_t i = 1; i < items.size(); ++i) {
        if (i + 1 == items.size())
            text = {RANKSCOPE_MESSAGE("findings.list.and", "%1 and %2"),
                    {std::move(text), items[i]}};
        else
            text = {RANKSCOPE_MESSAGE("list.comma", "%1, %2"), {std::move(text), items[i]}};
    }
    return text;
}

Message findingsLayerList(const std::vector<FindingLayer> &layers)
{
    std::vector<Message> names;
    for (FindingLayer layer : layers)
        names.push_back(findingLayerName(layer));
    return findingsAndList(names);
}

Message findingsSubject(const RankSet &ranks, const std::vector<std::string> &nodes,
                        const std::vector<std::string> &wholeNodes, bool start)
{
    const std::string list = ranks.toString();
    // Named by node when the ranks are exactly the ranks of whole nodes (a host, not 8 ranks).
    if (!wholeNodes.empty() && wholeNodes.size() == nodes.size()) {
        std::string names;
        for (const std::string &node : wholeNodes)
            names += (names.empty() ? "" : ", ") + node;
        return {RANKSCOPE_MESSAGE("findings.subject.node", "%1 (ranks %2)"), {names, list}};
    }
    if (nodes.size() == 1) {
        if (ranks.count() == 1)
            return start ? Message(RANKSCOPE_MESSAGE("findings.subject.rankOnNodeStart",
                                                     "Rank %1 (%2)"),
                                   {list, nodes.front()})
                         : Message(RANKSCOPE_MESSAGE("findings.subject.rankOnNode", "rank %1 (%2)"),
                                   {list, nodes.front()});
        return start ? Message(
                           RANKSCOPE_MESSAGE("findings.subject.ranksOnNodeStart", "Ranks %1 (%2)"),
                           {list, nodes.front()})
                     : Message(RANKSCOPE_MESSAGE("findings.subject.ranksOnNode", "ranks %1 (%2)"),
                               {list, nodes.front()});
    }
    return findingsRanks(ranks, start);
}

std::string findingsIsoTime(std::int64_t ns)
{
    if (!isWallClockNs(ns))
        return std::string();
    const std::time_t seconds = std::time_t(ns / 1000000000);
    std::tm parts{};
    gmtime_r(&seconds, &parts);
    char text[40];
    const std::size_t length = std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &parts);
    std::snprintf(text + length, sizeof text - length, ".%03dZ", int((ns % 1000000000) / 1000000));
    return text;
}

namespace {

// "12:40:42" (UTC).
std::string findingsClock(std::int64_t ns)
{
    const std::string iso = findingsIsoTime(ns);
    return iso.size() >= 19 ? iso.substr(11, 8) : iso;
}

std::string findingsIterationText(const FindingWindow &window, bool first)
{
    const std::int64_t value = first ? window.firstIteration : window.lastIteration;
    if (value < 0 || window.axis == IterationAxis::None)
        return std::string();
    return (window.axis == IterationAxis::ProfilerStep ? "profiler step " : "iteration ") +
           std::to_string(value);
}

} // namespace

std::string findingsWindowText(const FindingWindow &window)
{
    const bool start = isWallClockNs(window.startNs);
    const bool end = isWallClockNs(window.endNs) && window.endNs != window.startNs;
    const std::string first = findingsIterationText(window, true);
    std::string text;
    if (start) {
        text = "first seen at " + findingsClock(window.startNs);
        if (!first.empty())
            text += " (" + first + ")";
        if (end)
            text += (window.goesOn ? ", still so at " : " until ") + findingsClock(window.endNs);
        return text;
    }
    if (end)
        return "seen until " + findingsClock(window.endNs);
    if (first.empty())
        return text;
    text = "from " + first;
    const std::string last = findingsIterationText(window, false);
    if (!window.goesOn && !last.empty() && window.lastIteration != window.firstIteration)
        text += " to " + std::to_string(window.lastIteration);
    return text;
}

} // namespace rankscope
