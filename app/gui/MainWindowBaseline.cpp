// The main window's side of the baseline comparison (issue 5): opening, swapping and closing a
// baseline, the Diff tab, the demoted log suspects and the heatmap's difference mode. Kept apart
// from MainWindow.cpp, which holds the single-bundle views.
#include "MainWindow.h"

#include "core/diff/LogDiff.h"
#include "views/common/ElidedLabel.h"
#include "views/common/EmptyStateStack.h"
#include "views/common/MessageText.h"
#include "views/diff/DiffView.h"
#include "views/heatmap/HeatmapView.h"
#include "views/heatmap/HeatmapWidget.h"
#include "views/logs/LogsView.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QProgressBar>
#include <QTabWidget>
#include <QToolButton>

using namespace rankscope;

void MainWindow::connectBaseline()
{
    showNoBaseline();
    connect(m_comparison, &BaselineComparison::baselineChanged, this,
            &MainWindow::onBaselineChanged);
    connect(m_comparison, &BaselineComparison::baselineImportProgress, this,
            [this](double fraction, const QString &text) {
                m_status->setText(tr("Importing the baseline: %1").arg(text));
                m_progress->setValue(static_cast<int>(fraction * 1000));
                m_progress->setVisible(fraction < 1.0);
            });
    connect(m_comparison, &BaselineComparison::baselineFailed, this, [this](const QString &text) {
        m_progress->setVisible(false);
        showBanner(text, true);
    });
    connect(m_comparison, &BaselineComparison::diffStarted, this, [this] {
        emptyState(CentralView::Diff)->showContent();
        m_diffView->clear(tr("Comparing with the baseline…"));
        m_status->setText(tr("Comparing with the baseline…"));
    });
    connect(m_comparison, &BaselineComparison::diffReady, this, &MainWindow::onDiffReady);
    connect(m_comparison, &BaselineComparison::diffCleared, this, [this] {
        if (m_comparison->hasBaseline())
            m_diffView->clear(tr("Comparing with the baseline…"));
        else
            showNoBaseline();
        if (currentCentralView() == CentralView::Diff)
            m_export->setEnabled(false);
        applyLogDemotion(); // the bundle's own ranking until the new diff is in
        m_logsView->setBaselineStepSeries({}, QString());
    });
    connect(m_comparison, &BaselineComparison::diffFailed, this, [this](const QString &message) {
        emptyState(CentralView::Diff)->showContent();
        m_diffView->clear(tr("The comparison failed: %1").arg(message));
        showBanner(tr("The comparison with the baseline failed: %1").arg(message), true);
        // The baseline itself is in: the heatmap can still subtract it.
        if (m_heatmap->isDifferenceRequested())
            requestHeatmap();
    });
    connect(m_comparison, &BaselineComparison::heatmapDifferenceReady, this,
            &MainWindow::onHeatmapDifferenceReady);

    connect(m_diffView, &DiffView::heatmapDifferenceRequested, this,
            &MainWindow::showHeatmapDifference);
    connect(m_diffView, &DiffView::rankHighlighted, this, &MainWindow::chooseRank);
    connect(m_diffView, &DiffView::logTemplateRequested, this, [this](qint64 templ) {
        if (m_session->logs().empty() || templ < 0)
            return;
        LogLineFilter filter;
        filter.templ = static_cast<TemplateId>(templ);
        m_logsView->setFilter(filter);
        showCentralView(CentralView::Logs);
    });
    connect(m_heatmap, &HeatmapView::differenceModeChanged, this, [this](bool on) {
        if (on)
            m_comparison->requestHeatmapDifference(m_heatmap->metric(), m_heatmap->axis());
        else
            requestHeatmap();
    });
}

void MainWindow::openBaseline(const QString &path)
{
    m_comparison->openBaseline(path);
}

void MainWindow::openBaselineDialog()
{
    const QString dir = QFileDialog::getExistingDirectory(
        this, tr("Open a Healthy Run to Compare With"), m_recent.value(1, m_recent.value(0)));
    if (!dir.isEmpty())
        openBaseline(dir);
}

