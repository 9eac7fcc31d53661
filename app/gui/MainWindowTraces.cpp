// The main window's trace and log views: the heatmap and its requests, a rank's detail in a
// window, the Logs tab and the links between them (a line's time opens its heatmap window, a
// window's logs open in the Logs tab). MainWindow.cpp holds the window, the stacks and the
// bundle; MainWindowBaseline.cpp the comparison with a baseline.
#include "MainWindow.h"

#include "views/annotations/HeatmapNoteCanvas.h"
#include "views/annotations/NoteExport.h"

#include "StragglersPanel.h"
#include "core/stacks/NearestStackSample.h"
#include "views/common/ElidedLabel.h"
#include "views/common/MessageText.h"
#include "views/export/ViewExporter.h"
#include "views/flamegraph/FlameGraphWidget.h"
#include "views/heatmap/HeatmapPainter.h"
#include "views/heatmap/HeatmapView.h"
#include "views/heatmap/HeatmapWidget.h"
#include "views/logs/LogsView.h"
#include "views/traces/RankDetailView.h"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>

using namespace rankscope;

// After an import: the template table and every line; a bundle without stacks or traces but
// with logs opens on them.
void MainWindow::onLogsLoaded()
{
    const LogResults &logs = m_session->logs();
    m_logsOfWindow->setEnabled(false);
    if (logs.empty()) {
        m_logsView->setAnalysis({}, {});
        m_logsView->setLineSource({});
        m_logsView->setStepSeries({}, QString());
        return;
    }
    m_logsView->setStepSeries(logs.steps, QFileInfo(m_session->bundlePath()).fileName());
    m_logsView->setAnalysis(logs.analysis, logs.job);
    m_logsView->setCopyCount(logs.store ? logs.store->copyCount() : 0);
    applyLogDemotion();
    m_session->requestLogLines(m_logsView->filter());
}

void MainWindow::openWindowAtTime(int rank, qint64 localTimeNs)
{
    const TraceResults &traces = m_session->traces();
    const TraceWindowTable *table = traces.table(m_heatmap->axis());
    if (rank < 0 || traces.empty() || !table) {
        m_status->setText(tr("Choose a rank's line to open its heatmap window."));
        return;
    }
    // Log times are the rank's own clock; windows are on the aligned one.
    const TraceRankClock *clock = traces.clockOf(rank);
    const qint64 aligned = localTimeNs - (clock ? clock->offset.offsetNs : 0);
    for (const TraceWindowRow &row : table->rows) {
        if (row.rank == rank && row.startNs <= aligned && aligned < row.endNs) {
            showCentralView(CentralView::Heatmap);
            openRankDetail(rank, table->axis, row.window);
            return;
        }
    }
    m_status->setText(tr("Rank %1 has no heatmap window at that time.").arg(rank));
}

// Windows built from the logs have no trace events to detail: a cell opens the rank's log lines
// of that window (its report interval) instead.
void MainWindow::openLogsOfLogWindow(int rank, WindowAxis axis, qint64 window)
{
    openRankDetail(rank, axis, window);
    const TraceWindowTable *table = m_session->traces().table(axis);
    if (!table || m_session->logs().empty())
        return;
    for (const TraceWindowRow &row : table->rows) {
        if (row.rank != rank || row.window != window)
            continue;
        LogLineFilter filter;
        filter.ranks.insert(rank);
        filter.fromNs = row.startNs;
        filter.toNs = std::max(row.endNs, row.startNs + 1);
        filter.windowLabel = windowLabel(axis, window, row.startNs, row.endNs);
        m_logsView->setFilter(filter);
        showCentralView(CentralView::Logs);
        return;
    }
}

