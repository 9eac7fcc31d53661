#include "StackResults.h"

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
