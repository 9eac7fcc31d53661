#include "views/annotations/ItemViewNoteCanvas.h"

#include <QAbstractItemView>

namespace rankscope {

ItemViewNoteCanvas::ItemViewNoteCanvas(const QAbstractItemView &view, NoteView noteView,
                                       std::string scope, AnchorOfRow anchorOfRow,
                                       RowOfAnchor rowOfAnchor)
    : NoteCanvas(noteView, std::move(scope)), m_view(view), m_anchorOfRow(std::move(anchorOfRow)),
      m_rowOfAnchor(std::move(rowOfAnchor))
{}

QRectF ItemViewNoteCanvas::area() const
{
    return QRectF(m_view.viewport()->rect());
}

std::optional<QRectF> ItemViewNoteCanvas::anchorRect(const NoteAnchor &anchor) const
{
    if (!m_view.model() || anchor.scope != scope())
        return std::nullopt;
    const int row = m_rowOfAnchor(anchor);
    if (row < 0 || row >= m_view.model()->rowCount())
        return std::nullopt;
    const QRect cell = m_view.visualRect(m_view.model()->index(row, 0));
    if (cell.isEmpty() || !cell.intersects(m_view.viewport()->rect()))
        return std::nullopt;
    // The whole row across the visible columns.
    return QRectF(0, cell.top(), m_view.viewport()->width(), cell.height());
}

std::optional<NoteAnchor> ItemViewNoteCanvas::anchorAt(QPointF pos, std::string *label) const
{
    const QModelIndex index = m_view.indexAt(pos.toPoint());
    if (!index.isValid())
        return std::nullopt;
    auto anchor = m_anchorOfRow(index.row(), label);
    if (anchor)
        anchor->scope = scope();
    return anchor;
}

} // namespace rankscope
