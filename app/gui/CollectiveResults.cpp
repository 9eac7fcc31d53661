#include "CollectiveResults.h"

#include "core/cache/CacheSchema.h"
#include "core/cache/CollectiveCacheReader.h"
#include "core/cache/SqliteDatabase.h"
#include "core/collectives/CollectiveAnalysis.h"
#include "core/collectives/CollectiveCallSites.h"

#include <QCoreApplication>
#include <QFutureWatcher>
#include <QPromise>
#include <QtConcurrent/QtConcurrentRun>

using namespace rankscope;

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("CollectiveResults", text);
}

struct Outcome
{
    CollectiveResults results;
    QString error;
    bool damaged = false;
    bool cancelled = false;
};
} // namespace

CollectiveResults CollectiveResults::load(const std::filesystem::path &cacheFile,
                                          const JobInfo &job, const std::atomic<bool> *cancel,
                                          const Progress &progress)
{
    const auto stop = [cancel] { return cancel && cancel->load(); };
    const auto report = [&](double fraction, const QString &phase) {
        if (progress)
            progress(fraction, phase);
    };
    CollectiveResults results;
    report(0.0, tr("Reading the collectives"));
    auto db = openStackCacheReader(cacheFile);
    if (!hasCollectiveData(*db) || stop())
        return results;
    auto data = std::make_shared<CollectiveDataset>(loadCollectiveDataset(*db));
    data->worldSize = std::max(data->worldSize, job.worldSize);
    db.reset();
    if (stop())
        return results;
    report(0.5, tr("Analysing the collectives"));
    auto analysis = std::make_shared<CollectiveReport>(analyseCollectives(*data, job));
    if (stop())
        return results;
    report(0.85, tr("Lining up the sequences"));
    auto view = std::make_shared<CollectiveViewData>();
    view->strips = buildCollectiveStrips(*data, *analysis);
    view->callSites = std::make_shared<StackDataset>(collectiveCallSiteStacks(*data, job));
    view->dataset = std::move(data);
    view->report = std::move(analysis);
    if (stop())
        return results;
    report(1.0, tr("Collectives ready"));
    results.view = std::move(view);
    return results;
}

CollectiveLoader::CollectiveLoader(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const CollectiveViewData>>();
}

CollectiveLoader::~CollectiveLoader()
{
    if (m_cancel)
        m_cancel->store(true); // the job holds its own copies; it only stops early
}

void CollectiveLoader::cancel()
{
    if (!m_running)
        return;
    m_cancel->store(true);
    ++m_job; // whatever it returns now is stale
    m_running = false;
    emit cancelled();
}

void CollectiveLoader::request(const std::filesystem::path &cacheFile, JobInfo bundleJob)
{
    if (m_cancel)
        m_cancel->store(true);
    const quint64 job = ++m_job;
    auto cancelFlag = std::make_shared<std::atomic<bool>>(false);
    m_cancel = cancelFlag;
    m_running = true;
    m_current.reset();

    auto *watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::progressValueChanged, this,
            [this, watcher, job](int value) {
                if (job == m_job)
                    emit progress(value / 1000.0, watcher->progressText());
            });
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher, job] {
        watcher->deleteLater();
        if (job != m_job)
            return; // a newer bundle, or cancelled: stale
        m_running = false;
        const Outcome outcome = watcher->future().result();
        if (outcome.cancelled) {
            emit cancelled();
            return;
        }
        if (!outcome.error.isEmpty()) {
            if (outcome.damaged)
                emit cacheDamaged(outcome.error);
            else
                emit failed(outcome.error);
            return;
        }
        m_current = outcome.results.view;
        emit ready(m_current);
    });
    watcher->setFuture(QtConcurrent::run(
        [cacheFile, bundleJob = std::move(bundleJob), cancelFlag](QPromise<Outcome> &promise) {
            Outcome outcome;
            promise.setProgressRange(0, 1000);
            try {
                outcome.results = CollectiveResults::load(
                    cacheFile, bundleJob, cancelFlag.get(),
                    [&promise](double fraction, const QString &phase) {
                        promise.setProgressValueAndText(int(fraction * 1000), phase);
                    });
            } catch (const CacheDamagedError &error) {
                outcome.error = QString::fromStdString(error.what());
                outcome.damaged = true;
            } catch (const std::exception &error) {
                outcome.error = QString::fromStdString(error.what());
            }
            outcome.cancelled = cancelFlag->load();
            promise.addResult(std::move(outcome));
        }));
}
