#pragma once

#include <cstdint>

namespace rankscope {

// Each rank of a synthetic job gets its own generator so that its files depend on (seed, rank)
// only, whatever the number of writer threads (splitmix64 finaliser to decorrelate neighbouring
// ranks). The stacks draw the rank's pids from it first; the logs draw the same pids again.
inline std::uint64_t syntheticRankSeed(std::uint64_t seed, int rank)
{
    std::uint64_t z = seed + 0x9E3779B97F4A7C15ull * (static_cast<std::uint64_t>(rank) + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

} // namespace rankscope
