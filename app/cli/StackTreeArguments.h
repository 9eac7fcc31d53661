#pragma once

#include "app/cli/CliArguments.h"
#include "core/analysis/StackTreeOptions.h"
#include "core/model/StackDataset.h"

namespace rankscope::cli {

// --frames, --threads, --role and --samples as tree options. Throws CliInputError.
StackTreeOptions stackTreeOptionsFrom(const CliArguments &args);

// Replaces an empty role ("the main processes' role") by the role it stands for in `data`.
// Same selection, but sampleSelected() no longer re-derives the role for every sample, which
// is quadratic in the sample count (minutes at 16k ranks).
void resolveRoleOnce(const StackDataset &data, StackTreeOptions &options);

} // namespace rankscope::cli
