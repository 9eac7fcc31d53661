#pragma once

#include "core/cache/SqliteDatabase.h"
#include "core/logs/LogAnalysis.h"
#include "core/logs/LogModel.h"
#include "core/logs/TemplateMiner.h"
#include "core/model/JobInfo.h"
#include "core/model/RankSet.h"

#include <cstdint>
#include <functional>
#include <limits>
#include <list>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace rankscope {

// A log file as the cache knows it. TemplatedLogEvent::file is an index into the vector
// loadLogFiles() returns (files by path), and events are numbered job-wide in that order.
struct StoredLogFile
{
    std::int64_t fileId = 0;
    std::string path;
    LogFileKind kind = LogFileKind::PerRank;
    int rank = -1;
    std::string node;
    std::string timestampFormat;
    std::string prefixFormat;
    std::int64_t bytes = 0;
    std::int64_t lines = 0;
    std::int64_t events = 0;
    std::int64_t firstEvent = 0; // job-wide index of its first event
    std::int64_t duplicates = 0; // of its events, copies of another file's (counted there)
};

// True when the cache holds at least one imported log file.
bool hasLogData(SqliteDatabase &db);
std::vector<StoredLogFile> loadLogFiles(SqliteDatabase &db);
// Every template by id (LogTemplate::size = its event count in the job).
std::vector<LogTemplate> loadLogTemplates(SqliteDatabase &db);
// Every iteration line of every log, by rank then time.
std::vector<LogIterationRecord> loadLogIterations(SqliteDatabase &db);
// Every per-rank timing of every log (LogRankTimingRecord), by time, then file and line.
std::vector<LogRankTimingRecord> loadLogRankTimings(SqliteDatabase &db);
// Whether events that copy another file's (TemplatedLogEvent::duplicateOf) are loaded. Counts,
// has/missing sets, rates and windows skip them, so an event in a rank's log and in the
// launcher's output counts once; the line view keeps them (job-wide event numbers stay valid).
enum class LogCopies : std::uint8_t
{
    Skip,
    Keep,
};
// Every event with its template and iteration (no text), in job order. `files` from
// loadLogFiles(). Throws SqliteError when stored data is damaged.
std::vector<TemplatedLogEvent> loadTemplatedLogEvents(SqliteDatabase &db,
                                                      const std::vector<StoredLogFile> &files,
                                                      LogCopies copies = LogCopies::Skip);
// The same, one event at a time, for passes that need not hold them all (a 25-million-line
// log's events are 1.2 GB).
void forEachTemplatedLogEvent(SqliteDatabase &db, const std::vector<StoredLogFile> &files,
                              const std::function<void(const TemplatedLogEvent &)> &visit,
                              LogCopies copies = LogCopies::Skip);
LogSeverity logSeverityFromKey(std::string_view key); // inverse of logSeverityKey()

// Everything analyzeLogs() reads, with the job completed from the logs: ranks seen only in
// logs are added (role "trainer"), and the node of a per-node log fills in its ranks' node
// when the manifest does not name one.
struct LogAnalysisInput
{
    std::vector<StoredLogFile> files;
    std::vector<TemplatedLogEvent> events;
    std::vector<LogTemplate> templates;
    std::vector<LogIterationRecord> iterations;
    JobInfo job;
    LogAnalysisContext context; // file nodes, torchrun's failure reports (LogAnalysisContextReader)
};
LogAnalysisInput loadLogAnalysisInput(SqliteDatabase &db, const JobInfo &job);

// Which lines a log view shows. Empty fields do not filter.
struct LogLineQuery
{
    std::optional<RankSet> ranks; // nullopt: every rank; otherwise these ranks ...
    bool launcher = true;         // ... and, when set, the lines of no rank (rank -1)
    std::int64_t fromNs = std::numeric_limits<std::int64_t>::min(); // [fromNs, toNs)
    std::int64_t toNs = std::numeric_limits<std::int64_t>::max();
    LogSeverity minSeverity = LogSeverity::Unknown;
    TemplateId templ = kNoTemplate;
    std::string text;    // substring, ASCII case-insensitive (decodes the text blocks)
    bool byTime = false; // order by time (stable) instead of job order (file, then line)
    bool copies = false; // also the events that copy another file's (marked duplicates)
};

struct StoredLogLine
{
    std::uint32_t event = 0; // job-wide event index
    TemplatedLogEvent meta;
    std::uint32_t lineCount = 1;
    std::string file; // path relative to the bundle root
    std::string text;
    // A copy: where its primary is. A primary with copies: where its first copy is, and how
    // many there are. Empty file and 0 copies otherwise.
    std::string otherFile;
    std::uint32_t otherLine = 0;
    int copies = 0;
};

// The lines of a job for a virtualized view of millions of lines: select() filters the
// in-memory event index (about 40 bytes per event) into a list of event numbers, fetch() reads
// the text of one page of them, decoding only the blocks it needs (the last few stay cached).
// Not thread-safe: one source per thread.
class LogLineIndex
{
public:
    explicit LogLineIndex(SqliteDatabase &db);

    const std::vector<StoredLogFile> &files() const { return m_files; }
    // Every event, copies included (TemplatedLogEvent::duplicateOf).
    const std::vector<TemplatedLogEvent> &events() const { return m_events; }
    std::int64_t copyCount() const { return m_copyCount; }

    std::vector<std::uint32_t> select(const LogLineQuery &filter);
    // Lines selection[offset .. offset + limit), fewer at the end.
    std::vector<StoredLogLine> fetch(const std::vector<std::uint32_t> &selection,
                                     std::size_t offset, std::size_t limit);
    // One event's full line (the text of merged events keeps its '\n').
    StoredLogLine line(std::uint32_t event);

private:
    const std::vector<LogEvent> &block(std::size_t file, std::size_t block);

    SqliteDatabase &m_db;
    std::vector<StoredLogFile> m_files;
    std::vector<TemplatedLogEvent> m_events;
    // primary event -> (its first copy, number of copies); only primaries that have copies.
    std::unordered_map<std::uint32_t, std::pair<std::uint32_t, int>> m_copiesOf;
    std::int64_t m_copyCount = 0;
    std::list<std::pair<std::pair<std::size_t, std::size_t>, std::vector<LogEvent>>> m_blocks;
};

} // namespace rankscope
