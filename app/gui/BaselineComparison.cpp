#include "BaselineComparison.h"

#include "views/heatmap/HeatmapColorScale.h"

#include <QDir>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

using namespace rankscope;

QString BaselineComparison::runName(const QString &path)
{
    const QString clean = QDir::cleanPath(path);
    const QFileInfo info(clean);
    return info.fileName().isEmpty() ? QDir(clean).dirName() : info.fileName();
}

bool BaselineComparison::canCompareHeatmaps() const
{
    return isBaselineReady() && !m_baseline->traces().empty() && !m_target->traces().empty();
}

std::optional<WindowTableOverlap> BaselineComparison::heatmapOverlap(WindowAxis axis) const
{
    if (!canCompareHeatmaps())
        return std::nullopt;
    const TraceWindowTable *baseline = m_baseline->traces().table(axis);
    const TraceWindowTable *target = m_target->traces().table(axis);
    if (!baseline || !target)
        return std::nullopt;
    return windowTableOverlap(*baseline, *target);
}

BaselineComparison::BaselineComparison(BundleSession *target, QObject *parent)
    : QObject(parent), m_target(target), m_baseline(new BundleSession(this))
{
    qRegisterMetaType<std::shared_ptr<const BundleDiff>>();
    qRegisterMetaType<std::shared_ptr<const HeatmapDifferenceResult>>();

    m_baseline->setComparisonOnly(true);
    connect(m_target, &BundleSession::importStarted, this, [this] {
        m_targetReady = false;
        if (m_diffCancel)
            m_diffCancel->store(true);
        ++m_diffJob;
        ++m_heatmapJob;
        // Its template ids and paths are the previous bundle's.
        if (m_diff) {
            m_diff.reset();
            emit diffCleared();
        }
    });
    // A baseline the user chose (menu, --baseline, swap) stays across bundles; one that a
    // manifest named follows the manifest of the bundle now open.
    connect(m_target, &BundleSession::importFinished, this, [this] {
        if (hasBaseline() && !m_fromManifest)
            return;
        const QString fromManifest = manifestBaselinePath(*m_target);
        if (fromManifest.isEmpty()) {
            if (hasBaseline())
                closeBaseline();
        } else if (fromManifest != m_baselinePath) {
            openBaseline(fromManifest);
            m_fromManifest = true;
        }
    });
    // Every new merged tree of the target (after an import, or new options) is compared anew,
    // with the same options on both sides.
    connect(m_target, &BundleSession::resultsReady, this, [this] {
        m_targetReady = true;
        startDiff();
    });

    connect(m_baseline, &BundleSession::importProgress, this,
            &BaselineComparison::baselineImportProgress);
    connect(m_baseline, &BundleSession::importFinished, this, [this] {
        m_baselineReady = true;
        startDiff();
    });
    connect(m_baseline, &BundleSession::importFailed, this, [this](const QString &message) {
        if (!hasBaseline())
            return; // closed while it was importing
        const QString path = m_baselinePath;
        m_baselinePath.clear();
        emit baselineChanged(QString());
        emit baselineFailed(
            tr("Cannot open the baseline %1: %2").arg(QDir::toNativeSeparators(path), message));
    });
}

BaselineComparison::~BaselineComparison()
{
    if (m_diffCancel)
        m_diffCancel->store(true);
}

QString BaselineComparison::manifestBaselinePath(const BundleSession &target)
{
    const auto data = target.data();
    if (!data || data->job.baseline.empty())
        return {};
    const QString written = QString::fromStdString(data->job.baseline);
    if (QDir::isAbsolutePath(written))
        return QDir::cleanPath(written);
    const QFileInfo bundle(target.bundlePath());
    const QDir root = bundle.isDir() ? QDir(bundle.absoluteFilePath()) : bundle.absoluteDir();
    return QDir::cleanPath(root.absoluteFilePath(written));
}

void BaselineComparison::openBaseline(const QString &path)
{
    if (m_diffCancel)
        m_diffCancel->store(true);
    ++m_diffJob;
    ++m_heatmapJob;
    m_diff.reset();
    emit diffCleared();
    m_baselinePath = path;
    m_baselineReady = false;
    m_fromManifest = false;
    emit baselineChanged(path);
    m_baseline->open(path);
}

