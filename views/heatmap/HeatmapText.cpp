#include "views/heatmap/HeatmapText.h"

#include "views/common/DurationText.h"
#include "views/heatmap/HeatmapScene.h"

#include <cmath>

namespace rankscope {

QString HeatmapText::metricTitle(TraceMetric metric)
{
    switch (metric) {
    case TraceMetric::StepTime:
        return tr("Step time");
    case TraceMetric::ComputeTime:
        return tr("Compute (kernel busy)");
    case TraceMetric::CommunicationTime:
        return tr("Communication");
    case TraceMetric::ExposedCommunication:
        return tr("Exposed communication");
    case TraceMetric::CollectiveWait:
        return tr("Collective wait");
    case TraceMetric::CommunicationTransfer:
        return tr("Communication transfer");
    case TraceMetric::CausedWait:
        return tr("Wait caused");
    case TraceMetric::LateArrivals:
        return tr("Last arrivals at collectives");
    case TraceMetric::GpuIdle:
        return tr("GPU idle");
    case TraceMetric::CpuOpTime:
        return tr("CPU op time");
    case TraceMetric::LaunchGap:
        return tr("Kernel launch gaps");
    case TraceMetric::LogProblems:
        return tr("Log warnings and errors");
    case TraceMetric::DetectorRoundTrip:
        return tr("Round trip (straggler detector)");
    case TraceMetric::DetectorGetBatch:
        return tr("get_batch latency (straggler detector)");
    case TraceMetric::TimerCompute:
        return tr("Compute (Megatron timers)");
    case TraceMetric::TimerBatch:
        return tr("Batch generator (Megatron timers)");
    case TraceMetric::TimerCommunication:
        return tr("Communication (Megatron timers)");
    case TraceMetric::CommunicationPerGigabyte:
        return tr("Communication time per GB");
    case TraceMetric::Count:
        break;
    }
    return tr("Unknown metric");
}

QString HeatmapText::metricDescription(TraceMetric metric)
{
    switch (metric) {
    case TraceMetric::StepTime:
        return tr("Length of the iteration (ProfilerStep), or of the time bin while an iteration "
                  "ran.");
    case TraceMetric::ComputeTime:
        return tr("Time at least one compute kernel, memcpy or memset ran on the rank's GPU.");
    case TraceMetric::CommunicationTime:
        return tr("Time at least one communication kernel (NCCL, RCCL) ran.");
    case TraceMetric::ExposedCommunication:
        return tr("Communication not hidden behind compute.");
    case TraceMetric::CollectiveWait:
        return tr("Time inside collectives before the last peer arrived: high on ranks that "
                  "wait for a late one.");
    case TraceMetric::CommunicationTransfer:
        return tr("Collective time once every peer had arrived: slow links show here.");
    case TraceMetric::CausedWait:
        return tr("At the collectives this rank arrived at clearly last, how long the other "
                  "members waited for it (their mean): high on the rank the others wait for, "
                  "the cause rather than its victims.");
    case TraceMetric::LateArrivals:
        return tr("Collectives this rank arrived at clearly last (by more than the clocks' "
                  "uncertainty).");
    case TraceMetric::GpuIdle:
        return tr("Time no GPU work ran.");
    case TraceMetric::CpuOpTime:
        return tr("Time inside CPU operators.");
    case TraceMetric::LaunchGap:
        return tr("GPU idle time spent waiting for the host to launch the next kernel.");
    case TraceMetric::LogProblems:
        return tr("Warning, error and fatal log events of the rank in the window.");
    case TraceMetric::DetectorRoundTrip:
        return tr("Per iteration, the time of the operations Megatron-LM's straggler detector "
                  "times (its Rtt), as rank 0 printed it for the fastest and slowest ranks and "
                  "the ranks of its Bottom/Top lists; the others have no data.");
    case TraceMetric::DetectorGetBatch:
        return tr("get_batch latency from Megatron-LM's straggler detector (its DRtt), for the "
                  "fastest and slowest ranks.");
    case TraceMetric::TimerCompute:
        return tr("Per iteration, Megatron-LM's forward-compute and backward-compute timers of "
                  "the rank (printed across ranks with --timing-log-option all).");
    case TraceMetric::TimerBatch:
        return tr("Per iteration, Megatron-LM's batch-generator timer of the rank (data "
                  "loading).");
    case TraceMetric::TimerCommunication:
        return tr("Per iteration, Megatron-LM's timers of pipeline sends and receives and of "
                  "gradient and parameter collectives: high on ranks that wait.");
    case TraceMetric::CommunicationPerGigabyte:
        return tr("Communication kernel time per GB moved on the bus (the inverse of NCCL's bus "
                  "bandwidth: 2.7 ms per GB is 370 GB/s), over the collectives of known size "
                  "that start in the window. It includes the wait for late peers, as NCCL's "
                  "bus bandwidth does: high on ranks that wait and on slow links.");
    case TraceMetric::Count:
        break;
    }
    return {};
}

QString HeatmapText::sourceName(MetricSource source)
{
    switch (source) {
    case MetricSource::None:
        return tr("none");
    case MetricSource::KinetoTrace:
        return tr("PyTorch profiler trace");
    case MetricSource::NsightExport:
        return tr("Nsight Systems export");
    case MetricSource::NcclInspector:
        return tr("NCCL Inspector log");
    case MetricSource::LogIterations:
        return tr("iteration lines of the logs");
    case MetricSource::Logs:
        return tr("log events");
    case MetricSource::StragglerDetector:
        return tr("Megatron straggler detector (rank 0's report)");
    case MetricSource::MegatronTimers:
        return tr("Megatron timers across ranks");
    }
    return {};
}

QString HeatmapText::reductionName(HeatmapReduction reduction)
{
    switch (reduction) {
    case HeatmapReduction::Max:
        return tr("max");
    case HeatmapReduction::Mean:
        return tr("mean");
    case HeatmapReduction::P95:
        return tr("p95");
    }
    return {};
}

QString HeatmapText::axisTitle(WindowAxis axis)
{
    return axis == WindowAxis::Iteration ? tr("iteration") : tr("time");
}

QString HeatmapText::groupingName(const HeatmapGrouping &grouping)
{
    switch (grouping.mode) {
    case HeatmapGroupingMode::Node:
        return tr("node");
    case HeatmapGroupingMode::Role:
        return tr("role");
    case HeatmapGroupingMode::ParallelGroup:
        return tr("%1 group").arg(QString::fromStdString(grouping.key));
    case HeatmapGroupingMode::None:
        return tr("none");
    }
    return {};
}

QString HeatmapText::groupLabel(const HeatmapRowGroup &group, const HeatmapGrouping &grouping)
{
    if (!group.label.empty())
        return QString::fromStdString(group.label);
    switch (grouping.mode) {
    case HeatmapGroupingMode::Node:
        return tr("unknown node");
    case HeatmapGroupingMode::Role:
        return tr("unknown role");
    case HeatmapGroupingMode::ParallelGroup:
        return tr("no %1 group").arg(QString::fromStdString(grouping.key));
    case HeatmapGroupingMode::None:
        break;
    }
    return {};
}

namespace {

// Seconds from the start of the first column: bins are easier to read relative to the job.
double secondsFromStart(const MetricMatrix &matrix, int column)
{
    if (matrix.windowStartNs.size() != matrix.windows.size() || matrix.windowStartNs.empty())
        return std::nan("");
    return double(matrix.windowStartNs[std::size_t(column)] - matrix.windowStartNs[0]) / 1e9;
}

} // namespace

QString HeatmapText::windowLabel(const MetricMatrix &matrix, int column)
{
    if (column < 0 || column >= matrix.columnCount())
        return {};
    const std::int64_t window = matrix.windows[std::size_t(column)];
    if (matrix.axis == WindowAxis::Iteration)
        return tr("iteration %1").arg(window);
    const double start = secondsFromStart(matrix, column);
    if (!std::isfinite(start))
        return tr("time bin %1").arg(window);
    const double end = start + double(matrix.windowEndNs[std::size_t(column)] -
                                      matrix.windowStartNs[std::size_t(column)]) /
                                   1e9;
    return tr("time %1 s – %2 s (bin %3)")
        .arg(QString::number(start, 'f', 3), QString::number(end, 'f', 3))
        .arg(window);
}

QString HeatmapText::tickLabel(const MetricMatrix &matrix, int column)
{
    if (column < 0 || column >= matrix.columnCount())
        return {};
    if (matrix.axis == WindowAxis::Iteration)
        return QString::number(matrix.windows[std::size_t(column)]);
    const double start = secondsFromStart(matrix, column);
    if (!std::isfinite(start))
        return QString::number(matrix.windows[std::size_t(column)]);
    return tr("%1 s").arg(QString::number(start, 'g', 4));
}

QString HeatmapText::shape(const MetricMatrix &matrix)
{
    // Singular and plural as separate sources: without a loaded catalog "%n rank(s)" would
    // show its parenthesis.
    const int rows = matrix.rowCount();
    const int columns = matrix.columnCount();
    const QString ranks = rows == 1 ? tr("%n rank", nullptr, rows) : tr("%n ranks", nullptr, rows);
    QString windows;
    if (matrix.axis == WindowAxis::Iteration)
        windows = columns == 1 ? tr("%n iteration", nullptr, columns)
                               : tr("%n iterations", nullptr, columns);
    else
        windows = columns == 1 ? tr("%n time bin", nullptr, columns)
                               : tr("%n time bins", nullptr, columns);
    return tr("%1 × %2").arg(ranks, windows);
}

QString HeatmapText::countText(TraceMetric metric, int count)
{
    if (metric == TraceMetric::LateArrivals)
        return count == 1 ? tr("%n collective", nullptr, count)
                          : tr("%n collectives", nullptr, count);
    return tr("%n event(s)", nullptr, count);
}

QString HeatmapText::valueText(TraceMetric metric, double value)
{
    if (isCountMetric(metric))
        return countText(metric, int(std::lround(value)));
    return DurationText::duration(value);
}

QString HeatmapText::scaleText(TraceMetric metric, double value)
{
    if (isCountMetric(metric))
        return QString::number(value, 'g', 4);
    return DurationText::milliseconds(value);
}

QString HeatmapText::legendTitle(TraceMetric metric, bool reduced, HeatmapReduction reduction)
{
    const QString title = metric == TraceMetric::LateArrivals
                              ? tr("%1 (collectives)").arg(metricTitle(metric))
                          : isLogMetric(metric) ? tr("%1 (events)").arg(metricTitle(metric))
                                                : tr("%1 (ms)").arg(metricTitle(metric));
    if (!reduced)
        return title;
    return tr("%1 · %2 of the cells in each pixel").arg(title, reductionName(reduction));
}

QString HeatmapText::differenceLegendTitle(TraceMetric metric, bool reduced,
                                           HeatmapReduction reduction)
{
    const QString title = metric == TraceMetric::LateArrivals
                              ? tr("%1: target − baseline (collectives)").arg(metricTitle(metric))
                          : isLogMetric(metric)
                              ? tr("%1: target − baseline (events)").arg(metricTitle(metric))
                              : tr("%1: target − baseline (ms)").arg(metricTitle(metric));
    if (!reduced)
        return title;
    if (reduction == HeatmapReduction::Mean)
        return tr("%1 · mean of the cells in each pixel").arg(title);
    return tr("%1 · largest change (%2) of the cells in each pixel")
        .arg(title, reductionName(reduction));
}

QString HeatmapText::peerLegendTitle(TraceMetric metric, bool reduced, HeatmapReduction reduction)
{
    const QString title = tr("%1 against the peer median").arg(metricTitle(metric));
    if (!reduced)
        return title;
    return tr("%1 · %2 of the cells in each pixel").arg(title, reductionName(reduction));
}

QString HeatmapText::peerScaleText(TraceMetric metric, PeerDeviationKind kind, double value)
{
    if (kind == PeerDeviationKind::Ratio) {
        const double ratio = std::exp2(value);
        return QStringLiteral("\u00d7") + QString::number(ratio, 'f', ratio < 10 ? 2 : 1);
    }
    const QString number = signedScaleText(metric, value);
    if (metric == TraceMetric::LateArrivals)
        return tr("%1 collectives").arg(number);
    if (isLogMetric(metric))
        return tr("%1 events").arg(number);
    return tr("%1 ms").arg(number);
}

QString HeatmapText::peerLegendMeaning(TraceMetric metric, PeerDeviationKind kind)
{
    Q_UNUSED(metric);
    return kind == PeerDeviationKind::Ratio
               ? tr("white: at the peer median · blue: below it (faster) · red: above it "
                    "(slower), by ratio")
               : tr("white: at the peer median · blue: below it · red: above it, by "
                    "difference (most peers are at 0)");
}

QString HeatmapText::differenceBlocker(const WindowTableOverlap &overlap, WindowAxis axis)
{
    if (!overlap.baselineHasWindows)
        return axis == WindowAxis::Iteration ? tr("the baseline has no iterations")
                                             : tr("the baseline has no time bins");
    if (!overlap.targetHasWindows)
        return {}; // nothing to show either way; the heatmap says so
    if (overlap.sharedRanks == 0)
        return tr("the baseline has no ranks in common with this run: ranks %1 (baseline) vs "
                  "%2 (this run)")
            .arg(QString::fromStdString(overlap.baselineRanks.toString()),
                 QString::fromStdString(overlap.targetRanks.toString()));
    if (axis == WindowAxis::Iteration && overlap.sharedWindows == 0)
        return tr("the baseline has no iterations in common with this run: %1–%2 (baseline) vs "
                  "%3–%4 (this run)")
            .arg(overlap.baselineFirstWindow)
            .arg(overlap.baselineLastWindow)
            .arg(overlap.targetFirstWindow)
            .arg(overlap.targetLastWindow);
    return {};
}

QString HeatmapText::colorModeName(HeatmapColorMode mode)
{
    switch (mode) {
    case HeatmapColorMode::Automatic:
        return tr("auto");
    case HeatmapColorMode::Value:
        return tr("value");
    case HeatmapColorMode::PeerMedian:
        return tr("vs peer median");
    }
    return {};
}

QString HeatmapText::colorModeDescription(HeatmapColorMode mode)
{
    switch (mode) {
    case HeatmapColorMode::Automatic:
        return tr("Against the peer median for the metrics measured against other ranks "
                  "(collective wait, wait caused, last arrivals); the value for the others.");
    case HeatmapColorMode::Value:
        return tr("The metric's value, pale yellow (low) to dark red (high).");
    case HeatmapColorMode::PeerMedian:
        return tr("Each cell against the median of its peers in the same window: white at the "
                  "median, blue below, red above, equally strong for ×2 and ×0.5.");
    }
    return {};
}

QString HeatmapText::differenceText(TraceMetric metric, double value)
{
    if (!std::isfinite(value))
        return tr("n/a");
    if (isCountMetric(metric)) {
        const int events = int(std::lround(value));
        const QString sign = events < 0 ? QStringLiteral("\u2212") : QStringLiteral("+");
        return sign + countText(metric, std::abs(events));
    }
    return DurationText::offset(value);
}

QString HeatmapText::signedScaleText(TraceMetric metric, double value)
{
    const QString magnitude = scaleText(metric, std::fabs(value));
    if (value == 0 || magnitude == QStringLiteral("0"))
        return QStringLiteral("0");
    return (value < 0 ? QStringLiteral("\u2212") : QStringLiteral("+")) + magnitude;
}

namespace {

// The difference mode's cell lines: the signed change, or why there is none.
QString differenceCellText(const MetricMatrix &matrix, double value)
{
    if (!std::isfinite(value))
        return HeatmapText::tr("%1, target − baseline: <b>no value</b> (this rank or window is "
                               "missing in one of the runs)")
            .arg(HeatmapText::metricTitle(matrix.metric));
    return HeatmapText::tr("%1, target − baseline: <b>%2</b>")
        .arg(HeatmapText::metricTitle(matrix.metric),
             HeatmapText::differenceText(matrix.metric, value));
}

} // namespace

QString HeatmapText::arrivalLines(const HeatmapScene &scene, int rank)
{
    QString text;
    if (const RankArrivalStats *stats = scene.arrivalsOf(rank); stats && stats->collectives > 0) {
        const double share = 100.0 * double(stats->lastArrivals) / double(stats->collectives);
        text += QStringLiteral("<br/>") +
                tr("whole run: last to arrive at %1 of its %2 collectives (%3%); the others "
                   "waited %4 for it")
                    .arg(stats->lastArrivals)
                    .arg(stats->collectives)
                    .arg(share, 0, 'f', 0)
                    .arg(DurationText::duration(stats->causedWaitNs));
    }
    if (const ClockOffset *clock = scene.clockOf(rank);
        clock && clock->quality != ClockQuality::Good)
        text += QStringLiteral("<br/><i>") +
                (clock->quality == ClockQuality::Poor
                     ? tr("clock alignment poor (uncertainty %1): waits and arrival order of "
                          "this rank are not reliable")
                     : tr("clock alignment fair (uncertainty %1): small differences in arrival "
                          "are not meaningful"))
                    .arg(DurationText::duration(double(clock->uncertaintyNs))) +
                QStringLiteral("</i>");
    return text;
}

QString HeatmapText::tooltip(const HeatmapScene &scene, const HeatmapHit &hit)
{
    const MetricMatrix *matrix = scene.matrix();
    if (!matrix || hit.matrixRow < 0)
        return {};
    const QString node =
        scene.job() ? QString::fromStdString(scene.job()->nodeOf(hit.rank)) : QString();
    QString text = QStringLiteral("<b>") + tr("rank %1").arg(hit.rank) + QStringLiteral("</b>");
    if (!node.isEmpty())
        text += QStringLiteral(" · ") + tr("node %1").arg(node.toHtmlEscaped());
    if (scene.isStuck(hit.rank))
        text += QStringLiteral("<br/><b>") + tr("stuck: its stack samples do not change") +
                QStringLiteral("</b>");
    if (!hit.isCell())
        return text;
    const std::size_t index =
        std::size_t(hit.matrixRow) * matrix->windows.size() + std::size_t(hit.column);
    const double value = matrix->values[index];
    text += QStringLiteral("<br/>") + windowLabel(*matrix, hit.column).toHtmlEscaped();
    if (scene.isDifferenceMode()) {
        text += QStringLiteral("<br/>") + differenceCellText(*matrix, value);
        if (hit.rows.count() > 1 || hit.columns.count() > 1)
            text += QStringLiteral("<br/><i>") +
                    tr("This pixel holds %1 × %2 cells; described here: the largest change.")
                        .arg(hit.rows.count())
                        .arg(hit.columns.count()) +
                    QStringLiteral("</i>");
        return text;
    }
    text += QStringLiteral("<br/>") +
            tr("%1: <b>%2</b>")
                .arg(metricTitle(matrix->metric),
                     std::isfinite(value) ? valueText(matrix->metric, value) : tr("no data"));
    if (std::isfinite(value))
        text += QStringLiteral("<br/>") +
                tr("source: %1").arg(sourceName(scene.sourceOf(hit.rank)).toHtmlEscaped());
    if (const SpatialOutliers *outliers = scene.outliers()) {
        const double median =
            index < outliers->peerMedian.size() ? outliers->peerMedian[index] : NAN;
        if (std::isfinite(median)) {
            text += QStringLiteral("<br/>") +
                    tr("peer median: %1").arg(valueText(matrix->metric, median));
            if (std::isfinite(value) && median > 0) {
                const double deviation = (double(value) / median - 1.0) * 100.0;
                text += QStringLiteral(" · ") +
                        tr("deviation: %1%2%")
                            .arg(deviation >= 0 ? QStringLiteral("+") : QStringLiteral("\u2212"))
                            .arg(std::fabs(deviation), 0, 'f', 1);
            }
        }
        const std::uint8_t flags = outliers->cellFlags[index];
        if (flags & OutlierFlag::Slow)
            text += QStringLiteral("<br/><b>") + tr("outlier: slower than its peers") +
                    QStringLiteral("</b>");
        else if (flags & OutlierFlag::Fast)
            text += QStringLiteral("<br/>") + tr("much lower than its peers");
        else if (flags & OutlierFlag::Inconclusive)
            text += QStringLiteral("<br/>") +
                    tr("inconclusive: its group had no healthy majority in this window");
    }
    if (dependsOnClockAlignment(matrix->metric))
        text += arrivalLines(scene, hit.rank);
    if (hit.rows.count() > 1 || hit.columns.count() > 1) {
        const int firstRank =
            matrix->ranks[std::size_t(scene.rowOrder().matrixRowOf[std::size_t(hit.rows.first)])];
        const int lastRank =
            matrix->ranks[std::size_t(scene.rowOrder().matrixRowOf[std::size_t(hit.rows.last)])];
        text +=
            QStringLiteral("<br/><i>") +
            tr("This pixel holds %1 × %2 cells (ranks %3…%4, %5 %6–%7); shown: the %8, "
               "described here: the highest cell.")
                .arg(hit.rows.count())
                .arg(hit.columns.count())
                .arg(firstRank)
                .arg(lastRank)
                .arg(axisTitle(matrix->axis))
                .arg(tickLabel(*matrix, hit.columns.first), tickLabel(*matrix, hit.columns.last))
                .arg(reductionName(scene.reduction())) +
            QStringLiteral("</i>");
    }
    return text;
}

} // namespace rankscope
