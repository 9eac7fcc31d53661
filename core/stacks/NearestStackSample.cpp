#include "core/stacks/NearestStackSample.h"

#include "core/stacks/FrameIdentity.h"

#include <cstdlib>
#include <limits>

namespace rankscope {

namespace {

// Walks the sample's frames down from the root as long as the tree has them.
int leafOfStack(const StackDataset &data, const StackTree &tree, StackId stack)
{
    if (stack >= data.stacks.size())
        return -1;
    int at = 0;
    for (const FrameId frame : data.stacks[stack]) {
        const int child = tree.findChild(at, frameKey(data.frames[frame], tree.options().identity));
        if (child < 0)
            break;
        at = child;
    }
    return at > 0 ? at : -1;
}

} // namespace

NearestStackSample nearestStackSample(const StackDataset &data, const StackTree &tree, int rank,
                                      std::int64_t timeNs)
{
    NearestStackSample best;
    std::uint64_t bestDistance = std::numeric_limits<std::uint64_t>::max();
    bool bestTimed = false;
    for (std::size_t i = 0; i < data.samples.size(); ++i) {
        const StackSample &sample = data.samples[i];
        if (sample.rank != rank || !sampleSelected(data, sample, tree.options()))
            continue;
        const bool timed = sample.timeNs != 0;
        if (!timed && (bestTimed || best.sample >= 0))
            continue; // an untimed sample only stands in when nothing else exists
        const std::uint64_t distance =
            timed ? std::uint64_t(std::llabs(sample.timeNs - timeNs)) : bestDistance;
        if (best.sample >= 0 && bestTimed && distance >= bestDistance)
            continue;
        best.sample = int(i);
        best.timeNs = sample.timeNs;
        best.distanceNs = timed ? std::int64_t(distance) : -1;
        bestDistance = distance;
        bestTimed = timed;
    }
    if (best.sample >= 0)
        best.leafNode = leafOfStack(data, tree, data.samples[std::size_t(best.sample)].stack);
    return best;
}

} // namespace rankscope
