#pragma once

#include "core/synth/SyntheticLogPlan.h"
#include "core/synth/SyntheticScenario.h"

#include <cstdint>
#include <string>

namespace rankscope {

// The Flight Recorder dumps of a hang scenario: fr/nccl_trace_rank_<N>, one per rank, the
// pickle PyTorch 2.x writes when the watchdog times out (TORCH_NCCL_TRACE_BUFFER_SIZE set,
// TORCH_NCCL_DUMP_ON_TIMEOUT=1, TORCH_NCCL_ENABLE_TIMING=1), shaped like the real dumps in
// shared/data/nvrx-flight-recorder (version 2.9): version, pg_config, nccl_version, pg_status,
// entries. Each rank's ring buffer holds its last `entries` collectives over its process
// groups (default_pg, its DATA_PARALLEL_GROUP, its TENSOR_MODEL_PARALLEL_GROUP), iteration by
// iteration as the logs have them, every one completed, then the gradient all_reduce of the
// hang on default_pg (sequence SyntheticLogPlan::hangSeqNum), started and never completed, on
// every rank that reaches it: not on hang-dataloader's fault rank (its last entry is the
// completed #N-1), as a broadcast on collective-mismatch's, on every rank in network-hang.
struct SyntheticFlightRecorderOptions
{
    int entries = 64;   // the ring buffer (TORCH_NCCL_TRACE_BUFFER_SIZE); PyTorch's default 2000
    bool frames = true; // the Python call site of each entry (TORCH_NCCL_... stack traces on)
    bool culpritsMissing = false; // the culprits (see culpritRanksOf) write no dump
};

// For ground_truth.json's "collectives" section.
struct SyntheticCollectiveTruth
{
    std::int64_t hangSeq = 0; // default_pg's collective_seq_id of the hang's collective
    int dumpEntries = 0;      // the ring buffer; 0: no dumps written
    bool frames = false;
    bool culpritsMissing = false;
};

inline constexpr std::int64_t kSyntheticGradBucketNumel = 40108032;
inline constexpr const char *kSyntheticFlightRecorderDir = "fr";

// True when the scenario's ranks write dumps: a hang, not its healthy twin.
bool writesFlightRecorder(const SyntheticScenario &scenario, const SyntheticLogPlan &plan);
// Whether `rank` enqueued the hang's collective (hang-dataloader's fault rank did not).
bool enqueuesHangCollective(const SyntheticScenario &scenario, int rank);
// The ranks the collectives blame: the fault ranks of hang-dataloader and collective-mismatch;
// none in network-hang, where every rank waits alike.
bool isCollectiveCulprit(const SyntheticScenario &scenario, int rank);
// The WorkNCCL OpType of `rank`'s collective at the hang: "ALLREDUCE" or "BROADCAST".
const char *hangOpTypeOf(const SyntheticScenario &scenario, int rank);

// "nccl_trace_rank_<N>": PyTorch's default dump name (TORCH_NCCL_DEBUG_INFO_TEMP_FILE's
// default prefix /tmp/nccl_trace_rank_ followed by the rank).
std::string syntheticFlightRecorderFileName(int rank);

// Appends rank `rank`'s dump. `worldRanksText` is default_pg's "[0, 1, ...]" (the same for
// every rank, built once).
void appendSyntheticFlightRecorderDump(std::string &out, const SyntheticScenario &scenario,
                                       const SyntheticLogPlan &plan,
                                       const SyntheticFlightRecorderOptions &options, int rank,
                                       const std::string &worldRanksText);

// Writes every rank's dump into outDir/fr (created), on a few threads for large jobs.
// Throws std::runtime_error when a file cannot be written.
void writeSyntheticFlightRecorderDumps(const SyntheticScenario &scenario,
                                       const SyntheticLogPlan &plan,
                                       const SyntheticFlightRecorderOptions &options,
                                       const std::string &outDir);

} // namespace rankscope
