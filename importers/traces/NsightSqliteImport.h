#pragma once

#include "core/model/TraceModel.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

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
// One trace per process that did GPU work: an export per rank has one, an export of a node's
// launcher (`nsys profile torchrun ...`) one per local rank, each with its own kernels, calls and
// ranges. The ranks and how they are known: settleNsightRanks (NsightRankIdentity.h).
//
// Both export-schema generations are read (2.x: EXPORT_META_DATA, names in a `name` column;
// 3.x: META_DATA_EXPORT, names by id). The file is opened read-only and immutable (nothing is
// written beside it), with SQLite's defensive mode and untrusted schema: a corrupt or foreign
// database is a problem of this file, never a crash. The file's problems go with its first
// trace; at least one trace (empty when nothing could be read) is returned. Never throws.
std::vector<TraceData> importNsightSqliteProcesses(const std::string &path,
                                                   std::string_view rankPath = {},
                                                   std::int64_t maxRows = kMaxNsightRows);

// The first process's trace (the whole export when it profiled one rank) with the file's
// problems.
TraceData importNsightSqlite(const std::string &path, std::string_view rankPath = {},
                             std::int64_t maxRows = kMaxNsightRows);

// Most processes of one export that get a trace of their own: a node has at most a few dozen
// GPUs; beyond this the rest's GPU rows go to the last.
inline constexpr std::size_t kMaxNsightProcesses = 256;

// Whether the first bytes of a file are SQLite's header ("SQLite format 3\0").
bool hasSqliteHeader(std::string_view firstBytes);

} // namespace rankscope
