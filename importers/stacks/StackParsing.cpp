#include "importers/stacks/StackFormat.h"

namespace rankscope {

ParsedStacks parseStacks(StackFormat format, std::string_view text, const KnownStackTexts *known)
{
    switch (format) {
    case StackFormat::PySpyText:
        return parsePySpyText(text, known);
    case StackFormat::PySpyJson:
        return parsePySpyJson(text);
    case StackFormat::Folded:
        return parseFoldedStacks(text);
    case StackFormat::PystackText:
        return parsePystackText(text);
    case StackFormat::Unknown:
        break;
    }
    ParsedStacks result;
    result.problems.push_back({0, "not a stack dump in a format rankscope reads (py-spy text or "
                                  "JSON, pystack, folded stacks)"});
    return result;
}

} // namespace rankscope
