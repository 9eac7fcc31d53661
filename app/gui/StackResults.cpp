#include "StackResults.h"

#include <algorithm>

using namespace rankscope;

StackResults StackResults::compute(std::shared_ptr<const StackDataset> data,
                                   const StackTreeOptions &options, const std::atomic<bool> *cancel)
{
    StackResults results;
    results.data = std::move(data);
    auto tree =
        std::make_shared<StackTree>(StackTreeBuilder::build(*results.data, options, cancel));
    if (cancel && cancel->load())
        return results;
    results.analysis = std::make_shared<StackAnalysis>(analyzeStacks(*results.data, *tree));
    std::vector<int> suspectNodes;
    for (const Suspect &suspect : results.analysis->suspects)
        suspectNodes.push_back(suspect.node);
    results.functions =
        std::make_shared<FunctionTable>(FunctionTable::build(*tree, suspectNodes, cancel));
    if (cancel && cancel->load())
        return StackResults{results.data, {}, {}, {}};
    results.tree = std::move(tree);
    return results;
}

std::vector<int> StackResults::emphasisedNodes() const
{
    // A handful: each takes a label's width from its siblings, and the list is sorted by score,
    // so the ones below are weaker echoes of the first.
    constexpr std::size_t kMostEmphasised = 8;
    std::vector<int> nodes;
    if (!analysis)
        return nodes;
    for (const Suspect &suspect : analysis->suspects) {
        if (suspect.node < 0 || std::find(nodes.begin(), nodes.end(), suspect.node) != nodes.end())
            continue;
        nodes.push_back(suspect.node);
        if (nodes.size() == kMostEmphasised)
            break;
    }
    return nodes;
}

StackResults::Focus StackResults::topSuspect() const
{
    Focus focus;
    if (!analysis || analysis->suspects.empty())
        return focus;
    const Suspect &top = analysis->suspects.front();
    focus.node = top.node;
    if (top.ranks.count() == 1)
        focus.rank = top.ranks.first();
    return focus;
}