// The selected rank's log lines in the window its detail shows, in the Logs tab.
void MainWindow::showLogsOfSelectedWindow()
{
    const RankDetail &detail = m_rankDetail->detail();
    if (m_session->logs().empty() || detail.rank < 0)
        return;
    // Log lines carry the rank's own clock, like its trace before alignment.
    const qint64 offset = detail.clockOffsetKnown ? detail.clockOffsetNs : 0;
    LogLineFilter filter;
    filter.ranks.insert(detail.rank);
    filter.fromNs = detail.windowStartNs + offset;
    filter.toNs = detail.windowEndNs + offset;
    filter.windowLabel = detail.windowLabel;
    m_logsView->setFilter(filter);
    showCentralView(CentralView::Logs);
}

// After an import: the straggler list, the clock offsets and the first heatmap.
void MainWindow::onTracesLoaded()
{
    const TraceResults &traces = m_session->traces();
    m_stragglers->setTraces(traces);
    m_rankDetail->clear();
    m_heatmapResult.reset();
    if (!m_session->traceError().isEmpty())
        showBanner(tr("The profiler traces could not be read from the cache: %1")
                       .arg(m_session->traceError()),
                   true);
    if (traces.empty()) {
        if (traces.timing.fromLogs && !traces.timing.enough)
            m_heatmap->clear(
                tr("No profiler traces in this bundle, and the logs cannot tell "
                   "stragglers: %1. Put one PyTorch profiler trace per rank into "
                   "traces/ (see the bundle format) to see the heatmap.")
                    .arg(messageText(traces.timing.reasonMessage, traces.timing.reason)));
        else
            m_heatmap->clear(tr("No profiler traces in this bundle. Put one PyTorch profiler "
                                "trace per rank into traces/ (see the bundle format) to see the "
                                "heatmap."));
        return;
    }
    // Open on the cause: who the others waited for at collectives (else the strongest
    // suspect's metric), on the axis the suspect was found.
    m_heatmap->setAvailableMetrics(traces.availableMetrics());
    m_heatmap->setMetric(traces.defaultMetric());
    m_heatmap->setAxis(traces.defaultAxis());
    m_heatmap->heatmap()->scene().setTraceContext(traces.arrivals, traces.clocks);
    m_heatmap->heatmap()->scene().setTraceFormats(traces.traceFormats);
    m_heatmap->clear(tr("Loading the heatmap…"));
    requestHeatmap();
    // The Overview opens first; the Stragglers panel is ready beside the heatmap.
    if (traces.stragglers && !traces.stragglers->suspects.empty()) {
        if (auto *dock = findChild<QDockWidget *>(QStringLiteral("stragglersDock")))
            dock->raise();
    }
}

void MainWindow::requestHeatmap()
{
    if (m_session->traces().empty())
        return;
    if (m_heatmap->isDifferenceRequested() && m_comparison->hasBaseline()) {
        if (m_comparison->canCompareHeatmaps()) {
            m_comparison->requestHeatmapDifference(m_heatmap->metric(), m_heatmap->axis());
            return;
        }
        if (!m_comparison->isBaselineReady()) {
            // onDiffReady asks again once the baseline is in.
            m_heatmap->clear(tr("Waiting for the baseline…"));
            return;
        }
        m_heatmap->setDifferenceAvailable(false); // the baseline has no traces to subtract
    }
    m_session->requestHeatmap(m_heatmap->metric(), m_heatmap->axis());
}

void MainWindow::onHeatmapReady(std::shared_ptr<const HeatmapResult> heatmap)
{
    if (m_heatmap->isDifferenceRequested() && m_comparison->hasBaseline())
        return; // asked for before the switch to the difference
    m_heatmapResult = heatmap;
    auto job = std::make_shared<const JobInfo>(m_session->traces().job);
    m_heatmap->setData(std::shared_ptr<const MetricMatrix>(heatmap, &heatmap->matrix),
                       std::shared_ptr<const SpatialOutliers>(heatmap, &heatmap->outliers), job);
    updateStuckRanks();
    if (!m_flame->highlightedRanks().empty())
        m_heatmap->heatmap()->setSelectedRanks(m_flame->highlightedRanks());
    if (currentCentralView() == CentralView::Heatmap)
        m_export->setEnabled(true);
}

