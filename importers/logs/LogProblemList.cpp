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
    case LogProblemList::KindCount:
        break;
    }
    return "problems";
}

} // namespace

LogProblemList::LogProblemList(std::string fileName) : m_fileName(std::move(fileName)) {}

bool LogProblemList::keep(Kind kind)
{
    return ++m_counts[kind] <= kKeptPerKind;
}

void LogProblemList::add(Kind kind, std::int64_t line, const std::string &what)
{
    if (!keep(kind))
        return;
    std::string message = m_fileName;
    if (line > 0)
        message += ", line " + std::to_string(line);
    message += ": " + what + ".";
    m_problems.push_back({line, std::move(message)});
}

void LogProblemList::addRange(Kind kind, std::int64_t firstLine, std::int64_t lastLine,
                              const std::string &what)
{
    if (firstLine == lastLine) {
        add(kind, firstLine, what);
        return;
    }
    if (!keep(kind))
        return;
    m_problems.push_back({firstLine, m_fileName + ", lines " + std::to_string(firstLine) + "-" +
                                         std::to_string(lastLine) + ": " + what + "."});
}

std::vector<LogProblem> LogProblemList::take()
{
    for (int kind = 0; kind < KindCount; ++kind) {
        if (m_counts[kind] > kKeptPerKind) {
            m_problems.push_back(
                {0, m_fileName + ": " + std::to_string(m_counts[kind] - kKeptPerKind) + " more " +
                        kindPlural(Kind(kind)) + " were handled the same way (not listed)."});
        }
    }
    m_counts = {};
    return std::move(m_problems);
}

} // namespace rankscope
