#pragma once

#include "core/cache/LogCacheReader.h"
#include "core/cache/SqliteDatabase.h"
#include "core/logs/JobStepSeries.h"
#include "core/logs/LogAnalysis.h"
#include "views/logs/LogLineFilter.h"
#include "views/logs/LogLineSource.h"

#include <QMetaType>

#include <atomic>
#include <filesystem>
#include <memory>
#include <mutex>
#include <vector>

// The job's log events as the Logs view reads them from the cache. Two indexes over the same
// events, each with its own database connection: one for filter jobs on the thread pool
// (serialised by a mutex: a text filter decodes every block and takes a while), one for the UI
// thread, which only fetches the page of rows being painted.
class LogLineStore
{
public:
    explicit LogLineStore(const std::filesystem::path &cacheFile);

    // Filters on the calling (worker) thread; the selection is in time order. An invalid
    // regular expression selects nothing. Returns empty when *cancel turns true.
    std::vector<std::uint32_t> select(const rankscope::LogLineFilter &filter,
                                      const std::atomic<bool> *cancel = nullptr);
    // UI thread only.
    std::vector<rankscope::LogLine> fetch(const std::vector<std::uint32_t> &selection,
                                          std::size_t first, std::size_t count);
    std::int64_t timeOf(std::uint32_t event) const; // UI thread only
    // Events that copy another file's line (hidden unless the filter asks for copies).
    std::int64_t copyCount() const { return m_ui->copyCount(); }

private:
    std::mutex m_workerMutex;
    std::unique_ptr<rankscope::SqliteDatabase> m_workerDb;
    std::unique_ptr<rankscope::LogLineIndex> m_worker;
    std::unique_ptr<rankscope::SqliteDatabase> m_uiDb;
    std::unique_ptr<rankscope::LogLineIndex> m_ui;
};

// What the Logs view shows of an imported bundle, loaded once per import off the UI thread.
struct LogResults
{
    std::shared_ptr<const rankscope::LogAnalysis> analysis;
    std::shared_ptr<const rankscope::JobInfo> job; // completed with the ranks the logs name
    std::shared_ptr<LogLineStore> store;
    std::shared_ptr<const rankscope::JobStepSeries> steps; // from the iteration lines

    bool empty() const { return !analysis; }
    // Empty when the cache has no logs. Throws SqliteError when the cache cannot be read.
    static LogResults load(const std::filesystem::path &cacheFile, const rankscope::JobInfo &job);
};

// The filtered rows of one filter, paged from the cache as the line view paints them.
class CachedLogLineSource : public rankscope::LogLineSource
{
public:
    CachedLogLineSource(std::shared_ptr<LogLineStore> store,
                        std::shared_ptr<const std::vector<std::uint32_t>> selection);
    qint64 lineCount() const override;
    rankscope::LogLine line(qint64 row) const override;
    std::vector<rankscope::LogLine> lines(qint64 first, qint64 count) const override;
    qint64 rowAtTime(qint64 timeNs) const override;

private:
    std::shared_ptr<LogLineStore> m_store;
    std::shared_ptr<const std::vector<std::uint32_t>> m_selection;
};

// The answer to one filter: which events match, in time order.
struct LogSelection
{
    rankscope::LogLineFilter filter;
    std::shared_ptr<const std::vector<std::uint32_t>> events;
};
Q_DECLARE_METATYPE(std::shared_ptr<const LogSelection>)