// Ranks whose stacks did not change across samples are marked in the heatmap's row header.
void MainWindow::updateStuckRanks()
{
    std::vector<int> stuck;
    if (const auto &analysis = m_session->results().analysis) {
        for (const RankStackSummary &rank : analysis->ranks) {
            if (rank.progress == RankProgress::Stuck)
                stuck.push_back(rank.rank);
        }
    }
    m_heatmap->setStuckRanks(stuck);
}

void MainWindow::openRankDetail(int rank, WindowAxis axis, qint64 window)
{
    if (rank < 0 || m_session->traces().empty())
        return;
    if (m_session->traces().reportedTimingsOnly) {
        // No trace events to detail: the cell is selected; activating it opens the log lines.
        if (m_heatmap->axis() != axis) {
            m_heatmap->setAxis(axis);
            requestHeatmap();
        }
        m_heatmap->heatmap()->setSelectedCell(rank, window);
        chooseRank(rank);
        return;
    }
    if (m_heatmap->axis() != axis) {
        m_heatmap->setAxis(axis);
        requestHeatmap();
    }
    m_heatmap->heatmap()->setSelectedCell(rank, window);
    chooseRank(rank);
    m_rankDetail->setLoading(true);
    if (auto *dock = findChild<QDockWidget *>(QStringLiteral("rankDetailDock"))) {
        dock->show();
        dock->raise();
    }
    m_session->requestRankDetail(rank, axis, window);
}

QString MainWindow::windowLabel(WindowAxis axis, qint64 window, qint64 startNs, qint64 endNs) const
{
    if (axis == WindowAxis::Iteration)
        return tr("iteration %1").arg(window);
    const qint64 origin = m_session->traces().overview ? m_session->traces().overview->startNs : 0;
    return tr("time %1 s – %2 s")
        .arg(double(startNs - origin) / 1e9, 0, 'f', 2)
        .arg(double(endNs - origin) / 1e9, 0, 'f', 2);
}

void MainWindow::onRankDetailReady(std::shared_ptr<const RankDetailResult> detail)
{
    if (detail->rank < 0) {
        m_rankDetail->clear();
        m_status->setText(tr("That rank has no trace window there."));
        return;
    }
    RankDetail view;
    view.rank = detail->rank;
    view.node = QString::fromStdString(detail->node);
    view.windowLabel = windowLabel(detail->axis, detail->window, detail->startNs, detail->endNs);
    view.axis = windowAxisKey(detail->axis);
    view.window = detail->window;
    view.windowStartNs = detail->startNs;
    view.windowEndNs = detail->endNs;
    view.clockOffsetKnown = true;
    view.clockOffsetNs = detail->offsetNs;
    view.trace = std::shared_ptr<const TraceData>(detail, &detail->trace);
    view.ops = detail->ops;
    if (!detail->eventsLeftOutBy.empty())
        view.eventsNote =
            detail->eventsLeftOutBy == "none"
                ? tr("This merged cache keeps no raw trace events (merged with --keep-events "
                     "none): the window's metrics are whole, its timeline is not. Merge with "
                     "--keep-events all, or open the bundle, to see the events.")
                : tr("This merged cache kept the events of the suspects and a few peers only "
                     "(--keep-events outliers), not of rank %1 in this window: its metrics are "
                     "whole, its timeline is not. Merge with --keep-events all, or open the "
                     "bundle, to see them.")
                      .arg(detail->rank);

    // The rank's stack sample nearest in time: marked on the timeline, its frame selected in
    // the flame graph, so the window's numbers and the rank's code meet.
    const StackResults &stacks = m_session->results();
    QString sampleNote;
    if (stacks.tree && stacks.data) {
        const std::int64_t middle = detail->startNs + (detail->endNs - detail->startNs) / 2;
        const NearestStackSample nearest =
            nearestStackSample(*stacks.data, *stacks.tree, detail->rank, middle);
        if (nearest.sample >= 0) {
            if (nearest.distanceNs >= 0)
                view.highlightNs = nearest.timeNs;
            if (nearest.leafNode >= 0)
                selectFrame(nearest.leafNode);
            sampleNote = nearest.distanceNs >= 0
                             ? tr("; its nearest stack sample (%1 s from the window's middle) is "
                                  "selected in the flame graph")
                                   .arg(double(nearest.distanceNs) / 1e9, 0, 'f', 2)
                             : tr("; its stack sample (no time) is selected in the flame graph");
        }
    }
    if (!m_session->logs().empty()) {
        // Log lines carry the rank's own clock, like its trace before alignment.
        m_logsView->setSelectedWindow(view.windowStartNs + view.clockOffsetNs,
                                      view.windowEndNs + view.clockOffsetNs,
                                      tr("rank %1, %2").arg(view.rank).arg(view.windowLabel));
        m_logsOfWindow->setEnabled(true);
    }
    m_rankDetail->setDetail(std::move(view));
    m_status->setText(
        tr("Rank %1, %2: %n op(s) compared with %3 peer(s)", nullptr, int(detail->ops.size()))
            .arg(detail->rank)
            .arg(windowLabel(detail->axis, detail->window, detail->startNs, detail->endNs))
            .arg(detail->peers) +
        sampleNote);
}

