// Reads `py-spy dump --json` output (stack_anchors.md §6.2): an array of threads, each with pid,
// thread_id, os_thread_id, thread_name, active, owns_gil and frames innermost first. Several
// arrays one after another (dumps appended to one file) are read in turn. Threads are grouped
// into one process per pid and dump, in order of first appearance; frames are returned root
// first. Missing or null fields take defaults; a record that is not a thread object, or whose
// frames are unreadable, is skipped with a problem rather than kept half-read. A dump cut by
// the end of the file keeps its complete threads and says where it is cut.

#include "importers/JsonNesting.h"
#include "importers/stacks/FrameTextParsing.h"
#include "importers/stacks/InvalidLineTracker.h"
#include "importers/stacks/StackFormat.h"
#include "importers/stacks/TextLines.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <optional>
#include <sstream>

namespace rankscope {

namespace {

using nlohmann::json;

std::string stringField(const json &object, const char *key)
{
    auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

template <typename T> std::optional<T> numberField(const json &object, const char *key)
{
    auto it = object.find(key);
    if (it == object.end() || !it->is_number())
        return std::nullopt;
    if constexpr (std::is_unsigned_v<T>) {
        if (it->is_number_unsigned() || (it->is_number_integer() && it->get<std::int64_t>() >= 0))
            return it->get<T>();
        return std::nullopt;
    } else {
        if (it->is_number_integer())
            return it->get<T>();
        return std::nullopt;
    }
}

std::optional<bool> boolField(const json &object, const char *key)
{
    auto it = object.find(key);
    if (it == object.end() || !it->is_boolean())
        return std::nullopt;
    return it->get<bool>();
}

ThreadState stateOf(const json &thread)
{
    const std::optional<bool> active = boolField(thread, "active");
    const bool ownsGil = boolField(thread, "owns_gil").value_or(false);
    if (!active)
        return ownsGil ? ThreadState::ActiveGil : ThreadState::Unknown;
    if (!*active)
        return ThreadState::Idle;
    return ownsGil ? ThreadState::ActiveGil : ThreadState::Active;
}

class PySpyJsonReader
{
public:
    explicit PySpyJsonReader(std::string_view text) : m_text(text)
    {
        if (startsWith(m_text, "\xEF\xBB\xBF"))
            m_text.remove_prefix(3); // a BOM is not JSON whitespace
    }

    ParsedStacks read()
    {
        // Too deep to be a dump (py-spy's nest five levels): read the dumps before it only.
        const JsonNestingScan nesting = scanJsonNesting(m_text);
        const std::string_view whole = m_text;
        if (nesting.tooDeepAt != whole.npos)
            m_text = whole.substr(0, nesting.valueStart);
        // A stream lets nlohmann read one value at a time, so dumps appended to one file work.
        std::istringstream stream{std::string(m_text)};
        int dumpIndex = 0;
        while (true) {
            stream >> std::ws;
            if (stream.peek() == std::char_traits<char>::eof())
                break;
            const auto start = static_cast<std::size_t>(stream.tellg());
            json value;
            try {
                stream >> value;
            } catch (const json::exception &error) {
                if (!readCutDump(start, error, ++dumpIndex))
                    reportSyntaxError(start, error);
                break;
            }
            readDump(value, ++dumpIndex, start);
        }
        if (nesting.tooDeepAt != whole.npos) {
            m_result.problems.push_back(
                {lineOfOffset(whole, nesting.tooDeepAt),
                 "the JSON nests deeper than " + std::to_string(kMaxJsonNesting) +
                     " levels at byte " + std::to_string(nesting.tooDeepAt + 1) +
                     "; the value there is not read" +
                     (nesting.valueStart > 0 ? ", the dumps before it are kept" : "")});
        }
        m_result.processes.reserve(m_processes.size());
        for (ParsedProcess &process : m_processes)
            m_result.processes.push_back(std::move(process));
        addProblemIfNoThreads(&m_result, "py-spy JSON");
        return std::move(m_result);
    }

private:
    // A dump cut by the end of the file (a copy that stopped, a full disk): the threads that are
    // complete before the cut are read, and the cut is reported with the thread it falls in.
    // Only for a cut: JSON that is wrong before the end of the file keeps nothing of its array.
    bool readCutDump(std::size_t start, const json::exception &error, int dumpIndex)
    {
        // Cut when the parser ran out of input: its error is at the end of the file (inside a
        // string, a number or between tokens).
        const auto *parseError = dynamic_cast<const json::parse_error *>(&error);
        if (!parseError || start >= m_text.size() || m_text[start] != '[')
            return false;
        const std::size_t errorAt = start + (parseError->byte > 0 ? parseError->byte - 1 : 0);
        if (m_text.find_first_not_of(" \t\r\n", std::min(errorAt + 1, m_text.size())) !=
            std::string_view::npos)
            return false;
        // The end of every complete element of the top-level array, strings skipped.
        int depth = 0;
        bool inString = false;
        bool escaped = false;
        std::size_t lastEnd = 0;
        int complete = 0;
        for (std::size_t i = start; i < m_text.size(); ++i) {
            const char c = m_text[i];
            if (inString) {
                if (escaped)
                    escaped = false;
                else if (c == '\\')
                    escaped = true;
                else if (c == '"')
                    inString = false;
                continue;
            }
            if (c == '"') {
                inString = true;
            } else if (c == '[' || c == '{') {
                ++depth;
            } else if (c == ']' || c == '}') {
                if (--depth == 1) {
                    lastEnd = i + 1;
                    ++complete;
                }
            }
        }
        if (complete == 0)
            return false;
        json value;
        try {
            value = json::parse(std::string(m_text.substr(start, lastEnd - start)) + "]");
        } catch (const json::exception &) {
            return false;
        }
        readDump(value, dumpIndex, start);
        const std::size_t cutAt = m_text.size();
        m_result.problems.push_back(
            {lineOfOffset(m_text, cutAt > 0 ? cutAt - 1 : 0),
             "the dump is cut at byte " + std::to_string(cutAt) + " inside thread #" +
                 std::to_string(complete + 1) +
                 (dumpIndex > 1 ? " of dump #" + std::to_string(dumpIndex) : "") + "; the " +
                 std::to_string(complete) + " complete thread" + (complete == 1 ? "" : "s") +
                 " before it are kept, the cut one is not"});
        return true;
    }

    void reportSyntaxError(std::size_t start, const json::exception &error)
    {
        std::size_t offset = start;
        if (auto *parseError = dynamic_cast<const json::parse_error *>(&error))
            offset = start + (parseError->byte > 0 ? parseError->byte - 1 : 0);
        std::string message = "malformed JSON at byte " + std::to_string(offset + 1);
        // nlohmann says "[json.exception.parse_error.101] parse error at line 1, column 12:
        // syntax error ...", with a position relative to the value it was reading: keep only
        // the reason, the absolute position is ours.
        std::string detail = error.what();
        if (const std::size_t cut = detail.find(": "); cut != std::string::npos)
            detail = detail.substr(cut + 2);
        else if (const std::size_t tag = detail.find("] "); tag != std::string::npos)
            detail = detail.substr(tag + 2);
        message += ": " + detail;
        if (start > 0)
            message += "; the dumps before it are kept";
        m_result.problems.push_back({lineOfOffset(m_text, offset), std::move(message)});
    }

    void readDump(const json &value, int dumpIndex, std::size_t start)
    {
        const std::int64_t line = lineOfOffset(m_text, start);
        if (value.is_object()) {
            readThread(value, dumpIndex, 1, line); // a single thread object
            return;
        }
        if (!value.is_array()) {
            m_result.problems.push_back({line, "expected a JSON array of py-spy threads, found a " +
                                                   std::string(value.type_name())});
            return;
        }
        int index = 0;
        for (const json &thread : value)
            readThread(thread, dumpIndex, ++index, line);
    }

    void readThread(const json &thread, int dumpIndex, int index, std::int64_t line)
    {
        const std::string where = "thread #" + std::to_string(index) +
                                  (dumpIndex > 1 ? " of dump #" + std::to_string(dumpIndex) : "");
        if (!thread.is_object()) {
            m_result.problems.push_back({line, where + " is not a JSON object; skipped"});
            return;
        }
        ParsedThread parsed;
        parsed.threadId =
            numberField<std::uint64_t>(thread, "os_thread_id")
                .value_or(numberField<std::uint64_t>(thread, "thread_id").value_or(0));
        parsed.threadName = stringField(thread, "thread_name");
        parsed.state = stateOf(thread);
        auto frames = thread.find("frames");
        if (frames != thread.end() && !frames->is_null()) {
            if (!frames->is_array()) {
                m_result.problems.push_back(
                    {line, where + ": \"frames\" is not an array; skipped"});
                return;
            }
            int frameIndex = 0;
            for (const json &frame : *frames) {
                ++frameIndex;
                if (!frame.is_object() || !frame.contains("name") || !frame["name"].is_string()) {
                    m_result.problems.push_back(
                        {line, where + ": frame #" + std::to_string(frameIndex) +
                                   " has no function name; thread skipped"});
                    return;
                }
                parsed.frames.push_back(readFrame(frame));
            }
        }
        std::reverse(parsed.frames.begin(), parsed.frames.end()); // root first
        processFor(thread, dumpIndex).threads.push_back(std::move(parsed));
    }

    static Frame readFrame(const json &frame)
    {
        std::string file = stringField(frame, "short_filename");
        if (file.empty())
            file = stringField(frame, "filename");
        const int line = static_cast<int>(std::clamp<std::int64_t>(
            numberField<std::int64_t>(frame, "line").value_or(0), 0, 0x7fffffff));
        const std::string module = stringField(frame, "module");
        if (module.empty() && file != "?") {
            // py-spy sets module only on native frames; the rest are Python frames even when
            // the line could not be read (0).
            Frame python;
            python.function = stringField(frame, "name");
            python.file = std::move(file);
            python.line = line;
            python.kind = FrameKind::Python;
            return python;
        }
        if (!module.empty() && line == 0)
            file = stringField(frame, "filename"); // compared against the module path
        return makePySpyFrame(stringField(frame, "name"), file, line, module);
    }

    // Threads of one pid in one dump form a process; a dump appended later is another
    // snapshot, kept as separate processes like the text format's repeated "Process" blocks.
    ParsedProcess &processFor(const json &thread, int dumpIndex)
    {
        const std::int64_t pid = numberField<std::int64_t>(thread, "pid").value_or(0);
        auto [it, inserted] =
            m_processIndex.emplace(std::make_pair(dumpIndex, pid), m_processes.size());
        if (inserted) {
            m_processes.emplace_back();
            m_processes.back().pid = pid;
        }
        ParsedProcess &process = m_processes[it->second];
        // Newer py-spy versions describe the process: {"pid", "command_line", "parent": {...}}.
        auto info = thread.find("process_info");
        if (info != thread.end() && info->is_object()) {
            if (process.commandLine.empty())
                process.commandLine = stringField(*info, "command_line");
            auto parent = info->find("parent");
            if (process.parentPid == 0 && parent != info->end() && parent->is_object())
                process.parentPid = numberField<std::int64_t>(*parent, "pid").value_or(0);
        }
        return process;
    }

    std::string_view m_text;
    ParsedStacks m_result;
    std::vector<ParsedProcess> m_processes;
    std::map<std::pair<int, std::int64_t>, std::size_t> m_processIndex;
};

} // namespace

ParsedStacks parsePySpyJson(std::string_view text)
{
    return PySpyJsonReader(text).read();
}

} // namespace rankscope
