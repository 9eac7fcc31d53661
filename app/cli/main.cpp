#include "app/cli/CliApp.h"

#include <iostream>
#include <string>
#include <unistd.h>
#include <vector>

int main(int argc, char **argv)
{
    std::ios::sync_with_stdio(false);
    std::vector<std::string> args(argv + 1, argv + argc);
    rankscope::cli::CliContext context{std::cout, std::cerr, ::isatty(STDOUT_FILENO) == 1,
                                       ::isatty(STDERR_FILENO) == 1};
    return rankscope::cli::runCli(args, context);
}
