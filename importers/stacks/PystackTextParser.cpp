// Reads `pystack remote` / `pystack core` text (stack_anchors.md §6.3). Thread blocks:
//   Traceback for thread <tid> [(<name>) ][<status>] (most recent call last):
//       (Python) File "<path>", line <n>, in <function>
//           <source line>
//       (C) File "<path>", line <n>, in <symbol> (<library>)
// Frames are printed root first, as we return them. Source lines and --locals blocks
// ("Arguments:"/"Locals:" and their entries) are indented deeper and skipped.
// "The frame stack for thread <tid> is empty" becomes a thread without frames. Core-file
// headers ("pid: 90266 ppid: 14133 sid: 14133", "executable: python arguments: ...") and a
// "Process <pid>[: <cmdline>]" line, when a collection script adds one, set the process.
//
// Thread state, from the status brackets (comma-joined flags, possibly several):
//   "Has the GIL"                                  -> ActiveGil (it runs Python code)
//   "Waiting for the GIL", "Dropping the GIL",
//   "Garbage collecting" without the GIL           -> Active (on CPU but not running Python)
//   "[]", "Thread terminated"                      -> Idle: no GIL and not trying to take it
//                                                     means blocked in native code or
//                                                     sleeping, which py-spy calls idle
//   anything else                                  -> Unknown

#include "importers/stacks/FrameTextParsing.h"
#include "importers/stacks/InvalidLineTracker.h"
#include "importers/stacks/PastedDumpLines.h"
#include "importers/stacks/StackFormat.h"
#include "importers/stacks/TextLines.h"

#include <limits>
#include <optional>

