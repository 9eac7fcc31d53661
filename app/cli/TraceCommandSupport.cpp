#include "app/cli/TraceCommandSupport.h"

#include "app/cli/BundleLoading.h"
#include "app/cli/CliError.h"
#include "core/cache/CacheSchema.h"
#include "core/cache/TraceCacheReader.h"

#include <cmath>
#include <cstdio>

namespace rankscope::cli {

TraceCache openTraceCache(const CliArguments &args, CliContext &context)
{
    TraceCache cache;
    cache.imported = importBundleWithProgress(importOptionsFrom(args), context);
    cache.db = openStackCacheReader(cache.imported.summary.cacheFile);
    if (!hasTraceData(*cache.db)) {
        const std::string bundle = args.positional().front();
        const int files = cache.imported.summary.traceFiles;
        throw CliInputError(
            files == 0 ? bundle + " has no profiler traces: put one PyTorch profiler trace per "
                                  "rank in traces/ (for example traces/rank0.json.gz)"
                       : bundle + " has " + std::to_string(files) +
                             " trace file(s) in traces/ but none is usable; 'rankscope-cli "
                             "import " +
                             bundle + "' lists the problems");
    }
    if (!cache.imported.stacks.problems.empty())
        context.err << "rankscope-cli: note: " << cache.imported.stacks.problems.size()
                    << " import problem(s); 'rankscope-cli import " << args.positional().front()
                    << "' lists them\n";
    return cache;
}

std::string formatDurationNs(double ns)
{
    const double magnitude = std::fabs(ns);
    char text[64];
    if (magnitude >= 1e9)
        std::snprintf(text, sizeof text, "%.3g s", ns / 1e9);
    else if (magnitude >= 1e6)
        std::snprintf(text, sizeof text, "%.3g ms", ns / 1e6);
    else if (magnitude >= 1e3)
        std::snprintf(text, sizeof text, "%.3g us", ns / 1e3);
    else
        std::snprintf(text, sizeof text, "%.0f ns", ns);
    return text;
}

} // namespace rankscope::cli
