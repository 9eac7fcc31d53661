#include "views/annotations/NoteCanvas.h"

namespace rankscope {

NoteCanvas::~NoteCanvas() = default;

bool NoteCanvas::shows(const Note &note) const
{
    if (note.kind == NoteKind::Ranks)
        return true;
    return note.view == m_view && note.anchor.scope == m_scope;
}

std::optional<NoteAnchor> NoteCanvas::shapeAnchorAt(QPointF) const
{
    if (!hasShapes())
        return std::nullopt;
    NoteAnchor anchor;
    anchor.scope = m_scope;
    return anchor;
}

std::optional<NotePoint> NoteCanvas::toData(const NoteAnchor &, QPointF) const
{
    return std::nullopt;
}

std::optional<QPointF> NoteCanvas::toPixel(const NoteAnchor &, NotePoint) const
{
    return std::nullopt;
}

std::vector<QRectF> NoteCanvas::rankRects(const RankSet &) const
{
    return {};
}

} // namespace rankscope
