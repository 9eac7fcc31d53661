// detectStackFormat: which parser a file needs, from its first lines (and its name as a hint).
// Bundles also hold manifests, logs, READMEs and profiler traces, so every format must be
// recognised by its own landmarks; anything else is Unknown, never "folded by default".

#include "importers/stacks/FrameTextParsing.h"
#include "importers/stacks/PastedDumpLines.h"
#include "importers/stacks/StackFormat.h"
#include "importers/stacks/TextLines.h"

#include <algorithm>

namespace rankscope {

namespace {

constexpr std::size_t kSniffBytes = 64 * 1024;
constexpr int kSniffLines = 200;
// A 24,000-frame stack folds to a few MB; a "line" longer than this is not a stack.
constexpr std::size_t kMaxSniffedLineBytes = 16u << 20;

// ASCII only: std::tolower follows the process locale (the GUI sets it from the environment),
// and the suffixes compared against are ASCII anyway.
std::string lowerCase(std::string_view text)
{
    std::string out(text);
    for (char &c : out) {
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    }
    return out;
}

bool looksLikePySpyThreadHeader(std::string_view line)
{
    // "Thread 117489 (idle)...", "Thread 0x7F3A1C2D9F10 (active+gil): ..."
    if (!startsWith(line, "Thread "))
        return false;
    const std::string_view rest = line.substr(7);
    const std::size_t space = rest.find(' ');
    std::uint64_t id = 0;
    if (space == std::string_view::npos || !parseUnsigned(rest.substr(0, space), &id, true))
        return false;
    const std::string_view status = rest.substr(space);
    return startsWith(status, " (idle)") || startsWith(status, " (active)") ||
           startsWith(status, " (active+gil)") || startsWith(status, " (gil)");
}

bool looksLikePySpyProcessHeader(std::string_view line)
{
    if (!startsWith(line, "Process "))
        return false;
    const std::string_view rest = line.substr(8);
    std::uint64_t pid = 0;
    return parseUnsigned(rest.substr(0, rest.find(':')), &pid) && rest.find(':') != rest.npos;
}

bool looksLikePystackLine(std::string_view line)
{
    return (startsWith(line, "Traceback for thread ") &&
            endsWith(line, "(most recent call last):")) ||
           (startsWith(line, "The frame stack for thread ") && endsWith(line, " is empty"));
}

// "stack count": a last token that is a number and some text before it.
bool looksLikeFoldedLine(std::string_view line, bool *hasSeparator)
{
    const std::size_t space = line.find_last_of(" \t");
    if (space == std::string_view::npos || trimWhitespace(line.substr(0, space)).empty())
        return false;
    std::string_view count = line.substr(space + 1);
    const std::size_t dot = count.find('.');
    std::uint64_t value = 0;
    if (!parseUnsigned(count.substr(0, dot), &value))
        return false;
    if (dot != std::string_view::npos && dot + 1 < count.size() &&
        !parseUnsigned(count.substr(dot + 1), &value))
        return false;
    *hasSeparator = line.substr(0, space).find(';') != std::string_view::npos;
    return true;
}

} // namespace

const char *stackFormatName(StackFormat format)
{
    switch (format) {
    case StackFormat::PySpyText:
        return "py-spy-text";
    case StackFormat::PySpyJson:
        return "py-spy-json";
    case StackFormat::Folded:
        return "folded";
    case StackFormat::PystackText:
        return "pystack";
    case StackFormat::Unknown:
        break;
    }
    return "unknown";
}

StackFormat detectStackFormat(std::string_view content, std::string_view fileName)
{
    if (startsWith(content, "\xEF\xBB\xBF"))
        content.remove_prefix(3);
    std::string_view head = content.substr(0, kSniffBytes);
    // A folded stack is one line, and a deep one is longer than the prefix: the line the prefix
    // cuts is read to its end (up to a bound), or it could never look like "a;b;c 12".
    if (head.size() < content.size() && head.back() != '\n') {
        const std::size_t end = content.find('\n', head.size());
        head = content.substr(0, std::min(end == std::string_view::npos ? content.size() : end + 1,
                                          kMaxSniffedLineBytes));
    }
    if (trimWhitespace(head).empty() || head.find('\0') != std::string_view::npos)
        return StackFormat::Unknown; // empty, or binary that decodeStackText did not catch

    const std::string name = lowerCase(baseName(fileName));
    const std::string_view trimmed = trimWhitespace(head);
    // "[ubuntu@gpu-07 ~]$ pystack remote 9911" starts with a bracket too.
    const bool promptFirst =
        recognisePastedLine(trimmed.substr(0, trimmed.find('\n'))).kind != PastedLineKind::None;
    if ((trimmed.front() == '[' || trimmed.front() == '{') && !promptFirst) {
        // Bundles also hold job.json manifests and Kineto traces: only py-spy's thread records
        // make a stack dump.
        if (head.find("\"thread_id\"") != std::string_view::npos ||
            head.find("\"os_thread_id\"") != std::string_view::npos)
            return StackFormat::PySpyJson;
        if (endsWith(name, ".json") && trimmed.front() == '[' &&
            trimWhitespace(trimmed.substr(1)) == "]")
            return StackFormat::PySpyJson; // py-spy's dump of a process without threads
        return StackFormat::Unknown;
    }

    TextLines lines(head);
    std::string_view raw;
    std::string storage;
    int checked = 0, folded = 0, foldedWithSeparator = 0;
    bool afterProcessHeader = false;
    while (lines.next(&raw) && checked < kSniffLines) {
        const std::string_view line = trimTrailingWhitespace(stripAnsiEscapes(raw, &storage));
        if (trimWhitespace(line).empty())
            continue;
        ++checked;
        if (looksLikePystackLine(trimWhitespace(line)))
            return StackFormat::PystackText;
        // A "Process <pid>: ..." line alone could be a launcher log; py-spy follows it with
        // the interpreter version.
        if (looksLikePySpyThreadHeader(line) ||
            (afterProcessHeader && startsWith(line, "Python v")))
            return StackFormat::PySpyText;
        afterProcessHeader = looksLikePySpyProcessHeader(line);
        bool hasSeparator = false;
        if (checked <= 20 && looksLikeFoldedLine(line, &hasSeparator)) {
            ++folded;
            foldedWithSeparator += hasSeparator;
        }
    }
    const int foldedChecked = std::min(checked, 20);
    const bool foldedName = endsWith(name, ".folded") || endsWith(name, ".collapsed");
    // Half the lines (stackcollapse files may start with comments) and at least one real
    // "a;b" stack, so that "epoch 5"-style log lines are not taken for single-frame stacks.
    // A .folded/.collapsed name vouches for files whose stacks are all one frame deep.
    if (folded > 0 && folded * 2 >= foldedChecked && (foldedWithSeparator > 0 || foldedName))
        return StackFormat::Folded;
    return StackFormat::Unknown;
}

} // namespace rankscope
