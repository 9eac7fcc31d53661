#pragma once

#include "app/cli/CliContext.h"

#include <string>
#include <vector>

namespace rankscope::cli {

enum CliExitStatus
{
    kExitSuccess = 0,
    kExitInternalError = 1,
    kExitUnusableInput = 2
};

// Runs rankscope-cli with `args` (without the program name). Never throws: failures become one
// line "rankscope-cli: <reason>" on context.err and the matching exit status.
int runCli(const std::vector<std::string> &args, CliContext &context);

} // namespace rankscope::cli
