#pragma once

#include "core/model/StackDataset.h"
#include "core/stacks/StackTree.h"

#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace rankscope_test {

// One sample of one rank as a folded stack literal, root first: "main;train;all_reduce".
struct RankStack
{
    int rank;
    std::string folded;
    std::uint64_t weight = 1;
    int sampleIndex = 0;
};

inline std::vector<std::string> splitFolded(const std::string &folded)
{
    std::vector<std::string> parts;
    std::stringstream in(folded);
    std::string part;
    while (std::getline(in, part, ';'))
        parts.push_back(part);
    return parts;
}

// A dataset of main-thread trainer samples for a job of worldSize ranks (every rank a trainer).
inline rankscope::StackDataset makeDataset(int worldSize, const std::vector<RankStack> &stacks)
{
    using namespace rankscope;
    StackDataset data;
    data.job.worldSize = worldSize;
    data.job.fromManifest = true;
    for (int r = 0; r < worldSize; ++r) {
        RankInfo info;
        info.rank = r;
        info.node = "node-" + std::to_string(r / 8);
        info.localRank = r % 8;
        info.role = kTrainerRole;
        data.job.ranks.push_back(info);
    }
    std::map<std::string, FrameId> frameIds;
    std::map<std::string, StackId> stackIds;
    for (const RankStack &s : stacks) {
        auto stackIt = stackIds.find(s.folded);
        if (stackIt == stackIds.end()) {
            std::vector<FrameId> frames;
            for (const std::string &name : splitFolded(s.folded)) {
                auto [it, inserted] = frameIds.emplace(name, FrameId(data.frames.size()));
                if (inserted) {
                    Frame frame;
                    frame.function = name;
                    frame.file = name + ".py";
                    frame.line = 10;
                    data.frames.push_back(frame);
                }
                frames.push_back(it->second);
            }
            stackIt = stackIds.emplace(s.folded, StackId(data.stacks.size())).first;
            data.stacks.push_back(frames);
        }
        StackSample sample;
        sample.rank = s.rank;
        sample.sampleIndex = s.sampleIndex;
        sample.role = kTrainerRole;
        sample.isMainThread = true;
        sample.threadName = "MainThread";
        sample.stack = stackIt->second;
        sample.weight = s.weight;
        data.samples.push_back(sample);
    }
    return data;
}

inline std::shared_ptr<const rankscope::StackTree>
makeTree(const rankscope::StackDataset &data,
         const rankscope::StackTreeOptions &options = rankscope::StackTreeOptions())
{
    return std::make_shared<const rankscope::StackTree>(
        rankscope::StackTreeBuilder::build(data, options));
}

inline int nodeOf(const rankscope::StackTree &tree, const std::string &folded)
{
    return tree.findPath(splitFolded(folded));
}

// The classic hang: ranks 0..n-1 wait in all_reduce except `culprit`, stuck in the data loader.
inline std::vector<RankStack> hangStacks(int ranks, int culprit)
{
    std::vector<RankStack> stacks;
    for (int r = 0; r < ranks; ++r) {
        if (r == culprit)
            stacks.push_back({r, "main;train;step;next_batch;DataLoader.__next__;queue.get"});
        else
            stacks.push_back({r, "main;train;step;backward;all_reduce;wait"});
    }
    return stacks;
}

} // namespace rankscope_test
