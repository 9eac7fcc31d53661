// Reads folded ("collapsed") stacks as written by Brendan Gregg's stackcollapse scripts, inferno
// and py-spy record -f raw: one line per distinct stack, frames root first joined by ';', then a
// space and the sample count:  "main;run;all_reduce 12".
//
// Choices, so that writing the result back (FoldedStackWriter) gives the same stacks and counts:
// - The count is the last space- (or tab-) separated token; the stack is the text before the
//   whitespace that precedes it. Frames are the ';'-separated pieces of the stack, kept verbatim
//   (spaces, brackets and empty pieces included) in Frame::function, with kind Unknown: folded
//   text does not say reliably which part is a file or a library.
// - Fractional counts ("a;b 2.5", allowed by flamegraph.pl) are rounded to the nearest integer
//   and reported once; such a file does not round-trip exactly.
// - A line without a count, with a count that is not a number, or with an empty stack is
//   counted in invalidLines (the first few are listed as problems); comment lines ("# ...")
//   count as invalid too, since the format has no comments. Blank lines are ignored.
// Each line becomes one ParsedThread (weight = count) of a single process with pid 0.
// FoldedStackStream reads the same a chunk of whole lines at a time (StackFormat.h).

#include "importers/stacks/InvalidLineTracker.h"
#include "importers/stacks/StackFormat.h"
#include "importers/stacks/TextLines.h"

#include <cmath>
#include <memory>

namespace rankscope {

namespace {

enum class CountParse
{
    Integer,
    Rounded,
    Invalid
};

CountParse parseCount(std::string_view token, std::uint64_t *count)
{
    const std::size_t dot = token.find('.');
    if (dot == std::string_view::npos)
        return parseUnsigned(token, count) ? CountParse::Integer : CountParse::Invalid;
    std::uint64_t whole = 0, fraction = 0;
    const std::string_view fractionText = token.substr(dot + 1);
    if (!parseUnsigned(token.substr(0, dot), &whole) ||
        (!fractionText.empty() && !parseUnsigned(fractionText, &fraction)))
        return CountParse::Invalid;
    const bool roundUp = !fractionText.empty() && fractionText[0] >= '5';
    if (roundUp && whole == UINT64_MAX)
        return CountParse::Invalid;
    *count = whole + (roundUp ? 1 : 0);
    return CountParse::Rounded;
}

// The ';'-separated pieces of the stack become frames, verbatim. The pieces are found first, so
// that the frame vector is allocated once, at its final size.
void readFrames(std::string_view stack, std::vector<std::string_view> *pieces,
                std::vector<Frame> *frames)
{
    pieces->clear();
    std::size_t start = 0;
    while (true) {
        const std::size_t end = stack.find(';', start);
        pieces->push_back(stack.substr(start, end - start));
        if (end == std::string_view::npos)
            break;
        start = end + 1;
    }
    frames->reserve(pieces->size());
    for (std::string_view piece : *pieces) {
        Frame &frame = frames->emplace_back();
        frame.function = piece;
        frame.kind = FrameKind::Unknown;
    }
}

} // namespace

FoldedStackStream::FoldedStackStream(ParsedStacks &result)
    : m_result(result), m_invalid(std::make_unique<InvalidLineTracker>(&result))
{
    m_result.processes.emplace_back(); // one process, pid 0
}

FoldedStackStream::~FoldedStackStream() = default;

void FoldedStackStream::feed(std::string_view wholeLines, std::int64_t firstLine,
                             const std::function<void(ParsedThread &)> &onThread)
{
    ParsedProcess &process = m_result.processes.front();
    const std::int64_t lineOffset = firstLine - 1;
    TextLines lines(wholeLines);
    std::string_view raw;
    while (lines.next(&raw)) {
        const std::int64_t lineNumber = lineOffset + lines.lineNumber();
        const std::string_view line = trimTrailingWhitespace(raw);
        if (trimWhitespace(line).empty())
            continue;
        const std::size_t lastSpace = line.find_last_of(" \t");
        if (lastSpace == std::string_view::npos) {
            m_invalid->add(lineNumber, line, "no sample count after the stack");
            continue;
        }
        std::uint64_t count = 0;
        const CountParse parsed = parseCount(line.substr(lastSpace + 1), &count);
        if (parsed == CountParse::Invalid) {
            m_invalid->add(lineNumber, line, "the last token is not a sample count");
            continue;
        }
        const std::string_view stack = trimTrailingWhitespace(line.substr(0, lastSpace));
        if (trimWhitespace(stack).empty()) {
            m_invalid->add(lineNumber, line, "empty stack");
            continue;
        }
        if (parsed == CountParse::Rounded && m_roundedLines++ == 0)
            m_firstRoundedLine = lineNumber;

        ParsedThread &thread = process.threads.emplace_back();
        thread.weight = count;
        readFrames(stack, &m_pieces, &thread.frames);
        if (onThread)
            onThread(thread);
    }
}

void FoldedStackStream::finish()
{
    if (m_roundedLines > 0) {
        m_result.problems.push_back(
            {m_firstRoundedLine, std::to_string(m_roundedLines) +
                                     " line(s) have fractional sample counts; rounded to the "
                                     "nearest integer"});
    }
    m_invalid->finish();
    addProblemIfNoThreads(&m_result, "folded stacks");
}

ParsedStacks parseFoldedStacks(std::string_view text)
{
    ParsedStacks result;
    FoldedStackStream stream(result);
    stream.feed(text, 1, {});
    stream.finish();
    return result;
}

} // namespace rankscope
