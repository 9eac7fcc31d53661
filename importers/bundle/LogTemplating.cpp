#include "importers/bundle/LogTemplating.h"

#include "core/cache/ByteCoding.h"
#include "core/cache/LogBlockCodec.h"
#include "core/cache/LogCacheReader.h"
#include "core/cache/SqliteStatement.h"
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
        std::vector<TemplatedLogEvent> templated;
        templated.reserve(std::size_t(file.events));
        blocks.reset();
        blocks.bind(1, file.fileId);
        while (blocks.step()) {
            std::vector<LogEvent> events;
            try {
                events = decodeLogTextBlock(blocks.columnBlob(0), std::uint32_t(f));
            } catch (const BlobFormatError &error) {
                throw SqliteError("cache database " + db.file().string() + ": stored log text of " +
                                  file.path + " is damaged (" + error.what() +
                                  "); force a re-import to rebuild it");
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
                templated.push_back(out);
            }
        }
        writer.writeEventIndex(file.fileId, firstEvent, templated);
        firstEvent += std::int64_t(templated.size());
        counts.events += std::int64_t(templated.size());
        if (progress && totalEvents > 0)
            progress(double(firstEvent) / double(totalEvents));
    }

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
