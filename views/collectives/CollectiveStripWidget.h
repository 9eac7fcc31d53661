#pragma once

#include "views/collectives/CollectiveStripScene.h"

#include <QWidget>

namespace rankscope {

// The ranks x sequence strip of one process group. Hovering shows the entry under the mouse (or
// why there is none); a click selects that rank and sequence and reports the entry; a click in
// the rank labels selects the whole rank. With more ranks than pixel rows, each pixel row shows
// the worst state of its ranks, and a click picks the rank that has it.
//
//
// Mouse and keys zoom as in the heatmap: the wheel zooms the sequences around the cursor,
// Ctrl+wheel (or the wheel over the rank labels) zooms the ranks below the findings' band,
// Shift+wheel scrolls them; +/- zoom the sequences (with Ctrl or Shift the ranks), Home shows
// everything. Tooltips and clicks follow the zoom.
//
// The widget never builds anything: the strips are made off the UI thread (CollectiveViewData).
class CollectiveStripWidget : public QWidget
{
    Q_OBJECT

public:
    explicit CollectiveStripWidget(QWidget *parent = nullptr);

    void setData(std::shared_ptr<const CollectiveViewData> data, int strip);
    void clear(const QString &message = QString());
    const CollectiveStrip *strip() const { return m_scene.strip(); }

    // Follows a selection made elsewhere (a finding, the shared rank selection). Emits nothing.
    void setSelection(const RankSet &ranks, std::int64_t seq);
    const RankSet &selectedRanks() const { return m_scene.selectedRanks(); }
    std::int64_t selectedSeq() const { return m_scene.selectedSeq(); }

    // Where a rank's cell at a sequence is drawn (a reduced pixel row: that one pixel row);
    // empty when the rank or sequence is not shown.
    QRect cellRect(int rank, std::int64_t seq) const;
    CollectiveStripHit hitTest(QPoint pos) const { return m_scene.hitTest(pos, size()); }
    QString tooltipAt(QPoint pos) const;

    // factor > 1 zooms in, around the cells' centre.
    void zoomColumns(double factor);
    void zoomRows(double factor);
    void resetZoom();

    // For exports: paint with CollectiveStripPainter::paint(painter, scene(), size).
    const CollectiveStripScene &scene() const { return m_scene; }

signals:
    // A click on a cell: the rank, the sequence, the dataset entry shown there (-1: none).
    void cellActivated(int rank, qint64 seq, qint64 entry);
    // A click on a rank's label.
    void rankActivated(int rank);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool event(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    // The strip row at the middle of the rows below the findings' band (a zoom's anchor).
    int middleRow() const;

    CollectiveStripScene m_scene;
};

} // namespace rankscope
