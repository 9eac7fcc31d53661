// Reads `py-spy dump` text output (stack_anchors.md §6.1): "Process <pid>: <cmdline>",
// "Python v<ver> (<exe>)", optional "Parent Process <ppid>: <cmdline>", then thread headers
// "Thread <tid> (<status>)[: "<name>"]" each followed by its frames, innermost first, at four
// spaces. Locals (--locals) are indented further and skipped. --subprocesses children follow a
// line of dashes. Frames are returned root first.

#include "importers/stacks/FrameTextParsing.h"
#include "importers/stacks/InvalidLineTracker.h"
#include "importers/stacks/KnownStackTexts.h"
#include "importers/stacks/PastedDumpLines.h"
#include "importers/stacks/PySpyDumpSections.h"
#include "importers/stacks/StackFormat.h"
#include "importers/stacks/TextLines.h"

#include <limits>
#include <optional>

namespace rankscope {

namespace {

struct ThreadHeader
{
    std::uint64_t threadId = 0;
    ThreadState state = ThreadState::Unknown;
    std::string_view name; // into the dump text
};

// "Thread 117702 (active): "Thread-3 (_pin_memory_loop)"", "Thread 0x7F3A1C2D9F10 (idle)".
// py-spy builds without the activity column print "(gil)" or nothing.
std::optional<ThreadHeader> parseThreadHeader(std::string_view line)
{
    if (!startsWith(line, "Thread "))
        return std::nullopt;
    std::string_view rest = line.substr(7);
    std::size_t idEnd = 0; // a plain loop: find_first_of searches its set once per byte
    while (idEnd < rest.size() && rest[idEnd] != ' ' && rest[idEnd] != ':')
        ++idEnd;
    ThreadHeader header;
    if (!parseUnsigned(rest.substr(0, idEnd), &header.threadId, true))
        return std::nullopt;
    rest = rest.substr(idEnd);
    if (startsWith(rest, " (")) {
        const std::size_t close = rest.find(')');
        if (close == std::string_view::npos)
            return std::nullopt;
        const std::string_view status = rest.substr(2, close - 2);
        header.state = status == "gil" ? ThreadState::ActiveGil : threadStateFromName(status);
        if (header.state == ThreadState::Unknown)
            return std::nullopt;
        rest = rest.substr(close + 1);
    }
    rest = trimTrailingWhitespace(rest);
    if (rest.empty())
        return header;
    if (!startsWith(rest, ": \"") || rest.size() < 4 || rest.back() != '"')
        return std::nullopt;
    header.name = rest.substr(3, rest.size() - 4);
    return header;
}

// "Process 117489: sglang::scheduler_DP3_TP3_EP3" (also "Parent Process ...").
bool parseProcessLine(std::string_view line, std::string_view prefix, std::int64_t *pid,
                      std::string_view *commandLine)
{
    if (!startsWith(line, prefix))
        return false;
    std::string_view rest = line.substr(prefix.size());
    const std::size_t colon = rest.find(':');
    std::uint64_t value = 0;
    if (!parseUnsigned(trimWhitespace(rest.substr(0, colon)), &value) ||
        value > std::uint64_t(std::numeric_limits<std::int64_t>::max()))
        return false;
    *pid = static_cast<std::int64_t>(value);
    *commandLine = colon == std::string_view::npos ? std::string_view()
                                                   : trimWhitespace(rest.substr(colon + 1));
    return true;
}

bool isDashLine(std::string_view line)
{
    return line.size() >= 3 && line.find_first_not_of('-') == std::string_view::npos;
}

// A frame line split into views of the dump text. Frames stay in this form until their thread
// ends: only then is the thread's frame count known, so its vector is allocated once and filled
// root first, with no reallocation, no reversal and one copy of each string.
struct FrameText
{
    std::string_view function;
    std::string_view file;
    int line = 0;
};

std::optional<FrameText> parsePySpyFrameLine(std::string_view text)
{
    FrameText frame;
    std::string_view location;
    if (!splitTrailingParenthesized(text, &frame.function, &location))
        return std::nullopt;
    splitFileAndLine(location, &frame.file, &frame.line);
    return frame;
}

class PySpyTextReader
{
public:
    explicit PySpyTextReader(const KnownStackTexts *known) : m_known(known) {}

