#include "app/cli/DiffSides.h"

#include "app/cli/BundleLoading.h"
#include "app/cli/CliError.h"

#include <filesystem>

namespace rankscope::cli {

namespace {

// What the report calls a run: its folder or archive name ("last-week").
std::string runName(const std::filesystem::path &bundle)
{
    const std::filesystem::path normal = bundle.lexically_normal();
    std::string name = normal.filename().string();
    if (name.empty() || name == "." || name == "..")
        name = normal.parent_path().filename().string();
    return name.empty() ? bundle.string() : name;
}

BundleDiffSide importSide(const ImportOptions &options, CliContext &context)
{
    ImportResult imported = importBundleWithProgress(options, context);
    BundleDiffSide side;
    // A merged cache is named after the bundle it was imported from, so that the report reads
    // the same whether the run was opened from its files or from its merged cache.
    const ImportSummary &summary = imported.summary;
    side.name = runName(summary.cacheOnly && !summary.bundleOfCache.empty()
                            ? std::filesystem::path(summary.bundleOfCache)
                            : options.bundlePath);
    side.cacheFile = imported.summary.cacheFile;
    side.stacks = std::make_shared<const StackDataset>(std::move(imported.stacks));
    return side;
}

} // namespace

DiffSides importDiffSides(const CliArguments &args, CliContext &context)
{
    const std::optional<std::string> baseline = args.value("--baseline");
    if (!baseline || baseline->empty())
        throw CliInputError("--baseline BASE is required: the healthy run to compare " +
                            args.positional().at(0) + " with");
    const ImportOptions target = importOptionsFrom(args);
    ImportOptions base = target;
    base.bundlePath = *baseline;
    DiffSides sides;
    sides.baseline = importSide(base, context);
    sides.target = importSide(target, context);
    return sides;
}

} // namespace rankscope::cli
