#pragma once

#include "app/cli/CliArguments.h"
#include "app/cli/CliContext.h"

namespace rankscope::cli {

// `--color auto|always|never` of the text reports: auto colours only a terminal, and never when
// NO_COLOR is set (https://no-color.org).
bool useColor(const CliArguments &args, const CliContext &context);

} // namespace rankscope::cli
