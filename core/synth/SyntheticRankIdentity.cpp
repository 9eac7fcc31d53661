#include "core/synth/SyntheticRankIdentity.h"

#include "core/synth/SyntheticLogPlan.h"
#include "core/synth/SyntheticRankSeed.h"

#include <cstdio>
#include <random>

namespace rankscope {

namespace {

// An 8-GPU HGX board: the bus ids of its GPUs in local-rank order.
constexpr const char *kBusIds[8] = {"18000", "2a000", "3a000", "5d000",
                                    "9a000", "ab000", "ba000", "db000"};

std::string hex(std::uint64_t value, int digits)
{
    char text[24];
    std::snprintf(text, sizeof text, "%0*llx", digits, static_cast<unsigned long long>(value));
    return text;
}

} // namespace

SyntheticRankIdentity syntheticRankIdentity(const SyntheticScenario &scenario, int rank)
{
    const SyntheticLayout &layout = scenario.layout;
    SyntheticRankIdentity id;
    id.rank = rank;
    id.localRank = layout.localRankOf(rank);
    id.node = layout.nodeIndexOf(rank);
    id.host = layout.nodeOf(rank);
    id.address =
        "10." + std::to_string(id.node / 250) + "." + std::to_string(id.node % 250) + ".17";
    id.busId = kBusIds[id.localRank % 8];
    // The stacks draw the pids first from the rank's generator: the same draws give the same.
    std::mt19937_64 rng(syntheticRankSeed(scenario.seed, rank));
    id.ids = SyntheticRankStacks::drawProcessIds(rng);
    const std::uint64_t h = syntheticLogHash(scenario.seed, 0x1D, static_cast<std::uint64_t>(rank));
    // Heap pointers of a process: 0x55.. or 0x56.., 16-byte aligned.
    id.commPointer = "0x5" + hex(0x50000000000ull + (h % 0xFFFFFFFFFFull) / 16 * 16, 11);
    id.watchdogThread = id.ids.pid + 140 + static_cast<std::int64_t>(h % 20);
    id.ncclThread = static_cast<std::int64_t>(id.ids.helperTids[2]) + 3 +
                    static_cast<std::int64_t>((h >> 20) % 10);
    return id;
}

void appendNcclHeader(std::string &out, const SyntheticRankIdentity &id, std::int64_t thread,
                      const char *level)
{
    out += id.host;
    out += ':';
    out += std::to_string(id.ids.pid);
    out += ':';
    out += std::to_string(thread);
    out += " [";
    out += std::to_string(id.localRank);
    out += "] NCCL ";
    out += level;
    out += ' ';
}

std::string syntheticCommId(std::uint64_t seed)
{
    return "0x" + hex(syntheticLogHash(seed, 0xC0FF1D), 16);
}

} // namespace rankscope