bool MainWindow::exportHeatmap(const QString &file, QString *error)
{
    HeatmapWidget *widget = m_heatmap->heatmap();
    if (!widget->matrix()) {
        if (error)
            *error = tr("the heatmap has no data yet");
        return false;
    }
    ExportCaption caption;
    caption.job = QString::fromStdString(m_session->traces().job.jobId);
    if (caption.job.isEmpty())
        caption.job = QFileInfo(m_session->bundlePath()).fileName();
    caption.view = m_heatmap->isDifferenceMode()
                       ? tr("Heatmap: %1 by %2, this run minus baseline %3")
                             .arg(m_heatmap->metricCombo()->currentText(),
                                  m_heatmap->axisCombo()->currentText(),
                                  BaselineComparison::runName(m_comparison->baselinePath()))
                       : tr("Heatmap: %1 by %2")
                             .arg(m_heatmap->metricCombo()->currentText(),
                                  m_heatmap->axisCombo()->currentText());
    if (const auto &stragglers = m_session->traces().stragglers;
        stragglers && !m_heatmap->isDifferenceMode())
        caption.verdict = messageText(stragglers->summaryMessage, stragglers->summary);
    if (widget->selectedRank() >= 0)
        caption.selection =
            widget->hasSelectedWindow()
                ? tr("rank %1, window %2").arg(widget->selectedRank()).arg(widget->selectedWindow())
                : tr("rank %1").arg(widget->selectedRank());
    // Few ranks or windows: the picture is the line chart the window shows, not the grid.
    if (m_heatmap->isLineChartShown()) {
        const HeatmapLineChart *chart = m_heatmap->lineChart();
        const QSize chartSize = chart->size().isEmpty() ? QSize(1200, 800) : chart->size();
        return ViewExporter::exportView(
            [chart](QPainter &painter, QSize viewSize) { chart->render(painter, viewSize); },
            chartSize, caption, file, error);
    }
    const QSize size = widget->size().isEmpty() ? QSize(1200, 800) : widget->size();
    const ViewExporter::PaintFunction paint = NoteExport::annotate(
        [widget](QPainter &painter, QSize viewSize) {
            HeatmapPainter::paint(painter, widget->scene(), viewSize);
        },
        noteLayer(NoteView::Heatmap),
        [widget](QSize at) { return std::make_unique<HeatmapNoteCanvas>(widget->scene(), at); },
        size, &caption);
    return ViewExporter::exportView(paint, size, caption, file, error);
}
