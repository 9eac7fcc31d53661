#pragma once

#include <string>

namespace rankscope {

// The parallel layout of a synthetic job, Megatron style: tensor parallel inside a node, then
// data parallel, then pipeline stages (rank = pp * tp * dp + dp * tp + tp).
struct SyntheticLayout
{
    int worldSize = 1;
    int ranksPerNode = 8;
    int tensorParallel = 1;
    int pipelineParallel = 1;
    int dataParallel = 1;

    static SyntheticLayout plan(int worldSize, int ranksPerNode);
    // No pipeline: every rank does the same work, `tensorParallel` consecutive ranks share a
    // tensor-parallel group (1 = plain data parallelism). What the traced scenarios simulate.
    static SyntheticLayout planWithoutPipeline(int worldSize, int ranksPerNode, int tensorParallel);

    int nodeIndexOf(int rank) const { return rank / ranksPerNode; }
    std::string nodeOf(int rank) const { return "node-" + std::to_string(nodeIndexOf(rank)); }
    int localRankOf(int rank) const { return rank % ranksPerNode; }

    // Group ids: ranks that share an id take part in the same collective of that kind.
    int tensorGroupOf(int rank) const { return rank / tensorParallel; }
    int dataGroupOf(int rank) const;
    int pipelineGroupOf(int rank) const { return rank % (tensorParallel * dataParallel); }
    int pipelineStageOf(int rank) const { return rank / (tensorParallel * dataParallel); }
};

} // namespace rankscope
