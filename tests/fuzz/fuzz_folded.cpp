// Fuzz target: folded stacks (FlameGraph stackcollapse: one stack and count per line).

#include "StackFuzzing.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    return rankscope_fuzz::fuzzStackParser(data, size, &rankscope::parseFoldedStacks);
}
