#pragma once

#include <ostream>

namespace rankscope::cli {

// Where a command writes, and what those streams are attached to. Tests pass string streams.
struct CliContext
{
    std::ostream &out;
    std::ostream &err;
    bool stdoutIsTerminal = false; // colours in text output
    bool stderrIsTerminal = false; // live progress lines
};

} // namespace rankscope::cli
