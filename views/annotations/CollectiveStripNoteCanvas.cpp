#include "views/annotations/CollectiveStripNoteCanvas.h"

#include "views/annotations/NoteText.h"
#include "views/collectives/CollectiveStripScene.h"

#include <cmath>

namespace rankscope {

// The canvas's scope is the group shown: shapes drawn on one group's strip stay there.
static std::string collectiveScopeOf(const CollectiveStripScene &scene)
{
    return scene.strip() ? scene.strip()->name : std::string();
}

CollectiveStripNoteCanvas::CollectiveStripNoteCanvas(const CollectiveStripScene &scene, QSize size)
    : NoteCanvas(NoteView::Collectives, collectiveScopeOf(scene)), m_scene(scene), m_size(size)
{
    if (scene.strip() && !scene.strip()->empty() && !size.isEmpty())
        m_layout = &scene.layout(size);
}

QRectF CollectiveStripNoteCanvas::area() const
{
    return m_layout ? QRectF(m_layout->cells) : QRectF();
}

bool CollectiveStripNoteCanvas::rowPixels(int row, double *top, double *height) const
{
    const int y = m_layout->yOfRow(row);
    if (y < 0)
        return false;
    int pixels = 1;
    const std::size_t first = std::size_t(y - m_layout->cells.top());
    while (first + std::size_t(pixels) < m_layout->rowsOfY.size() &&
           m_layout->rowsOfY[first + std::size_t(pixels)].first <= row &&
           m_layout->rowsOfY[first + std::size_t(pixels)].last >= row)
        ++pixels;
    *top = y;
    *height = pixels;
    return true;
}

std::optional<QRectF> CollectiveStripNoteCanvas::anchorRect(const NoteAnchor &anchor) const
{
    if (!m_layout || anchor.target != NoteTarget::Collective || anchor.group != scope())
        return std::nullopt;
    const CollectiveStrip &strip = *m_scene.strip();
    const int column = strip.columnOf(anchor.seq);
    if (column < 0 || !m_layout->showsColumn(column))
        return std::nullopt;
    const double left = m_layout->xOfColumn(column);
    const double width = std::max(3.0, m_layout->columnWidth);
    if (anchor.rank < 0) // the collective itself: its whole column
        return QRectF(left, m_layout->cells.top(), width, m_layout->cells.height());
    double top = 0, height = 0;
    const int row = strip.rowOf(anchor.rank);
    if (row < 0 || !rowPixels(row, &top, &height))
        return std::nullopt;
    return QRectF(left, top, width, std::max(3.0, height));
}

std::optional<NoteAnchor> CollectiveStripNoteCanvas::collectiveAnchor(int rank, std::int64_t seq,
                                                                      std::string *label) const
{
    if (!m_layout)
        return std::nullopt;
    const CollectiveStrip &strip = *m_scene.strip();
    const int column = strip.columnOf(seq);
    if (column < 0)
        return std::nullopt;
    NoteAnchor anchor;
    anchor.target = NoteTarget::Collective;
    anchor.scope = scope();
    anchor.group = strip.name;
    anchor.seq = seq;
    anchor.rank = rank;
    if (std::size_t(column) < strip.columnOps.size())
        anchor.name = strip.columnOps[std::size_t(column)];
    if (label) {
        const QString op = QString::fromStdString(anchor.name);
        *label = (rank >= 0 ? NoteText::tr("%1 #%2 · rank %3").arg(op).arg(seq).arg(rank)
                            : NoteText::tr("%1 #%2").arg(op).arg(seq))
                     .toStdString();
    }
    return anchor;
}

std::optional<NoteAnchor> CollectiveStripNoteCanvas::anchorAt(QPointF pos, std::string *label) const
{
    if (!m_layout)
        return std::nullopt;
    const CollectiveStripHit hit = m_scene.hitTest(pos.toPoint(), m_size);
    if (hit.isCell())
        return collectiveAnchor(hit.rank, hit.seq, label);
    if (hit.area == CollectiveStripHit::Area::ColumnHeader && hit.column >= 0)
        return collectiveAnchor(-1, m_scene.strip()->seqOf(hit.column), label);
    return std::nullopt;
}

std::optional<NotePoint> CollectiveStripNoteCanvas::toData(const NoteAnchor &, QPointF pos) const
{
    if (!m_layout || m_layout->columnWidth <= 0 || m_layout->rowsOfY.empty())
        return std::nullopt;
    const CollectiveStrip &strip = *m_scene.strip();
    const double seq = double(strip.firstSeq) + m_layout->columnStart +
                       (pos.x() - m_layout->cells.left()) / m_layout->columnWidth;
    const int p = std::clamp(int(std::floor(pos.y())) - m_layout->cells.top(), 0,
                             int(m_layout->rowsOfY.size()) - 1);
    const int row = m_layout->rowsOfY[std::size_t(p)].first;
    if (row < 0 || row >= strip.rows())
        return std::nullopt;
    double top = 0, height = 1;
    rowPixels(row, &top, &height);
    const double fraction = std::clamp((pos.y() - top) / height, 0.0, 0.999);
    return NotePoint{seq, strip.rowRanks[std::size_t(row)] + fraction};
}

std::optional<QPointF> CollectiveStripNoteCanvas::toPixel(const NoteAnchor &, NotePoint point) const
{
    if (!m_layout || m_layout->columnWidth <= 0)
        return std::nullopt;
    const CollectiveStrip &strip = *m_scene.strip();
    const int rank = int(std::floor(point.y));
    const int row = strip.rowOf(rank);
    double top = 0, height = 0;
    if (row < 0)
        return std::nullopt;
    if (!rowPixels(row, &top, &height)) {
        // Scrolled away: above or below the rows drawn, so a shape across them is cut, not lost.
        const int first = m_layout->rowsOfY.front().first;
        top = row < first ? m_layout->cells.top() - 1 : m_layout->cells.bottom() + 2;
        height = 0;
    }
    const double x =
        m_layout->cells.left() +
        (point.x - double(strip.firstSeq) - m_layout->columnStart) * m_layout->columnWidth;
    return QPointF(x, top + (point.y - rank) * height);
}

std::vector<QRectF> CollectiveStripNoteCanvas::rankRects(const RankSet &ranks) const
{
    std::vector<QRectF> rects;
    if (!m_layout)
        return rects;
    const CollectiveStrip &strip = *m_scene.strip();
    const QRect header = m_layout->rowHeader;
    ranks.forEach([&](int rank) {
        double top = 0, height = 0;
        const int row = strip.rowOf(rank);
        if (row >= 0 && rowPixels(row, &top, &height))
            rects.emplace_back(header.left(), top, header.width(), std::max(2.0, height));
    });
    return rects;
}

} // namespace rankscope