namespace rankscope {

namespace {

ThreadState stateFromStatus(std::string_view status)
{
    if (trimWhitespace(status).empty())
        return ThreadState::Idle;
    bool known = false, hasGil = false, wantsGil = false;
    std::size_t start = 0;
    while (start <= status.size()) {
        const std::size_t end = status.find(',', start);
        const std::string_view flag = trimWhitespace(status.substr(start, end - start));
        if (flag == "Has the GIL")
            hasGil = known = true;
        else if (flag == "Waiting for the GIL" || flag == "Dropping the GIL" ||
                 flag == "Garbage collecting")
            wantsGil = known = true;
        else if (flag == "Thread terminated")
            known = true;
        if (end == std::string_view::npos)
            break;
        start = end + 1;
    }
    if (!known)
        return ThreadState::Unknown;
    if (hasGil)
        return ThreadState::ActiveGil;
    return wantsGil ? ThreadState::Active : ThreadState::Idle;
}

// "Traceback for thread 2843 (pt_autograd_0) [] (most recent call last):"
std::optional<ParsedThread> parseTracebackHeader(std::string_view line)
{
    constexpr std::string_view kPrefix = "Traceback for thread ";
    constexpr std::string_view kSuffix = "(most recent call last):";
    if (!startsWith(line, kPrefix) || !endsWith(line, kSuffix))
        return std::nullopt;
    std::string_view rest =
        line.substr(kPrefix.size(), line.size() - kPrefix.size() - kSuffix.size());
    const std::size_t idEnd = rest.find(' ');
    ParsedThread thread;
    if (!parseUnsigned(rest.substr(0, idEnd), &thread.threadId, true))
        return std::nullopt;
    rest =
        trimWhitespace(idEnd == std::string_view::npos ? std::string_view() : rest.substr(idEnd));
    const std::size_t open = rest.rfind('[');
    if (open == std::string_view::npos || rest.back() != ']')
        return std::nullopt;
    thread.state = stateFromStatus(rest.substr(open + 1, rest.size() - open - 2));
    const std::string_view name = trimWhitespace(rest.substr(0, open));
    if (name.size() >= 2 && name.front() == '(' && name.back() == ')')
        thread.threadName = std::string(name.substr(1, name.size() - 2));
    else if (!name.empty())
        return std::nullopt;
    return thread;
}

// "(Python) File "<path>", line <n>, in <function>" / "(C) File ..., in <symbol> (<library>)".
std::optional<Frame> parsePystackFrameLine(std::string_view line)
{
    Frame frame;
    if (startsWith(line, "(Python) File \"")) {
        frame.kind = FrameKind::Python;
        line.remove_prefix(15);
    } else if (startsWith(line, "(C) File \"")) {
        frame.kind = FrameKind::Native;
        line.remove_prefix(10);
    } else {
        return std::nullopt;
    }
    const std::size_t pathEnd = line.find("\", line ");
    if (pathEnd == std::string_view::npos)
        return std::nullopt;
    const std::string_view path = line.substr(0, pathEnd);
    line.remove_prefix(pathEnd + 8);
    const std::size_t comma = line.find(", in ");
    std::uint64_t number = 0;
    if (comma == std::string_view::npos || !parseUnsigned(line.substr(0, comma), &number) ||
        number > 0x7fffffff)
        return std::nullopt;
    frame.line = static_cast<int>(number);
    std::string_view function = line.substr(comma + 5);
    if (frame.kind == FrameKind::Native) {
        std::string_view symbol, library;
        if (splitTrailingParenthesized(function, &symbol, &library)) {
            function = symbol;
            frame.module = std::string(baseName(library));
        }
        if (path != "???")
            frame.file = std::string(path);
    } else {
        frame.file = std::string(path);
    }
    if (function.empty())
        return std::nullopt;
    frame.function = std::string(function);
    return frame;
}

bool parsePidLine(std::string_view line, std::int64_t *pid, std::int64_t *parentPid)
{
    // Core file information: "pid: 90266 ppid: 14133 sid: 14133"
    if (!startsWith(line, "pid: "))
        return false;
    std::uint64_t value = 0;
    std::string_view rest = line.substr(5);
    if (!parseUnsigned(rest.substr(0, rest.find(' ')), &value))
        return false;
    *pid = static_cast<std::int64_t>(value);
    const std::size_t ppid = rest.find("ppid: ");
    if (ppid != std::string_view::npos) {
        rest = rest.substr(ppid + 6);
        if (parseUnsigned(rest.substr(0, rest.find(' ')), &value))
            *parentPid = static_cast<std::int64_t>(value);
    }
    return true;
}

// Lines pystack prints around the tracebacks that carry nothing we keep.
bool isKnownChatter(std::string_view line)
{
    for (std::string_view prefix :
         {"Using executable found in the core file", "Core file information",
          "state: ", "uid: ", "The process died due", "Interpreter-", "Process information"}) {
        if (startsWith(line, prefix))
            return true;
    }
    return false;
}

class PystackTextReader
{
public:
    ParsedStacks read(std::string_view text)
    {
        TextLines lines(text);
        std::string_view raw;
        std::string storage;
        while (lines.next(&raw)) {
            m_line = lines.lineNumber();
            const std::string_view line = trimTrailingWhitespace(stripAnsiEscapes(raw, &storage));
            if (lines.lastLineTerminated())
                readLine(line);
            else
                readCutLastLine(line);
        }
        if (m_unmergedLine > 0) {
            m_result.problems.push_back(
                {m_unmergedLine,
                 "pystack could not merge the native stack of " + std::to_string(m_unmergedCount) +
                     " thread(s) (insufficient native information): only their Python frames "
                     "are shown"});
        }
        m_invalid.finish();
        addProblemIfNoThreads(&m_result, "pystack");
        return std::move(m_result);
    }

private:
    ParsedProcess &process()
    {
        if (m_result.processes.empty())
            m_result.processes.emplace_back();
        return m_result.processes.back();
    }

    void readLine(std::string_view line)
    {
        const std::string_view text = trimWhitespace(line);
        if (text.empty()) {
            // pystack ends every thread block with a blank line; frames right after one still
            // belong to the thread (blank lines pasted inside a stack).
            if (m_thread)
                m_resumable = m_thread;
            m_thread = nullptr;
            return;
        }
        if (std::optional<ParsedThread> thread = parseTracebackHeader(text)) {
            m_resumable = nullptr;
            process().threads.push_back(std::move(*thread));
            m_thread = &process().threads.back();
            return;
        }
        if (startsWith(text, "(Python) File") || startsWith(text, "(C) File")) {
            if (!m_thread)
                m_thread = m_resumable;
            m_resumable = nullptr;
            std::optional<Frame> frame = parsePystackFrameLine(text);
            if (!m_thread)
                m_invalid.add(m_line, line, "frame outside a traceback");
            else if (!frame)
                m_invalid.add(m_line, line, "not a pystack frame line");
            else
                m_thread->frames.push_back(std::move(*frame));
            return;
        }
        if (m_thread && leadingSpaces(line) > 0) {
            // Source line, "Arguments:"/"Locals:" or a variable: detail of the last frame.
            return;
        }
        if (startsWith(text, "* - Unable to merge native stack")) {
            if (m_unmergedCount++ == 0)
                m_unmergedLine = m_line;
            return;
        }
        readOutsideThreadLine(text, line);
    }

