#pragma once

#include "core/logs/LogModel.h"
#include "importers/logs/CollectiveLogLines.h"
#include "importers/logs/LineHeader.h"
#include "importers/logs/LinePrefixes.h"
#include "importers/logs/LogEventSink.h"
#include "importers/logs/LogLineSplitter.h"
#include "importers/logs/LogProblemList.h"
#include "importers/logs/LogTimestamp.h"
#include "importers/logs/MegatronRankTimings.h"
#include "importers/logs/MultiLineMerge.h"
#include "importers/logs/NcclProcessRanks.h"
#include "importers/logs/StreamIdentities.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace rankscope {

// What a first look at a file's opening lines decides before the real pass.
struct LogFileSurvey
{
    PrefixRules prefixes;           // which look-alike prefixes ("N: ", "svc | ") are the file's
    unsigned interleaveMarkers = 0; // prefix forms another process's output may start mid-line
    int year = 0; // for yearless timestamps (syslog, glog): from a dated line, else now
};
// Looks at the first kLogSurveyLines lines of `text` (the start of a file is enough).
inline constexpr std::size_t kLogSurveyLines = 4096;
LogFileSurvey surveyLogText(std::string_view text);

// Turns a file's lines into events, one line at a time: splits lines where another process's
// output starts mid-line; removes the launcher and rank prefixes, timestamp and level; inherits
// the previous time; merges multi-line events per rank or worker; turns progress lines into
// iteration records; remembers what NCCL lines and worker tags say about ranks. finish()
// settles what needs the whole file (worker and NCCL ranks, the file's kind and formats).
// Times and step times beyond what rankscope can hold (TimeArithmetic.h) are problems in
// `problems` (may be null); such a line keeps the time before it, such a step no step time.
class LogEventBuilder
{
public:
    // With a `sink`, events are handed on as the file is read (LogEventSink.h) and only the
    // last kLogEventsHeld or so stay in `log`; without one, `log` gets all of them.
    LogEventBuilder(ParsedLog *log, const LogFileSurvey &survey, int pathRank,
                    LogProblemList *problems = nullptr, LogEventSink *sink = nullptr);

    void add(const RawLogLine &line);
    void finish();

    // Events held back from the sink for lines that may still continue them: a multi-line
    // event (a traceback among 64 ranks' interleaved lines) whose next line comes more than
    // this many events after it starts starts a new event instead.
    static constexpr std::size_t kLogEventsHeld = std::size_t(1) << 16;

private:
    // Events by their index in the file: those still held are in m_log->events from m_base.
    std::int64_t eventCount() const { return m_base + std::int64_t(m_log->events.size()); }
    LogEvent &heldEvent(std::int64_t index) { return m_log->events[std::size_t(index - m_base)]; }
    int eventRank(std::int64_t index) const;
    void setEventRank(std::int64_t index, int rank);
    void handOnOldEvents();
    void handOn(std::int64_t end);
    void addLine(const RawLogLine &line);

    void addSegment(const RawLogLine &line, std::string_view segment, const LinePrefix &prefix,
                    bool firstSegment);
    static std::size_t streamOf(const LineOwner &owner);
    void addIterations(const RawLogLine &line, std::string_view content, std::size_t stream,
                       int rank, bool withOverwritten);
    void addProgressBar(const RawLogLine &line, std::string_view segment, std::size_t stream,
                        int rank);
    void addIteration(LogIterationRecord record, std::size_t stream, bool replaceSameStep);
    void addCollectives(const RawLogLine &line, std::string_view body, int rank,
                        std::int64_t event);
    std::string_view m_segment; // the segment addSegment() reads, prefixes included
    void noteTimestamp(const TimestampMatch &match, std::int64_t lineNumber);
    double checkedStepTimeMs(double stepTimeMs, std::int64_t lineNumber);
    void notePrefixRank(int rank);
    void noteOrigin(int rank, const LinePrefix &prefix);
    void noteNcclHost(int rank, std::string_view body);
    void notePrefixStack(std::uint32_t stack);
    void noteNode(const LinePrefix &prefix);
    void settleRankNodes();
    bool otherRankSeen() const;

    ParsedLog *m_log;
    LogEventSink *m_sink;
    std::int64_t m_base = 0;                 // index of m_log->events[0] (events handed on)
    std::vector<std::int32_t> m_handedRanks; // the rank of every event handed on
    std::vector<bool> m_reRanked; // per block of the sink's: finish() changed a rank in it
    LogFileSurvey m_survey;
    int m_pathRank;
    LogProblemList *m_problems;
    std::int64_t m_time = 0;
    int m_lastYearlessMonth = 0;
    MultiLineMerger m_merger;
    std::size_t m_lastStream = 0; // the stream of the event last started or continued
    NcclProcessRanks m_nccl;
    CollectiveLogParser m_collectives;
    MegatronRankTimings m_rankTimings; // per-rank timings one process prints about many
    std::int64_t m_lastIteration = -1; // of the file's last framework iteration line
    StreamIdentities m_identities;
    // Events of NCCL lines without a rank, with their process (index into m_ncclProcessKeys):
    // 8 bytes a line, as a 1 GB log holds 9 million of them.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> m_ncclEvents;
    std::vector<std::int64_t> m_ncclProcessKeys;
    std::unordered_map<std::int64_t, std::uint32_t> m_ncclProcessIndex;
    std::vector<std::pair<std::uint32_t, int>> m_identityEvents;       // event, identity
    std::vector<std::pair<std::uint32_t, int>> m_identityIterations;   // record, identity
    std::vector<std::pair<std::uint32_t, std::int64_t>> m_stackCounts; // prefix stack, lines
    std::array<std::int64_t, kTimestampFormCount> m_timestampFormCounts{};
    std::vector<char> m_prefixRanks; // ranks seen in prefixes (index rank)
    int m_distinctPrefixRanks = 0;
    int m_onlyPrefixRank = -1;
    bool m_workerTags = false; // some line carried a vLLM/Ray/SGLang worker tag
    // Where a rank ran, as its prefixes say, and the host of its own NCCL lines (index rank;
    // node empty and pid -1: not said).
    struct Origin
    {
        std::string node;
        std::int64_t pid = -1;
        std::string ncclHost;
        bool ncclHostsDiffer = false; // its lines name two hosts: neither is taken
    };
    std::vector<Origin> m_rankOrigins;
    // The containers, pods or hosts that prefixes name (up to a few; one means the file is that
    // node's).
    std::vector<std::string> m_nodes;
    // Per stream: the last iteration record, the last tqdm step, HF dict count.
    struct StreamProgress
    {
        std::int64_t lastRecord = -1;
        std::int64_t lastProgressStep = 0;
        std::int64_t hfRecords = 0;
    };
    std::vector<StreamProgress> m_progress;
    StreamProgress &progress(std::size_t stream);
};

} // namespace rankscope
