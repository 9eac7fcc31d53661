// Fuzz target: py-spy dump --json (one or several appended arrays).

#include "StackFuzzing.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    return rankscope_fuzz::fuzzStackParser(data, size, &rankscope::parsePySpyJson);
}
