#pragma once

#include "views/annotations/NoteCanvas.h"

#include <QSize>

namespace rankscope {

class CollectiveStripScene;
struct CollectiveStripLayout;

// Notes on the Collectives strip of one process group (the scope: the group's name): pinned to a
// collective (group, sequence number, op) or to one member's entry of it, shapes in sequence
// numbers (x) and rank rows (y: the rank plus the fraction of its row, whatever order the rows
// take). Marked ranks band their rows' labels.
class CollectiveStripNoteCanvas : public NoteCanvas
{
public:
    CollectiveStripNoteCanvas(const CollectiveStripScene &scene, QSize size);

    QRectF area() const override;
    std::optional<QRectF> anchorRect(const NoteAnchor &anchor) const override;
    std::optional<NoteAnchor> anchorAt(QPointF pos, std::string *label) const override;
    bool hasShapes() const override { return m_layout != nullptr; }
    std::optional<NotePoint> toData(const NoteAnchor &anchor, QPointF pos) const override;
    std::optional<QPointF> toPixel(const NoteAnchor &anchor, NotePoint point) const override;
    std::vector<QRectF> rankRects(const RankSet &ranks) const override;

    // The anchor of a member's entry (rank >= 0) or of the whole collective (rank -1).
    std::optional<NoteAnchor> collectiveAnchor(int rank, std::int64_t seq,
                                               std::string *label) const;

private:
    // The pixel rows a strip row takes: its top and height, false when not drawn.
    bool rowPixels(int row, double *top, double *height) const;

    const CollectiveStripScene &m_scene;
    QSize m_size;
    const CollectiveStripLayout *m_layout = nullptr;
};

} // namespace rankscope
