#pragma once

#include "core/diff/WindowTableOverlap.h"
#include "views/heatmap/HeatmapLineChart.h"
#include "views/heatmap/HeatmapWidget.h"

#include <QWidget>

#include <array>
#include <optional>

class QComboBox;
class QStackedWidget;
class QToolButton;

namespace rankscope {

class ElidedLabel;

// The heatmap with its toolbar: metric, window axis (iterations or time bins), what a pixel
// shows when it holds several cells (max, mean, p95), and how rows are banded (node, role, a
// parallel group, none). Metric and axis need another matrix, so the view only asks for it
// (metricChanged, axisChanged) and the owner loads it off the UI thread and calls setData();
// reduction and grouping apply at once.
class HeatmapView : public QWidget
{
    Q_OBJECT

public:
    explicit HeatmapView(QWidget *parent = nullptr);

    // Shows a matrix; the toolbar follows its metric and axis without emitting requests, and
    // offers the parallel-group keys of `job` for grouping.
    void setData(std::shared_ptr<const MetricMatrix> matrix,
                 std::shared_ptr<const SpatialOutliers> outliers = {},
                 std::shared_ptr<const JobInfo> job = {});
    void clear(const QString &message = QString());

    // Difference mode (issue 5). The "Difference from baseline" button shows only while a
    // baseline is open (setDifferenceAvailable); toggling it emits differenceModeChanged and the
    // owner computes differenceMatrix() off the UI thread and hands it to setDifferenceData().
    // setData() always shows a plain matrix (the button is unchecked without emitting), and
    // setDifferenceData() a difference with the diverging scale (checked without emitting).
    // `note` is appended to the status ("aligned by position"). `typicalValue` is the metric's
    // usual size in the runs, e.g. HeatmapColorScale::typicalValue(baseline matrix values): the
    // colour scale then spans at least ±10% of it, so a healthy pair's noise stays pale.
    void setDifferenceAvailable(bool available);
    // What the baseline's windows share with this run's on an axis (nullopt: not known yet).
    // With no rank, or on the iteration axis no iteration number, in common the button is
    // disabled on that axis and its tooltip and the status say why; cleared by
    // setDifferenceAvailable(). Pairing iteration 1 of one run with iteration 400 of the other
    // would compare a warm-up with a steady state.
    void setDifferenceOverlap(WindowAxis axis, const std::optional<WindowTableOverlap> &overlap);
    // Why the difference cannot be shown on the current axis; "" when it can.
    QString differenceBlocker() const;
    bool isDifferenceAvailable() const { return m_differenceAvailable; }
    void setDifferenceData(std::shared_ptr<const MetricMatrix> difference,
                           std::shared_ptr<const JobInfo> job = {}, const QString &note = {},
                           double typicalValue = 0);
    bool isDifferenceMode() const;      // what is shown
    bool isDifferenceRequested() const; // the button's state (what the owner should load)
    QToolButton *differenceButton() const { return m_difference; }

    void setStuckRanks(const std::vector<int> &ranks);

    TraceMetric metric() const;
    WindowAxis axis() const;
    // Set the toolbar without emitting (e.g. restoring settings before the first load).
    void setMetric(TraceMetric metric);
    // Metrics the bundle's windows hold no value of are greyed out in the metric list (a Kineto
    // job has no Megatron detector values, logs alone have no GPU metrics); their entry says so.
    // `available[m]` for TraceMetric(m).
    void setAvailableMetrics(const std::array<bool, kTraceMetricCount> &available);
    void setAxis(WindowAxis axis);

    HeatmapWidget *heatmap() const { return m_heatmap; }
    // The line chart shown instead of the grid for few ranks or windows (showsAsLines()).
    HeatmapLineChart *lineChart() const { return m_lines; }
    bool isLineChartShown() const;
    QComboBox *presentationCombo() const { return m_presentation; }
    QComboBox *metricCombo() const { return m_metric; }
    QComboBox *axisCombo() const { return m_axis; }
    QComboBox *reductionCombo() const { return m_reduction; }
    QComboBox *groupingCombo() const { return m_grouping; }
    QComboBox *colorModeCombo() const { return m_colorMode; }
    void setColorMode(HeatmapColorMode mode); // without emitting

signals:
    void metricChanged(rankscope::TraceMetric metric);
    void axisChanged(rankscope::WindowAxis axis);
    void reductionChanged(rankscope::HeatmapReduction reduction);
    void groupingChanged(const rankscope::HeatmapGrouping &grouping);
    void colorModeChanged(rankscope::HeatmapColorMode mode);
    // The user toggled "Difference from baseline".
    void differenceModeChanged(bool on);
    // Forwarded from the heatmap.
    void cellActivated(int rank, qint64 window);
    void selectionChanged(int rank, qint64 window);

private:
    void showMatrix(std::shared_ptr<const MetricMatrix> matrix,
                    std::shared_ptr<const SpatialOutliers> outliers,
                    std::shared_ptr<const JobInfo> job, bool difference, double typicalValue);
    void setDifferenceChecked(bool on);
    void updateDifferenceButton();
    void fillGroupingCombo(const JobInfo *job);
    void applyGrouping();
    void updateStatus();
    void updatePresentation();

    HeatmapWidget *m_heatmap = nullptr;
    QComboBox *m_metric = nullptr;
    QComboBox *m_axis = nullptr;
    QComboBox *m_reduction = nullptr;
    QComboBox *m_grouping = nullptr;
    QComboBox *m_colorMode = nullptr;
    QComboBox *m_presentation = nullptr;
    HeatmapLineChart *m_lines = nullptr;
    QStackedWidget *m_stack = nullptr;
    std::shared_ptr<const MetricMatrix> m_shownMatrix;
    std::shared_ptr<const SpatialOutliers> m_shownOutliers;
    QToolButton *m_resetZoom = nullptr;
    QToolButton *m_difference = nullptr;
    bool m_differenceAvailable = false;
    QString m_differenceNote;
    QString m_differenceBlockers[2]; // by WindowAxis
    // Cut at its start with "…" (the end says what changed last), the whole in its tooltip.
    ElidedLabel *m_status = nullptr;
};

} // namespace rankscope