    ParsedStacks read(std::string_view text)
    {
        // One search of the whole text spares a search of every line in the usual case.
        const bool hasEscapes = text.find('\x1b') != std::string_view::npos;
        // Without escapes every line is a view of `text`, so a thread's frame lines are one
        // span of it (what is known by its text); stripped lines are not.
        if (hasEscapes)
            m_known = nullptr;
        if (hasEscapes)
            m_strippedLines.reserve(text.size());
        m_frames.reserve(64); // deeper stacks than most, so one allocation per file
        TextLines lines(text);
        std::string_view raw;
        while (lines.next(&raw)) {
            m_line = lines.lineNumber();
            const std::string_view line = hasEscapes ? withoutEscapes(raw) : raw;
            if (lines.lastLineTerminated())
                readLine(line);
            else
                readCutLastLine(line);
        }
        endThread();
        m_result.processes = mergePySpyDumpSections(std::move(m_sections), &m_result.problems);
        m_invalid.finish();
        addProblemIfNoThreads(&m_result, "py-spy dump");
        return std::move(m_result);
    }

private:
    // The line without ANSI escapes, as a view that stays valid until the text is parsed:
    // frames keep views of their lines until their thread ends. m_strippedLines never
    // reallocates (so the views stay valid), since it was reserved to the size of the text and
    // a stripped line is never longer than the raw one.
    std::string_view withoutEscapes(std::string_view raw)
    {
        const std::string_view stripped = stripAnsiEscapes(raw, &m_scratch);
        if (stripped.data() == raw.data())
            return raw;
        const std::size_t start = m_strippedLines.size();
        m_strippedLines.insert(m_strippedLines.end(), stripped.begin(), stripped.end());
        return std::string_view(m_strippedLines.data() + start, stripped.size());
    }

    void readLine(std::string_view line)
    {
        // The indent is measured once; the rest is trimmed once (a line of whitespace only
        // trims to nothing, whatever its indent).
        const std::size_t indent = leadingSpaces(line);
        const std::string_view rest = trimTrailingWhitespace(line.substr(indent));
        if (rest.empty()) {
            // Not the end of the thread: pasted dumps have blank lines inside a stack, and the
            // next thread header ends the thread anyway.
            m_inHeader = false;
            return;
        }
        if (indent == 0)
            readTopLevelLine(rest);
        else if (indent >= 8)
            readDetailLine(line);
        else
            readFrameLine(trimWhitespace(rest), line);
    }

    void readTopLevelLine(std::string_view line)
    {
        std::int64_t pid = 0;
        std::string_view commandLine;
        if (parseProcessLine(line, "Process ", &pid, &commandLine)) {
            endThread();
            PySpyDumpSection &section = m_sections.emplace_back();
            section.process.pid = pid;
            section.process.commandLine = commandLine;
            section.line = m_line;
            takePastedContext(section.process);
            m_inHeader = true;
            return;
        }
        if (m_inHeader && parseProcessLine(line, "Parent Process ", &pid, &commandLine)) {
            m_sections.back().process.parentPid = pid;
            m_sections.back().isChild = true;
            return;
        }
        if (m_inHeader && startsWith(line, "Python v")) {
            std::string_view version = line.substr(8);
            version = version.substr(0, version.find(' '));
            m_sections.back().process.pythonVersion = version;
            return;
        }
        if (std::optional<ThreadHeader> header = parseThreadHeader(line)) {
            startThread(*header);
            return;
        }
        if (isDashLine(line)) {
            m_inHeader = false;
            endThread();
            return;
        }
        if (readPastedLine(line))
            return;
        m_invalid.add(m_line, line, "not a py-spy process line, thread header or frame");
    }

    // A prompt, a `tail` file header, a banner or a timestamp around a pasted dump: it ends the
    // dump before it, and what it tells (the file name, the host) goes to the next process.
    bool readPastedLine(std::string_view line)
    {
        const PastedLine pasted = recognisePastedLine(line);
        if (pasted.kind == PastedLineKind::None)
            return false;
        endThread();
        m_inHeader = false;
        if (pasted.kind == PastedLineKind::FileHeader) {
            m_pastedFrom = pasted.value;
            m_newDumpPending = true;
        } else if (pasted.kind == PastedLineKind::Prompt) {
            if (!pasted.value.empty())
                m_host = pasted.value;
            m_newDumpPending = true;
        }
        return true;
    }

    void takePastedContext(ParsedProcess &process)
    {
        process.pastedFrom = m_pastedFrom;
        process.host = m_host;
        m_pastedFrom = {};
        m_newDumpPending = false;
    }