    void readOutsideThreadLine(std::string_view text, std::string_view line)
    {
        m_thread = nullptr;
        m_resumable = nullptr;
        constexpr std::string_view kEmpty = "The frame stack for thread ";
        if (startsWith(text, kEmpty) && endsWith(text, " is empty")) {
            ParsedThread thread;
            const std::string_view id = text.substr(kEmpty.size(), text.size() - kEmpty.size() - 9);
            if (parseUnsigned(id, &thread.threadId, true)) {
                process().threads.push_back(std::move(thread));
                return;
            }
        }
        std::int64_t pid = 0, parentPid = 0;
        if (startsWith(text, "Process ")) {
            std::string_view rest = text.substr(8);
            const std::size_t colon = rest.find(':');
            std::uint64_t value = 0;
            if (parseUnsigned(trimWhitespace(rest.substr(0, colon)), &value) &&
                value <= std::uint64_t(std::numeric_limits<std::int64_t>::max())) {
                startProcess(static_cast<std::int64_t>(value));
                if (colon != std::string_view::npos)
                    process().commandLine = std::string(trimWhitespace(rest.substr(colon + 1)));
                return;
            }
        }
        if (parsePidLine(text, &pid, &parentPid)) {
            startProcess(pid);
            process().parentPid = parentPid;
            return;
        }
        if (startsWith(text, "executable: ")) {
            const std::size_t arguments = text.find(" arguments: ");
            if (arguments != std::string_view::npos)
                process().commandLine = std::string(trimWhitespace(text.substr(arguments + 12)));
            return;
        }
        if (isKnownChatter(text))
            return;
        const PastedLine pasted = recognisePastedLine(text);
        if (pasted.kind == PastedLineKind::FileHeader || pasted.kind == PastedLineKind::Prompt) {
            // Another process's dump follows (pasted or concatenated with `tail`).
            if (!m_result.processes.empty() && !process().threads.empty())
                m_result.processes.emplace_back();
            if (pasted.kind == PastedLineKind::FileHeader)
                process().pastedFrom = std::string(pasted.value);
            else if (!pasted.value.empty())
                process().host = std::string(pasted.value);
            return;
        }
        if (pasted.kind != PastedLineKind::None)
            return;
        m_invalid.add(m_line, line, "not a pystack traceback header or frame");
    }

    // A new process, unless the current one has not been described or used yet (a core header
    // gives "pid:" after other lines that already created the process).
    void startProcess(std::int64_t pid)
    {
        if (m_result.processes.empty() || !process().threads.empty() || process().pid != 0)
            m_result.processes.emplace_back();
        process().pid = pid;
    }

    // pystack ends its output with a blank line; a last line without a newline means the file
    // was cut there. Frames are root first, so a cut thread lost its innermost frames, the ones
    // that say where it waits: it is kept marked truncated (the rank was dumped) and left out of
    // the comparison.
    void readCutLastLine(std::string_view line)
    {
        const std::string_view text = trimWhitespace(line);
        if (text.empty())
            return;
        // The line is the problem's own (FILE:LINE:), not repeated here.
        std::string message = "the file ends without a final newline: it looks truncated";
        ParsedThread *thread = m_thread ? m_thread : m_resumable;
        if (thread && leadingSpaces(line) > 0) {
            if (startsWith(text, "(Python) File") || startsWith(text, "(C) File")) {
                if (std::optional<Frame> frame = parsePystackFrameLine(text))
                    thread->frames.push_back(std::move(*frame));
            }
            thread->truncated = true;
            message += "; thread " + std::to_string(thread->threadId) + " is cut after " +
                       std::to_string(thread->frames.size()) +
                       " frame(s): its innermost frames are missing, so it is shown as cut and "
                       "left out of the comparison";
        } else {
            message += "; ignored the cut line";
        }
        m_result.problems.push_back({m_line, std::move(message)});
    }

    ParsedStacks m_result;
    InvalidLineTracker m_invalid{&m_result};
    ParsedThread *m_thread = nullptr;
    ParsedThread *m_resumable = nullptr; // the thread a blank line ended, until another line
    std::int64_t m_line = 0;
    std::int64_t m_unmergedLine = 0;
    int m_unmergedCount = 0;
};

} // namespace

ParsedStacks parsePystackText(std::string_view text)
{
    return PystackTextReader().read(text);
}

} // namespace rankscope
