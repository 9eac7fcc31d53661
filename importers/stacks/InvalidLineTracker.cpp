#include "importers/stacks/InvalidLineTracker.h"

namespace rankscope {

void InvalidLineTracker::add(std::int64_t line, std::string_view text, std::string_view why)
{
    ++m_count;
    ++m_result->invalidLines;
    if (m_count > kReportedLines)
        return;
    std::string message = "unreadable line (";
    message += why;
    message += "): \"";
    message += quoteLineForMessage(text);
    message += '"';
    m_result->problems.push_back({line, std::move(message)});
}

void InvalidLineTracker::finish()
{
    if (m_count <= kReportedLines)
        return;
    m_result->problems.push_back({0, std::to_string(m_count - kReportedLines) +
                                         " more unreadable lines not listed (" +
                                         std::to_string(m_count) + " in all)"});
    m_count = 0;
}

std::string quoteLineForMessage(std::string_view text)
{
    constexpr std::size_t kMax = 120;
    if (text.size() <= kMax)
        return std::string(text);
    std::size_t cut = kMax;
    // Do not split a multi-byte character: back up over continuation bytes (10xxxxxx).
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
        --cut;
    return std::string(text.substr(0, cut)) + "...";
}

} // namespace rankscope

namespace rankscope {

void addProblemIfNoThreads(ParsedStacks *result, std::string_view formatName)
{
    for (const ParsedProcess &process : result->processes) {
        if (!process.threads.empty())
            return;
    }
    result->problems.push_back({0, "no stacks found in this " + std::string(formatName) + " file"});
}

} // namespace rankscope
