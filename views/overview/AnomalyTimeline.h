#pragma once

#include "core/findings/Finding.h"

#include <QString>
#include <QWidget>

#include <cstdint>
#include <vector>

namespace rankscope {

// The job's first anomalies on one wall-clock axis: one lane per layer, a mark at each layer's
// earliest dated finding (filled for a cause, hollow for an effect), the job's anchor (the
// earliest of all) drawn larger with a line down the lanes, and each mark's offset from it.
// Clicking a mark asks for its evidence.
class AnomalyTimeline : public QWidget
{
    Q_OBJECT
public:
    struct Mark
    {
        FindingLayer layer = FindingLayer::Stacks;
        std::int64_t timeNs = 0; // wall clock, ns since the epoch
        QString label;           // "rank 37: OSError: [Errno 5]"
        bool effect = false;
        bool anchor = false;
        int id = -1; // handed back by markActivated
    };

    explicit AnomalyTimeline(QWidget *parent = nullptr);
    void setMarks(std::vector<Mark> marks);
    const std::vector<Mark> &marks() const { return m_marks; }
    // The mark drawn at `pos`, -1 when none.
    int markAt(const QPoint &pos) const;
    QPoint markCentre(int index) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void markActivated(int id);

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;

private:
    std::vector<Mark> m_marks;
    std::vector<FindingLayer> m_lanes; // the layers that have a mark, in layer order
    std::int64_t m_from = 0;
    std::int64_t m_to = 0;

    int labelWidth() const;
    QRect plotRect() const;
    int laneOf(FindingLayer layer) const;
    double xOf(std::int64_t timeNs) const;
};

} // namespace rankscope
