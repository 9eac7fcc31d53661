#pragma once

#include "app/cli/CliArguments.h"
#include "core/model/StackDataset.h"
#include "core/stacks/StackTreeOptions.h"

namespace rankscope::cli {

// --frames, --threads, --role and --samples as tree options. Throws CliInputError.
StackTreeOptions stackTreeOptionsFrom(const CliArguments &args);

} // namespace rankscope::cli
