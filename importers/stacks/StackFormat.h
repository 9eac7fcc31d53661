#pragma once

#include "core/model/ParsedStacks.h"

#include <string>
#include <string_view>

namespace rankscope {

enum class StackFormat
{
    Unknown,
    PySpyText,
    PySpyJson,
    Folded,
    PystackText
};

const char *
stackFormatName(StackFormat format); // "py-spy-text", "py-spy-json", "folded", "pystack"

// Decides the format from the first bytes of a (decoded) file and its name. Unknown when the
// content matches none: the caller reports the file as "not a stack dump".
StackFormat detectStackFormat(std::string_view content, std::string_view fileName);

// Turns raw file bytes into UTF-8: strips a UTF-8 BOM, converts UTF-16 LE/BE (with BOM), and
// replaces invalid UTF-8 sequences with U+FFFD, adding one ParseProblem per kind of repair.
std::string decodeStackText(std::string_view bytes, std::vector<ParseProblem> *problems);

// Parses decoded text in the given format. Never throws on bad input: what cannot be read
// becomes problems / invalidLines, what can be read is kept.
ParsedStacks parseStacks(StackFormat format, std::string_view text);

ParsedStacks parsePySpyText(std::string_view text);
ParsedStacks parsePySpyJson(std::string_view text);
ParsedStacks parseFoldedStacks(std::string_view text);
ParsedStacks parsePystackText(std::string_view text);

} // namespace rankscope
