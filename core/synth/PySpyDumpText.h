#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rankscope {

// One frame of a synthetic stack. Python frames have a file and a line; native frames have
// line 0 and the shared object in `file`, which is how py-spy prints them ("pthread_cond_wait
// (libc.so.6)").
struct SynthFrame
{
    std::string_view function;
    std::string_view file;
    int line = 0;
};
using SynthStack = std::vector<SynthFrame>; // root first, like the rest of rankscope

struct SynthThread
{
    std::uint64_t tid = 0;
    std::string_view state; // "idle", "active" or "active+gil"
    std::string_view name;  // "MainThread", "Thread-2 (_pin_memory_loop)", ...
    SynthStack frames;
};

struct SynthProcess
{
    std::int64_t pid = 0;
    std::int64_t parentPid = 0; // 0 for the rank's main process
    std::vector<SynthThread> threads;
};

// What `py-spy dump --subprocesses` prints for one rank: the main process, then each child
// after a separator line. Every process runs the same command line (fork start method).
struct SynthDump
{
    std::string_view commandLine;
    std::string_view pythonVersion;
    std::string_view executable;
    std::vector<SynthProcess> processes; // [0] = main process
};

// Appends the dump in py-spy's text layout (src/dump.rs): frames innermost first, 4-space
// indent, `func (file:line)` or `func (module)` for native frames.
void appendPySpyDump(std::string &out, const SynthDump &dump);

} // namespace rankscope
