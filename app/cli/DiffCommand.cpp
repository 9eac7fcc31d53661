#include "app/cli/BundleLoading.h"
#include "app/cli/CliApp.h"
#include "app/cli/CliCommands.h"
#include "app/cli/CliError.h"
#include "app/cli/ColorChoice.h"
#include "app/cli/DiffSides.h"
#include "core/report/DiffReport.h"

namespace rankscope::cli {

// Compares BUNDLE with a healthy run of the same job (--baseline): which stack paths gained or
// lost ranks, which log templates are new, gone or much more frequent, which ops got slower,
// and a summary in plain words, largest change first.
int runDiffCommand(const CliArguments &args, CliContext &context)
{
    const std::string format = args.choice("--format", {"text", "json"}, "text");
    const std::int64_t limit = args.integer("--limit", 15, 1, 1 << 20);
    const bool color = format == "text" && useColor(args, context);
    const DiffSides sides = importDiffSides(args, context);
    const BundleDiff diff = computeBundleDiff(sides.baseline, sides.target);
    if (format == "json") {
        context.out << bundleDiffJson(diff).dump(2, ' ', false,
                                                 nlohmann::json::error_handler_t::replace)
                    << '\n';
    } else {
        DiffTextOptions options;
        options.maxPerSection = int(limit);
        options.color = color;
        context.out << bundleDiffText(diff, options);
    }
    return kExitSuccess;
}

} // namespace rankscope::cli
