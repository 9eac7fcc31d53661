#pragma once

#include "core/diff/WindowTableOverlap.h"
#include "core/traces/MetricSource.h"
#include "core/traces/TraceMetric.h"
#include "core/traces/TraceWindows.h"
#include "views/heatmap/HeatmapColorMode.h"
#include "views/heatmap/HeatmapReduction.h"
#include "views/heatmap/HeatmapRowOrder.h"

#include <QCoreApplication>
#include <QString>

namespace rankscope {

class HeatmapScene;
struct HeatmapHit;

// The words of the heatmap: metric and reduction names, axis labels, legend and tooltips,
// shared by the widget, its toolbar and the exports.
class HeatmapText
{
    Q_DECLARE_TR_FUNCTIONS(HeatmapText)

public:
    static QString metricTitle(TraceMetric metric);               // "Step time"
    static QString metricDescription(TraceMetric metric);         // one sentence, for tooltips
    static QString sourceName(MetricSource source);               // "Nsight Systems export"
    static QString reductionName(HeatmapReduction reduction);     // "max", "mean", "p95"
    static QString axisTitle(WindowAxis axis);                    // "iteration", "time"
    static QString groupingName(const HeatmapGrouping &grouping); // "node", "pp group"
    // A group band's label; an empty label becomes "unknown node" (or role / group).
    static QString groupLabel(const HeatmapRowGroup &group, const HeatmapGrouping &grouping);
    // "iteration 60" or "time +12.50 s – +13.00 s" for one column.
    static QString windowLabel(const MetricMatrix &matrix, int column);
    // The column header's tick label of a column: "60", or "12.5 s" from the first window.
    static QString tickLabel(const MetricMatrix &matrix, int column);
    // "256 ranks × 120 iterations" / "256 ranks × 400 time bins".
    static QString shape(const MetricMatrix &matrix);
    // "Step time (ms)"; with ", max per pixel" when several cells share a pixel.
    static QString legendTitle(TraceMetric metric, bool reduced, HeatmapReduction reduction);
    // The difference mode's legend title: "Step time: target − baseline (ms)", with the
    // reduction's words when several cells share a pixel.
    static QString differenceLegendTitle(TraceMetric metric, bool reduced,
                                         HeatmapReduction reduction);
    // The peer-median mode's legend: "Wait caused against the peer median", the scale's end
    // labels ("×0.80", "×1.25"; "−3.20 ms", "+3.20 ms" when compared by difference) and what the
    // colours mean.
    static QString peerLegendTitle(TraceMetric metric, bool reduced, HeatmapReduction reduction);
    static QString peerScaleText(TraceMetric metric, PeerDeviationKind kind, double value);
    static QString peerLegendMeaning(TraceMetric metric, PeerDeviationKind kind);
    // The colour mode's combo entries and their tooltips.
    static QString colorModeName(HeatmapColorMode mode);
    static QString colorModeDescription(HeatmapColorMode mode);
    // Why the difference mode has nothing to pair on `axis` ("the baseline has no iterations in
    // common with this run: 1–20 (baseline) vs 400–420 (this run)"); "" when it has.
    static QString differenceBlocker(const WindowTableOverlap &overlap, WindowAxis axis);
    // A signed difference for tooltips: "+3.27 ms", "−0.50 ms", "+3 events".
    static QString differenceText(TraceMetric metric, double value);
    // A signed number on the difference legend's scale: "+12.5", "−12.5", "0".
    static QString signedScaleText(TraceMetric metric, double value);
    // A cell's value for tooltips: a duration, or "3 events" for the log metric.
    // "3 events", "2 collectives": the value of a count metric.
    static QString countText(TraceMetric metric, int count);
    static QString valueText(TraceMetric metric, double value);
    // The tooltip lines about a rank's arrival order and clock quality (empty when unknown).
    static QString arrivalLines(const HeatmapScene &scene, int rank);
    // A number on the legend's scale: milliseconds, or a plain count for the log metric.
    static QString scaleText(TraceMetric metric, double value);
    // Rich text: rank, node, window, value, peer median and deviation, outlier flag.
    static QString tooltip(const HeatmapScene &scene, const HeatmapHit &hit);
};

} // namespace rankscope
