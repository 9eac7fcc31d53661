#include "core/cache/LogCacheReader.h"
#include "core/model/AsciiText.h"

#include "core/cache/ByteCoding.h"
#include "core/cache/LogAnalysisContextReader.h"
#include "core/cache/LogBlockCodec.h"
#include "core/cache/SqliteStatement.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace rankscope {

namespace {

constexpr std::size_t kCachedBlocks = 8;

LogFileKind fileKindFromKey(std::string_view key)
{
    for (LogFileKind kind : {LogFileKind::PerRank, LogFileKind::PerNode, LogFileKind::Combined}) {
        if (key == logFileKindKey(kind))
            return kind;
    }
    return LogFileKind::Combined;
}

double optionalDouble(const SqliteStatement &statement, int column)
{
    return statement.columnIsNull(column) ? std::numeric_limits<double>::quiet_NaN()
                                          : statement.columnDouble(column);
}

[[noreturn]] void damaged(SqliteDatabase &db, const BlobFormatError &error)
{
    throw CacheDamagedError("cache database " + db.file().string() +
                            ": stored log data is damaged (" + error.what() +
                            "); force a re-import to rebuild it");
}

bool containsIgnoringCase(std::string_view text, std::string_view needle)
{
    if (needle.empty())
        return true;
    const auto found = std::search(text.begin(), text.end(), needle.begin(), needle.end(),
                                   [](char a, char b) { return lower(a) == lower(b); });
    return found != text.end();
}

} // namespace

LogSeverity logSeverityFromKey(std::string_view key)
{
    for (LogSeverity severity : {LogSeverity::Debug, LogSeverity::Info, LogSeverity::Warning,
                                 LogSeverity::Error, LogSeverity::Fatal}) {
        if (key == logSeverityKey(severity))
            return severity;
    }
    return LogSeverity::Unknown;
}

bool hasLogData(SqliteDatabase &db)
{
    SqliteStatement select = db.prepare("SELECT 1 FROM log_files LIMIT 1");
    return select.step();
}

std::vector<StoredLogFile> loadLogFiles(SqliteDatabase &db)
{
    std::vector<StoredLogFile> files;
    SqliteStatement select = db.prepare(
        "SELECT l.file_id, f.path, l.kind, l.rank, l.node, l.timestamp_format, l.prefix_format, "
        "l.bytes, l.lines, l.events, l.first_event, l.duplicates FROM log_files l JOIN files f "
        "ON f.id = l.file_id ORDER BY f.path");
    while (select.step()) {
        StoredLogFile file;
        file.fileId = select.columnInt64(0);
        file.path = select.columnText(1);
        file.kind = fileKindFromKey(select.columnText(2));
        file.rank = select.columnIsNull(3) ? -1 : select.columnInt(3);
        file.node = select.columnText(4);
        file.timestampFormat = select.columnText(5);
        file.prefixFormat = select.columnText(6);
        file.bytes = select.columnInt64(7);
        file.lines = select.columnInt64(8);
        file.events = select.columnInt64(9);
        file.firstEvent = select.columnInt64(10);
        file.duplicates = select.columnInt64(11);
        files.push_back(std::move(file));
    }
    return files;
}

std::vector<LogTemplate> loadLogTemplates(SqliteDatabase &db)
{
    std::vector<LogTemplate> templates;
    SqliteStatement select =
        db.prepare("SELECT id, text, builtin, severity, count FROM log_templates ORDER BY id");
    while (select.step()) {
        LogTemplate templ;
        templ.id = TemplateId(select.columnInt64(0));
        templ.text = select.columnText(1);
        templ.builtin = select.columnInt(2);
        templ.severity = logSeverityFromKey(select.columnText(3));
        templ.size = select.columnInt64(4);
        templates.push_back(std::move(templ));
    }
    return templates;
}

std::vector<LogIterationRecord> loadLogIterations(SqliteDatabase &db)
{
    std::vector<LogIterationRecord> records;
    SqliteStatement select =
        db.prepare("SELECT i.rank, i.iteration, i.time_ns, i.step_ms, i.loss, i.learning_rate, "
                   "i.framework, i.line FROM log_iterations i JOIN files f ON f.id = i.file_id "
                   "ORDER BY i.rank, i.time_ns, f.path, i.line");
    while (select.step()) {
        LogIterationRecord record;
        record.rank = select.columnInt(0);
        record.iteration = select.columnInt64(1);
        record.timeNs = select.columnInt64(2);
        record.stepTimeMs = optionalDouble(select, 3);
        record.loss = optionalDouble(select, 4);
        record.learningRate = optionalDouble(select, 5);
        record.framework = select.columnText(6);
        record.line = std::uint32_t(select.columnInt64(7));
        records.push_back(std::move(record));
    }
    return records;
}

