#pragma once

#include "core/model/CollectiveProgress.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace rankscope {

// Reports of tools that already compared the ranks, read line by line into CollectiveClaims
// (kept as the tool said it; docs/collectives-logs.md):
//  - PyTorch's Flight Recorder analyser (tools/flight_recorder): "Not all ranks joining
//    collective, sequence number: N" (and its older "... N at entry M", "... for group G:D
//    collective P Missing ranks are {..}" forms), "Collective sequence number: N has errors"
//    with "error msg: Culprit rank r; ...", followed by "group info:", "collective:",
//    "missing ranks: {..}" lines; and NVRx's table "PGID | Process Group Desc | Op Type | Size
//    | Dtype | Missing Ranks". Global ranks.
//  - Horovod's stall inspector: "One or more tensors were submitted to be reduced, gathered or
//    broadcasted by subset of ranks ...", then "Missing ranks:" / "Stalled ranks:" lines
//    "3: [tensor, ...]" ("3!:" past the shutdown time), or the oldest "tensor [missing ranks:
//    1, 2]" / "[ready ranks: 0, 3]" lines. Global (Horovod) ranks.
//  - NCCL RAS (ncclras client): "#0-0 (f7e3a5b2c1d04e89) INCOMPLETE" with "  Rank 5 -- ..."
//    lines (ranks that did not respond: silent, failed too when the job-wide "DEAD" section
//    before named their process), "#0-0 (..) ERROR" with "Rank 5 reported Unhandled CUDA error
//    -- ..." (failed, unless the error is a remote process's), "#0-0 (..) MISMATCH" with "  Rank
//    5 has launched up to operation 120 -- ..." below the majority's count. Communicator ranks
//    (groupRanks), the group named "nccl:<commId hash>" as NCCL's init lines name it. "DEAD"
//    (processes unreachable via the RAS network) names processes and nodes, not ranks: a claim
//    without ranks whose text lists them.
class CollectiveReportBlocks
{
public:
    // Whether `message` can start a report (a few substring tests; most lines: false).
    static bool mayStart(std::string_view message);

    // A report is open: the next line may continue it whatever it holds.
    bool inBlock() const { return m_kind != Kind::None; }

    // Reads one line: true when it started or continued a report (new claims appended to
    // *claims, the open one updated in place). A line that continues nothing closes the report.
    bool add(std::string_view message, std::string_view raw, int rank,
             const CollectiveSource &source, std::vector<CollectiveClaim> *claims);

    // The file ended: closes the open report.
    void finish(std::vector<CollectiveClaim> *claims);

private:
    enum class Kind : std::uint8_t
    {
        None,
        Analyser,
        AnalyserTable,
        Horovod,
        RasIncomplete,
        RasMismatch,
        RasError,
        RasDead,
    };
    bool start(std::string_view line, std::string_view raw, int rank,
               const CollectiveSource &source, std::vector<CollectiveClaim> *claims);
    bool continueAnalyser(std::string_view line, CollectiveClaim *claim);
    bool continueTable(std::string_view line, int rank, const CollectiveSource &source,
                       std::vector<CollectiveClaim> *claims);
    bool continueHorovod(std::string_view line, int rank, const CollectiveSource &source,
                         std::vector<CollectiveClaim> *claims);
    bool continueRas(std::string_view line, CollectiveClaim *claim);
    bool continueRasError(std::string_view line, CollectiveClaim *claim);
    bool continueRasDead(std::string_view line, CollectiveClaim *claim);
    void close(std::vector<CollectiveClaim> *claims);
    std::vector<int> ranksFrom(std::string_view text); // parseRankList within the budget

    Kind m_kind = Kind::None;
    std::size_t m_claim = 0; // the open report's claim in *claims
    bool m_haveClaim = false;
    std::int64_t m_majorityCount = -1; // RAS MISMATCH: the most frequent operation count
    std::int64_t m_groupCount = -1;    // RAS MISMATCH: the count of the ranks listed next
    std::int64_t m_stallSeconds = -1;  // Horovod: "for more than N seconds"
    std::string m_rasError;            // RAS ERROR: what "K ranks reported" before the ranks
    std::string m_rasErrorPhase;       // RAS ERROR: "initialization" or "asynchronous"
    // RAS: "41234@10.0.0.2" (process on node) of the processes the DEAD section named, for the
    // communicators' sections after it (bounded).
    std::unordered_set<std::string> m_rasDead;
    int m_lines = 0; // lines read into the open report (bounded)
    // Ranks all claims of the file may still list: a hostile "{0-1000000000}" must not
    // allocate gigabytes.
    std::size_t m_rankBudget = std::size_t(1) << 22;
};

} // namespace rankscope
