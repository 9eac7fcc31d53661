#pragma once

#include "core/model/TraceModel.h"

#include <filesystem>
#include <span>

namespace rankscope {

// Writes a trace as an Nsight Systems SQLite export would hold it (schema 3.x tables and
// columns, ../shared/reference/collectives_and_nsys.md section 2), for synthetic bundles that
// were profiled with Nsight instead of the PyTorch profiler (`rankscope-cli synth --nsys`):
// GPU kernels, copies, sets and synchronisation on their (device, stream), CUDA runtime calls on
// their threads, CPU ranges (operators, annotations, ProfilerStep#N) as NVTX push/pop ranges as
// `--pytorch=autograd-nvtx` records them, names in StringIds, thread and process names, the
// session start, and the rank as torchrun leaves it in the captured environment (RANK="N").
// What Nsight does not record (collective args, flows, counters) is not written. Times become
// ns since the session start (the earliest event, to the second). Throws std::runtime_error
// naming the file when SQLite cannot write it.
void writeNsightExport(const TraceData &trace, const std::filesystem::path &file, int rank);

// The same for one node profiled as a whole (`srun --ntasks-per-node=1 nsys profile torchrun
// ...`): one export holding a process per local rank (consecutive pids, local rank i on GPU i),
// one session start, and the launcher's environment (SLURM_NODEID, and a SLURM_PROCID that is
// the node's task, not a rank): nothing in the file names the ranks.
void writeNsightNodeExport(std::span<const TraceData> localRanks, const std::filesystem::path &file,
                           int node);

} // namespace rankscope
