#pragma once

#include "LogResults.h"
#include "StackResults.h"
#include "TraceResults.h"
#include "importers/bundle/BundleImport.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <memory>

// The bundle the window has open, and the background work on it. Imports and tree builds run on
// the thread pool; each carries a job id and a cancel flag, and a result that arrives after a
// newer request is dropped, so the UI never freezes and never shows a stale tree.
class BundleSession : public QObject
{
    Q_OBJECT
public:
    explicit BundleSession(QObject *parent = nullptr);
    ~BundleSession() override;

    void open(const QString &bundlePath, bool forceReimport = false);
    void cancelImport();
    bool isImporting() const { return m_importRunning; }
    void setTreeOptions(const rankscope::StackTreeOptions &options);
    // The "collective call site" stack source (collectiveCallSiteStacks): the frames each rank's
    // Flight Recorder dump recorded for the collective it blocks in, one sample per rank. Set
    // when the collectives are loaded; a new import clears it.
    void setCallSiteStacks(std::shared_ptr<const rankscope::StackDataset> callSites);
    bool hasCallSiteStacks() const { return m_callSites && !m_callSites->samples.empty(); }
    // Which source the merged tree is built from: the stack dumps, or the call sites. Takes
    // effect with the next setTreeOptions().
    void setUseCallSiteStacks(bool use);
    bool usesCallSiteStacks() const { return m_useCallSites && hasCallSiteStacks(); }
    // For a session that is only compared with (the baseline): an import starts no tree job
    // (the diff builds both trees with the target's options) and loads no log view data (the
    // diff reads the logs from the cache); traces are still loaded, for the heatmap difference.
    void setComparisonOnly(bool only) { m_comparisonOnly = only; }
    const rankscope::StackTreeOptions &treeOptions() const { return m_options; }

    QString bundlePath() const { return m_bundlePath; }
    const rankscope::ImportSummary &summary() const { return m_summary; }
    std::shared_ptr<const rankscope::StackDataset> data() const { return m_data; }
    // Thread names and process types seen in the bundle's samples, sorted (for the choosers).
    const QStringList &threadNames() const { return m_threadNames; }
    const QStringList &roles() const { return m_roles; }
    const StackResults &results() const { return m_results; }
    // The bundle's profiler traces (empty() when it has none), loaded with the import.
    const TraceResults &traces() const { return m_traces; }
    // The bundle's logs (empty() when it has none), loaded with the import.
    const LogResults &logs() const { return m_logs; }
    // Why the traces could not be read from the cache, "" when they could (or there are none).
    const QString &traceError() const { return m_traceError; }

    // Background requests of the trace views; each newer request of a kind makes the older
    // stale, and a stale result is dropped.
    void requestHeatmap(rankscope::TraceMetric metric, rankscope::WindowAxis axis);
    void requestRankDetail(int rank, rankscope::WindowAxis axis, qint64 window);
    void requestLogLines(const rankscope::LogLineFilter &filter);

signals:
    void importStarted(const QString &bundlePath);
    void importProgress(double fraction, const QString &text);
    void importFinished(); // data() and summary() are the new bundle's
    void importCancelled();
    void importFailed(const QString &message);
    void treeBuilding();
    void resultsReady(const StackResults &results);
    void heatmapReady(std::shared_ptr<const HeatmapResult> heatmap);
    void rankDetailReady(std::shared_ptr<const RankDetailResult> detail);
    void traceJobFailed(const QString &message);
    void logLinesReady(std::shared_ptr<const LogSelection> selection);

private:
    struct ImportOutcome;
    struct TreeJob;
    void startTreeJob();

    QString m_bundlePath;
    rankscope::StackTreeOptions m_options;
    bool m_comparisonOnly = false;
    rankscope::ImportSummary m_summary;
    std::shared_ptr<const rankscope::StackDataset> m_data;
    std::shared_ptr<const rankscope::StackDataset> m_callSites;
    bool m_useCallSites = false;
    QStringList m_threadNames;
    QStringList m_roles;
    StackResults m_results;
    TraceResults m_traces;
    LogResults m_logs;
    QString m_traceError;

    bool m_importRunning = false;
    quint64 m_importJob = 0;
    std::shared_ptr<std::atomic<bool>> m_importCancel;
    quint64 m_treeJob = 0;
    std::shared_ptr<std::atomic<bool>> m_treeCancel;
    quint64 m_heatmapJob = 0;
    quint64 m_detailJob = 0;
    std::shared_ptr<std::atomic<bool>> m_detailCancel;
    quint64 m_logJob = 0;
    std::shared_ptr<std::atomic<bool>> m_logCancel;
};
