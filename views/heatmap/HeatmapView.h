#pragma once

#include "views/heatmap/HeatmapWidget.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QToolButton;

namespace rankscope {

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
    void setAxis(WindowAxis axis);

    HeatmapWidget *heatmap() const { return m_heatmap; }
    QComboBox *metricCombo() const { return m_metric; }
    QComboBox *axisCombo() const { return m_axis; }
    QComboBox *reductionCombo() const { return m_reduction; }
    QComboBox *groupingCombo() const { return m_grouping; }

signals:
    void metricChanged(rankscope::TraceMetric metric);
    void axisChanged(rankscope::WindowAxis axis);
    void reductionChanged(rankscope::HeatmapReduction reduction);
    void groupingChanged(const rankscope::HeatmapGrouping &grouping);
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
    void fillGroupingCombo(const JobInfo *job);
    void applyGrouping();
    void updateStatus();

    HeatmapWidget *m_heatmap = nullptr;
    QComboBox *m_metric = nullptr;
    QComboBox *m_axis = nullptr;
    QComboBox *m_reduction = nullptr;
    QComboBox *m_grouping = nullptr;
    QToolButton *m_resetZoom = nullptr;
    QToolButton *m_difference = nullptr;
    bool m_differenceAvailable = false;
    QString m_differenceNote;
    QLabel *m_status = nullptr;
};

} // namespace rankscope
