#include "app/cli/BundleLoading.h"

#include "app/cli/ImportProgressLine.h"

namespace rankscope::cli {

ImportOptions importOptionsFrom(const CliArguments &args)
{
    ImportOptions options;
    options.bundlePath = args.positional().at(0);
    if (auto cacheDir = args.value("--cache-dir"))
        options.cacheDir = *cacheDir;
    options.forceReimport = args.has("--force");
    return options;
}

ImportResult importBundleWithProgress(const ImportOptions &options, CliContext &context)
{
    ImportProgressLine progress(context.err, context.stderrIsTerminal);
    ImportResult result = importBundle(options, progress.callback());
    progress.clear();
    return result;
}

} // namespace rankscope::cli
