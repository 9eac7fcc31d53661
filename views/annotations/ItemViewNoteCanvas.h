#pragma once

#include "views/annotations/NoteCanvas.h"

#include <functional>

class QAbstractItemView;

namespace rankscope {

// Notes on the rows of a table or list (the Logs tab's templates, the Diff's changed paths): the
// view says what a row's anchor is and which row an anchor names, the canvas puts the note on
// that row while it is on screen. Rows are the view's model's top-level rows.
class ItemViewNoteCanvas : public NoteCanvas
{
public:
    using AnchorOfRow = std::function<std::optional<NoteAnchor>(int row, std::string *label)>;
    using RowOfAnchor = std::function<int(const NoteAnchor &anchor)>; // -1: not listed

    ItemViewNoteCanvas(const QAbstractItemView &view, NoteView noteView, std::string scope,
                       AnchorOfRow anchorOfRow, RowOfAnchor rowOfAnchor);

    QRectF area() const override;
    std::optional<QRectF> anchorRect(const NoteAnchor &anchor) const override;
    std::optional<NoteAnchor> anchorAt(QPointF pos, std::string *label) const override;

private:
    const QAbstractItemView &m_view;
    AnchorOfRow m_anchorOfRow;
    RowOfAnchor m_rowOfAnchor;
};

} // namespace rankscope
