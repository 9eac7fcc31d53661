#include "importers/logs/LogProblemList.h"

#include <utility>

namespace rankscope {

namespace {

const char *kindPlural(LogProblemList::Kind kind)
{
    switch (kind) {
    case LogProblemList::Unreadable:
        return "read errors";
    case LogProblemList::Compression:
        return "decompression errors";
    case LogProblemList::BinaryJunk:
        return "runs of binary data";
    case LogProblemList::InvalidUtf8:
        return "lines with invalid UTF-8";
    case LogProblemList::ControlCharacters:
        return "lines with control characters";
    case LogProblemList::LongLine:
        return "over-long lines";
    case LogProblemList::TimeOutOfRange:
        return "lines with times out of range";
    case LogProblemList::StepTimeOutOfRange:
        return "iteration lines with impossible step times";
    case LogProblemList::KindCount:
        break;
    }
    return "problems";
}

} // namespace

bool LogProblemList::keep(Kind kind)
{
    return ++m_counts[kind] <= kKeptPerKind;
}

void LogProblemList::add(Kind kind, std::int64_t line, const std::string &what)
{
    if (keep(kind))
        m_problems.push_back({line, what + "."});
}

std::vector<LogProblem> LogProblemList::take()
{
    for (int kind = 0; kind < KindCount; ++kind) {
        if (m_counts[kind] > kKeptPerKind) {
            m_problems.push_back({0, std::to_string(m_counts[kind] - kKeptPerKind) + " more " +
                                         kindPlural(Kind(kind)) +
                                         " were handled the same way (not listed)."});
        }
    }
    m_counts = {};
    return std::move(m_problems);
}

} // namespace rankscope
