#include "core/stacks/RankProgressTracker.h"

#include <algorithm>
#include <set>

namespace rankscope {

RankProgressTracker::RankProgressTracker(const StackDataset &data, FrameIdentityMode)
    : m_signatures(data, FrameIdentityMode::FunctionFileLine)
{}

void RankProgressTracker::add(const StackSample &sample)
{
    Moment &moment = m_moments[sample.rank][sample.sampleIndex];
    moment.stacks.push_back(sample.stack);
    if (sample.timeNs)
        moment.timeNs = sample.timeNs;
}

RankProgressTracker::Result RankProgressTracker::result(int rank)
{
    Result result;
    auto it = m_moments.find(rank);
    if (it == m_moments.end())
        return result;
    std::vector<std::uint64_t> sequence;
    std::int64_t firstTime = 0;
    std::int64_t lastTime = 0;
    for (auto &[index, moment] : it->second) {
        sequence.push_back(m_signatures.ofStacks(moment.stacks));
        if (moment.timeNs) {
            if (!firstTime)
                firstTime = moment.timeNs;
            lastTime = moment.timeNs;
        }
    }
    result.sampleCount = static_cast<int>(sequence.size());
    result.spanNs = lastTime > firstTime ? lastTime - firstTime : 0;
    if (sequence.size() < 2)
        return result;
    const std::set<std::uint64_t> distinct(sequence.begin(), sequence.end());
    if (distinct.size() == 1) {
        result.progress = RankProgress::Stuck;
        return result;
    }
    // A signature that comes back after another one: the rank loops between a few places.
    for (std::size_t i = 2; i < sequence.size(); ++i) {
        if (sequence[i] != sequence[i - 1] &&
            std::find(sequence.begin(), sequence.begin() + static_cast<long>(i) - 1, sequence[i]) !=
                sequence.begin() + static_cast<long>(i) - 1) {
            result.progress = RankProgress::Oscillating;
            return result;
        }
    }
    result.progress = RankProgress::Progressing;
    return result;
}

} // namespace rankscope
