#pragma once

#include "core/model/CollectiveProgress.h"
#include "importers/logs/CollectiveLogText.h"
#include "importers/logs/CollectiveReportLines.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace rankscope {

// Cheap test run on every log line: false when `message` cannot be (the start of) collective
// evidence. A few substring searches, no regex; the log import calls it on every line.
bool mayHoldCollectiveEvidence(std::string_view message);

// Reads the collective evidence of one log file's lines into CollectiveRecords (with the log
// line as the source), as PyTorch, NCCL and Horovod print it (docs/collectives-logs.md):
//  - NCCL watchdog timeouts, "WorkNCCL(SeqNum=N, OpType=X, ...) ran for T milliseconds": an
//    entry, state Scheduled (enqueued, never completed), ranForMs;
//  - "[PG 3 Rank 5] ... at work: N, last enqueued NCCL work: E, last completed NCCL work: C": a
//    CollectiveGroupStatus, and the group of the timed-out entry of that rank and SeqNum;
//  - "ProcessGroupNCCL's watchdog got stuck", "Some NCCL operations have failed or timed out": a
//    claim (evidence WatchdogTimeout) without ranks or sequence, the rank's own report;
//  - TORCH_DISTRIBUTED_DEBUG=DETAIL fingerprints ("Detected mismatch between collectives ...",
//    "Running collective: CollectiveFingerPrint(...)"): entries, evidence DesyncReport;
//  - "ProcessGroupNCCL initialization options: size: N, global rank: G ..." and NCCL's
//    "comm 0x.. rank r nranks n ... commId 0x.. - Init" lines (ncclCommSplit's "parent 0x..
//    splitCount s color c" without a commId named after the parent): ProcessGroupConfig slots;
//  - Gloo's "[Rank 0]: Ranks 1, 2 failed to pass monitoredBarrier in N ms": a claim (evidence
//    MonitoredBarrier, op barrier, the group ranks that did not arrive);
//  - the reports of CollectiveReportLines (analyser, Horovod, NCCL RAS): claims.
// `[PG x Rank r]` is the rank inside group x: entries get groupRank r and `rank` the line's
// global rank when the log line has one (else -1; in the default group the two are the same).
class CollectiveLogParser
{
public:
    explicit CollectiveLogParser(std::string file);

    // One line's message (launcher, rank prefix, timestamp and level removed), the line as
    // written (a table's first column can look like a "svc | " prefix), the rank the importer
    // gives the line so far (-1 when not known yet), its 1-based line number and the event it
    // belongs to (for resolveRanks). Call it for every line: it starts with the prefilter
    // (mayHoldCollectiveEvidence) and keeps a report's continuation lines.
    void add(std::string_view message, std::string_view raw, int rank, std::int64_t line,
             std::uint32_t event);

    // Ranks the importer learnt only at the end of the file (NCCL communicator lines, worker
    // identities): the records of lines whose rank was -1 take their event's final rank.
    void resolveRanks(const std::function<int(std::uint32_t event)> &rankOfEvent);

    bool empty() const { return m_records.empty(); }
    CollectiveRecords take();

private:
    void addWork(std::string_view message, int rank, std::int64_t line, std::uint32_t event);
    void addProgress(std::string_view message, int rank, std::int64_t line, std::uint32_t event);
    void addWatchdogNote(std::string_view message, int rank, std::int64_t line,
                         std::uint32_t event);
    void addFingerprints(std::string_view message, int rank, std::int64_t line,
                         std::uint32_t event);
    void addMonitoredBarrier(std::string_view message, int rank, std::int64_t line,
                             std::uint32_t event);
    void addPgInitOptions(std::string_view message, int rank, std::uint32_t event);
    void addNcclInit(std::string_view message, int rank, std::uint32_t event);
    void addEntry(CollectiveEntry entry, std::uint32_t event);
    void noteGroupSlot(const std::string &name, const std::string &desc, int size, int groupRank,
                       int globalRank, std::uint32_t event);
    CollectiveSource sourceAt(std::int64_t line) const;
    PgPrefix prefixBefore(std::string_view message, std::size_t at) const;
    PgPrefix leadPrefix(std::string_view message, std::size_t limit) const;

    static constexpr std::uint32_t kNotTheLinesRank = 0xffffffffu;

    std::string m_file;
    std::string_view m_raw; // the line add() reads, as written (valid during add())
    CollectiveRecords m_records;
    CollectiveReportBlocks m_reports;
    // Per record: the event whose rank is the record's rank when it was -1 (kNotTheLinesRank:
    // the record is about another rank, as the other side of a desync report).
    std::vector<std::uint32_t> m_entryEvents;
    std::vector<std::uint32_t> m_statusEvents;
    std::vector<std::uint32_t> m_claimEvents;
    // Group slots whose global rank is the line's: (group index, group rank, event).
    struct Slot
    {
        std::size_t group;
        int groupRank;
        std::uint32_t event;
    };
    std::vector<Slot> m_slots;
    std::unordered_map<std::string, std::size_t> m_groupIndex; // name -> m_records.groups
    // NCCL comm pointer ("0x55d0c3a0") -> the group name its init line gave, for the splits of
    // that communicator (this file's process; a reused pointer takes the later name).
    std::unordered_map<std::string, std::string> m_commNames;
    std::size_t m_groupSlots = 0; // rank slots of all groups (bounded against hostile sizes)
    // One record per (rank, group rank, group, seq, evidence) fact: watchdog lines are printed
    // two or three times (LOG, the watchdog's exception, Python's re-raise).
    std::unordered_map<std::string, std::size_t> m_entryIndex;
    std::unordered_map<std::string, std::size_t> m_statusIndex;
    std::unordered_map<std::string, std::size_t> m_noteIndex;
    // The last "Running collective" fingerprint entry per group rank (only the latest matters).
    std::unordered_map<int, std::size_t> m_runningIndex;
};

} // namespace rankscope
