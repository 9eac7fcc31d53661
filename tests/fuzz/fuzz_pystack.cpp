// Fuzz target: pystack text (remote and core).

#include "StackFuzzing.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    return rankscope_fuzz::fuzzStackParser(data, size, &rankscope::parsePystackText);
}
