#pragma once

#include "core/model/JobInfo.h"
#include "core/model/RankSet.h"

#include <QWidget>

#include <vector>

namespace rankscope {

// Which layers each rank has, as four rows over the ranks (stacks, traces, logs, Flight
// Recorder): a filled cell has the layer, a pale one sent none. More ranks than pixels are
// binned, a bin's shade saying how many of its ranks have the layer, so a node that sent
// nothing still shows at 16k ranks. The culprits' ranks are marked under the rows, nodes
// separated by thin lines when they are wide enough to see; hovering says what a rank has,
// clicking a rank selects it.
class CoverageStrip : public QWidget
{
    Q_OBJECT
public:
    explicit CoverageStrip(QWidget *parent = nullptr);

    void setCoverage(const JobInfo &job, const RankSet &marked);
    void clear();
    int worldSize() const { return m_job.worldSize; }
    // The first and last rank drawn in the pixel column x of the widget, or (-1, -1).
    std::pair<int, int> ranksAt(int x) const;
    // The columns ranks first..last are drawn in, over the four rows; empty when not drawn.
    QRect rankColumns(int first, int last) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void rankActivated(int rank);

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override; // tool tips
    void mousePressEvent(QMouseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    struct NodeSpan
    {
        int first = 0;
        int last = 0;
    };
    JobInfo m_job;
    RankSet m_marked;
    std::vector<NodeSpan> m_nodes; // runs of consecutive ranks on one node

    int labelWidth() const;
    QRect stripRect() const;
    QString toolTipAt(int x) const;
};

} // namespace rankscope
