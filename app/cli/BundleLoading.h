#pragma once

#include "app/cli/CliArguments.h"
#include "app/cli/CliContext.h"
#include "importers/bundle/BundleImport.h"

namespace rankscope::cli {

// The import every bundle command starts with: options from the command line (BUNDLE,
// --cache-dir, --force) and a progress line on a terminal. Throws BundleError.
ImportOptions importOptionsFrom(const CliArguments &args);
ImportResult importBundleWithProgress(const ImportOptions &options, CliContext &context);

} // namespace rankscope::cli
