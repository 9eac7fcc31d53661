#include "importers/bundle/ImportSummaryCounts.h"

#include "core/cache/SqliteStatement.h"

namespace rankscope {

void countCachedTraces(SqliteDatabase &db, ImportSummary &summary)
{
    SqliteStatement files = db.prepare("SELECT count(*) FROM files WHERE kind = 'trace'");
    if (files.step())
        summary.traceFiles = files.columnInt(0);
    SqliteStatement ranks =
        db.prepare("SELECT count(*), coalesce(sum(events), 0) FROM trace_files WHERE active = 1");
    if (ranks.step()) {
        summary.traceRanks = ranks.columnInt(0);
        summary.traceEvents = ranks.columnInt64(1);
    }
    SqliteStatement sources =
        db.prepare("SELECT rank_source, count(*) FROM trace_files WHERE active = 1 "
                   "GROUP BY rank_source ORDER BY count(*) DESC, rank_source");
    while (sources.step())
        summary.traceRankSources.emplace_back(std::string(sources.columnText(0)),
                                              sources.columnInt(1));
}

void countCachedLogs(SqliteDatabase &db, ImportSummary &summary)
{
    SqliteStatement files = db.prepare("SELECT count(*) FROM files WHERE kind = 'log'");
    if (files.step())
        summary.logFiles = files.columnInt(0);
    SqliteStatement events =
        db.prepare("SELECT coalesce(sum(events), 0), coalesce(sum(duplicates), 0) FROM log_files");
    if (events.step()) {
        summary.logEvents = events.columnInt64(0);
        summary.logDuplicates = events.columnInt64(1);
    }
    SqliteStatement templates = db.prepare("SELECT count(*) FROM log_templates");
    if (templates.step())
        summary.logTemplates = templates.columnInt(0);
}

void countCachedCollectiveDumps(SqliteDatabase &db, ImportSummary &summary)
{
    SqliteStatement files = db.prepare("SELECT count(*) FROM files WHERE kind = 'collective'");
    if (files.step())
        summary.collectiveDumps = files.columnInt(0);
    SqliteStatement entries = db.prepare("SELECT coalesce(sum(entries), 0) FROM collective_dumps");
    if (entries.step())
        summary.collectiveEntries = entries.columnInt64(0);
}

} // namespace rankscope
