#include "importers/bundle/LogTemplating.h"

#include "core/cache/ByteCoding.h"
#include "core/cache/LogBlockCodec.h"
#include "core/cache/LogCacheReader.h"
#include "core/cache/SqliteStatement.h"
#include "core/logs/LogDuplicates.h"
#include "core/logs/TemplateMiner.h"
#include "core/logs/TemplateSeverity.h"

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

namespace rankscope {

namespace {

// (position, iteration) pairs of one rank, sorted by position (a line or a time).
using IterationMarks = std::vector<std::pair<std::int64_t, std::int64_t>>;

struct IterationLookup
{
    std::map<int, IterationMarks> byTime;                              // rank -> marks
    std::map<std::pair<std::int64_t, int>, IterationMarks> byFileLine; // (file id, rank)

    // The iteration of the last mark at or before `position`, -1 when none.
    static std::int64_t lastAtOrBefore(const IterationMarks &marks, std::int64_t position)
    {
        auto it = std::upper_bound(
            marks.begin(), marks.end(), position,
            [](std::int64_t value, const auto &mark) { return value < mark.first; });
        return it == marks.begin() ? -1 : std::prev(it)->second;
    }

    std::int64_t iterationOf(std::int64_t fileId, const LogEvent &event) const
    {
        if (event.rank < 0)
            return -1;
        if (auto inFile = byFileLine.find({fileId, event.rank}); inFile != byFileLine.end())
            return lastAtOrBefore(inFile->second, event.line);
        if (event.timeNs <= 0)
            return -1;
        if (auto inTime = byTime.find(event.rank); inTime != byTime.end())
            return lastAtOrBefore(inTime->second, event.timeNs);
        return -1;
    }
};

IterationLookup loadIterationLookup(SqliteDatabase &db)
{
    IterationLookup lookup;
    SqliteStatement select =
        db.prepare("SELECT file_id, rank, iteration, time_ns, line FROM log_iterations");
    while (select.step()) {
        const std::int64_t fileId = select.columnInt64(0);
        const int rank = select.columnInt(1);
        const std::int64_t iteration = select.columnInt64(2);
        const std::int64_t timeNs = select.columnInt64(3);
        if (rank < 0)
            continue;
        lookup.byFileLine[{fileId, rank}].emplace_back(select.columnInt64(4), iteration);
        if (timeNs > 0)
            lookup.byTime[rank].emplace_back(timeNs, iteration);
    }
    for (auto &[rank, marks] : lookup.byTime)
        std::sort(marks.begin(), marks.end());
    for (auto &[key, marks] : lookup.byFileLine)
        std::sort(marks.begin(), marks.end());
    return lookup;
}

// What the duplicate matching needs of each event, collected during the one pass over the
// stored text (only when the job has files of two kinds, else nothing can be a copy).
struct CopyCollector
{
    bool active = false;
    std::vector<LogFileKind> kinds; // per file index
    std::vector<LogCopyCandidate> events;
    std::vector<TemplateId> templates; // per event, to take copies out of the template counts
    std::int64_t previousTimeNs = 0;   // of the file's previous event (times are inherited)
    bool fileStart = true;

