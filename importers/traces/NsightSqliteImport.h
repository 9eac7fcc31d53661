#pragma once

#include "core/model/TraceModel.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace rankscope {

// Most rows read from one Nsight Systems export (kernels, copies, runtime calls, NVTX ranges
// together): a 2 GB export holds ~20 million; beyond the cap the rest is left out with a problem.
inline constexpr std::int64_t kMaxNsightRows = 40'000'000;

// Imports one Nsight Systems SQLite export (`nsys export --type sqlite`) into the same model as
// a PyTorch profiler trace, so windows, metrics, the heatmap and the stragglers work unchanged
// (../shared/reference/collectives_and_nsys.md section 2):
//   CUPTI_ACTIVITY_KIND_KERNEL          -> kernels on (device, stream) tracks, NCCL by name
//   CUPTI_ACTIVITY_KIND_MEMCPY/_MEMSET  -> copies and sets on their streams
//   CUPTI_ACTIVITY_KIND_RUNTIME         -> CUDA runtime calls on their threads
//   CUPTI_ACTIVITY_KIND_SYNCHRONIZATION -> synchronisation on their streams
//   NVTX_EVENTS push/pop and start/end  -> user ranges on their threads ("ProfilerStep#N"
//                                          ranges are iterations; without any, the job's own
//                                          step ranges, "iteration 12", "step 3": NvtxStepRanges.h)
//   StringIds, ThreadNames, PROCESSES, TARGET_INFO_GPU -> names of the tracks
// Times are the capture's (ns since its start) plus TARGET_INFO_SESSION_START_TIME.utcEpochNs,
// so files of one job share the wall clock before the usual collective alignment.
//
// The rank, in this order: MPI_RANKS; a rank variable of the captured process's environment
// (META_DATA_CAPTURE: RANK, OMPI_COMM_WORLD_RANK, PMI_RANK, SLURM_PROCID); a rank in the path
// (rankFromPath on `rankPath`); an NVTX text "MPI Rank N". TraceData::rankSource says which.
//
// Both export-schema generations are read (2.x: EXPORT_META_DATA, names in a `name` column;
// 3.x: META_DATA_EXPORT, names by id). The file is opened read-only and immutable (nothing is
// written beside it), with SQLite's defensive mode and untrusted schema: a corrupt or foreign
// database is a problem of this file, never a crash. Never throws.
TraceData importNsightSqlite(const std::string &path, std::string_view rankPath = {},
                             std::int64_t maxRows = kMaxNsightRows);

// Whether the first bytes of a file are SQLite's header ("SQLite format 3\0").
bool hasSqliteHeader(std::string_view firstBytes);

} // namespace rankscope
