#pragma once

#include "views/annotations/NoteCanvas.h"

namespace rankscope {

class OverviewView;

// Notes on the Overview, in page coordinates (the page scrolls, its notes with it): pinned to a
// culprit (by its first rank, so a re-import that ranks it elsewhere keeps the note on it), to a
// rank of the coverage strip, to a layer's mark on the anomaly timeline, or to a section (the
// verdict, the layers, the problems). Shapes are kept in fractions of the page's width (x) and
// pixels from its top (y); marked ranks band their columns of the coverage strip.
class OverviewNoteCanvas : public NoteCanvas
{
public:
    explicit OverviewNoteCanvas(const OverviewView &view);

    QRectF area() const override;
    std::optional<QRectF> anchorRect(const NoteAnchor &anchor) const override;
    std::optional<NoteAnchor> anchorAt(QPointF pos, std::string *label) const override;
    bool hasShapes() const override { return m_valid; }
    std::optional<NotePoint> toData(const NoteAnchor &anchor, QPointF pos) const override;
    std::optional<QPointF> toPixel(const NoteAnchor &anchor, NotePoint point) const override;
    std::vector<QRectF> rankRects(const RankSet &ranks) const override;

    // The culprit a note names (-1: not among this verdict's culprits).
    int culpritOf(const NoteAnchor &anchor) const;

private:
    const OverviewView &m_view;
    bool m_valid = false;
};

} // namespace rankscope
