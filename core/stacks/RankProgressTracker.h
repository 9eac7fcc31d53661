#pragma once

#include "core/stacks/StackAnalysis.h"
#include "core/stacks/StackSignatures.h"

#include <map>

namespace rankscope {

// Tells, per rank, whether its stacks changed between sampling moments (STAT's temporal view,
// DeepTrace's "stack changed?"). Compares with file and line whatever identity the tree uses:
// a loop that moves from line 120 to 135 is progress even if the function stays the same.
class RankProgressTracker
{
public:
    RankProgressTracker(const StackDataset &data, FrameIdentityMode treeIdentity);

    void add(const StackSample &sample);

    struct Result
    {
        RankProgress progress = RankProgress::SingleSample;
        int sampleCount = 0;
        std::int64_t spanNs = 0;
    };
    Result result(int rank);

private:
    struct Moment
    {
        std::vector<StackId> stacks;
        std::int64_t timeNs = 0;
    };
    StackSignatures m_signatures;
    std::map<int, std::map<int, Moment>> m_moments; // rank -> sample index -> stacks
};

} // namespace rankscope
