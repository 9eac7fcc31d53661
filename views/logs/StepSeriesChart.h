#pragma once

#include "core/logs/JobStepSeries.h"

#include <QString>
#include <QWidget>

#include <memory>

class QChart;
class QChartView;
class QLabel;
class QLineSeries;
class QStackedWidget;
class QValueAxis;

namespace rankscope {

// The job's training progress from its iteration lines (JobStepSeries): step time (left axis,
// in ms or s) and loss (right axis) per iteration, one line each; with a baseline open, the
// baseline's two series on the same axes, dashed, paired by iteration number. Above the chart
// one sentence gives each run's steady step time (median over the steady iterations, warm-up
// skipped) and, with a baseline, whether iterations got significantly slower. Hovering shows
// the values of both runs at the iteration under the mouse. Qt Charts draws it.
class StepSeriesChart : public QWidget
{
    Q_OBJECT

public:
    explicit StepSeriesChart(QWidget *parent = nullptr);
    ~StepSeriesChart() override;

    // The open bundle's series (nullptr or empty: a sentence says why there is no chart).
    void setSeries(std::shared_ptr<const JobStepSeries> series, const QString &name);
    // The baseline's series beside it (nullptr: none).
    void setBaseline(std::shared_ptr<const JobStepSeries> series, const QString &name);

    bool hasData() const;
    QString summaryText() const;
    // What the tooltip says at an iteration (the nearest point of each run), "" when nothing.
    QString hoverText(double iteration) const;
    QChart *chart() const { return m_chart; }
    QChartView *chartView() const { return m_view; }
    int lineCount() const; // drawn series (tests)
    // The step-time axis' title ("Step time (s)"), for tests.
    QString stepAxisTitle() const;

    // The chart with its sentence as PNG or SVG (by suffix), with a caption naming the run.
    bool exportImage(const QString &file, QString *error) const;

private:
    void rebuild();
    QString runSummary(const JobStepSeries &series, const SteadyStepTime &steady) const;

    std::shared_ptr<const JobStepSeries> m_series;
    std::shared_ptr<const JobStepSeries> m_baseline;
    QString m_name;
    QString m_baselineName;
    double m_stepScale = 1.0; // ms per axis unit (1 or 1000)
    QLabel *m_summary = nullptr;
    QLabel *m_empty = nullptr;
    QStackedWidget *m_stack = nullptr;
    QChart *m_chart = nullptr;
    QChartView *m_view = nullptr;
};

} // namespace rankscope
