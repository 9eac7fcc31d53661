#pragma once

#include "core/model/RankSet.h"

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace rankscope {

// The fourth data layer: how far each rank got along each process group's sequence of
// collectives. Flight Recorder dumps, NCCL watchdog and desync log lines, the Flight Recorder
// analyser's and Horovod's reports, NCCL RAS and the profiler traces' communication kernels all
// become these records, so one analysis (core/collectives/CollectiveAnalysis.h) lines them up.
// docs/collectives.md describes the records and the analysis.

enum class CollectiveState : std::uint8_t
{
    Unknown,   // the source does not say (a desync fingerprint, a trace kernel cut at the end)
    Scheduled, // enqueued, not seen starting (Flight Recorder "scheduled")
    Started,   // started on the GPU, not seen completing
    Completed,
};
const char *collectiveStateKey(CollectiveState state); // "unknown", "scheduled", ...

// What wrote a record. Dumps and traces see every op; log lines see the op a rank was stuck in.
enum class CollectiveEvidence : std::uint8_t
{
    FlightRecorder,   // an entry of a Flight Recorder dump (pickle or JSON)
    WatchdogTimeout,  // "Watchdog caught collective operation timeout: WorkNCCL(SeqNum=...)"
    ProgressLine,     // "[PG 3 Rank 5] ... last enqueued NCCL work: N, last completed ...: M"
    DesyncReport,     // TORCH_DISTRIBUTED_DEBUG=DETAIL "Detected mismatch between collectives"
    AnalyserReport,   // the text output of PyTorch's Flight Recorder analyser
    HorovodStall,     // Horovod's stall inspector ("[ready ranks: ...]", "Missing ranks: ...")
    NcclRas,          // an NCCL RAS status report
    Trace,            // a communication kernel of a profiler trace (Kineto "Seq")
    MonitoredBarrier, // Gloo's "[Rank 0]: Ranks 1, 2 failed to pass monitoredBarrier in N ms"
};
const char *collectiveEvidenceKey(CollectiveEvidence evidence); // "flight_recorder", ...

// Where in the bundle a record came from, for the user to open it.
struct CollectiveSource
{
    std::string file;             // bundle-relative path, '/' separated
    std::int64_t line = -1;       // 1-based line of a log (or trace event index), -1 for dumps
    std::int64_t byteOffset = -1; // offset of the entry in a dump when known, else -1
};

// One frame of a collective's Python call site (Flight Recorder "frames": name, filename, line).
struct CollectiveFrame
{
    std::string name;
    std::string file;
    int line = -1;
};

// One collective or point-to-point op as one rank saw it.
//
// Ranks: `rank` is the global rank of the rank that recorded it; -1 while only `groupRank` (the
// rank inside the process group, as "[PG 3 Rank 5]" and desync reports print it) is known. The
// analysis maps group ranks to global ranks through ProcessGroupConfig::ranks.
struct CollectiveEntry
{
    int rank = -1;
    int groupRank = -1; // rank inside the process group; -1 when unknown
    // The process group: its name (the pg_config key, Flight Recorder process_group[0], Kineto
    // "Process Group Name", "PG GUID") and description (process_group[1], "default_pg",
    // "DATA_PARALLEL_GROUP"); "" when unknown. pgId is the rank-local pg_id (PyTorch's local id,
    // "[PG ID 3 ...]"), -1 when unknown. Records are matched across ranks by pgName; a record with
    // only a pgId gets its name from the dump's or the rank's other records.
    std::string pgName;
    std::string pgDesc;
    int pgId = -1;

    std::int64_t collectiveSeq = -1; // collective_seq_id, SeqNum, CollectiveFingerPrint
                                     // SequenceNumber, Kineto "Seq" of a collective
    std::int64_t p2pSeq = -1;        // p2p_seq_id (point-to-point ops have their own counter)
    std::int64_t opId = -1;
    std::int64_t recordId = -1; // Flight Recorder ring-buffer id (monotonic per rank)
    bool isP2p = false;

    std::string op;            // canonicalCollectiveOp(): "all_reduce", "send", "coalesced", ...
    std::string profilingName; // as written: "nccl:all_reduce", "ALLREDUCE", "nccl:send 0->3"
    int peerGroupRank = -1;    // p2p: the peer's rank inside the group ("send 0->3": 3)

    // Shapes as text ("4096x1x5120", several tensors ';'-separated, "" when unknown), element
    // counts (-1 when unknown) and dtypes ("BFloat16", several ','-separated).
    std::string inputSizes;
    std::string outputSizes;
    std::int64_t inputNumel = -1;
    std::int64_t outputNumel = -1;
    std::string inputDtypes;
    std::string outputDtypes;

    CollectiveState state = CollectiveState::Unknown;
    // Wall-clock times in ns since the epoch; -1 when unknown (None in a pickle, 0 in JSON).
    std::int64_t createdNs = -1;
    std::int64_t startedNs = -1;
    std::int64_t completedNs = -1;
    std::int64_t timeoutMs = -1;
    std::int64_t ranForMs = -1; // watchdog: "ran for T milliseconds before timing out"
    double durationMs = std::numeric_limits<double>::quiet_NaN();
    bool retired = false; // retired but not completed: timed out

    std::string threadName;
    std::string threadId;
    std::vector<CollectiveFrame> frames; // innermost first, as the dump lists them; may be empty

    CollectiveEvidence evidence = CollectiveEvidence::FlightRecorder;
    CollectiveSource source;
};

// What a rank says about its progress in one group: a dump's pg_status, or a watchdog line's
// "last enqueued NCCL work: N, last completed NCCL work: M". -1 when not said.
struct CollectiveGroupStatus
{
    int rank = -1;
    int groupRank = -1;
    std::string pgName;
    std::string pgDesc;
    int pgId = -1;
    std::int64_t lastEnqueued = -1;
    std::int64_t lastStarted = -1;
    std::int64_t lastCompleted = -1;
    // pgName/pgDesc were not read from an entry of the same pg_id but paired by creation order
    // (a dump's pg_status ids and pg_config names, both allocated in creation order; see
    // docs/collectives-formats.md). False when read or unknown.
    bool pgNameInferred = false;
    CollectiveEvidence evidence = CollectiveEvidence::FlightRecorder;
    CollectiveSource source;
};

// A process group's membership: pg_config, job.json "process_groups", NCCL init lines.
struct ProcessGroupConfig
{
    std::string name;       // "0", "43", or the desc when the source has no name
    std::string desc;       // "default_pg", "PIPELINE_MODEL_PARALLEL_GROUP"
    std::vector<int> ranks; // global ranks in group-rank order (group rank i is ranks[i])
    std::string source;     // bundle-relative file it came from
};

// A report that names ranks which did not join a collective, from a tool that already compared
// the ranks (the Flight Recorder analyser's "Not all ranks joining collective ... missing
// ranks", Horovod's stall inspector, NCCL RAS). Kept as the tool said it: the analysis weighs it
// with the dumps, never above them.
struct CollectiveClaim
{
    CollectiveEvidence evidence = CollectiveEvidence::AnalyserReport;
    std::string pgName;
    std::string pgDesc;
    int pgId = -1;
    std::int64_t seq = -1;
    std::string op;
    std::vector<int> missingRanks; // ranks that did not join
    std::vector<int> readyRanks;   // ranks that did (Horovod "[ready ranks: ...]"), may be empty
    // Ranks the tool blames for a mismatch rather than an absence (the analyser's "Culprit rank
    // r; Error type: ..."); may be empty.
    std::vector<int> culpritRanks;
    // Ranks the tool says failed themselves, not merely went missing (NCCL RAS: the ranks of a
    // process it considers dead, ranks that reported an NCCL error of their own rather than a
    // "Remote process error"); may be empty.
    std::vector<int> failedRanks;
    // missingRanks are ranks the tool got no answer from (NCCL RAS INCOMPLETE), not ranks it saw
    // missing from a collective: silence alone does not show that a rank failed.
    bool silent = false;
    bool groupRanks = false; // the ranks above are group ranks, not global ranks
    int reportingRank = -1;  // the rank whose log printed it, -1 when none
    std::string text;        // the report line, for the evidence panel
    CollectiveSource source;
};

// One Flight Recorder dump file, as read.
struct CollectiveDumpInfo
{
    int rank = -1;          // from the file name's trailing number (or the content)
    std::string file;       // bundle-relative path
    std::string version;    // "2.9"
    std::string libVersion; // nccl_version or comm_lib_version, "2.27.3"
    bool json = false;      // a TORCH_NCCL_DUMP_JSON dump, not a pickle
    int entries = 0;        // complete entries in the dump (a reader may keep fewer records)
    bool truncated = false; // the file ends inside an entry: the complete ones are kept
    bool hasFrames = false; // some entry had "frames"
};

// What one file (a dump, a log) contributes to the layer.
struct CollectiveRecords
{
    std::vector<ProcessGroupConfig> groups;
    std::vector<CollectiveEntry> entries;
    std::vector<CollectiveGroupStatus> statuses;
    std::vector<CollectiveClaim> claims;

    bool empty() const
    {
        return groups.empty() && entries.empty() && statuses.empty() && claims.empty();
    }
};

// Everything the bundle holds about collective progress, for the analysis and the views.
struct CollectiveDataset
{
    int worldSize = 0;
    std::vector<ProcessGroupConfig> groups; // one per distinct (name, ranks)
    std::vector<CollectiveEntry> entries;   // every rank's records, any order
    std::vector<CollectiveGroupStatus> statuses;
    std::vector<CollectiveClaim> claims;
    std::vector<CollectiveDumpInfo> dumps; // one per dump file read (failed ones not included)
    // Ranks whose files this cache does not hold because they were never brought in (a merge
    // without their shard, --allow-missing): no data, never "wrote no dump".
    RankSet uncollected;
};

// The op of a profiling name, watchdog OpType, desync OpType or Kineto collective name, in one
// spelling so sources compare: backend prefix ("nccl:", "nccl2:", "gloo:", "xccl:") and p2p
// peers ("send 0->3") dropped, lower case, NCCL's upper-case names mapped to PyTorch's:
// ALLREDUCE / allreduce -> "all_reduce", ALLGATHER / _allgather_base / all_gather_into_tensor ->
// "all_gather", REDUCE_SCATTER / _reduce_scatter_base / reduce_scatter_tensor ->
// "reduce_scatter", BROADCAST -> "broadcast", ALLTOALL / ALLTOALL_BASE / all_to_all_single ->
// "all_to_all", BARRIER -> "barrier", SEND / RECV -> "send" / "recv", "_coalesced" kept as a
// suffix ("all_gather_coalesced"), "coalesced" alone kept. Unknown names are lower-cased as is.
std::string canonicalCollectiveOp(std::string_view name);

// The backend prefix of a profiling name ("nccl" of "nccl:all_reduce"), "" when none.
std::string_view collectiveBackend(std::string_view profilingName);

} // namespace rankscope
