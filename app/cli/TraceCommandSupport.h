#pragma once

#include "app/cli/CliArguments.h"
#include "app/cli/CliContext.h"
#include "core/cache/SqliteDatabase.h"
#include "importers/bundle/BundleImport.h"

#include <memory>
#include <string>

namespace rankscope::cli {

// The start of every trace command: import the bundle (progress on a terminal), then open its
// cache for reading. Throws CliInputError when the bundle has no usable trace, naming traces/.
struct TraceCache
{
    ImportResult imported;
    std::unique_ptr<SqliteDatabase> db;
};
TraceCache openTraceCache(const CliArguments &args, CliContext &context);

// A duration in ns as people read it: "1.24 ms", "870 us", "12 ns" (sign kept).
std::string formatDurationNs(double ns);

} // namespace rankscope::cli
