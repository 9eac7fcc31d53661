#include "app/cli/StackTreeArguments.h"

#include "app/cli/CliError.h"
#include "core/stacks/FrameIdentity.h"
#include "core/stacks/StackTree.h"

namespace rankscope::cli {

StackTreeOptions stackTreeOptionsFrom(const CliArguments &args)
{
    StackTreeOptions options;
    const std::string frames = args.choice("--frames", {"function", "file", "line"}, "function");
    options.identity = frameIdentityFromName(frames).value_or(FrameIdentityMode::Function);
    const std::string threads = args.valueOr("--threads", "main");
    if (threads.empty())
        throw CliInputError("option '--threads' needs main, all or a thread name");
    options.threads = ThreadSelection::fromText(threads);
    options.role = args.valueOr("--role", "");
    options.samples = args.choice("--samples", {"all", "latest"}, "all") == "latest"
                          ? SampleChoice::Latest
                          : SampleChoice::All;
    return options;
}

} // namespace rankscope::cli
