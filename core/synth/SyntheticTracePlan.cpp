#include "core/synth/SyntheticTracePlan.h"

#include "core/synth/SyntheticStepModel.h"

#include <stdexcept>

namespace rankscope {

namespace {

// 2025-11-29T12:31:04Z, the moment the stack-only scenarios sample at.
constexpr std::int64_t kJobStartNs = 1'764'419'464'000'000'000;
// Kineto floors the system time to a coarse boundary so that relative times fit a double:
// 2025-10-01T00:00:00Z.
constexpr std::int64_t kBaseTimeNs = 1'759'276'800'000'000'000;
// Node clocks (NTP, PTP drift) disagree by up to this much.
constexpr std::int64_t kMaxClockOffsetNs = 40'000'000;
// Enough to make 10^4 ranks x 10^2 iterations, the traces of which are already ~100 GB.
constexpr int kMaxTracedRanks = 16384;

std::string plainDecimalText(double value)
{
    std::string text = std::to_string(value);
    text.erase(text.find_last_not_of('0') + 1);
    if (!text.empty() && text.back() == '.')
        text.pop_back();
    return text;
}

} // namespace

bool SyntheticTracePlan::faultActive(int iteration) const
{
    if (iteration < faultIteration)
        return false;
    return faultPeriod < 2 || (iteration - faultIteration) % faultPeriod == 0;
}

double SyntheticTracePlan::computeScale(int rank, int iteration) const
{
    if (fault == SyntheticTraceFault::SlowGpu && rank == faultRank && faultActive(iteration))
        return 1.0 + slowdownPercent / 100.0;
    return 1.0;
}

double SyntheticTracePlan::tensorParallelTransferScale(int node, int iteration) const
{
    if (fault == SyntheticTraceFault::SlowNode && node == faultNode && faultActive(iteration))
        return 1.0 + slowdownPercent / 100.0;
    return 1.0;
}

std::vector<int> SyntheticTracePlan::expectedWaiters(int worldSize) const
{
    std::vector<int> waiters;
    if (fault == SyntheticTraceFault::None)
        return waiters;
    for (int rank = 0; rank < worldSize; ++rank) {
        const bool faulty = fault == SyntheticTraceFault::SlowGpu
                                ? rank == faultRank
                                : rank / ranksPerNode == faultNode;
        if (!faulty)
            waiters.push_back(rank);
    }
    return waiters;
}

double SyntheticTracePlan::expectedIncreasePercent() const
{
    const SyntheticStepCosts costs = syntheticStepCosts(*this);
    switch (fault) {
    case SyntheticTraceFault::SlowGpu: // the copies in the compute metric are not slowed
        return slowdownPercent * costs.computeKernelsNs / (costs.computeKernelsNs + costs.memcpyNs);
    case SyntheticTraceFault::SlowNode: // the global buckets transfer at the usual speed
        return slowdownPercent * costs.tensorParallelTransferNs /
               (costs.tensorParallelTransferNs + costs.dataParallelTransferNs);
    case SyntheticTraceFault::None:
        break;
    }
    return 0;
}

const char *SyntheticTracePlan::faultMetricKey() const
{
    switch (fault) {
    case SyntheticTraceFault::SlowGpu:
        return "compute";
    case SyntheticTraceFault::SlowNode:
        return "comm_transfer";
    case SyntheticTraceFault::None:
        break;
    }
    return "";
}

SyntheticTracePlan planSyntheticTraces(const std::string &scenario, const SyntheticLayout &layout,
                                       const SyntheticTraceOptions &options, std::mt19937_64 &rng)
{
    if (layout.worldSize < 2)
        throw std::invalid_argument("scenario '" + scenario + "' needs at least 2 ranks");
    if (layout.worldSize > kMaxTracedRanks)
        throw std::invalid_argument("scenario '" + scenario +
                                    "' writes one profiler trace per "
                                    "rank and takes at most " +
                                    std::to_string(kMaxTracedRanks) + " ranks, not " +
                                    std::to_string(layout.worldSize));
    if (options.iterations < 1 || options.iterations > 100000)
        throw std::invalid_argument("iterations must be between 1 and 100000, not " +
                                    std::to_string(options.iterations));
    if (!(options.slowdownPercent >= 0 && options.slowdownPercent <= 1000))
        throw std::invalid_argument("the slowdown must be between 0 and 1000 percent, not " +
                                    plainDecimalText(options.slowdownPercent));
    const int faultIteration =
        options.faultIteration < 0 ? options.iterations / 2 : options.faultIteration;
    if (faultIteration >= options.iterations)
        throw std::invalid_argument("the fault iteration must be below the iteration count (" +
                                    std::to_string(options.iterations) + "), not " +
                                    std::to_string(faultIteration));

    if (options.faultPeriod < 0 || options.faultPeriod > options.iterations)
        throw std::invalid_argument("the fault period must be between 0 and the iteration count (" +
                                    std::to_string(options.iterations) + "), not " +
                                    std::to_string(options.faultPeriod));

    SyntheticTracePlan plan;
    plan.enabled = true;
    plan.faultPeriod = options.faultPeriod < 2 ? 0 : options.faultPeriod;
    plan.iterations = options.iterations;
    plan.slowdownPercent = options.slowdownPercent;
    plan.faultIteration = faultIteration;
    plan.compress = options.compress;
    plan.ranksPerNode = layout.ranksPerNode;
    plan.nodeCount = (layout.worldSize + layout.ranksPerNode - 1) / layout.ranksPerNode;
    plan.jobStartNs = kJobStartNs;
    plan.baseTimeNs = kBaseTimeNs;

    // Modulo instead of std::uniform_int_distribution: the same seed gives the same bundle with
    // every standard library. Rank 0 / node 0 is never the fault: it is the clock reference.
    if (scenario == "slow-node") {
        plan.tensorParallel = true;
        plan.faultNode =
            plan.nodeCount < 2
                ? 0
                : 1 + static_cast<int>(rng() % static_cast<std::uint64_t>(plan.nodeCount - 1));
        if (options.slowdownPercent > 0)
            plan.fault = SyntheticTraceFault::SlowNode;
    } else {
        plan.faultRank =
            1 + static_cast<int>(rng() % static_cast<std::uint64_t>(layout.worldSize - 1));
        if (options.slowdownPercent > 0)
            plan.fault = SyntheticTraceFault::SlowGpu;
    }

    plan.nodeClockOffsetsNs.resize(static_cast<std::size_t>(plan.nodeCount));
    for (std::size_t node = 1; node < plan.nodeClockOffsetsNs.size(); ++node)
        plan.nodeClockOffsetsNs[node] =
            static_cast<std::int64_t>(rng() % (2 * kMaxClockOffsetNs + 1)) - kMaxClockOffsetNs;
    // Without a slowdown nothing is injected; the draws above still happen, so that the clocks
    // are those of the same seed with a fault.
    if (plan.fault == SyntheticTraceFault::None) {
        plan.faultRank = -1;
        plan.faultNode = -1;
    }
    return plan;
}

} // namespace rankscope
