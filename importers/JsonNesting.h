#pragma once

#include <cstddef>
#include <string_view>

namespace rankscope {

// How deep the JSON files read with nlohmann::json (py-spy --json dumps, job.json) may nest.
// The real ones nest less than ten levels; the parser itself is iterative, but copying,
// comparing, printing and destroying a DOM recurse once per level, and a few hundred thousand
// levels overflow the stack (issue 13). simdjson, which reads the traces, has its own limit
// of 1024.
constexpr int kMaxJsonNesting = 512;

struct JsonNestingScan
{
    std::size_t tooDeepAt = std::string_view::npos; // offset of the first bracket too deep
    std::size_t valueStart = 0;                     // where the top-level value holding it begins
};

// Scans `text` (one or several JSON values one after another) for brackets nested deeper than
// `maxDepth`, skipping strings, without parsing: one pass, no allocation. Text that is not
// JSON is scanned all the same; the parser says what is wrong with it. (Inline, in a header:
// a new source file would reshuffle the importers' unity batches.)
inline JsonNestingScan scanJsonNesting(std::string_view text, int maxDepth = kMaxJsonNesting)
{
    JsonNestingScan scan;
    int depth = 0;
    bool inString = false;
    bool escaped = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        switch (c) {
        case '"':
            inString = true;
            break;
        case '[':
        case '{':
            if (depth == 0)
                scan.valueStart = i;
            if (++depth > maxDepth) {
                scan.tooDeepAt = i;
                return scan;
            }
            break;
        case ']':
        case '}':
            if (depth > 0)
                --depth;
            break;
        default:
            break;
        }
    }
    return scan;
}

} // namespace rankscope
