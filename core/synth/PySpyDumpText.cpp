#include "core/synth/PySpyDumpText.h"

#include <charconv>

namespace rankscope {

namespace {

template <typename Int> void appendNumber(std::string &out, Int value)
{
    char buffer[24];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    out.append(buffer, result.ptr);
}

void appendProcessHeader(std::string &out, const SynthDump &dump, const SynthProcess &process)
{
    out += "Process ";
    appendNumber(out, process.pid);
    out += ": ";
    out += dump.commandLine;
    out += "\nPython v";
    out += dump.pythonVersion;
    out += " (";
    out += dump.executable;
    out += ")\n";
    if (process.parentPid != 0) {
        out += "Parent Process ";
        appendNumber(out, process.parentPid);
        out += ": ";
        out += dump.commandLine;
        out += '\n';
    }
    out += '\n';
}

void appendThread(std::string &out, const SynthThread &thread)
{
    out += "Thread ";
    appendNumber(out, thread.tid);
    out += " (";
    out += thread.state;
    out += ')';
    if (!thread.name.empty()) {
        out += ": \"";
        out += thread.name;
        out += '"';
    }
    out += '\n';
    for (auto it = thread.frames.rbegin(); it != thread.frames.rend(); ++it) {
        out += "    ";
        out += it->function;
        out += " (";
        out += it->file;
        if (it->line != 0) {
            out += ':';
            appendNumber(out, it->line);
        }
        out += ")\n";
    }
}

} // namespace

void appendPySpyDump(std::string &out, const SynthDump &dump)
{
    for (std::size_t i = 0; i < dump.processes.size(); ++i) {
        const SynthProcess &process = dump.processes[i];
        if (i > 0) {
            // py-spy separates child processes with a blank line and a terminal-wide rule;
            // 79 columns is what it prints when stdout is not a terminal.
            out += '\n';
            out.append(79, '-');
            out += '\n';
        }
        appendProcessHeader(out, dump, process);
        for (const SynthThread &thread : process.threads)
            appendThread(out, thread);
    }
}

} // namespace rankscope