std::vector<LogRankTimingRecord> loadLogRankTimings(SqliteDatabase &db)
{
    std::vector<LogRankTimingRecord> records;
    SqliteStatement select =
        db.prepare("SELECT t.rank, t.iteration, t.time_ns, t.kind, t.value_ms, t.derived, t.line "
                   "FROM log_rank_timings t JOIN files f ON f.id = t.file_id "
                   "ORDER BY t.time_ns, f.path, t.line, t.rank");
    while (select.step()) {
        LogRankTimingRecord record;
        if (!rankTimingKindFromKey(select.columnText(3), &record.kind))
            continue; // a kind of a newer rankscope
        record.rank = select.columnInt(0);
        record.iteration = select.columnInt64(1);
        record.timeNs = select.columnInt64(2);
        record.valueMs = select.columnDouble(4);
        record.derived = select.columnInt(5) != 0;
        record.line = std::uint32_t(select.columnInt64(6));
        records.push_back(record);
    }
    return records;
}

std::vector<TemplatedLogEvent> loadTemplatedLogEvents(SqliteDatabase &db,
                                                      const std::vector<StoredLogFile> &files,
                                                      LogCopies copies)
{
    std::vector<TemplatedLogEvent> events;
    std::int64_t total = 0;
    for (const StoredLogFile &file : files)
        total += file.events;
    events.reserve(std::size_t(total));
    forEachTemplatedLogEvent(
        db, files, [&](const TemplatedLogEvent &event) { events.push_back(event); }, copies);
    return events;
}

void forEachTemplatedLogEvent(SqliteDatabase &db, const std::vector<StoredLogFile> &files,
                              const std::function<void(const TemplatedLogEvent &)> &visit,
                              LogCopies copies)
{
    SqliteStatement select = db.prepare("SELECT data FROM log_event_index WHERE file_id = ?");
    for (std::size_t i = 0; i < files.size(); ++i) {
        select.reset();
        select.bind(1, files[i].fileId);
        if (!select.step())
            continue;
        const bool skipCopies = copies == LogCopies::Skip && files[i].duplicates > 0;
        try {
            forEachLogEventIndexEntry(select.columnBlob(0), std::uint32_t(i),
                                      [&](const TemplatedLogEvent &event) {
                                          if (!skipCopies || event.duplicateOf < 0)
                                              visit(event);
                                      });
        } catch (const BlobFormatError &error) {
            damaged(db, error);
        }
    }
}

LogAnalysisInput loadLogAnalysisInput(SqliteDatabase &db, const JobInfo &job)
{
    LogAnalysisInput input;
    input.files = loadLogFiles(db);
    input.events = loadTemplatedLogEvents(db, input.files);
    input.templates = loadLogTemplates(db);
    input.iterations = loadLogIterations(db);
    input.context = loadLogAnalysisContext(db, input.files, input.events, input.templates);
    input.job = job;
    JobInfo &completed = input.job;
    const auto ensureRank = [&](int rank) -> RankInfo & {
        if (rank >= int(completed.ranks.size()))
            completed.ranks.resize(std::size_t(rank) + 1);
        RankInfo &info = completed.ranks[std::size_t(rank)];
        if (info.rank < 0) {
            info.rank = rank;
            info.role = "trainer";
        }
        return info;
    };
    for (const TemplatedLogEvent &event : input.events) {
        if (event.rank < 0)
            continue;
        RankInfo &info = ensureRank(event.rank);
        const StoredLogFile &file = input.files[event.file];
        if (info.node.empty() && file.kind != LogFileKind::Combined && !file.node.empty())
            info.node = file.node;
    }
    completed.worldSize = std::max(completed.worldSize, int(completed.ranks.size()));
    return input;
}

