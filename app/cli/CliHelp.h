#pragma once

#include <string>
#include <string_view>

namespace rankscope::cli {

std::string programUsage();                         // rankscope-cli --help
std::string commandUsage(std::string_view command); // rankscope-cli help COMMAND; "" if unknown
std::string programVersion();

} // namespace rankscope::cli
