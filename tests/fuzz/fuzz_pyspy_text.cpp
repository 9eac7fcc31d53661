// Fuzz target: py-spy dump text (plain, --locals, --subprocesses, pasted).

#include "StackFuzzing.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    return rankscope_fuzz::fuzzStackParser(data, size, &rankscope::parsePySpyText);
}
