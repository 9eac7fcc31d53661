#pragma once

#include "core/model/TraceEventKind.h"
#include "core/model/TraceStringTable.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rankscope {

// One profiler trace file (one rank) in memory: what importers/traces produces from a PyTorch
// profiler (Kineto) Chrome-trace JSON, and what the trace cache tables and metrics are built
// from. Plain values, no Qt. Times are int64 nanoseconds on the trace's absolute clock
// (baseTimeNanoseconds + ts, i.e. ns since the Unix epoch for Kineto), so ranks of one job can
// be compared directly.

inline constexpr std::uint32_t kNoTraceEvent = 0xFFFFFFFFu;

enum class TraceTrackKind : std::uint8_t
{
    CpuThread, // a host thread of the profiled process
    GpuStream, // a GPU stream (Kineto: pid = device, tid = stream)
    Counter,   // one series of a "C" counter event
    Other,     // the profiler's own rows ("Spans", "Traces") and non-numeric pids
};

const char *traceTrackKindName(TraceTrackKind kind); // "cpu-thread", "gpu-stream", ...

// A timeline row: a (pid, tid) pair of the file, with what the "M" metadata events say of it.
struct TraceTrack
{
    std::int64_t pid = 0;                       // 0 when the file gave a non-numeric pid
    std::int64_t tid = 0;                       // 0 when the file gave a non-numeric tid
    TraceStringId pidLabel = kEmptyTraceString; // a non-numeric pid as written ("Spans")
    TraceStringId tidLabel = kEmptyTraceString; // a non-numeric tid as written ("PyTorch Profiler")
    bool pidIsLabel = false; // pid was a non-numeric string (possibly "", as Kineto writes)
    bool tidIsLabel = false;
    TraceStringId name = kEmptyTraceString;        // thread_name ("stream 7 "), or the counter name
    TraceStringId processName = kEmptyTraceString; // process_name ("python3")
    TraceStringId processLabels = kEmptyTraceString; // process_labels ("GPU 0", "CPU")
    TraceStringId counterSeries = kEmptyTraceString; // counter tracks: the args key of the series
    std::int64_t sortIndex = 0;                      // thread_sort_index, else tid
    std::int64_t processSortIndex = 0;               // process_sort_index, else pid
    TraceTrackKind kind = TraceTrackKind::CpuThread;
    std::int32_t gpuDevice = -1; // GPU streams: args.device of its events, else pid
    std::int64_t gpuStream = -1; // GPU streams: args.stream of its events, else tid
    // The track's events are TraceData::events[firstEvent, firstEvent + eventCount); counter
    // tracks have samples in TraceData::counterSamples[firstSample, firstSample + sampleCount).
    std::uint32_t firstEvent = 0;
    std::uint32_t eventCount = 0;
    std::uint32_t firstSample = 0;
    std::uint32_t sampleCount = 0;
};

enum class TracePhase : std::uint8_t
{
    Slice,   // "X", or a matched "B"/"E" pair
    Instant, // "i" / "I" (duration 0)
};

// Bits of TraceEvent::flags.
namespace TraceEventFlag {
inline constexpr std::uint8_t FromBeginEnd = 1;    // built from a "B"/"E" pair
inline constexpr std::uint8_t EndInferred = 2;     // its "E" was missing: see TraceData::problems
inline constexpr std::uint8_t DurationClamped = 4; // "dur" was missing or negative: set to 0
inline constexpr std::uint8_t HasCollective = 8;   // a TraceCollective describes it
} // namespace TraceEventFlag

// One slice or instant, 48 bytes. Arbitrary args are not kept; the few that metrics need are.
struct TraceEvent
{
    std::int64_t startNs = 0;
    std::int64_t durationNs = 0;
    std::int64_t correlationId = 0; // args.correlation: links a runtime call to its GPU work
    std::int64_t externalId = 0;    // args["External id"]: links a CPU op to its GPU work
    std::uint32_t track = 0;        // index into TraceData::tracks
    TraceStringId name = kEmptyTraceString;
    TraceStringId category = kEmptyTraceString;
    TracePhase phase = TracePhase::Slice;
    TraceEventKind kind = TraceEventKind::Other;
    std::uint8_t flags = 0;

    std::int64_t endNs() const { return startNs + durationNs; }
};
static_assert(sizeof(TraceEvent) <= 48, "10M events x 1024 ranks must stay small");

// The collective an event belongs to, from the args PyTorch records on record_param_comms and
// copies onto the NCCL kernel it launches. Only events with such args have one.
struct TraceCollective
{
    std::uint32_t event = kNoTraceEvent;                       // index into TraceData::events
    TraceStringId collectiveName = kEmptyTraceString;          // "allreduce", "_allgather_base"
    TraceStringId processGroupName = kEmptyTraceString;        // "0", "3"
    TraceStringId processGroupDescription = kEmptyTraceString; // "default_pg", "undefined"
    TraceStringId dtype = kEmptyTraceString;                   // "Float", "BFloat16"
    std::int64_t inMessageElements = -1;                       // "In msg nelems", -1 when absent
    std::int64_t outMessageElements = -1;                      // "Out msg nelems"
    std::int32_t groupSize = -1;                               // "Group size"
    // Point-to-point ops (collective name "send" / "recv"): the peer's global rank, from
    // "Dst Rank" on a send and "Src Rank" on a recv; -1 when absent (PyTorch before 2.5, or
    // Kineto that does not copy them onto the kernel).
    std::int32_t srcRank = -1;
    std::int32_t dstRank = -1;
    std::int64_t sequence = -1; // "Seq": the process group's collective (or p2p) counter
    // Bytes the op moved on the bus as NCCL counts them, when the tool that recorded it said
    // (NCCL Inspector: coll_busbw_gbs x execution time); -1: derived from the message size
    // (core/traces/BusBytes.h).
    std::int64_t busBytes = -1;
};

