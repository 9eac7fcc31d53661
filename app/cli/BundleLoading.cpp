#include "app/cli/BundleLoading.h"

#include "app/cli/CliError.h"
#include "app/cli/ImportProgressLine.h"

#include <cstdlib>
#include <stdexcept>

namespace rankscope::cli {

ImportOptions importOptionsFrom(const CliArguments &args)
{
    ImportOptions options;
    options.bundlePath = args.positional().at(0);
    if (auto cacheDir = args.value("--cache-dir"))
        options.cacheDir = *cacheDir;
    options.forceReimport = args.has("--force");
    if (auto shard = args.value("--shard")) {
        try {
            options.shard = parseShardSpec(*shard, [](const char *name) {
                const char *value = std::getenv(name);
                return value ? std::optional<std::string>(value) : std::nullopt;
            });
        } catch (const std::invalid_argument &error) {
            throw CliInputError(error.what());
        }
        const auto out = args.value("--out");
        if (!out)
            throw CliInputError("--shard needs --out PART.rscache: the partial cache to write");
        options.shardOutput = *out;
    } else if (args.has("--out")) {
        throw CliInputError("--out is for a sharded import (--shard K/N or auto)");
    }
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
