#pragma once

#include "core/findings/FindingsJoin.h"
#include "core/model/JobInfo.h"
#include "core/model/StackDataset.h"

#include <vector>

namespace rankscope {

// What the Overview shows of a bundle: the verdict joined over every layer
// (core/findings/FindingsJoin.h), the job (its ranks, their nodes and the layers each rank has)
// and the problems of the import.
struct OverviewData
{
    FindingsVerdict verdict;
    JobInfo job;
    std::vector<ImportProblem> problems;
    bool hasBaseline = false;
};

} // namespace rankscope