LogLineIndex::LogLineIndex(SqliteDatabase &db) : m_db(db)
{
    m_files = loadLogFiles(db);
    m_events = loadTemplatedLogEvents(db, m_files, LogCopies::Keep);
    for (std::size_t i = 0; i < m_events.size(); ++i) {
        TemplatedLogEvent &event = m_events[i];
        if (event.duplicateOf < 0)
            continue;
        // A damaged or hostile index could point anywhere: only another event of this job that
        // is itself no copy is a primary.
        if (event.duplicateOf >= std::int64_t(m_events.size()) ||
            std::size_t(event.duplicateOf) == i ||
            m_events[std::size_t(event.duplicateOf)].duplicateOf >= 0) {
            event.duplicateOf = -1;
            continue;
        }
        ++m_copyCount;
        auto [it, inserted] =
            m_copiesOf.try_emplace(std::uint32_t(event.duplicateOf), std::uint32_t(i), 0);
        ++it->second.second;
    }
}

std::vector<std::uint32_t> LogLineIndex::select(const LogLineQuery &filter)
{
    std::vector<std::uint32_t> selection;
    for (std::size_t i = 0; i < m_events.size(); ++i) {
        const TemplatedLogEvent &event = m_events[i];
        if (filter.ranks) {
            if (event.rank < 0 ? !filter.launcher : !filter.ranks->contains(event.rank))
                continue;
        }
        if (event.timeNs < filter.fromNs || event.timeNs >= filter.toNs)
            continue;
        if (event.severity < filter.minSeverity)
            continue;
        if (filter.templ != kNoTemplate && event.templ != filter.templ)
            continue;
        if (event.duplicateOf >= 0 && !filter.copies)
            continue;
        selection.push_back(std::uint32_t(i));
    }
    if (!filter.text.empty()) {
        std::erase_if(selection, [&](std::uint32_t event) {
            return !containsIgnoringCase(line(event).text, filter.text);
        });
    }
    if (filter.byTime) {
        std::stable_sort(selection.begin(), selection.end(), [&](std::uint32_t a, std::uint32_t b) {
            return m_events[a].timeNs < m_events[b].timeNs;
        });
    }
    return selection;
}

std::vector<StoredLogLine> LogLineIndex::fetch(const std::vector<std::uint32_t> &selection,
                                               std::size_t offset, std::size_t limit)
{
    std::vector<StoredLogLine> lines;
    for (std::size_t i = offset; i < selection.size() && i - offset < limit; ++i)
        lines.push_back(line(selection[i]));
    return lines;
}

StoredLogLine LogLineIndex::line(std::uint32_t event)
{
    StoredLogLine result;
    result.event = event;
    if (event >= m_events.size())
        return result;
    result.meta = m_events[event];
    const std::size_t file = result.meta.file;
    result.file = m_files[file].path;
    const std::size_t local = std::size_t(std::int64_t(event) - m_files[file].firstEvent);
    const std::vector<LogEvent> &events = block(file, local / kLogBlockEvents);
    const std::size_t within = local % kLogBlockEvents;
    if (within < events.size()) {
        result.text = events[within].text;
        result.lineCount = events[within].lineCount;
    }
    const auto place = [&](std::uint32_t other) {
        const TemplatedLogEvent &meta = m_events[other];
        result.otherFile = m_files[meta.file].path;
        result.otherLine = meta.line;
    };
    if (result.meta.duplicateOf >= 0) {
        place(std::uint32_t(result.meta.duplicateOf));
    } else if (auto copies = m_copiesOf.find(event); copies != m_copiesOf.end()) {
        place(copies->second.first);
        result.copies = copies->second.second;
    }
    return result;
}

const std::vector<LogEvent> &LogLineIndex::block(std::size_t file, std::size_t block)
{
    const auto key = std::make_pair(file, block);
    for (auto it = m_blocks.begin(); it != m_blocks.end(); ++it) {
        if (it->first == key) {
            m_blocks.splice(m_blocks.begin(), m_blocks, it);
            return m_blocks.front().second;
        }
    }
    SqliteStatement select =
        m_db.prepare("SELECT data FROM log_text_blocks WHERE file_id = ? AND block = ?");
    select.bind(1, m_files[file].fileId).bind(2, std::int64_t(block));
    std::vector<LogEvent> events;
    if (select.step()) {
        try {
            events = decodeLogTextBlock(select.columnBlob(0), std::uint32_t(file));
        } catch (const BlobFormatError &error) {
            damaged(m_db, error);
        }
    }
    m_blocks.emplace_front(key, std::move(events));
    if (m_blocks.size() > kCachedBlocks)
        m_blocks.pop_back();
    return m_blocks.front().second;
}

} // namespace rankscope
