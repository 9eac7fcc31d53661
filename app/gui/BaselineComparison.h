#pragma once

#include "BundleSession.h"
#include "core/diff/BundleDiff.h"
#include "core/diff/MetricMatrixDiff.h"
#include "core/diff/WindowTableOverlap.h"

#include <QMetaType>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <optional>

// The heatmap's difference mode for one metric and axis: target minus baseline per rank and
// window, with how the windows were paired.
struct HeatmapDifferenceResult
{
    rankscope::MetricMatrixDifference difference;
    rankscope::TraceMetric metric = rankscope::TraceMetric::StepTime;
    rankscope::WindowAxis axis = rankscope::WindowAxis::Iteration;
    double typicalValue = 0; // the metric's usual size in the baseline (for the colour scale)
};

// A healthy baseline run beside the bundle the window has open (issue 5). It owns a second
// BundleSession for the baseline (imported into its own cache like any bundle), and recomputes
// the diff off the UI thread whenever either side finishes an import or the target's tree
// options change. As in BundleSession, every job carries an id and a cancel flag, and a result
// that arrives after a newer request is dropped.
class BaselineComparison : public QObject
{
    Q_OBJECT
public:
    explicit BaselineComparison(BundleSession *target, QObject *parent = nullptr);
    ~BaselineComparison() override;

    // Imports (or reopens from its cache) the baseline and compares once both sides are ready.
    // A baseline opened here stays when another bundle is opened; without one, the baseline a
    // bundle's job.json names is opened with it (and follows the next bundle's manifest).
    void openBaseline(const QString &path);
    void closeBaseline();
    // The target becomes the baseline and the other way round; both reopen from their caches.
    void swap();

    bool hasBaseline() const { return !m_baselinePath.isEmpty(); }
    QString baselinePath() const { return m_baselinePath; }
    // The baseline is the one the bundle's job.json names (it follows the next bundle's).
    bool isBaselineFromManifest() const { return hasBaseline() && m_fromManifest; }
    BundleSession *baselineSession() const { return m_baseline; }
    std::shared_ptr<const rankscope::BundleDiff> diff() const { return m_diff; }
    bool isComputing() const { return m_computing; }
    // The baseline is imported (its traces, logs and stacks are loaded).
    bool isBaselineReady() const { return hasBaseline() && m_baselineReady; }
    // Both runs have profiler traces and the baseline is ready: the heatmap can show the
    // difference.
    bool canCompareHeatmaps() const;

    // The ranks and windows both runs' level-0 tables of an axis share; nullopt until both
    // have traces (the heatmap's difference mode says why it cannot pair them).
    std::optional<rankscope::WindowTableOverlap> heatmapOverlap(rankscope::WindowAxis axis) const;

    // What the window calls a run: its folder or archive name, also for "last-week/".
    static QString runName(const QString &path);

    // The manifest's "baseline" of the open target, resolved against its bundle (a folder: its
    // root; an archive: the folder holding it). "" when it names none.
    static QString manifestBaselinePath(const BundleSession &target);

    // Background heatmap difference for the heatmap's current metric and axis.
    void requestHeatmapDifference(rankscope::TraceMetric metric, rankscope::WindowAxis axis);

signals:
    void baselineChanged(const QString &path); // "" when closed
    void baselineImportProgress(double fraction, const QString &text);
    void baselineFailed(const QString &message);
    void diffStarted();
    // The diff on hand no longer fits (another bundle, baseline, or none): drop what it shows.
    void diffCleared();
    void diffReady(std::shared_ptr<const rankscope::BundleDiff> diff);
    void diffFailed(const QString &message);
    void heatmapDifferenceReady(std::shared_ptr<const HeatmapDifferenceResult> result);

private:
    void startDiff();

    BundleSession *m_target;
    BundleSession *m_baseline;
    QString m_baselinePath;
    std::shared_ptr<const rankscope::BundleDiff> m_diff;
    bool m_computing = false;
    bool m_targetReady = false;
    bool m_baselineReady = false;
    bool m_fromManifest = false; // opened because the target's job.json named it
    quint64 m_diffJob = 0;
    std::shared_ptr<std::atomic<bool>> m_diffCancel;
    quint64 m_heatmapJob = 0;
};

Q_DECLARE_METATYPE(std::shared_ptr<const rankscope::BundleDiff>)
Q_DECLARE_METATYPE(std::shared_ptr<const HeatmapDifferenceResult>)
