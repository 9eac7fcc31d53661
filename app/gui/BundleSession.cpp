#include "BundleSession.h"

#include "core/cache/SqliteDatabase.h"

#include <QFuture>
#include <QPromise>
#include <QtConcurrent/QtConcurrentRun>

#include <chrono>
#include <set>

using namespace rankscope;

struct BundleSession::ImportOutcome
{
    std::shared_ptr<ImportResult> result;
    QStringList threadNames;
    QStringList roles;
    TraceResults traces;
    LogResults logs;
    QString traceError;
    QString error;
};

namespace {
// Collected on the worker: a 16k-rank bundle has ~300k samples, too many to scan on the UI thread.
void collectChoices(const StackDataset &data, QStringList &threadNames, QStringList &roles)
{
    std::set<std::string> threads;
    std::set<std::string> roleSet;
    for (const StackSample &sample : data.samples) {
        if (!sample.threadName.empty())
            threads.insert(sample.threadName);
        roleSet.insert(sample.role);
    }
    for (const std::string &name : threads)
        threadNames << QString::fromStdString(name);
    for (const std::string &name : roleSet)
        roles << QString::fromStdString(name);
}
} // namespace

BundleSession::BundleSession(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<StackResults>("StackResults");
    qRegisterMetaType<std::shared_ptr<const HeatmapResult>>();
    qRegisterMetaType<std::shared_ptr<const RankDetailResult>>();
    qRegisterMetaType<std::shared_ptr<const LogSelection>>();
}

BundleSession::~BundleSession()
{
    // Running jobs hold their own copies of what they need; tell them to stop early.
    if (m_importCancel)
        m_importCancel->store(true);
    if (m_treeCancel)
        m_treeCancel->store(true);
    if (m_detailCancel)
        m_detailCancel->store(true);
    if (m_logCancel)
        m_logCancel->store(true);
}

void BundleSession::open(const QString &bundlePath, bool forceReimport)
{
    cancelImport();
    m_bundlePath = bundlePath;
    const quint64 job = ++m_importJob;
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    m_importCancel = cancel;
    m_importRunning = true;
    emit importStarted(bundlePath);

    ImportOptions options;
    options.bundlePath = bundlePath.toStdString();
    options.forceReimport = forceReimport;

    auto *watcher = new QFutureWatcher<ImportOutcome>(this);
    connect(watcher, &QFutureWatcher<ImportOutcome>::progressValueChanged, this,
            [this, watcher, job](int value) {
                if (job == m_importJob)
                    emit importProgress(value / 1000.0, watcher->progressText());
            });
    connect(watcher, &QFutureWatcher<ImportOutcome>::finished, this, [this, watcher, job] {
        watcher->deleteLater();
        if (job != m_importJob)
            return; // a newer open() replaced this import
        m_importRunning = false;
        const ImportOutcome outcome = watcher->future().result();
        if (!outcome.error.isEmpty()) {
            emit importFailed(outcome.error);
            return;
        }
        if (outcome.result->summary.cancelled) {
            emit importCancelled();
            return;
        }
        m_summary = outcome.result->summary;
        m_threadNames = outcome.threadNames;
        m_roles = outcome.roles;
        m_traces = outcome.traces;
        m_logs = outcome.logs;
        ++m_logJob;
        m_traceError = outcome.traceError;
        ++m_heatmapJob; // results for the previous bundle are stale now
        ++m_detailJob;
        m_data = std::shared_ptr<const StackDataset>(outcome.result, &outcome.result->stacks);
        m_callSites.reset(); // the new bundle's arrive with its collectives
        // The window usually applies its options while handling importFinished, which starts
        // the tree job; start one here only if nobody did, so the tree is not built twice.
        const quint64 treeJobBefore = m_treeJob;
        emit importFinished();
        if (m_treeJob == treeJobBefore && !m_comparisonOnly)
            startTreeJob();
    });
    const bool loadLogs = !m_comparisonOnly;
    watcher->setFuture(QtConcurrent::run([options, cancel,
                                          loadLogs](QPromise<ImportOutcome> &promise) {
        ImportOutcome outcome;
        auto lastReport = std::chrono::steady_clock::now() - std::chrono::seconds(1);
        auto progress = [&](const ImportProgress &p) {
            if (promise.isCanceled())
                cancel->store(true);
            const auto now = std::chrono::steady_clock::now();
            if (now - lastReport < std::chrono::milliseconds(40) && p.fraction < 1.0)
                return; // ~25 updates a second are plenty for a progress bar
            lastReport = now;
            QString text = QString::fromStdString(p.phase);
            if (p.filesTotal > 0)
                text += QStringLiteral(" %1/%2").arg(p.filesDone).arg(p.filesTotal);
            promise.setProgressValueAndText(static_cast<int>(p.fraction * 1000), text);
        };
        auto importAndLoad = [&](const ImportOptions &importOptions) {
            outcome = ImportOutcome();
            promise.setProgressRange(0, 1000);
            outcome.result =
                std::make_shared<ImportResult>(importBundle(importOptions, progress, cancel.get()));
            collectChoices(outcome.result->stacks, outcome.threadNames, outcome.roles);
            if (cancel->load() || outcome.result->summary.cancelled)
                return;
            try {
                outcome.traces = TraceResults::load(outcome.result->summary.cacheFile,
                                                    outcome.result->stacks.job);
            } catch (const CacheDamagedError &) {
                throw;
            } catch (const std::exception &error) {
                // The stacks are still worth showing; the window reports the traces.
                outcome.traceError = QString::fromStdString(error.what());
            }
            try {
                if (loadLogs)
                    outcome.logs = LogResults::load(outcome.result->summary.cacheFile,
                                                    outcome.result->stacks.job);
            } catch (const CacheDamagedError &) {
                throw;
            } catch (const std::exception &error) {
                outcome.traceError +=
                    (outcome.traceError.isEmpty() ? QString() : QStringLiteral("; ")) +
                    QString::fromStdString(error.what());
            }
        };
        try {
            try {
                importAndLoad(options);
            } catch (const CacheDamagedError &) {
                // A stored blob failed its checksum: the bundle is still the truth, so the
                // cache is rebuilt from it once, as the CLI does.
                if (options.forceReimport)
                    throw;
                ImportOptions rebuild = options;
                rebuild.forceReimport = true;
                promise.setProgressValueAndText(
                    0, BundleSession::tr("The cache was damaged; rebuilding it from the bundle"));
                importAndLoad(rebuild);
            }
        } catch (const std::exception &error) {
            outcome.error = QString::fromStdString(error.what());
        }
        promise.addResult(std::move(outcome));
    }));
}

