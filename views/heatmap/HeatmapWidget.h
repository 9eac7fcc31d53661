#pragma once

#include "views/heatmap/HeatmapScene.h"

#include <QWidget>

#include <memory>
#include <vector>

namespace rankscope {

// The rank x window heatmap of one trace metric: rows are ranks banded by node (or role, or a
// parallel group), columns are iterations or time bins, colour is the metric's value.
//
// Mouse: wheel zooms the windows around the cursor, Ctrl+wheel (or the wheel over the row
// header) zooms the ranks, Shift+wheel scrolls the ranks, drag pans, a click selects a cell (or a
// whole rank in the row header). Keys: arrows pan, +/- zoom the windows (with Shift or Ctrl the
// ranks), Home shows everything, Escape clears the selection. When a pixel covers several cells,
// it shows their max, mean or p95 (setReduction), and a click picks the highest of them.
//
// The widget never loads anything: the matrix and the outlier flags are computed elsewhere (off
// the UI thread) and handed over ready.
class HeatmapWidget : public QWidget
{
    Q_OBJECT

public:
    explicit HeatmapWidget(QWidget *parent = nullptr);

    // outliers: SpatialOutliers of this matrix (cellFlags/peerMedian in matrix layout), optional;
    // job: nodes, roles and parallel groups of the ranks, optional. Keeps the zoom when the new
    // matrix has the same shape (another metric of the same job), else shows everything.
    void setData(std::shared_ptr<const MetricMatrix> matrix,
                 std::shared_ptr<const SpatialOutliers> outliers = {},
                 std::shared_ptr<const JobInfo> job = {});
    // Drops the data and shows `message` instead ("Loading…", "This bundle has no traces.").
    void clear(const QString &message = QString());
    const MetricMatrix *matrix() const { return m_scene.matrix(); }
    // The matrix holds target − baseline differences (see HeatmapScene::setDifferenceMode).
    void setDifferenceMode(bool on, double typicalValue = 0);
    bool isDifferenceMode() const { return m_scene.isDifferenceMode(); }

    // Colour by value or against the peer median (HeatmapScene::setColorMode).
    void setColorMode(HeatmapColorMode mode);
    HeatmapColorMode colorMode() const { return m_scene.colorMode(); }

    // Ranks whose stack samples show no progress (from the stack analysis): marked in the header.
    void setStuckRanks(const std::vector<int> &ranks);
    void setReduction(HeatmapReduction reduction);
    HeatmapReduction reduction() const { return m_scene.reduction(); }
    void setGrouping(const HeatmapGrouping &grouping);
    const HeatmapGrouping &grouping() const { return m_scene.grouping(); }
    // Shows the paint time of the last and the slowest paint in a corner (for measuring).
    void setShowFrameTime(bool show);

    int selectedRank() const { return m_scene.selectedRank(); }
    const RankSet &selectedRanks() const { return m_scene.selectedRanks(); }
    bool hasSelectedWindow() const { return m_scene.hasSelectedWindow(); }
    qint64 selectedWindow() const { return m_scene.selectedWindow(); }

    const HeatmapViewport &viewport() const { return m_scene.viewport(); }
    // Where a cell is drawn, in widget coordinates; empty when absent or scrolled away.
    QRect cellRect(int rank, qint64 window) const;
    HeatmapHit hitTest(QPoint pos);
    // The tooltip shown at a point (rich text), empty where there is none.
    QString tooltipAt(QPoint pos);

    // For exports: paint with HeatmapPainter::paint(painter, scene(), size).
    HeatmapScene &scene() { return m_scene; }

public slots:
    // Follow a selection made elsewhere (rank list, suspects): highlights the rank's row and
    // scrolls it into view. Emits nothing, so shared selections cannot loop.
    void setSelectedRank(int rank);
    // The same for several ranks (a finding's): every row outlined and marked in the header,
    // the first scrolled into view. Emits nothing.
    void setSelectedRanks(const rankscope::RankSet &ranks);
    void setSelectedCell(int rank, qint64 window);
    void clearSelection();
    void resetZoom();
    void zoomColumns(double factor); // around the centre; > 1 zooms in
    void zoomRows(double factor);

signals:
    // A click on a cell: open that rank's detail for that window.
    void cellActivated(int rank, qint64 window);
    // Any selection change made by the user; window is -1 when a whole rank (row header) is
    // selected, rank is -1 when the selection was cleared.
    void selectionChanged(int rank, qint64 window);
    void viewportChanged();

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool event(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void applyViewport(const HeatmapViewport &before);
    void ensureRankVisible(int rank);

    HeatmapScene m_scene;
    QPoint m_pressPos;
    QPoint m_lastDragPos;
    bool m_pressed = false;
    bool m_dragging = false;
    bool m_showFrameTime = false;
    double m_lastPaintMs = 0;
    double m_worstPaintMs = 0;
};

} // namespace rankscope
