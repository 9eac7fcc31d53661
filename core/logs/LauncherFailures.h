#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rankscope {

// One failed worker as torchrun's agent reports it when it gives up (ChildFailedError, from
// torch/distributed/elastic/multiprocessing/errors/__init__.py):
//
//   Root Cause (first observed failure):
//   [0]:
//     time      : 2025-11-29_12:31:02
//     host      : node-0
//     rank      : 3 (local_rank: 3)
//     exitcode  : 1 (pid: 4242)
//     error_file: <N/A>
//     traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html
//
// Each agent prints one report for the workers of its own node: the records under "Failures:"
// are the node's other failed workers, the one under "Root Cause" the node's earliest.
struct LauncherFailure
{
    int rank = -1;
    int localRank = -1;
    std::string host;
    int exitCode = 0; // negative: killed by signal -exitCode
    std::int64_t pid = 0;
    std::int64_t timeNs = 0; // the agent's wall clock (naive, read as UTC like log timestamps),
                             // whole seconds; 0 when unreadable
    bool rootCause = false;  // listed under "Root Cause (first observed failure):"
    std::string message;     // the first line of the traceback field
    std::uint32_t file = 0;  // where it was logged (TemplatedLogEvent::file, ::line)
    std::uint32_t line = 0;

    bool killedBySignal() const { return exitCode < 0; }
    int signal() const { return exitCode < 0 ? -exitCode : 0; }
};

// torchrun's whole report, from anywhere before its "Failures:" line through the border after
// its root cause, as one text (the events of the report joined with '\n'). Launchers and log
// shippers that stamp every line split it into one event per line; without stamps each record
// is one event ("[0]:" and its indented fields): both read the same. Fields may be indented or
// not. `endLine`: the number of lines the report took (0 when no record was found).
struct LauncherReport
{
    std::vector<LauncherFailure> failures; // in report order; the root cause is marked
    std::size_t endLine = 0;
};
LauncherReport parseLauncherReport(std::string_view text);

// "SIGTERM" for 15, "" when the number names no common signal.
std::string signalNameOf(int number);

} // namespace rankscope
