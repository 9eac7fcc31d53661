#include "importers/traces/TraceProblemLog.h"

namespace rankscope {

namespace {

std::string placeText(const TraceProblem &problem)
{
    std::string text;
    if (problem.eventIndex >= 0)
        text = "event #" + std::to_string(problem.eventIndex);
    if (problem.byteOffset >= 0) {
        if (!text.empty())
            text += " at ";
        text += "byte " + std::to_string(problem.byteOffset);
    }
    return text;
}

} // namespace

void TraceProblemLog::add(const std::string &kind, Place place, std::string message)
{
    auto found = m_byKind.find(kind);
    if (found != m_byKind.end()) {
        ++m_problems[found->second].count;
        return;
    }
    m_byKind.emplace(kind, m_problems.size());
    TraceProblem problem;
    problem.eventIndex = place.eventIndex;
    problem.byteOffset = place.byteOffset;
    problem.message = std::move(message);
    m_problems.push_back(std::move(problem));
}

std::vector<TraceProblem> TraceProblemLog::take()
{
    for (TraceProblem &problem : m_problems) {
        const std::string place = placeText(problem);
        if (!place.empty())
            problem.message = place + ": " + problem.message;
        if (problem.count > 1) {
            problem.message +=
                " (" + std::to_string(problem.count) + " times in this file; the first is shown)";
        }
    }
    m_byKind.clear();
    return std::move(m_problems);
}

} // namespace rankscope