void MainWindow::onBaselineChanged(const QString &path)
{
    const bool open = !path.isEmpty();
    const bool difference = m_heatmap->isDifferenceRequested() || m_heatmap->isDifferenceMode();
    m_swapBaseline->setEnabled(open);
    m_closeBaseline->setEnabled(open);
    m_heatmap->setDifferenceAvailable(open && !m_session->traces().empty());
    retranslate(); // the Diff tab names the baseline
    if (!open) {
        showNoBaseline();
        applyLogDemotion(); // back to the bundle's own ranking
        m_logsView->setBaselineStepSeries({}, QString());
        requestOverview(); // without the baseline's findings
        if (difference)
            requestHeatmap(); // the plain matrix again
        return;
    }
    emptyState(CentralView::Diff)->showContent();
    m_diffView->clear(tr("Importing the baseline %1…").arg(QDir::toNativeSeparators(path)));
    if (difference && m_heatmap->isDifferenceRequested())
        m_heatmap->clear(tr("Waiting for the baseline…")); // onDiffReady subtracts the new one
}

void MainWindow::onDiffReady(std::shared_ptr<const BundleDiff> diff)
{
    m_progress->setVisible(false);
    emptyState(CentralView::Diff)->showContent();
    m_diffView->setDiff(diff);
    const bool difference = m_heatmap->isDifferenceRequested() || m_heatmap->isDifferenceMode();
    m_heatmap->setDifferenceAvailable(m_comparison->canCompareHeatmaps());
    for (const WindowAxis axis : {WindowAxis::Iteration, WindowAxis::TimeBin})
        m_heatmap->setDifferenceOverlap(axis, m_comparison->heatmapOverlap(axis));
    if (difference)
        requestHeatmap(); // against this baseline (or the plain matrix when it has no traces)
    applyLogDemotion();
    // The baseline's step time and loss beside the bundle's, in the Logs tab's chart.
    m_logsView->setBaselineStepSeries(
        diff->baselineSeries.empty()
            ? nullptr
            : std::shared_ptr<const JobStepSeries>(diff, &diff->baselineSeries),
        QString::fromStdString(diff->baselineName));
    if (currentCentralView() == CentralView::Diff)
        m_export->setEnabled(true);
    requestOverview(); // the baseline joins the verdict
    const QString first = diff->summary.empty() ? QString()
                                                : messageText(diff->summary.front().message,
                                                              diff->summary.front().text);
    m_status->setClickableText(
        tr("Compared with %1: %2").arg(QString::fromStdString(diff->baselineName), first),
        tr("Click to open the Diff view."));
}

// Templates that the healthy baseline logs as often are demoted in the Logs view's ranking; with
// no baseline the bundle's own analysis is shown.
void MainWindow::applyLogDemotion()
{
    const LogResults &logs = m_session->logs();
    if (logs.empty())
        return;
    const auto diff = m_comparison->diff();
    if (!m_comparison->hasBaseline() || !diff || !diff->hasLogs) {
        m_logsView->setAnalysis(logs.analysis, logs.job);
        return;
    }
    auto demoted = std::make_shared<LogAnalysis>(*logs.analysis);
    demoteBaselineTemplates(*demoted, diff->logs);
    m_logsView->setAnalysis(demoted, logs.job);
}

void MainWindow::showHeatmapDifference(TraceMetric metric)
{
    if (m_session->traces().empty())
        return;
    showCentralView(CentralView::Heatmap);
    m_heatmap->setMetric(metric);
    if (!m_heatmap->isDifferenceRequested())
        m_heatmap->differenceButton()->setChecked(true); // emits differenceModeChanged
    else
        m_comparison->requestHeatmapDifference(metric, m_heatmap->axis());
}

void MainWindow::onHeatmapDifferenceReady(std::shared_ptr<const HeatmapDifferenceResult> result)
{
    if (!m_heatmap->isDifferenceRequested() || result->metric != m_heatmap->metric() ||
        result->axis != m_heatmap->axis())
        return; // the user moved on
    auto job = std::make_shared<const JobInfo>(m_session->traces().job);
    const MetricMatrixDifference &difference = result->difference;
    QString note;
    if (difference.alignment == WindowAlignment::ByPosition && difference.windowShift != 0)
        note = tr("iterations paired by position: iteration N beside the baseline's N − %1")
                   .arg(difference.windowShift);
    else if (difference.alignment == WindowAlignment::ByPosition)
        note = tr("windows paired by position");
    m_heatmap->setDifferenceData(std::shared_ptr<const MetricMatrix>(result, &difference.matrix),
                                 job, note, result->typicalValue);
    if (currentCentralView() == CentralView::Heatmap)
        m_export->setEnabled(true);
}
