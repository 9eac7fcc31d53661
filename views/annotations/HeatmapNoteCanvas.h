#pragma once

#include "views/annotations/NoteCanvas.h"
#include "views/heatmap/HeatmapLayout.h"

#include <QSize>

namespace rankscope {

class HeatmapScene;

// Notes on the heatmap: pinned to a cell (rank, window; on the other axis found by the window's
// time), shapes in time (x, aligned ns) and rank rows (y: the rank plus the fraction of its row),
// so a box around node-4's rows stays on them whatever the metric, axis, grouping or zoom.
// Marked ranks band their rows' header.
class HeatmapNoteCanvas : public NoteCanvas
{
public:
    HeatmapNoteCanvas(HeatmapScene &scene, QSize size);

    QRectF area() const override;
    std::optional<QRectF> anchorRect(const NoteAnchor &anchor) const override;
    std::optional<NoteAnchor> anchorAt(QPointF pos, std::string *label) const override;
    bool hasShapes() const override { return m_valid; }
    std::optional<NotePoint> toData(const NoteAnchor &anchor, QPointF pos) const override;
    std::optional<QPointF> toPixel(const NoteAnchor &anchor, NotePoint point) const override;
    std::vector<QRectF> rankRects(const RankSet &ranks) const override;

    // The anchor of a cell: what the widget's context menu and tests pin to.
    std::optional<NoteAnchor> cellAnchor(int rank, std::int64_t window, std::string *label) const;

    // The window a cell's anchor names on the axis shown (by its start time when it was noted on
    // the other axis), -1 when none.
    std::int64_t windowOf(const NoteAnchor &anchor) const;

private:
    double timeOfColumn(double column) const;
    double columnOfTime(double ns) const;

    HeatmapScene &m_scene;
    QSize m_size;
    HeatmapLayout m_layout;
    bool m_valid = false;
};

} // namespace rankscope
