#pragma once

// What every fuzz target shares: the input cap and the entry point's signature. A target is one
// LLVMFuzzerTestOneInput; libFuzzer links it with its own main (the fuzz preset), the regression
// driver (RegressionDriver.cpp) with a main that feeds it the files of the regression corpus.

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size);

namespace rankscope_fuzz {

// Bigger inputs are ignored rather than read: they only slow the fuzzer down, and the hostile
// seeds that matter (300,000-level nesting is 600 KB) stay below it.
constexpr std::size_t kMaxInputBytes = 4u << 20;

inline std::string_view bytesOf(const std::uint8_t *data, std::size_t size)
{
    return {reinterpret_cast<const char *>(data), size};
}

} // namespace rankscope_fuzz
