#pragma once

#include "app/cli/CliArguments.h"
#include "app/cli/CliContext.h"
#include "core/diff/BundleDiff.h"

namespace rankscope::cli {

// The two runs of `diff` and `bench-diff`: BUNDLE and --baseline BASE, both imported with the
// same options (--cache-dir, --force) into their own caches.
struct DiffSides
{
    BundleDiffSide baseline;
    BundleDiffSide target;
};

// Throws CliInputError without --baseline, BundleError when a bundle cannot be used.
DiffSides importDiffSides(const CliArguments &args, CliContext &context);

} // namespace rankscope::cli
