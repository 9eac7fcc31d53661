#include "core/cache/LogAnalysisContextReader.h"

#include "core/cache/ByteCoding.h"
#include "core/cache/LogBlockCodec.h"
#include "core/cache/SqliteStatement.h"
#include "core/logs/BuiltinTemplates.h"

#include <algorithm>
#include <memory>
#include <unordered_set>

namespace rankscope {

namespace {

// A report lists one record per failed worker of a node: a job of 1,024 nodes that all fail
// prints about 8,000. More than this is no report.
constexpr std::size_t kMaxFailures = 100000;
// The events one report may span (one per line when every line is stamped) and its text.
constexpr std::size_t kMaxReportEvents = 4096;
constexpr std::size_t kMaxReportBytes = 1 << 20;
constexpr std::size_t kMaxReportScan = 65536; // events looked at, interleaved ones included

std::unordered_set<TemplateId> reportStarts(const std::vector<LogTemplate> &templates)
{
    const BuiltinTemplates &builtins = BuiltinTemplates::instance();
    std::unordered_set<int> builtinIds;
    for (const char *name :
         {"elastic-child-failed", "elastic-root-cause", "elastic-failure-record"})
        builtinIds.insert(builtins.findByName(name)->id);
    std::unordered_set<TemplateId> ids;
    for (const LogTemplate &templ : templates) {
        if (builtinIds.count(templ.builtin))
            ids.insert(templ.id);
    }
    return ids;
}

// The text of events, block by block, for one file at a time.
class EventTexts
{
public:
    EventTexts(SqliteDatabase &db, const StoredLogFile &file, std::uint32_t fileIndex)
        : m_db(db), m_file(file), m_fileIndex(fileIndex)
    {
        m_select = std::make_unique<SqliteStatement>(
            db.prepare("SELECT data FROM log_text_blocks WHERE file_id = ? AND block = ?"));
    }

    // The event's text by its index in the file ("" when the cache has none).
    const LogEvent *event(std::size_t local)
    {
        const std::size_t block = local / kLogBlockEvents;
        if (block != m_block) {
            m_block = block;
            m_events.clear();
            m_select->reset();
            m_select->bind(1, m_file.fileId).bind(2, std::int64_t(block));
            if (m_select->step()) {
                try {
                    m_events = decodeLogTextBlock(m_select->columnBlob(0), m_fileIndex);
                } catch (const BlobFormatError &error) {
                    throw CacheDamagedError("cache database " + m_db.file().string() +
                                            ": stored log data is damaged (" + error.what() +
                                            "); force a re-import to rebuild it");
                }
            }
        }
        const std::size_t within = local % kLogBlockEvents;
        return within < m_events.size() ? &m_events[within] : nullptr;
    }

private:
    SqliteDatabase &m_db;
    const StoredLogFile &m_file;
    std::uint32_t m_fileIndex;
    std::unique_ptr<SqliteStatement> m_select;
    std::size_t m_block = std::size_t(-1);
    std::vector<LogEvent> m_events;
};

} // namespace

LogAnalysisContext loadLogAnalysisContext(SqliteDatabase &db,
                                          const std::vector<StoredLogFile> &files,
                                          const std::vector<TemplatedLogEvent> &events,
                                          const std::vector<LogTemplate> &templates)
{
    LogAnalysisContext context;
    context.fileNodes.reserve(files.size());
    for (const StoredLogFile &file : files)
        context.fileNodes.push_back(file.node);

    const std::unordered_set<TemplateId> starts = reportStarts(templates);
    if (starts.empty())
        return context;
    // Each report from its first event on: the events of the same stream (its rank, -1 for the
    // agent) joined, until the parser finds the border after the root cause.
    for (std::size_t f = 0; f < files.size(); ++f) {
        const StoredLogFile &file = files[f];
        const std::size_t first = std::size_t(file.firstEvent);
        const std::size_t end = std::min(events.size(), first + std::size_t(file.events));
        std::unique_ptr<EventTexts> texts;
        for (std::size_t i = first; i < end && context.failures.size() < kMaxFailures; ++i) {
            if (!starts.count(events[i].templ))
                continue;
            if (!texts)
                texts = std::make_unique<EventTexts>(db, file, std::uint32_t(f));
            const int stream = events[i].rank;
            std::string text;
            std::vector<std::pair<std::size_t, std::size_t>> lineOfEvent; // (first line, event)
            std::size_t lines = 0;
            // Other ranks' lines may interleave; a bounded look-ahead either way.
            const std::size_t stop = std::min(end, i + kMaxReportScan);
            for (std::size_t k = i;
                 k < stop && lineOfEvent.size() < kMaxReportEvents && text.size() < kMaxReportBytes;
                 ++k) {
                if (events[k].rank != stream)
                    continue;
                const LogEvent *event = texts->event(k - first);
                if (!event)
                    break;
                lineOfEvent.emplace_back(lines, k);
                text += event->text;
                text += '\n';
                lines += std::size_t(std::count(event->text.begin(), event->text.end(), '\n')) + 1;
            }
            LauncherReport report = parseLauncherReport(text);
            if (report.failures.empty())
                continue;
            // Records carry the line of the event they start in.
            std::size_t last = i;
            for (const auto &[line, event] : lineOfEvent) {
                if (line < report.endLine)
                    last = event;
            }
            for (LauncherFailure &failure : report.failures) {
                failure.file = std::uint32_t(f);
                failure.line = events[i].line;
                context.failures.push_back(std::move(failure));
            }
            i = last; // the report's events are read
        }
    }
    return context;
}

} // namespace rankscope
