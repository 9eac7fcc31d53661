#pragma once

#include <stdexcept>

namespace rankscope::cli {

// The user's input cannot be used (bad arguments, an unwritable output directory): the tool
// prints the message as one line and exits with status 2. Anything else that escapes a command
// is an internal error (status 1).
class CliInputError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

} // namespace rankscope::cli
