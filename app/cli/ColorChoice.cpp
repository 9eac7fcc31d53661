#include "app/cli/ColorChoice.h"

#include <cstdlib>
#include <string>

namespace rankscope::cli {

bool useColor(const CliArguments &args, const CliContext &context)
{
    const std::string color = args.choice("--color", {"auto", "always", "never"}, "auto");
    if (color != "auto")
        return color == "always";
    const char *noColor = std::getenv("NO_COLOR");
    return context.stdoutIsTerminal && (!noColor || !*noColor);
}

} // namespace rankscope::cli