// A flow arrow between two events ("s" -> "f" with the same category and id): ac2g links a
// runtime launch to its GPU work, fwdbwd a forward op to its backward op. An end whose slice
// could not be found is kNoTraceEvent.
struct TraceFlow
{
    std::uint64_t id = 0;
    TraceStringId category = kEmptyTraceString;
    std::uint32_t fromEvent = kNoTraceEvent;
    std::uint32_t toEvent = kNoTraceEvent;
};

struct TraceCounterSample
{
    std::int64_t timeNs = 0;
    double value = 0;
    std::uint32_t track = 0; // a Counter track
};

// One training iteration: a ProfilerStep#N range on a CPU thread, [startNs, endNs).
struct TraceIteration
{
    std::int64_t step = 0;
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
    std::uint32_t event = kNoTraceEvent;
};

// Something wrong with the file, phrased for the user. The message is complete on its own
// ("event #12 at byte 3456: 'ts' is not a number; event skipped"); the numbers are repeated for
// programs (-1 when they do not apply). Repeats of one kind are merged into one problem.
struct TraceProblem
{
    std::int64_t byteOffset = -1; // in the decompressed JSON
    std::int64_t eventIndex = -1; // 0-based position in the traceEvents array
    std::int64_t count = 1;       // occurrences merged into this problem
    std::string message;
};

enum class TraceRankSource : std::uint8_t
{
    Unknown,         // neither the file nor its path says
    DistributedInfo, // distributedInfo.rank in the file
    FilePath,        // a number in the file path ("rank3/", "worker3_")
    // Nsight Systems exports (importers/traces/NsightSqliteImport.h):
    MpiRankTable,       // MPI_RANKS
    CaptureEnvironment, // RANK, OMPI_COMM_WORLD_RANK, ... of the captured process
    NvtxText,           // an NVTX text "MPI Rank N"
    CommunicatorRank,   // the rank in the process's largest NCCL communicator (an NCCL Inspector
                        // log, NCCL's NVTX payloads in an Nsight export)
    NodeLocalOrder,     // a multi-process export: node index x processes + the process's place
};

struct TraceImportStats
{
    std::int64_t fileBytes = 0; // bytes on disk (compressed or not)
    // Bytes of JSON text read. When broken JSON stops the reading of a long text, those read
    // before it stopped: a few windows more when the text is scanned on a second thread.
    std::int64_t jsonBytes = 0;
    std::int64_t eventEntries = 0;       // entries of traceEvents read, whatever their phase
    std::int64_t metadataEvents = 0;     // "M" events applied to tracks
    std::int64_t skippedEvents = 0;      // entries not kept (unreadable, unsupported phase)
    std::int64_t flowPoints = 0;         // "s" / "t" / "f" events
    std::int64_t unpairedFlowPoints = 0; // starts without end and ends without start
    // Slices that start inside another slice of their track and end after it. Not a problem
    // (real Kineto traces have them), but metrics must not assume every track is a call tree.
    std::int64_t unnestedSlices = 0;
};

struct TraceData
{
    std::string sourcePath;
    int rank = -1;
    TraceRankSource rankSource = TraceRankSource::Unknown;
    int worldSize = 0; // distributedInfo.world_size, 0 when unknown
    // The host the rank ran on when the file says (NCCL Inspector's hostname, an Nsight export's
    // TARGET_INFO_SYSTEM_ENV Hostname); "" when it does not. Names the rank's node without a
    // job.json (LogRankNodes.h).
    std::string host;
    std::string backend;         // distributedInfo.backend ("nccl", "gloo", "mtia:hccl,cpu:gloo")
    std::int64_t baseTimeNs = 0; // baseTimeNanoseconds, already added to every time below
    std::string displayTimeUnit; // "ms", "ns" or empty: a display hint only
    bool truncated = false;      // the JSON ended early; the events before the cut are kept
    std::int64_t firstNs = 0;    // earliest event start (0 when there are no events)
    std::int64_t lastNs = 0;     // latest event end

    TraceStringTable strings;
    std::vector<TraceTrack> tracks;
    std::vector<TraceEvent> events; // grouped by track (see TraceTrack), each group by start time,
                                    // an enclosing slice before the slices it contains
    std::vector<TraceCollective> collectives; // by event index
    std::vector<TraceFlow> flows;
    std::vector<TraceCounterSample> counterSamples; // grouped by track, by time
    std::vector<TraceIteration> iterations;         // by step
    std::vector<TraceProblem> problems;
    TraceImportStats stats;

    std::string_view string(TraceStringId id) const { return strings.view(id); }
    std::string_view eventName(std::uint32_t event) const { return string(events[event].name); }
    // The events of one track, in the model's order.
    std::span<const TraceEvent> eventsOf(std::uint32_t track) const
    {
        return {events.data() + tracks[track].firstEvent, tracks[track].eventCount};
    }
    // The collective of an event, or nullptr.
    const TraceCollective *collectiveOf(std::uint32_t event) const;
    // Approximate heap bytes held, for memory budgets.
    std::size_t memoryBytes() const;
};

} // namespace rankscope
