#include "core/synth/SyntheticStepModel.h"

#include <algorithm>
#include <cmath>

namespace rankscope {

namespace {

// Mean durations of the healthy step, ns. A 125 ms step (150 ms with tensor parallelism): the
// GEMMs dominate, the second gradient bucket's all-reduce is the exposed communication.
constexpr double kDataLoaderNs = 650'000;
constexpr double kToOpNs = 55'000;
constexpr double kMemcpyCallNs = 20'000;
constexpr double kHostToDeviceNs = 420'000;
constexpr double kLinearOpNs = 70'000;
constexpr double kForwardGemmNs = 18'000'000;
constexpr double kGeluOpNs = 30'000;
constexpr double kGeluKernelNs = 2'400'000;
constexpr double kBackwardOpNs = 110'000;
constexpr double kBackwardGemmNs = 36'000'000;
constexpr double kCommsOpNs = 45'000;
constexpr double kOptimizerOpNs = 260'000;
constexpr double kOptimizerKernelNs = 5'000'000;
constexpr double kDeviceToHostNs = 3'000;
constexpr double kTensorParallelTransferNs = 12'000'000;
// Gradient buckets: smaller per rank when tensor parallelism shards the model.
constexpr double kBucketTransferNs = 9'000'000;
constexpr double kShardedBucketTransferNs = 2'000'000;
constexpr std::int64_t kLaunchCallNs = 9'000;
constexpr std::int64_t kCommsLaunchCallNs = 10'000;
constexpr std::int64_t kLaunchLatencyNs = 2'000; // kernel start after its launch call returns

// Noise: GPU work is steady, host code less so. Healthy ranks must stay far inside the
// straggler thresholds (10%), so every factor stays within a few percent.
constexpr double kKernelNoise = 0.015;
constexpr double kCopyNoise = 0.02;
constexpr double kCpuNoise = 0.05;
constexpr double kTransferNoise = 0.01;

std::uint64_t stepModelMix(std::uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

std::uint64_t stepHashOf(std::uint64_t seed, std::uint64_t a, std::uint64_t b, std::uint64_t c = 0)
{
    return stepModelMix(seed + 0x9E3779B97F4A7C15ull * stepModelMix(a + 1) +
                        stepModelMix(0xD1B54A32D192ED03ull * (b + 1)) +
                        stepModelMix(0x8CB92BA72F3D8DD7ull * (c + 1)));
}

// Uniform noise from a counter-based generator: the draws of (seed, rank, iteration) are the
// same whenever the step is simulated again, however far the earlier run got.
class StepNoise
{
public:
    StepNoise(std::uint64_t seed, int rank, int iteration)
        : m_state(stepHashOf(seed, static_cast<std::uint64_t>(rank),
                             static_cast<std::uint64_t>(iteration)))
    {}

    double factor(double spread)
    {
        m_state += 0x9E3779B97F4A7C15ull;
        const double unit = static_cast<double>(stepModelMix(m_state) >> 11) * 0x1.0p-53; // [0, 1)
        return 1.0 + spread * (2.0 * unit - 1.0);
    }

private:
    std::uint64_t m_state;
};

std::int64_t toNs(double value)
{
    return static_cast<std::int64_t>(std::llround(value));
}

class StepSimulation
{
public:
    StepSimulation(const SyntheticStepInputs &in, SyntheticStep &step)
        : m_in(in), m_plan(*in.plan), m_step(step), m_noise(in.seed, in.rank, in.iteration),
          m_computeScale(m_plan.computeScale(in.rank, in.iteration))
    {}

    int run();

private:
    std::int64_t cpuNs(double mean) { return toNs(mean * m_noise.factor(kCpuNoise)); }
    std::int64_t kernelNs(double mean)
    {
        return toNs(mean * m_computeScale * m_noise.factor(kKernelNoise));
    }
    std::int64_t copyNs(double mean) { return toNs(mean * m_noise.factor(kCopyNoise)); }

    // An operator at `cursor` on a CPU thread with its launch call inside; moves the cursor.
    SimLaunch place(std::int64_t &cursor, double opNs, bool hasInner, std::int64_t callNs);
    // GPU work that starts when `stream` is free and its launch call has returned.
    static SimSpan onStream(std::int64_t &stream, const SimLaunch &op, std::int64_t durationNs);
    // A collective launched from `cursor`, starting once `readyNs` (the data) and `stream` allow.
    // False when its common end is not known yet.
    bool collective(SimLaunch &op, std::int64_t &cursor, std::int64_t readyNs,
                    std::int64_t &stream);

    const SyntheticStepInputs &m_in;
    const SyntheticTracePlan &m_plan;
    SyntheticStep &m_step;
    StepNoise m_noise;
    double m_computeScale;
    std::size_t m_nextCollective = 0;
};

SimLaunch StepSimulation::place(std::int64_t &cursor, double opNs, bool hasInner,
                                std::int64_t callNs)
{
    SimLaunch op;
    op.op = {cursor, cursor + cpuNs(opNs)};
    const std::int64_t length = op.op.duration();
    op.inner = hasInner ? SimSpan{op.op.start + length / 8, op.op.end - length / 8} : op.op;
    // The call sits a third into the inner op; every op is at least twice as long as its call.
    const std::int64_t callStart = op.inner.start + op.inner.duration() / 3;
    op.launch = {callStart, std::min(callStart + callNs, op.inner.end - 1'000)};
    cursor = op.op.end + 6'000;
    return op;
}

SimSpan StepSimulation::onStream(std::int64_t &stream, const SimLaunch &op, std::int64_t durationNs)
{
    const std::int64_t start = std::max(stream, op.launch.end + kLaunchLatencyNs);
    stream = start + durationNs;
    return {start, stream};
}

bool StepSimulation::collective(SimLaunch &op, std::int64_t &cursor, std::int64_t readyNs,
                                std::int64_t &stream)
{
    op = place(cursor, kCommsOpNs, false, kCommsLaunchCallNs);
    // The NCCL stream waits for the event recorded after the data was produced.
    op.gpu.start = std::max({stream, op.launch.end + kLaunchLatencyNs, readyNs});
    if (m_nextCollective >= m_in.collectiveEnds.size())
        return false;
    op.gpu.end = std::max(op.gpu.start, m_in.collectiveEnds[m_nextCollective]);
    stream = op.gpu.end;
    ++m_nextCollective;
    return true;
}

int StepSimulation::run()
{
    SyntheticStep &s = m_step;
    const int pending = static_cast<int>(m_in.collectiveEnds.size());
    std::int64_t cpu = m_in.startNs + cpuNs(25'000);
    std::int64_t computeStream = m_in.startNs; // stream 7; idle since the last step's sync
    std::int64_t ncclStream = m_in.startNs;    // stream 20: the default group
    std::int64_t tpStream = m_in.startNs;      // stream 24: the node's tp group
    s.step.start = m_in.startNs;

    s.dataLoader = {cpu, cpu + cpuNs(kDataLoaderNs)};
    cpu = s.dataLoader.end + 15'000;
    s.h2d = place(cpu, kToOpNs, false, toNs(kMemcpyCallNs));
    s.h2d.gpu = onStream(computeStream, s.h2d, copyNs(kHostToDeviceNs));

    if (m_plan.tensorParallel) {
        if (!collective(s.tensorParallel[0], cpu, s.h2d.gpu.end, tpStream))
            return pending;
        computeStream = std::max(computeStream, s.tensorParallel[0].gpu.end);
    }
    s.forward[0] = place(cpu, kLinearOpNs, true, kLaunchCallNs);
    s.forward[0].gpu = onStream(computeStream, s.forward[0], kernelNs(kForwardGemmNs));
    s.gelu = place(cpu, kGeluOpNs, false, kLaunchCallNs);
    s.gelu.gpu = onStream(computeStream, s.gelu, kernelNs(kGeluKernelNs));
    s.forward[1] = place(cpu, kLinearOpNs, true, kLaunchCallNs);
    s.forward[1].gpu = onStream(computeStream, s.forward[1], kernelNs(kForwardGemmNs));
    if (m_plan.tensorParallel) {
        if (!collective(s.tensorParallel[1], cpu, computeStream, tpStream))
            return pending;
        computeStream = std::max(computeStream, s.tensorParallel[1].gpu.end);
    }

    // loss.backward(): the autograd engine's device thread runs the backward ops; DDP's hook
    // launches each bucket's all-reduce as soon as its gradients are produced.
    std::int64_t autograd = cpu + cpuNs(35'000);
    for (int layer = 0; layer < 2; ++layer) {
        SimLaunch &backward = s.backward[layer];
        backward = place(autograd, kBackwardOpNs, true, kLaunchCallNs);
        backward.gpu = onStream(computeStream, backward, kernelNs(kBackwardGemmNs));
        if (!collective(s.buckets[layer], autograd, backward.gpu.end, ncclStream))
            return pending;
    }

    cpu = std::max(cpu, autograd) + cpuNs(20'000);
    s.optimizer = place(cpu, kOptimizerOpNs, true, kLaunchCallNs);
    // The step needs the reduced gradients: the compute stream waits for the NCCL stream.
    s.optimizer.gpu.start =
        std::max({computeStream, ncclStream, s.optimizer.launch.end + kLaunchLatencyNs});
    s.optimizer.gpu.end = s.optimizer.gpu.start + kernelNs(kOptimizerKernelNs);
    computeStream = s.optimizer.gpu.end;

    // loss.item(): copy the loss to the host and wait for it, which waits for the whole step.
    s.item.op.start = cpu + 10'000;
    s.item.launch = {s.item.op.start + 9'000, s.item.op.start + 9'000 + cpuNs(12'000)};
    s.item.gpu = onStream(computeStream, s.item, copyNs(kDeviceToHostNs));
    const std::int64_t syncStart = s.item.launch.end + 4'000;
    s.synchronize = {syncStart, std::max(syncStart + 2'000, s.item.gpu.end + 6'000)};
    s.item.op.end = s.synchronize.end + cpuNs(8'000);
    s.item.inner = s.item.op;
    s.step.end = s.item.op.end + cpuNs(30'000);
    return -1;
}

} // namespace

int stepCollectiveCount(const SyntheticTracePlan &plan)
{
    return plan.tensorParallel ? 4 : 2;
}

bool isTensorParallelCollective(const SyntheticTracePlan &plan, int collective)
{
    return plan.tensorParallel && collective < 2;
}

SimLaunch &SyntheticStep::collective(const SyntheticTracePlan &plan, int index)
{
    if (plan.tensorParallel)
        return index < 2 ? tensorParallel[index] : buckets[index - 2];
    return buckets[index];
}

int simulateStep(const SyntheticStepInputs &inputs, SyntheticStep &step)
{
    return StepSimulation(inputs, step).run();
}

std::int64_t firstStepStartNs(const SyntheticTracePlan &plan, std::uint64_t seed, int rank)
{
    return plan.jobStartNs +
           static_cast<std::int64_t>(stepHashOf(seed, static_cast<std::uint64_t>(rank), 0xF1F1) %
                                     2'000'000);
}

SyntheticStepCosts syntheticStepCosts(const SyntheticTracePlan &plan)
{
    SyntheticStepCosts costs;
    costs.computeKernelsNs =
        2 * kForwardGemmNs + kGeluKernelNs + 2 * kBackwardGemmNs + kOptimizerKernelNs;
    costs.memcpyNs = kHostToDeviceNs + kDeviceToHostNs;
    costs.tensorParallelTransferNs = plan.tensorParallel ? 2 * kTensorParallelTransferNs : 0;
    costs.dataParallelTransferNs =
        2 * (plan.tensorParallel ? kShardedBucketTransferNs : kBucketTransferNs);
    return costs;
}

std::int64_t collectiveTransferNs(const SyntheticTracePlan &plan, std::uint64_t seed, int iteration,
                                  int collective, int group)
{
    const bool tp = isTensorParallelCollective(plan, collective);
    double mean = tp ? kTensorParallelTransferNs
                     : (plan.tensorParallel ? kShardedBucketTransferNs : kBucketTransferNs);
    if (tp)
        mean *= plan.tensorParallelTransferScale(group, iteration);
    const std::uint64_t h =
        stepHashOf(seed ^ 0xC011EC7Eull, static_cast<std::uint64_t>(iteration),
                   static_cast<std::uint64_t>(collective), static_cast<std::uint64_t>(group));
    const double unit = static_cast<double>(h >> 11) * 0x1.0p-53;
    return toNs(mean * (1.0 + kTransferNoise * (2.0 * unit - 1.0)));
}

} // namespace rankscope
