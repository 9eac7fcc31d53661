#pragma once

#include "core/model/CollectiveProgress.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace rankscope {

// The logs of a job as events: what importers/logs produces from per-rank, per-node and
// combined launcher logs, what template mining and the log comparisons read. No Qt.

enum class LogSeverity : std::uint8_t
{
    Unknown,
    Debug,
    Info,
    Warning,
    Error,
    Fatal, // fatal errors, crashes, signals, watchdog timeouts
};
const char *logSeverityKey(LogSeverity severity); // "unknown", "debug", "info", "warning", ...
LogSeverity logSeverityFromText(std::string_view text); // "WARN", "warning", "E", "CRITICAL", ...

// How a log file relates to ranks.
enum class LogFileKind : std::uint8_t
{
    PerRank,  // one rank's output (rank from the path, or every line's prefix agrees)
    PerNode,  // one node's output (several ranks, node from the path)
    Combined, // launcher output of many ranks, lines prefixed "[rank3]:", "3: ", "[default3]:" ...
};
const char *logFileKindKey(LogFileKind kind);

// One event: one log line, or several merged (a Python traceback through its final exception
// line, a C++ frame list, a multi-line NCCL error, indented continuations).
struct LogEvent
{
    int rank = -1;           // -1: not one rank's (launcher, node-level, unprefixed line)
    std::int64_t timeNs = 0; // ns since the Unix epoch; a line without a timestamp inherits the
                             // previous line's; 0 when none was seen yet in the file
    std::uint32_t file = 0;  // index into ParsedLog's file (or the job's file table)
    std::uint32_t line = 0;  // 1-based number of the event's first line in the file
    std::uint32_t lineCount = 1;
    LogSeverity severity = LogSeverity::Unknown; // from the header level or the content
    std::string text; // the content: rank prefix, timestamp and level removed; merged lines
                      // joined with '\n'; invalid UTF-8 replaced by U+FFFD; cut at 64 KiB
};

// A training-progress line turned into numbers (Megatron-LM, DeepSpeed, HF Trainer).
struct LogIterationRecord
{
    int rank = -1;
    std::int64_t iteration = -1;
    std::int64_t timeNs = 0;
    double stepTimeMs =
        std::numeric_limits<double>::quiet_NaN();           // "elapsed time per iteration (ms)"
    double loss = std::numeric_limits<double>::quiet_NaN(); // "lm loss", "loss"
    double learningRate = std::numeric_limits<double>::quiet_NaN();
    std::string framework; // "megatron", "deepspeed", "hf-trainer", "tqdm" (progress bars)
    std::uint32_t line = 0;
};

// A per-rank timing that one process printed about many ranks: Megatron-LM's straggler
// detector (rank 0's "MnRtt/Rnk: 3453.08ms/8 | MxRtt/Rnk: ..." lines and the "Bottom/Top N
// Ranks" throughput lists) and its timers printed across ranks ("times across ranks (ms):",
// the --timing-log-option all form). The rank is the one measured, not the one that printed.
enum class RankTimingKind : std::uint8_t
{
    DetectorRoundTrip, // Rtt: per iteration, the time of the detector's timed operations
    DetectorGetBatch,  // DRtt: get_batch latency (the longest in the interval)
    TimerCompute,      // timers forward-compute + backward-compute, per iteration
    TimerBatch,        // timer batch-generator, per iteration
    TimerCommunication // timers of pipeline send/recv and gradient/parameter collectives
};
inline constexpr int kRankTimingKindCount = 5;
const char *rankTimingKindKey(RankTimingKind kind); // "detector_rtt", "detector_get_batch", ...
bool rankTimingKindFromKey(std::string_view key, RankTimingKind *kind);

struct LogRankTimingRecord
{
    int rank = -1;               // the rank measured
    std::int64_t iteration = -1; // the iteration line before it in the file (the interval's
                                 // end), -1 when none came before
    std::int64_t timeNs = 0;     // of the line, 0 when unknown
    RankTimingKind kind = RankTimingKind::DetectorRoundTrip;
    double valueMs = std::numeric_limits<double>::quiet_NaN();
    // True for a straggler-detector round trip worked out from the rank's throughput in the
    // Bottom/Top lists (throughput x round trip is the same for every rank of one report).
    bool derived = false;
    std::uint32_t line = 0;
};

struct LogProblem
{
    std::int64_t line = 0; // 1-based, 0 for the file as a whole
    std::string message;   // a sentence without the file or line: "3 bytes of invalid UTF-8 ..."
};

struct LogFileInfo
{
    std::string path; // relative to the bundle root
    LogFileKind kind = LogFileKind::PerRank;
    int rank = -1;               // PerRank: the rank
    std::string node;            // PerNode (and when the path names one)
    std::string timestampFormat; // detected: "iso8601", "ymd-hms-comma", "syslog", "epoch", ""
    std::string prefixFormat;    // detected rank prefix: "[rankN]:", "N: ", "[defaultN]:", ""
    std::int64_t bytes = 0;      // decompressed
    std::int64_t lines = 0;
};

// A rank's node and process as the log itself names them, for combined launcher output where
// the path says nothing: NCCL's "host:pid:tid [dev] NCCL INFO comm 0x.. rank R nranks N" lines
// (the communicator with the most ranks gives the global rank). Added by importers/logs.
struct LogRankNode
{
    int rank = -1;
    std::string node;
    std::int64_t pid = 0;
};

struct ParsedLog
{
    LogFileInfo info;
    std::vector<LogEvent> events; // in file order (file index 0)
    std::vector<LogIterationRecord> iterations;
    std::vector<LogRankTimingRecord> rankTimings; // by line
    std::vector<LogProblem> problems;
    std::vector<LogRankNode> rankNodes; // sorted by rank; empty when the log names none
    CollectiveRecords collectives; // watchdog, desync, analyser, Horovod, RAS lines (source: line)

    // Read with an event sink (importers/logs/LogEventSink.h): `events` is empty, the sink took
    // them all. Every event's final rank (index: event), and the blocks of the sink's size
    // whose ranks the end of the file changed after the sink took them, in ascending order.
    std::vector<std::int32_t> streamedRanks;
    std::vector<std::size_t> reRankedBlocks;
};

} // namespace rankscope
