#pragma once

#include "core/diff/OpDiff.h"

#include <QString>
#include <QWidget>

namespace rankscope {

// The step-time distributions of both runs on one scale: for each a box from p10 to p90, the
// median as a bar, a tick at p99 and a mark at the maximum (an arrow at the edge when the
// maximum lies far beyond p99, so one hung iteration does not squash the boxes), with the
// values in words beside it. A click (or Enter/Space) asks for the heatmap in difference mode.
class StepTimeDistributionWidget : public QWidget
{
    Q_OBJECT

public:
    explicit StepTimeDistributionWidget(QWidget *parent = nullptr);

    void setDistributions(const StepTimeDistribution &baseline, const StepTimeDistribution &target,
                          const QString &baselineName, const QString &targetName);
    void clear();
    bool hasData() const; // either run has step times

    // Where the run's box is drawn (p10 to p90), empty without samples.
    QRect boxRect(bool target) const;
    // Upper end of the shared scale in ns.
    double scaleMaxNs() const { return m_scaleMaxNs; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void activated();

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool event(QEvent *event) override;

private:
    struct Geometry
    {
        QRect title;
        QRect labels; // run names, left
        QRect bars;   // the shared scale
        QRect values; // the numbers, right
        int rowHeight = 0;
        int rowTop(int row) const { return bars.top() + row * rowHeight; }
    };
    Geometry geometry() const;
    double xOf(double ns, const QRect &bars) const;
    void paintRun(QPainter &painter, const Geometry &g, int row, const StepTimeDistribution &steps,
                  const QColor &colour, const QString &name);
    void paintAxis(QPainter &painter, const Geometry &g);
    QString valuesText(const StepTimeDistribution &steps) const;
    QString tooltipText() const;

    StepTimeDistribution m_baseline;
    StepTimeDistribution m_target;
    QString m_baselineName;
    QString m_targetName;
    double m_scaleMaxNs = 0;
};

} // namespace rankscope
