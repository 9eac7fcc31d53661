#pragma once

#include "core/model/StackDataset.h"
#include "core/stacks/FunctionTable.h"
#include "core/stacks/StackAnalysis.h"
#include "core/stacks/StackTree.h"

#include <atomic>
#include <memory>

// What the views show for one choice of options: the dataset it came from, the merged tree and
// the comparison. Shared and immutable, so views and late jobs can hold it safely.
struct StackResults
{
    std::shared_ptr<const rankscope::StackDataset> data;
    std::shared_ptr<const rankscope::StackTree> tree;
    std::shared_ptr<const rankscope::StackAnalysis> analysis;
    // The tree's frames by identity with their callers and callees (the Functions table).
    std::shared_ptr<const rankscope::FunctionTable> functions;

    // Builds the tree and runs the comparison. When *cancel turns true mid-way, returns with
    // tree and analysis left empty: the caller drops such a result.
    static StackResults compute(std::shared_ptr<const rankscope::StackDataset> data,
                                const rankscope::StackTreeOptions &options,
                                const std::atomic<bool> *cancel = nullptr);

    // What showing the top finding means: select its frame (-1: none) and trace its rank when
    // it names exactly one (-1: none).
    struct Focus
    {
        int node = -1;
        int rank = -1;
    };
    Focus topSuspect() const;
    // The frames of the strongest suspects, which the flame graph keeps readable however few
    // ranks reach them (FlameEmphasis).
    std::vector<int> emphasisedNodes() const;
};
