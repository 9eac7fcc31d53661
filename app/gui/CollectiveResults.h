#pragma once

#include "core/model/JobInfo.h"
#include "views/collectives/CollectiveStrip.h"

#include <QMetaType>
#include <QObject>
#include <QString>

#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>

// The collective-progress layer as the Collectives tab shows it: every record read from the
// cache (loadCollectiveDataset), the analysis (analyseCollectives) and the strips laid out, all
// on a worker thread.
struct CollectiveResults
{
    // Null when the cache has no collective record (or the load was cancelled).
    std::shared_ptr<const rankscope::CollectiveViewData> view;

    bool empty() const { return !view; }

    using Progress = std::function<void(double fraction, const QString &phase)>;
    // Runs on the calling (worker) thread. Checks *cancel between the phases (read, analyse, lay
    // out) and returns empty once it turns true. Throws SqliteError when the cache cannot be
    // read.
    // `job` is the bundle's (world size, nodes): the analysis counts the ranks that never dumped
    // against it and names a node whose ranks are all suspects, as rankscope-cli does.
    static CollectiveResults load(const std::filesystem::path &cacheFile,
                                  const rankscope::JobInfo &job = {},
                                  const std::atomic<bool> *cancel = nullptr,
                                  const Progress &progress = {});
};

// Loads CollectiveResults on the thread pool for the window. Each request carries a job id and a
// cancel flag: a newer request or cancel() makes the running one stale, and its result is
// dropped, so the tab never shows another bundle's collectives and the UI never waits.
class CollectiveLoader : public QObject
{
    Q_OBJECT

public:
    explicit CollectiveLoader(QObject *parent = nullptr);
    ~CollectiveLoader() override;

    void request(const std::filesystem::path &cacheFile, rankscope::JobInfo job = {});
    void cancel();
    bool isRunning() const { return m_running; }
    // The last result delivered by ready() (null before, or when the bundle has none).
    std::shared_ptr<const rankscope::CollectiveViewData> current() const { return m_current; }

signals:
    void progress(double fraction, const QString &phase);
    // The bundle's collectives; null when it has no collective record.
    void ready(std::shared_ptr<const rankscope::CollectiveViewData> view);
    void failed(const QString &message);
    // A stored blob failed its checksum or layout: the cache, not the bundle, is damaged.
    void cacheDamaged(const QString &message);
    void cancelled();

private:
    quint64 m_job = 0;
    bool m_running = false;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::shared_ptr<const rankscope::CollectiveViewData> m_current;
};

Q_DECLARE_METATYPE(std::shared_ptr<const rankscope::CollectiveViewData>)
