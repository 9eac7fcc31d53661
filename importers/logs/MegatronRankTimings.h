#pragma once

#include "core/logs/LogModel.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace rankscope {

// One "Key/Rnk: <value><unit>/<rank>" field of a Megatron-LM straggler-detector report.
struct DetectorField
{
    std::string key;  // "MnRtt", "MxRtt", "MnEtpt", ...
    double value = 0; // as printed, in `unit`
    std::string unit; // "ms", "us", "W", "C", "%", "MHz", "TF"
    int rank = -1;
};

// The report rank 0 prints every log interval (megatron/core/utils.py, StragglerDetector::report):
//   "[2024-03-14 23:07:56] | MnRtt/Rnk: 3453.08ms/8 | MxRtt/Rnk: 3468.20ms/0 | MnPwr/Rnk: ... |
//    MnEtpt/Rnk: 296.02TF/0 | MxEtpt/Rnk: 297.32TF/8"
// found anywhere in the line (after "INFO:megatron.core.utils:" and the like). Needs at least
// the MnRtt and MxRtt fields; fields that do not parse are left out.
struct DetectorReportLine
{
    std::vector<DetectorField> fields;
    const DetectorField *find(std::string_view key) const;
};
std::optional<DetectorReportLine> parseDetectorReportLine(std::string_view text);

// "^^^^ Bottom 4 Ranks with lowest  Etpt(TF): 296.02/0, 296.10/3, 296.40/5, 296.41/1," and the
// "Top" line after it: (throughput in TFLOP/s, rank) pairs.
struct RankThroughputList
{
    bool lowest = true; // Bottom (lowest throughput) or Top
    std::vector<std::pair<double, int>> ranks;
};
std::optional<RankThroughputList> parseRankThroughputList(std::string_view text);

// Per-rank timings that Megatron-LM prints about many ranks, turned into LogRankTimingRecords:
// - the straggler detector's report: the round trip (Rtt) and get_batch latency (DRtt) of the
//   fastest and slowest rank, and the round trip of every rank in the Bottom/Top throughput
//   lists, worked out from its throughput (throughput x round trip is the same for all ranks of
//   one report, known from the slowest rank that both fields name);
// - its timers in the all-ranks form (megatron/core/timers.py, --timing-log-option all):
//     "times across ranks (ms):" / "  forward-compute:" / "     rank  0: 1132.83" ...
//   summed per rank into compute (forward-compute, backward-compute), batch (batch-generator)
//   and communication (pipeline send/recv, gradient and parameter collectives). The min/max
//   forms ("(min, max) time across ranks (ms):", "max time across ranks") name no rank and are
//   left to the log view.
// Lines come one at a time per stream (a rank's or the launcher's output); a timer block ends
// at the first line of its stream that is not part of it.
class MegatronRankTimings
{
public:
    explicit MegatronRankTimings(std::vector<LogRankTimingRecord> *out) : m_out(out) {}

    void observe(std::string_view content, std::size_t stream, std::int64_t timeNs,
                 std::int64_t iteration, std::uint32_t line);
    void finish(); // ends the timer blocks still open

private:
    struct TimerBlock
    {
        bool open = false;
        int kind = -1; // the current timer's RankTimingKind, -1 for a timer that maps to none
        std::int64_t iteration = -1;
        std::int64_t timeNs = 0;
        std::uint32_t line = 0;
        // rank -> per kind (compute, batch, communication) the sum so far, NaN when none
        std::vector<std::pair<int, std::array<double, 3>>> ranks;
        std::unordered_map<int, std::size_t> rankIndex; // into ranks
    };
    struct PendingReport
    {
        bool open = false;
        double product = 0;            // throughput x round trip of this report; 0: not known
        std::unordered_set<int> given; // ranks that already have a round trip from it
        std::int64_t iteration = -1;
        std::int64_t timeNs = 0;
        std::uint32_t line = 0;
    };
    struct Stream
    {
        TimerBlock timers;
        PendingReport report;
    };

    Stream &stream(std::size_t index);
    bool observeTimerLine(Stream &state, std::string_view trimmed);
    void closeTimers(TimerBlock &block);
    void addReport(Stream &state, const DetectorReportLine &report, std::int64_t timeNs,
                   std::int64_t iteration, std::uint32_t line);
    void addThroughputList(Stream &state, const RankThroughputList &list);
    void addRecord(int rank, RankTimingKind kind, double valueMs, bool derived,
                   std::int64_t iteration, std::int64_t timeNs, std::uint32_t line);

    std::vector<LogRankTimingRecord> *m_out;
    std::vector<Stream> m_streams;
    int m_openBlocks = 0;
};

} // namespace rankscope
