#pragma once

#include "core/analysis/StackAnalysis.h"
#include "core/analysis/StackTree.h"
#include "core/model/StackDataset.h"

#include <memory>

// What the views show for one choice of options: the dataset it came from, the merged tree and
// the comparison. Shared and immutable, so views and late jobs can hold it safely.
struct StackResults
{
    std::shared_ptr<const rankscope::StackDataset> data;
    std::shared_ptr<const rankscope::StackTree> tree;
    std::shared_ptr<const rankscope::StackAnalysis> analysis;
};