void BaselineComparison::closeBaseline()
{
    if (m_diffCancel)
        m_diffCancel->store(true);
    m_baseline->cancelImport();
    ++m_diffJob;
    ++m_heatmapJob;
    m_diff.reset();
    emit diffCleared();
    m_computing = false;
    m_baselinePath.clear();
    m_baselineReady = false;
    m_fromManifest = false;
    emit baselineChanged(QString());
}

void BaselineComparison::swap()
{
    const QString target = m_target->bundlePath();
    const QString baseline = m_baselinePath;
    if (target.isEmpty() || baseline.isEmpty())
        return;
    openBaseline(target);
    m_target->open(baseline);
}

void BaselineComparison::startDiff()
{
    if (!m_targetReady || !m_baselineReady || !hasBaseline())
        return;
    if (m_diffCancel)
        m_diffCancel->store(true);
    const quint64 job = ++m_diffJob;
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    m_diffCancel = cancel;
    m_computing = true;
    emit diffStarted();

    BundleDiffSide baseline;
    baseline.name = runName(m_baselinePath).toStdString();
    baseline.stacks = m_baseline->data();
    baseline.cacheFile = m_baseline->summary().cacheFile;
    BundleDiffSide target;
    target.name = runName(m_target->bundlePath()).toStdString();
    target.stacks = m_target->data();
    target.cacheFile = m_target->summary().cacheFile;
    BundleDiffOptions options;
    options.tree = m_target->treeOptions();

    struct Outcome
    {
        std::shared_ptr<const BundleDiff> diff;
        QString error;
    };
    auto *watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher, job] {
        watcher->deleteLater();
        if (job != m_diffJob)
            return; // a newer import, option or baseline made this one stale
        m_computing = false;
        const Outcome outcome = watcher->future().result();
        if (!outcome.error.isEmpty()) {
            emit diffFailed(outcome.error);
            return;
        }
        m_diff = outcome.diff;
        emit diffReady(m_diff);
    });
    watcher->setFuture(QtConcurrent::run([baseline, target, options, cancel] {
        Outcome outcome;
        try {
            auto diff = std::make_shared<BundleDiff>(
                computeBundleDiff(baseline, target, options, cancel.get()));
            if (!cancel->load())
                outcome.diff = std::move(diff);
        } catch (const std::exception &error) {
            outcome.error = QString::fromStdString(error.what());
        }
        return outcome;
    }));
}

void BaselineComparison::requestHeatmapDifference(TraceMetric metric, WindowAxis axis)
{
    const quint64 job = ++m_heatmapJob;
    if (!canCompareHeatmaps())
        return; // the window asks again once the baseline is ready (diffReady)
    const TraceResults &baselineTraces = m_baseline->traces();
    const TraceResults &targetTraces = m_target->traces();
    // Level 0 of both runs, so windows pair one to one; the heatmap reduces what does not fit.
    auto baselineTable =
        axis == WindowAxis::Iteration ? baselineTraces.iterations : baselineTraces.timeBins;
    auto targetTable =
        axis == WindowAxis::Iteration ? targetTraces.iterations : targetTraces.timeBins;
    if (!baselineTable || !targetTable)
        return;
    using Result = std::shared_ptr<const HeatmapDifferenceResult>;
    auto *watcher = new QFutureWatcher<Result>(this);
    connect(watcher, &QFutureWatcher<Result>::finished, this, [this, watcher, job] {
        watcher->deleteLater();
        if (job != m_heatmapJob)
            return;
        emit heatmapDifferenceReady(watcher->future().result());
    });
    watcher->setFuture(QtConcurrent::run([baselineTable, targetTable, metric, axis]() -> Result {
        auto result = std::make_shared<HeatmapDifferenceResult>();
        result->metric = metric;
        result->axis = axis;
        const MetricMatrix baselineMatrix = metricMatrix(*baselineTable, metric);
        result->difference = differenceMatrix(baselineMatrix, metricMatrix(*targetTable, metric));
        result->typicalValue = HeatmapColorScale::typicalValue(baselineMatrix.values);
        return result;
    }));
}
