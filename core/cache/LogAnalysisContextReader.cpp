#include "core/cache/LogAnalysisContextReader.h"

#include "core/cache/ByteCoding.h"
#include "core/cache/LogBlockCodec.h"
#include "core/cache/SqliteStatement.h"
#include "core/logs/BuiltinTemplates.h"

#include <map>
#include <unordered_set>

namespace rankscope {

namespace {

// A report lists one record per failed worker of a node: a job of 1,024 nodes that all fail
// prints about 8,000. More than this is no report.
constexpr std::size_t kMaxFailures = 100000;

std::unordered_set<TemplateId> templatesOf(const std::vector<LogTemplate> &templates, int builtin)
{
    std::unordered_set<TemplateId> ids;
    for (const LogTemplate &templ : templates) {
        if (templ.builtin == builtin)
            ids.insert(templ.id);
    }
    return ids;
}

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

    const BuiltinTemplates &builtins = BuiltinTemplates::instance();
    const std::unordered_set<TemplateId> records =
        templatesOf(templates, builtins.findByName("elastic-failure-record")->id);
    if (records.empty())
        return context;
    const std::unordered_set<TemplateId> rootHeaders =
        templatesOf(templates, builtins.findByName("elastic-root-cause")->id);

    // The record events, by (file, text block), so that each block is decoded once.
    std::map<std::pair<std::uint32_t, std::size_t>, std::vector<std::size_t>> wanted;
    for (std::size_t i = 0; i < events.size(); ++i) {
        const TemplatedLogEvent &event = events[i];
        if (!records.count(event.templ) || event.file >= files.size())
            continue;
        const std::size_t local = std::size_t(std::int64_t(i) - files[event.file].firstEvent);
        wanted[{event.file, local / kLogBlockEvents}].push_back(i);
    }
    SqliteStatement select =
        db.prepare("SELECT data FROM log_text_blocks WHERE file_id = ? AND block = ?");
    for (const auto &[key, indices] : wanted) {
        const StoredLogFile &file = files[key.first];
        select.reset();
        select.bind(1, file.fileId).bind(2, std::int64_t(key.second));
        if (!select.step())
            continue;
        std::vector<LogEvent> block;
        try {
            block = decodeLogTextBlock(select.columnBlob(0), key.first);
        } catch (const BlobFormatError &error) {
            throw SqliteError("cache database " + db.file().string() +
                              ": stored log data is damaged (" + error.what() +
                              "); force a re-import to rebuild it");
        }
        for (const std::size_t index : indices) {
            const std::size_t within =
                std::size_t(std::int64_t(index) - file.firstEvent) % kLogBlockEvents;
            if (within >= block.size() || context.failures.size() >= kMaxFailures)
                continue;
            std::optional<LauncherFailure> failure = parseLauncherFailure(block[within].text);
            if (!failure)
                continue;
            // The report's "Root Cause (first observed failure):" line is an event of its own
            // just before the record, in the same file.
            if (index > 0 && events[index - 1].file == key.first &&
                rootHeaders.count(events[index - 1].templ))
                failure->rootCause = true;
            failure->file = key.first;
            failure->line = events[index].line;
            context.failures.push_back(std::move(*failure));
        }
    }
    return context;
}

} // namespace rankscope
