#pragma once

#include "core/synth/SyntheticStepModel.h"
#include "core/synth/SyntheticTracePlan.h"

#include <cstdint>
#include <vector>

namespace rankscope {

struct SyntheticSampleMoment
{
    int iteration = 0; // the ProfilerStep the sample falls in (on rank 0)
    std::int64_t alignedNs = 0;
};

// The part of a traced job that couples the ranks: when each collective ends. A collective ends
// on every member at the same aligned time (the last arrival plus the transfer), so it cannot be
// known from one rank alone. build() runs every rank's steps in lockstep up to each collective to
// learn the arrivals; afterwards each rank's trace is simulated on its own, in parallel, from
// these ends, and comes out the same as in the lockstep run.
class SyntheticCollectiveSchedule
{
public:
    static SyntheticCollectiveSchedule build(const SyntheticTracePlan &plan, int worldSize,
                                             std::uint64_t seed);

    // The common end of collective `collective` of step `iteration` for the group of `rank`.
    std::int64_t endNs(int iteration, int collective, int rank) const;
    // All of a step's collective ends for one rank, in step order, into `ends`.
    int endsOf(int iteration, int rank, std::int64_t (&ends)[kMaxStepCollectives]) const;

    // Rank 0's steps on the aligned clock.
    const std::vector<SimSpan> &referenceSteps() const { return m_referenceSteps; }
    // When the py-spy samples of a traced job are taken (every rank at the same aligned
    // moment): spread over the traced steps, in the middle of a step when there are fewer
    // samples than steps, so that a sample falls clearly inside one window.
    std::vector<SyntheticSampleMoment> sampleMoments(int samples) const;

private:
    int groupOf(int collective, int rank) const;
    std::size_t indexOf(int iteration, int collective, int group) const;

    int m_ranksPerNode = 1;
    bool m_tensorParallel = false;
    int m_collectives = 0;
    int m_groupsPerStep = 0;                             // sum of the groups of each collective
    std::int64_t m_firstGroup[kMaxStepCollectives] = {}; // offset of a collective in a step
    std::vector<std::int64_t> m_ends;                    // [iteration][collective][group]
    std::vector<SimSpan> m_referenceSteps;
};

} // namespace rankscope
