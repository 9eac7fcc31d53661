#pragma once

#include "importers/traces/NsightDatabase.h"
#include "importers/traces/NsightProcessTrace.h"
#include "importers/traces/TraceProblemLog.h"

#include <memory>
#include <string_view>
#include <vector>

namespace rankscope {

// Gives each process's trace of one Nsight Systems export its global rank and says how it is
// known (TraceData::rankSource), ../shared/reference/collectives_and_nsys.md section 2.
//
// An export of one process (one per rank: `nsys profile -o rank_%q{RANK} python train.py`):
// MPI_RANKS; else its rank in its largest NCCL communicator (NCCL's NVTX payloads,
// NsightNcclRanks.h); else RANK (OMPI_COMM_WORLD_RANK, PMI_RANK, SLURM_PROCID) in the captured
// environment; else a rank in `rankPath`; else an NVTX text "MPI Rank N".
//
// An export of several (one per node: `nsys profile torchrun --nproc-per-node 8 ...`): the
// captured environment is the launcher's, whose RANK or SLURM_PROCID is not any child's, so per
// process: its threads' rows of MPI_RANKS; else its largest NCCL communicator's rank; else its
// NVTX text "MPI Rank N"; else its place on
// the node (processes ordered by first GPU, then pid: LOCAL_RANK is the CUDA device by
// torchrun's convention) after the node's ranks: node index (NODE_RANK, GROUP_RANK,
// SLURM_NODEID in the environment, else "node3" in the path) times the processes in the file.
// Ranks from places are assumed, and a problem says so (also when no node index is known and
// every such export would claim ranks from 0).
//
// `processes` is in node order (NsightReader::takeProcesses). Processes without a rank keep -1,
// with a problem.
void settleNsightRanks(NsightDatabase &db,
                       const std::vector<std::unique_ptr<NsightProcessTrace>> &processes,
                       std::string_view rankPath, TraceProblemLog &problems);

// The node index in a path: "node3", "node-3", "node_03" at a component start or after a
// non-letter ("nsys/job.node2.sqlite"); nullopt without one.
std::optional<int> nodeIndexFromPath(std::string_view path);

} // namespace rankscope
