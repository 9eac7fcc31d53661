#pragma once

#include "core/model/Frame.h"
#include "core/model/ThreadState.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rankscope {

// A stack the import interned before, found again by its dump text (KnownStackTexts).
struct KnownStack
{
    std::uint32_t stack = 0;   // the interned stack id
    std::vector<Frame> frames; // root first
};

// What a stack importer returns for one file: the processes it found, each with its threads and
// their frames, ROOT FIRST (outermost call first) whatever order the format prints them in.
struct ParsedThread
{
    std::uint64_t threadId = 0; // OS thread id (or Python thread id when that is all we have)
    std::string threadName;     // "MainThread", "Thread-3 (_pin_memory_loop)", or empty
    ThreadState state = ThreadState::Unknown;
    std::vector<Frame> frames; // root first
    std::uint64_t weight = 1;  // samples this stack stands for (folded counts), 1 for dumps
    // The file was cut inside this thread's stack: frames are missing at one end (py-spy's
    // outermost, pystack's innermost). Kept so that the user sees the rank was dumped.
    bool truncated = false;
    // Set by parsers given known stack texts (importers/stacks/KnownStackTexts.h): the text of
    // the thread's frame lines, a view into the file's text (valid only while that lives), and
    // the stack that text was interned as when it was seen before; `frames` is then empty.
    std::string_view frameText;
    const KnownStack *known = nullptr; // owned by the KnownStackTexts

    const std::vector<Frame> &stackFrames() const { return known ? known->frames : frames; }
};

struct ParsedProcess
{
    std::int64_t pid = 0;       // 0 when the format does not say
    std::int64_t parentPid = 0; // 0 when unknown or not a child process
    std::string commandLine;
    std::string pythonVersion;
    // Set when the dump was pasted into a collection: the file named by a `tail`/`head`
    // "==> name <==" header before it, and the host of a shell prompt ("root@node-3:~# py-spy
    // dump --pid 1234"). Either can tell the process's rank.
    std::string pastedFrom;
    std::string host;
    std::vector<ParsedThread> threads;
};

// A problem found while reading a file: where (1-based line, 0 for the whole file) and what,
// phrased for the user.
struct ParseProblem
{
    std::int64_t line = 0;
    std::string message;
};

struct ParsedStacks
{
    std::vector<ParsedProcess> processes;
    std::vector<ParseProblem> problems;
    std::int64_t invalidLines = 0; // lines that could not be read (folded and text formats)
};

} // namespace rankscope
