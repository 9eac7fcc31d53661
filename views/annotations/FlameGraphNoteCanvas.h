#pragma once

#include "views/annotations/NoteCanvas.h"

#include <QSize>

namespace rankscope {

class FlameGraphScene;

// Notes on a flame graph: pinned to a frame by its path of frames (found again in any later
// import, under any frame identity), shapes relative to the frame under their first corner
// (x: 0..1 across its width, y: rows from its top towards its callees), so they follow zoom and
// scroll and vanish with the frame when it is zoomed away. Marked ranks outline the frame each
// rank's path ends in. The Diff's graphs are the same with their own scope.
class FlameGraphNoteCanvas : public NoteCanvas
{
public:
    FlameGraphNoteCanvas(FlameGraphScene &scene, QSize size, double scrollY,
                         NoteView view = NoteView::FlameGraph, std::string scope = {});

    QRectF area() const override;
    std::optional<QRectF> anchorRect(const NoteAnchor &anchor) const override;
    std::optional<NoteAnchor> anchorAt(QPointF pos, std::string *label) const override;
    bool hasShapes() const override;
    std::optional<NoteAnchor> shapeAnchorAt(QPointF pos) const override;
    std::optional<NotePoint> toData(const NoteAnchor &anchor, QPointF pos) const override;
    std::optional<QPointF> toPixel(const NoteAnchor &anchor, NotePoint point) const override;
    std::vector<QRectF> rankRects(const RankSet &ranks) const override;

    // The anchor of a frame (tests and the window pin to one by node).
    std::optional<NoteAnchor> frameAnchor(int node, std::string *label) const;
    // The node an anchor names in this scene's tree, -1 when absent.
    int nodeOf(const NoteAnchor &anchor) const;
    // Where a node is drawn, empty when it is not.
    QRectF nodeRect(int node) const;

private:
    bool frameEdges(int node, double *x0, double *width, double *top) const;

    FlameGraphScene &m_scene;
    QSize m_size;
    double m_scrollY;
};

} // namespace rankscope
