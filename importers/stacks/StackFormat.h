#pragma once

#include "core/model/ParsedStacks.h"

#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace rankscope {

class KnownStackTexts;

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
// becomes problems / invalidLines, what can be read is kept. With `known`, py-spy text threads
// say their frame lines' text and take a known stack instead of frames (ParsedThread).
ParsedStacks parseStacks(StackFormat format, std::string_view text,
                         const KnownStackTexts *known = nullptr);

ParsedStacks parsePySpyText(std::string_view text);
ParsedStacks parsePySpyText(std::string_view text, const KnownStackTexts *known);
ParsedStacks parsePySpyJson(std::string_view text);
ParsedStacks parseFoldedStacks(std::string_view text);

class InvalidLineTracker;

// Folded stacks read a chunk of whole lines at a time, so that a profile of hundreds of
// megabytes is never held whole: each line's thread is appended to the one process of `result`
// and handed to `onThread`, which may intern its frames and drop them. Line numbers go on from
// chunk to chunk; finish() adds the file's problems (fractional counts, invalid lines, no
// stacks) once. parseFoldedStacks() is one feed() of the whole text.
class FoldedStackStream
{
public:
    explicit FoldedStackStream(ParsedStacks &result);
    ~FoldedStackStream();
    FoldedStackStream(const FoldedStackStream &) = delete;
    FoldedStackStream &operator=(const FoldedStackStream &) = delete;

    void feed(std::string_view wholeLines, std::int64_t firstLine,
              const std::function<void(ParsedThread &)> &onThread);
    void finish();

private:
    ParsedStacks &m_result;
    std::unique_ptr<InvalidLineTracker> m_invalid;
    std::vector<std::string_view> m_pieces; // reused by every line
    std::int64_t m_firstRoundedLine = 0;
    std::int64_t m_roundedLines = 0;
};
ParsedStacks parsePystackText(std::string_view text);

} // namespace rankscope
