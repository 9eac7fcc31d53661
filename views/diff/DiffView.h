#pragma once

#include "core/diff/BundleDiff.h"
#include "core/traces/TraceMetric.h"

#include <QString>
#include <QStringList>
#include <QWidget>

#include <memory>

class QCheckBox;
class QLabel;
class QStackedWidget;
class QTabWidget;

namespace rankscope {

class DiffSummaryPanel;
class LogTemplateDiffTable;
class OpDiffTable;
class StackComparisonView;
class StepSeriesChart;
class StepTimeDistributionWidget;

// The Diff view (issue 5): a target run beside its healthy baseline. On top the "what changed"
// summary in plain words, each line a link to its evidence; below, one page per section:
// Stacks (StackComparisonView), Logs (templates new, gone and changed in frequency per rank per
// iteration), Ops (per-op timing per iteration, median over ranks with spread, and the
// step-time distributions) and Step time (both runs' step time and loss per iteration from
// their iteration lines, StepSeriesChart). The heatmap's difference mode lives in the Heatmap view;
// a summary line about step time asks the owner to open it (heatmapDifferenceRequested).
//
// The diff is computed elsewhere (off the UI thread) and handed over ready.
class DiffView : public QWidget
{
    Q_OBJECT

public:
    enum class Page
    {
        Stacks,
        Logs,
        Ops,
        Steps, // the job-level step time and loss of both runs, from their iteration lines
    };

    explicit DiffView(QWidget *parent = nullptr);

    // Shows a diff and opens the page of its summary's first line.
    void setDiff(std::shared_ptr<const BundleDiff> diff);
    std::shared_ptr<const BundleDiff> diff() const;
    // "Comparing with baseline…", "No baseline: File > Compare with Baseline…", an error.
    void clear(const QString &message = QString());

    void showPage(Page page);
    Page currentPage() const;
    // Opens what a summary line points at (switches page, selects the row or path).
    void showEvidence(const DiffEvidence &evidence);

    // The summary and the current page as one picture, for File > Export (PNG or SVG by the
    // suffix), with a caption naming both runs. False with *error set when it cannot write.
    // `notes`: the caption lines of the notes the picture shows (drawn by the pages' overlays).
    bool exportImage(const QString &file, QString *error, const QStringList &notes = {}) const;

    DiffSummaryPanel *summaryPanel() const;
    StackComparisonView *stacks() const;
    LogTemplateDiffTable *logTable() const;
    OpDiffTable *opTable() const;
    StepSeriesChart *stepChart() const { return m_stepChart; }
    QTabWidget *pages() const;

signals:
    // A summary line or an op row asks for the heatmap in difference mode with this metric.
    void heatmapDifferenceRequested(rankscope::TraceMetric metric);
    // A log template row asks for its lines in the target's Logs view (target template id).
    void logTemplateRequested(qint64 targetTemplate);
    void rankHighlighted(int rank);

private:
    QWidget *buildLogsPage();
    QWidget *buildOpsPage();
    void showStacks(const BundleDiff &diff);
    void showLogs(const BundleDiff &diff);
    void showOps(const BundleDiff &diff);
    void showSteps(const BundleDiff &diff);
    void updateLogStatus();
    void onSummaryEvidence(const DiffEvidence &evidence);

    std::shared_ptr<const BundleDiff> m_diff;
    DiffSummaryPanel *m_summary = nullptr;
    QTabWidget *m_pages = nullptr;
    StackComparisonView *m_stacks = nullptr;
    // Logs page: the table, or a sentence when there is nothing to compare.
    QStackedWidget *m_logStack = nullptr;
    LogTemplateDiffTable *m_logTable = nullptr;
    QCheckBox *m_significantOnly = nullptr;
    QLabel *m_logStatus = nullptr;
    QLabel *m_logMessage = nullptr;
    // Ops page: step-time strip and table, or a sentence.
    QStackedWidget *m_opStack = nullptr;
    StepTimeDistributionWidget *m_steps = nullptr;
    OpDiffTable *m_opTable = nullptr;
    QLabel *m_opStatus = nullptr;
    QLabel *m_opMessage = nullptr;
    StepSeriesChart *m_stepChart = nullptr;
};

} // namespace rankscope