void BundleSession::cancelImport()
{
    if (m_importCancel)
        m_importCancel->store(true);
}

void BundleSession::setTreeOptions(const StackTreeOptions &options)
{
    m_options = options;
    if (m_data)
        startTreeJob();
}

void BundleSession::setCallSiteStacks(std::shared_ptr<const StackDataset> callSites)
{
    m_callSites = std::move(callSites);
    if (m_useCallSites && m_data)
        startTreeJob();
}

void BundleSession::setUseCallSiteStacks(bool use)
{
    if (use == m_useCallSites)
        return;
    m_useCallSites = use; // the caller's setTreeOptions() builds the tree
}

void BundleSession::startTreeJob()
{
    if (m_treeCancel)
        m_treeCancel->store(true); // the previous build is stale now
    const quint64 job = ++m_treeJob;
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    m_treeCancel = cancel;
    emit treeBuilding();

    auto *watcher = new QFutureWatcher<StackResults>(this);
    connect(watcher, &QFutureWatcher<StackResults>::finished, this, [this, watcher, job] {
        watcher->deleteLater();
        if (job != m_treeJob)
            return; // options changed while it ran: a newer tree is on its way
        m_results = watcher->future().result();
        emit resultsReady(m_results);
    });
    const auto data = usesCallSiteStacks() ? m_callSites : m_data;
    watcher->setFuture(QtConcurrent::run([data, options = m_options, cancel] {
        return StackResults::compute(data, options, cancel.get());
    }));
}

void BundleSession::requestHeatmap(TraceMetric metric, WindowAxis axis)
{
    const quint64 job = ++m_heatmapJob;
    if (m_traces.empty())
        return;
    auto *watcher = new QFutureWatcher<std::shared_ptr<const HeatmapResult>>(this);
    connect(watcher, &QFutureWatcher<std::shared_ptr<const HeatmapResult>>::finished, this,
            [this, watcher, job] {
                watcher->deleteLater();
                const auto result = watcher->future().result();
                if (job != m_heatmapJob)
                    return; // another metric or axis was chosen meanwhile
                if (result)
                    emit heatmapReady(result);
                else
                    emit traceJobFailed(tr("cannot read the trace windows from the cache"));
            });
    watcher->setFuture(QtConcurrent::run([traces = m_traces, metric,
                                          axis]() -> std::shared_ptr<const HeatmapResult> {
        try {
            return std::make_shared<HeatmapResult>(HeatmapResult::compute(traces, metric, axis));
        } catch (const std::exception &) {
            return {};
        }
    }));
}

void BundleSession::requestRankDetail(int rank, WindowAxis axis, qint64 window)
{
    if (m_detailCancel)
        m_detailCancel->store(true);
    const quint64 job = ++m_detailJob;
    if (m_traces.empty())
        return;
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    m_detailCancel = cancel;
    auto *watcher = new QFutureWatcher<std::shared_ptr<const RankDetailResult>>(this);
    connect(watcher, &QFutureWatcher<std::shared_ptr<const RankDetailResult>>::finished, this,
            [this, watcher, job] {
                watcher->deleteLater();
                const auto result = watcher->future().result();
                if (job != m_detailJob)
                    return; // the user clicked another cell meanwhile
                if (result)
                    emit rankDetailReady(result);
                else
                    emit traceJobFailed(tr("cannot read the rank's events from the cache"));
            });
    watcher->setFuture(QtConcurrent::run([traces = m_traces, rank, axis, window,
                                          cancel]() -> std::shared_ptr<const RankDetailResult> {
        try {
            return std::make_shared<RankDetailResult>(
                RankDetailResult::load(traces, rank, axis, window, cancel.get()));
        } catch (const std::exception &) {
            return {};
        }
    }));
}

void BundleSession::requestLogLines(const LogLineFilter &filter)
{
    if (m_logCancel)
        m_logCancel->store(true);
    const quint64 job = ++m_logJob;
    if (m_logs.empty())
        return;
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    m_logCancel = cancel;
    auto *watcher = new QFutureWatcher<std::shared_ptr<const LogSelection>>(this);
    connect(watcher, &QFutureWatcher<std::shared_ptr<const LogSelection>>::finished, this,
            [this, watcher, job] {
                watcher->deleteLater();
                const auto result = watcher->future().result();
                if (job != m_logJob || !result)
                    return; // the filter changed meanwhile, or the job was cancelled
                emit logLinesReady(result);
            });
    watcher->setFuture(QtConcurrent::run(
        [store = m_logs.store, filter, cancel]() -> std::shared_ptr<const LogSelection> {
            try {
                auto selection = std::make_shared<LogSelection>();
                selection->filter = filter;
                selection->events = std::make_shared<const std::vector<std::uint32_t>>(
                    store->select(filter, cancel.get()));
                if (cancel->load())
                    return {};
                return selection;
            } catch (const std::exception &) {
                return {};
            }
        }));
}
