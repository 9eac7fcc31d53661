#include "core/synth/SyntheticCollectiveSchedule.h"

#include <algorithm>
#include <limits>

namespace rankscope {

int SyntheticCollectiveSchedule::groupOf(int collective, int rank) const
{
    // The tp collectives run inside the node; the gradient buckets over the whole job.
    return m_tensorParallel && collective < 2 ? rank / m_ranksPerNode : 0;
}

std::size_t SyntheticCollectiveSchedule::indexOf(int iteration, int collective, int group) const
{
    return static_cast<std::size_t>(iteration) * static_cast<std::size_t>(m_groupsPerStep) +
           static_cast<std::size_t>(m_firstGroup[collective] + group);
}

std::int64_t SyntheticCollectiveSchedule::endNs(int iteration, int collective, int rank) const
{
    return m_ends[indexOf(iteration, collective, groupOf(collective, rank))];
}

int SyntheticCollectiveSchedule::endsOf(int iteration, int rank,
                                        std::int64_t (&ends)[kMaxStepCollectives]) const
{
    for (int c = 0; c < m_collectives; ++c)
        ends[c] = endNs(iteration, c, rank);
    return m_collectives;
}

SyntheticCollectiveSchedule SyntheticCollectiveSchedule::build(const SyntheticTracePlan &plan,
                                                               int worldSize, std::uint64_t seed)
{
    SyntheticCollectiveSchedule schedule;
    schedule.m_ranksPerNode = plan.ranksPerNode;
    schedule.m_tensorParallel = plan.tensorParallel;
    schedule.m_collectives = stepCollectiveCount(plan);
    int groups = 0;
    for (int c = 0; c < schedule.m_collectives; ++c) {
        schedule.m_firstGroup[c] = groups;
        groups += isTensorParallelCollective(plan, c) ? plan.nodeCount : 1;
    }
    schedule.m_groupsPerStep = groups;
    schedule.m_ends.assign(
        static_cast<std::size_t>(plan.iterations) * static_cast<std::size_t>(groups), 0);
    schedule.m_referenceSteps.reserve(static_cast<std::size_t>(plan.iterations));

    std::vector<std::int64_t> stepStart(static_cast<std::size_t>(worldSize));
    for (int rank = 0; rank < worldSize; ++rank)
        stepStart[static_cast<std::size_t>(rank)] = firstStepStartNs(plan, seed, rank);

    std::vector<std::int64_t> lastArrival(static_cast<std::size_t>(plan.nodeCount));
    std::int64_t ends[kMaxStepCollectives] = {};
    SyntheticStep step;
    SyntheticStepInputs inputs;
    inputs.plan = &plan;
    inputs.seed = seed;
    for (int iteration = 0; iteration < plan.iterations; ++iteration) {
        inputs.iteration = iteration;
        // Collective by collective: every member's arrival, then the common end.
        for (int c = 0; c < schedule.m_collectives; ++c) {
            const int groupCount = isTensorParallelCollective(plan, c) ? plan.nodeCount : 1;
            std::fill_n(lastArrival.begin(), groupCount, std::numeric_limits<std::int64_t>::min());
            for (int rank = 0; rank < worldSize; ++rank) {
                schedule.endsOf(iteration, rank, ends); // the first c are known
                inputs.rank = rank;
                inputs.startNs = stepStart[static_cast<std::size_t>(rank)];
                inputs.collectiveEnds = std::span<const std::int64_t>(ends, std::size_t(c));
                simulateStep(inputs, step);
                std::int64_t &last =
                    lastArrival[static_cast<std::size_t>(schedule.groupOf(c, rank))];
                last = std::max(last, step.collective(plan, c).gpu.start);
            }
            for (int group = 0; group < groupCount; ++group) {
                const std::int64_t arrival = lastArrival[static_cast<std::size_t>(group)];
                if (arrival == std::numeric_limits<std::int64_t>::min())
                    continue; // a node without ranks cannot happen, but stay defined
                schedule.m_ends[schedule.indexOf(iteration, c, group)] =
                    arrival + collectiveTransferNs(plan, seed, iteration, c, group);
            }
        }
        for (int rank = 0; rank < worldSize; ++rank) {
            const int count = schedule.endsOf(iteration, rank, ends);
            inputs.rank = rank;
            inputs.startNs = stepStart[static_cast<std::size_t>(rank)];
            inputs.collectiveEnds = std::span<const std::int64_t>(ends, std::size_t(count));
            simulateStep(inputs, step);
            if (rank == 0)
                schedule.m_referenceSteps.push_back(step.step);
            stepStart[static_cast<std::size_t>(rank)] = step.step.end + kStepGapNs;
        }
    }
    return schedule;
}

std::vector<SyntheticSampleMoment> SyntheticCollectiveSchedule::sampleMoments(int samples) const
{
    std::vector<SyntheticSampleMoment> moments;
    const int steps = static_cast<int>(m_referenceSteps.size());
    if (steps == 0)
        return moments;
    for (int k = 0; k < samples; ++k) {
        // Position k + 1/2 of `samples` equal parts of the steps, in units of steps.
        const double position = (k + 0.5) * steps / samples;
        const int iteration = std::min(steps - 1, static_cast<int>(position));
        const double within = samples <= steps ? 0.5 : position - iteration;
        const SimSpan &step = m_referenceSteps[static_cast<std::size_t>(iteration)];
        moments.push_back(
            {iteration, step.start + static_cast<std::int64_t>(within * double(step.duration()))});
    }
    return moments;
}

} // namespace rankscope
