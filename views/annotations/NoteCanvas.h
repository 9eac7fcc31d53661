#pragma once

#include "core/notes/Note.h"

#include <QPointF>
#include <QRectF>

#include <optional>
#include <string>
#include <vector>

namespace rankscope {

// Where one view draws notes, for one painted area (the widget as it is now, or a picture of
// another size): it maps anchors to the items they name and shapes' data coordinates to pixels,
// and finds the item under a point. Each annotated view has one small subclass
// (FlameGraphNoteCanvas, HeatmapNoteCanvas, ...); NotePainter and NoteOverlay only talk to this.
class NoteCanvas
{
public:
    // `scope`: the part of the view shown (NoteAnchor::scope); notes of another scope are not
    // drawn here.
    NoteCanvas(NoteView view, std::string scope = {}) : m_view(view), m_scope(std::move(scope)) {}
    virtual ~NoteCanvas();

    NoteView view() const { return m_view; }
    const std::string &scope() const { return m_scope; }
    // Whether a note belongs on this canvas: its view and scope (marked ranks: everywhere).
    bool shows(const Note &note) const;

    // Where notes may be drawn (the cells, the rows): everything is clipped to it.
    virtual QRectF area() const = 0;
    // Where the item an anchor names is drawn now; nullopt when it is not shown (scrolled or
    // zoomed away, filtered out, absent from this import).
    virtual std::optional<QRectF> anchorRect(const NoteAnchor &anchor) const = 0;
    // The item under a point, as the anchor a note made there gets (scope set), with what it
    // shows in `*label` ("__next__", "rank 37 · iteration 30"); nullopt where there is none.
    virtual std::optional<NoteAnchor> anchorAt(QPointF pos, std::string *label) const = 0;

    // Highlights and arrows: views with data coordinates (NotePoint) override all three.
    virtual bool hasShapes() const { return false; }
    // The anchor a shape begun at `pos` is kept relative to: the view's scope by default; the
    // flame graph's frame under it.
    virtual std::optional<NoteAnchor> shapeAnchorAt(QPointF pos) const;
    virtual std::optional<NotePoint> toData(const NoteAnchor &shapeAnchor, QPointF pos) const;
    virtual std::optional<QPointF> toPixel(const NoteAnchor &shapeAnchor, NotePoint point) const;

    // Where marked ranks are shown: a rect per row (or frame, or line) of theirs on screen.
    virtual std::vector<QRectF> rankRects(const RankSet &ranks) const;

private:
    NoteView m_view;
    std::string m_scope;
};

} // namespace rankscope
