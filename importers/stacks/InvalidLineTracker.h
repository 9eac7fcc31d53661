#pragma once

#include "core/model/ParsedStacks.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace rankscope {

// Counts lines a parser could not read and reports only the first few of them, with their line
// numbers and text, so that a file full of garbage yields a short, readable list of problems
// rather than thousands of messages.
class InvalidLineTracker
{
public:
    static constexpr int kReportedLines = 5;

    explicit InvalidLineTracker(ParsedStacks *result) : m_result(result) {}

    // why: what the parser expected, e.g. "not a py-spy thread header or frame".
    void add(std::int64_t line, std::string_view text, std::string_view why);

    // Adds the "... and N more" summary; call once when the file is done.
    void finish();

private:
    ParsedStacks *m_result;
    std::int64_t m_count = 0;
};

// The line text as shown in messages: at most 120 bytes, cut on a UTF-8 boundary.
std::string quoteLineForMessage(std::string_view text);

} // namespace rankscope

namespace rankscope {

// Adds "no stacks found" when a parse produced no thread at all, so an empty or unrelated file
// never passes silently as an empty dump.
void addProblemIfNoThreads(ParsedStacks *result, std::string_view formatName);

} // namespace rankscope
