#include "importers/traces/ChromeTraceRepair.h"
#include "core/model/AsciiText.h"
#include "importers/Utf8Sequence.h"

#include <vector>

namespace rankscope {

namespace {

constexpr std::size_t kNone = static_cast<std::size_t>(-1);

struct OpenContainer
{
    std::size_t at = 0;
    char bracket = '{';
    std::size_t lastChildEnd = kNone; // just after the last complete object/array inside it
};

} // namespace

JsonRepair repairJsonEnd(std::string_view json)
{
    JsonRepair result;
    std::vector<OpenContainer> open;
    bool inString = false;
    std::size_t stringStart = 0;
    std::size_t rootEnd = kNone;
    for (std::size_t i = 0; i < json.size() && rootEnd == kNone; ++i) {
        const char c = json[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        switch (c) {
        case '"':
            inString = true;
            stringStart = i;
            break;
        case '{':
        case '[':
            open.push_back({i, c, kNone});
            break;
        case '}':
        case ']':
            if (open.empty()) { // a closer with nothing open: junk after the root value
                rootEnd = i;
                break;
            }
            open.pop_back();
            if (open.empty())
                rootEnd = i + 1;
            else
                open.back().lastChildEnd = i + 1;
            break;
        default:
            break;
        }
    }

    if (rootEnd != kNone) {
        std::size_t next = rootEnd;
        while (next < json.size() && isBlank(json[next]))
            ++next;
        if (next == json.size())
            return result; // complete: nothing to repair
        result.trailingAt = static_cast<std::int64_t>(next);
        result.text.assign(json.substr(0, rootEnd));
        result.repaired = true;
        return result;
    }
    if (open.empty())
        return result; // no container at all: not something a cut explains
    if (inString)
        result.openStringAt = static_cast<std::int64_t>(stringStart);

    // The event array: the root array, or an array right inside the root object.
    std::size_t target = 0;
    if (open[0].bracket != '[' && open.size() > 1 && open[1].bracket == '[')
        target = 1;
    const OpenContainer &container = open[target];
    const std::size_t cut =
        container.lastChildEnd != kNone ? container.lastChildEnd : container.at + 1;
    result.text.reserve(cut + target + 1);
    result.text.assign(json.substr(0, cut));
    for (std::size_t k = target + 1; k-- > 0;)
        result.text.push_back(open[k].bracket == '{' ? '}' : ']');
    result.cutAt = static_cast<std::int64_t>(cut);
    result.droppedNothing = json.find_first_not_of(" \t\r\n,", cut) == std::string_view::npos;
    result.repaired = true;
    return result;
}

Utf8Repair replaceInvalidUtf8(std::string &text)
{
    Utf8Repair result;
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t length = validUtf8Length(text, i);
        if (length > 0) {
            i += length;
            continue;
        }
        if (result.firstInvalidAt < 0)
            result.firstInvalidAt = static_cast<std::int64_t>(i);
        ++result.invalidBytes;
        text[i] = '?';
        ++i;
    }
    return result;
}

} // namespace rankscope
