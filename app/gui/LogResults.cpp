#include "LogResults.h"

#include "core/cache/CacheSchema.h"

#include <QRegularExpression>

#include <algorithm>
#include <limits>

using namespace rankscope;

namespace {

// The view's filter as the cache's query. A regular expression cannot be asked of the cache:
// it is applied afterwards to the rows the rest of the filter selected.
LogLineQuery queryOf(const LogLineFilter &filter)
{
    LogLineQuery query;
    if (!filter.ranks.empty()) {
        query.ranks = filter.ranks;
        query.launcher = false;
    }
    query.fromNs = filter.fromNs == LogLineFilter::kOpen ? std::numeric_limits<std::int64_t>::min()
                                                         : filter.fromNs;
    query.toNs = filter.toNs == LogLineFilter::kOpen ? std::numeric_limits<std::int64_t>::max()
                                                     : filter.toNs;
    query.minSeverity = filter.minSeverity;
    query.templ = filter.templ;
    if (!filter.regex)
        query.text = filter.text.toStdString();
    query.byTime = true;
    query.copies = filter.copies;
    return query;
}

LogLine viewLine(const StoredLogLine &stored)
{
    LogLine line;
    line.rank = stored.meta.rank;
    line.timeNs = stored.meta.timeNs;
    line.severity = stored.meta.severity;
    line.templateId = stored.meta.templ;
    line.fileLabel = QString::fromStdString(stored.file);
    line.lineNumber = stored.meta.line;
    line.text = QString::fromStdString(stored.text);
    line.duplicate = stored.meta.duplicateOf >= 0;
    line.copies = stored.copies;
    line.otherFile = QString::fromStdString(stored.otherFile);
    line.otherLine = stored.otherLine;
    return line;
}

} // namespace

LogLineStore::LogLineStore(const std::filesystem::path &cacheFile)
    : m_workerDb(openStackCacheReader(cacheFile)),
      m_worker(std::make_unique<LogLineIndex>(*m_workerDb)),
      m_uiDb(openStackCacheReader(cacheFile)), m_ui(std::make_unique<LogLineIndex>(*m_uiDb))
{}

std::vector<std::uint32_t> LogLineStore::select(const LogLineFilter &filter,
                                                const std::atomic<bool> *cancel)
{
    std::lock_guard lock(m_workerMutex);
    std::vector<std::uint32_t> selection = m_worker->select(queryOf(filter));
    if (filter.regex && !filter.text.isEmpty()) {
        const QRegularExpression regex(filter.text, QRegularExpression::CaseInsensitiveOption);
        if (!regex.isValid())
            return {};
        std::vector<std::uint32_t> matching;
        for (const std::uint32_t event : selection) {
            if (cancel && cancel->load())
                return {};
            if (regex.match(QString::fromStdString(m_worker->line(event).text)).hasMatch())
                matching.push_back(event);
        }
        selection.swap(matching);
    }
    return selection;
}

std::vector<LogLine> LogLineStore::fetch(const std::vector<std::uint32_t> &selection,
                                         std::size_t first, std::size_t count)
{
    std::vector<LogLine> lines;
    for (const StoredLogLine &stored : m_ui->fetch(selection, first, count))
        lines.push_back(viewLine(stored));
    return lines;
}

std::int64_t LogLineStore::timeOf(std::uint32_t event) const
{
    return event < m_ui->events().size() ? m_ui->events()[event].timeNs : 0;
}

LogResults LogResults::load(const std::filesystem::path &cacheFile, const JobInfo &job)
{
    LogResults results;
    auto db = openStackCacheReader(cacheFile);
    if (!hasLogData(*db))
        return results;
    LogAnalysisInput input = loadLogAnalysisInput(*db, job);
    results.analysis = std::make_shared<LogAnalysis>(
        analyzeLogs(input.events, input.templates, input.iterations, input.job, input.context));
    results.steps = std::make_shared<JobStepSeries>(jobStepSeries(input.iterations));
    results.job = std::make_shared<JobInfo>(std::move(input.job));
    results.store = std::make_shared<LogLineStore>(cacheFile);
    return results;
}

CachedLogLineSource::CachedLogLineSource(
    std::shared_ptr<LogLineStore> store,
    std::shared_ptr<const std::vector<std::uint32_t>> selection)
    : m_store(std::move(store)), m_selection(std::move(selection))
{}

qint64 CachedLogLineSource::lineCount() const
{
    return m_selection ? qint64(m_selection->size()) : 0;
}

LogLine CachedLogLineSource::line(qint64 row) const
{
    const std::vector<LogLine> one = lines(row, 1);
    return one.empty() ? LogLine() : one.front();
}

std::vector<LogLine> CachedLogLineSource::lines(qint64 first, qint64 count) const
{
    if (!m_selection || first < 0 || count <= 0)
        return {};
    return m_store->fetch(*m_selection, std::size_t(first), std::size_t(count));
}

qint64 CachedLogLineSource::rowAtTime(qint64 timeNs) const
{
    if (!m_selection)
        return -1;
    // The selection is in time order (LogLineStore::select asks for it).
    const auto at = std::lower_bound(
        m_selection->begin(), m_selection->end(), timeNs,
        [this](std::uint32_t event, qint64 time) { return m_store->timeOf(event) < time; });
    return qint64(at - m_selection->begin());
}