    void startThread(const ThreadHeader &header)
    {
        endThread();
        m_inHeader = false;
        if (m_sections.empty() || m_newDumpPending) {
            // Thread blocks copied without the process header: keep them under pid 0.
            m_sections.emplace_back();
            m_sections.back().line = m_line;
            takePastedContext(m_sections.back().process);
        }
        ParsedThread &thread = m_sections.back().process.threads.emplace_back();
        thread.threadId = header.threadId;
        thread.threadName = header.name;
        thread.state = header.state;
        m_thread = &thread;
    }

    // Gives the current thread its frames, root first (py-spy prints the innermost first).
    // A thread whose frame lines were seen before takes their known stack instead (frames are
    // a function of those lines alone: lines between them that are no frames add none).
    void endThread()
    {
        if (m_thread) {
            if (m_known && !m_frameLines.empty() && !m_thread->truncated) {
                m_thread->frameText = m_frameLines;
                m_thread->known = m_known->find(m_frameLines);
            }
            if (!m_thread->known) {
                std::vector<Frame> &frames = m_thread->frames;
                frames.reserve(m_frames.size());
                for (auto it = m_frames.rbegin(); it != m_frames.rend(); ++it)
                    assignPySpyFrame(&frames.emplace_back(), it->function, it->file, it->line, {});
            }
        }
        m_frames.clear();
        m_frameLines = {};
        m_thread = nullptr;
    }

    void readFrameLine(std::string_view text, std::string_view line)
    {
        if (!m_thread) {
            m_invalid.add(m_line, line, "frame outside a thread");
            return;
        }
        std::optional<FrameText> frame = parsePySpyFrameLine(text);
        if (!frame) {
            m_invalid.add(m_line, line, "not a frame \"<function> (<file>[:<line>])\"");
            return;
        }
        m_frames.push_back(*frame);
        // From the first frame line's start to the end of this one.
        const char *begin = m_frameLines.empty() ? line.data() : m_frameLines.data();
        m_frameLines = std::string_view(begin, std::size_t(line.data() + line.size() - begin));
    }

    // --locals output: "Arguments:"/"Locals:" at eight spaces, "name: repr" at twelve.
    void readDetailLine(std::string_view line)
    {
        if (!m_thread || m_frames.empty())
            m_invalid.add(m_line, line, "indented line outside a frame");
    }

    // The last line has no newline, which py-spy always prints: the file was cut there. Frames
    // are printed innermost first, so the cut thread has lost its outermost frames; it is kept,
    // marked truncated, so that the rank counts as dumped while its stack stays out of the merge
    // (it would hang under the wrong root).
    void readCutLastLine(std::string_view line)
    {
        if (trimWhitespace(line).empty())
            return;
        // The line is the problem's own (FILE:LINE:), not repeated here.
        std::string message = "the file ends without a final newline: it looks truncated";
        if (m_thread && leadingSpaces(line) > 0) {
            if (std::optional<FrameText> frame = parsePySpyFrameLine(trimWhitespace(line)))
                m_frames.push_back(*frame);
            ParsedThread &thread = *m_thread;
            thread.truncated = true;
            endThread();
            message +=
                "; thread " + std::to_string(thread.threadId) +
                (thread.threadName.empty() ? std::string() : " (\"" + thread.threadName + "\")") +
                " is cut after " + std::to_string(thread.frames.size()) +
                " frame(s): its outer frames are missing, so it is shown as cut and left "
                "out of the comparison";
        } else {
            message += "; ignored the cut line";
        }
        m_result.problems.push_back({m_line, std::move(message)});
    }

    const KnownStackTexts *m_known; // none: every thread gets its frames
    ParsedStacks m_result;
    InvalidLineTracker m_invalid{&m_result};
    std::vector<PySpyDumpSection> m_sections;
    ParsedThread *m_thread = nullptr;  // the thread frames are added to, or none
    std::vector<FrameText> m_frames;   // of m_thread, innermost first as printed
    std::string_view m_frameLines;     // the text from m_thread's first frame line to its last
    std::vector<char> m_strippedLines; // lines that had ANSI escapes, without them
    std::string m_scratch;             // stripAnsiEscapes' work space
    bool m_inHeader = false;           // after "Process", before the first thread
    bool m_newDumpPending = false;     // a prompt or file header: the next threads start a dump
    std::string_view m_pastedFrom;     // from the last "==> name <==", for the next process
    std::string_view m_host;           // from the last user@host prompt
    std::int64_t m_line = 0;
};

} // namespace

ParsedStacks parsePySpyText(std::string_view text, const KnownStackTexts *known)
{
    return PySpyTextReader(known).read(text);
}

ParsedStacks parsePySpyText(std::string_view text)
{
    return parsePySpyText(text, nullptr);
}

} // namespace rankscope
