#pragma once

// The path of a stack file through the bundle reader (importers/bundle/StackFileReader.cpp),
// minus the file system: raw bytes decoded to UTF-8 (BOM, UTF-16, invalid sequences), the
// format sniffed, the text parsed by one parser, ranks told from the content.

#include "FuzzInput.h"

#include "importers/bundle/ProcessRanks.h"
#include "importers/stacks/StackFormat.h"

namespace rankscope_fuzz {

inline int fuzzStackParser(const std::uint8_t *data, std::size_t size,
                           rankscope::ParsedStacks (*parse)(std::string_view))
{
    if (size > kMaxInputBytes)
        return 0;
    std::vector<rankscope::ParseProblem> problems;
    const std::string text = rankscope::decodeStackText(bytesOf(data, size), &problems);
    (void)rankscope::detectStackFormat(text, "rank0.txt");
    const rankscope::ParsedStacks stacks = parse(text);
    (void)rankscope::assignProcessRanks(stacks, std::nullopt, {});
    return 0;
}

} // namespace rankscope_fuzz
