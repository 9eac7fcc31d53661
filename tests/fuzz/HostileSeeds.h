#pragma once

// Hand-made hostile inputs per fuzz target, built in code rather than committed: a
// 300,000-level JSON array is 600 KB of brackets, and a decompression bomb is whatever its
// generator says. The regression driver runs them before the corpus files, and writes them out
// as seeds for the fuzzer (tests/fuzz/run.sh). What each one is for: docs/reliability.md.

#include <string>
#include <string_view>
#include <vector>

namespace rankscope_fuzz {

struct HostileSeed
{
    std::string name; // a file name: what it is ("deep-array-300000.json")
    std::string bytes;
};

// The seeds of one target ("pyspy_json", "kineto_trace", ...); empty for an unknown name.
std::vector<HostileSeed> hostileSeeds(std::string_view target);

} // namespace rankscope_fuzz