    void startFile() { fileStart = true; }
    void add(std::uint32_t file, const LogEvent &event, TemplateId templ)
    {
        if (!active)
            return;
        LogCopyCandidate candidate;
        candidate.rank = event.rank;
        candidate.file = file;
        candidate.timeNs = event.timeNs;
        candidate.textHash = logCopyTextHash(event.text);
        // A line without a timestamp of its own has its file's previous time: one equal to the
        // previous event's may be inherited, so it is not relied on.
        candidate.ownTime = event.timeNs != 0 && (fileStart || event.timeNs != previousTimeNs);
        previousTimeNs = event.timeNs;
        fileStart = false;
        events.push_back(candidate);
        templates.push_back(templ);
    }
};

// Rewrites the event index of every file that holds copies, with each copy's primary, and
// takes the copies out of the template counts. Returns the number of copies.
std::int64_t markCopies(SqliteDatabase &db, LogCacheWriter &writer,
                        const std::vector<StoredLogFile> &files,
                        const std::vector<std::int64_t> &firstEvents, const CopyCollector &copies,
                        std::vector<std::int64_t> &templateCounts)
{
    if (!copies.active)
        return 0;
    const std::vector<std::int64_t> duplicateOf =
        findDuplicateLogEvents(copies.events, copies.kinds);
    std::vector<std::int64_t> perFile(files.size(), 0);
    std::int64_t total = 0;
    for (std::size_t i = 0; i < duplicateOf.size(); ++i) {
        if (duplicateOf[i] < 0)
            continue;
        ++perFile[copies.events[i].file];
        --templateCounts[copies.templates[i]];
        ++total;
    }
    SqliteStatement select = db.prepare("SELECT data FROM log_event_index WHERE file_id = ?");
    for (std::size_t f = 0; f < files.size(); ++f) {
        if (perFile[f] == 0)
            continue;
        select.reset();
        select.bind(1, files[f].fileId);
        std::vector<TemplatedLogEvent> events;
        if (select.step())
            appendLogEventIndex(select.columnBlob(0), std::uint32_t(f), events);
        for (std::size_t e = 0; e < events.size(); ++e) {
            const std::size_t job = std::size_t(firstEvents[f]) + e;
            events[e].duplicateOf = job < duplicateOf.size() ? duplicateOf[job] : -1;
        }
        writer.writeEventIndex(files[f].fileId, firstEvents[f], events);
    }
    return total;
}

} // namespace

LogTemplatingCounts retemplateStoredLogs(SqliteDatabase &db, LogCacheWriter &writer,
                                         const std::function<void(double)> &progress,
                                         const std::atomic<bool> *cancel)
{
    LogTemplatingCounts counts;
    const std::vector<StoredLogFile> files = loadLogFiles(db);
    const IterationLookup iterations = loadIterationLookup(db);
    std::int64_t totalEvents = 0;
    for (const StoredLogFile &file : files)
        totalEvents += file.events;

    CopyCollector copies;
    for (const StoredLogFile &file : files)
        copies.kinds.push_back(file.kind);
    copies.active = logFilesMayHoldCopies(copies.kinds);
    if (copies.active) {
        // Exactly as many as the files hold: a vector grown by doubling would keep up to twice
        // the memory of a multi-million-event job.
        copies.events.reserve(std::size_t(std::max<std::int64_t>(totalEvents, 0)));
        copies.templates.reserve(std::size_t(std::max<std::int64_t>(totalEvents, 0)));
    }
    std::vector<std::int64_t> firstEvents;

    TemplateMiner miner;
    std::vector<std::int64_t> templateCounts;
    std::vector<TemplateSeverityCounts> templateSeverity;
    SqliteStatement blocks =
        db.prepare("SELECT data FROM log_text_blocks WHERE file_id = ? ORDER BY block");
    std::int64_t firstEvent = 0;
    for (std::size_t f = 0; f < files.size(); ++f) {
        if (cancel && cancel->load()) {
            counts.cancelled = true;
            return counts;
        }
        const StoredLogFile &file = files[f];
        firstEvents.push_back(firstEvent);
        copies.startFile();
        // Encoded as the events come: a file's events are never all held.
        LogEventIndexEncoder templated(std::size_t(std::max<std::int64_t>(file.events, 0)));
        std::int64_t fileEvents = 0;
        const auto damaged = [&](const BlobFormatError &error) {
            return CacheDamagedError("cache database " + db.file().string() +
                                     ": stored log text of " + file.path + " is damaged (" +
                                     error.what() + "); force a re-import to rebuild it");
        };
        blocks.reset();
        blocks.bind(1, file.fileId);
        while (blocks.step()) {
            std::vector<LogEvent> events;
            try {
                events = decodeLogTextBlock(blocks.columnBlob(0), std::uint32_t(f));
            } catch (const BlobFormatError &error) {
                throw damaged(error);
            }
            for (const LogEvent &event : events) {
                const TemplateId id = miner.add(event.text);
                if (id >= templateCounts.size()) {
                    templateCounts.resize(std::size_t(id) + 1, 0);
                    templateSeverity.resize(std::size_t(id) + 1);
                }
                TemplatedLogEvent out;
                out.rank = event.rank;
                out.timeNs = event.timeNs;
                out.iteration = iterations.iterationOf(file.fileId, event);
                out.templ = id;
                out.severity = std::max(event.severity, miner.templ(id).severity);
                out.file = std::uint32_t(f);
                out.line = event.line;
                ++templateCounts[id];
                templateSeverity[id].add(out.severity);
                templated.add(out);
                ++fileEvents;
                copies.add(std::uint32_t(f), event, id);
            }
        }
        try {
            writer.writeEventIndex(file.fileId, firstEvent, templated.finish(), 0);
        } catch (const BlobFormatError &error) {
            throw damaged(error); // its blocks hold another number of events than it says
        }
        firstEvent += fileEvents;
        counts.events += fileEvents;
        if (progress && totalEvents > 0)
            progress(double(firstEvent) / double(totalEvents));
    }

    // Copies are found once every event is known (a primary may come after its copy: the
    // launcher's output sorts before the rank's own log), then left out of the counts.
    counts.duplicates = markCopies(db, writer, files, firstEvents, copies, templateCounts);

    // Only templates that some event uses: built-in rules that matched nothing are left out.
    std::vector<LogTemplate> templates;
    std::vector<std::int64_t> used;
    for (std::size_t id = 0; id < templateCounts.size(); ++id) {
        if (templateCounts[id] == 0)
            continue;
        LogTemplate templ = miner.templ(TemplateId(id));
        templ.id = TemplateId(id);
        if (templ.builtin < 0) // a built-in knows its severity; a mined one has its lines'
            templ.severity = minedTemplateSeverity(templateSeverity[id]);
        templates.push_back(std::move(templ));
        used.push_back(templateCounts[id]);
    }
    writer.replaceTemplates(templates, used);
    counts.templates = std::int64_t(templates.size());
    return counts;
}

} // namespace rankscope
