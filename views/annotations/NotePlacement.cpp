#include "views/annotations/NotePlacement.h"

#include <QFontMetricsF>

#include <map>

namespace rankscope {

// Named (not anonymous): the unity build puts this file beside others.
namespace note_placement {

QSizeF badgeSize(const QFontMetricsF &metrics, int number)
{
    const double height = metrics.height() + 2;
    const double width = std::max(height, metrics.horizontalAdvance(QString::number(number)) + 8.0);
    return {width, height};
}

// Inside the area, as far as it goes.
QRectF keptInside(QRectF rect, const QRectF &area)
{
    if (rect.right() > area.right())
        rect.moveRight(area.right());
    if (rect.left() < area.left())
        rect.moveLeft(area.left());
    if (rect.bottom() > area.bottom())
        rect.moveBottom(area.bottom());
    if (rect.top() < area.top())
        rect.moveTop(area.top());
    return rect;
}

} // namespace note_placement

std::optional<QRectF> shapePixels(const NoteCanvas &canvas, const Note &note, QLineF *line)
{
    if (!note.shape || !canvas.hasShapes())
        return std::nullopt;
    const auto from = canvas.toPixel(note.anchor, note.shape->from);
    const auto to = canvas.toPixel(note.anchor, note.shape->to);
    if (!from || !to)
        return std::nullopt;
    if (line)
        *line = QLineF(*from, *to);
    return QRectF(*from, *to).normalized();
}

std::vector<NotePlacement> placeNotes(const NoteLayer &layer, const NoteCanvas &canvas,
                                      const QFont &font)
{
    using namespace note_placement;
    const QFontMetricsF metrics(font);
    const QRectF area = canvas.area();
    std::vector<NotePlacement> placements;
    placements.reserve(layer.entries.size());
    // Pins on one item line up side by side instead of covering each other.
    std::map<std::pair<double, double>, int> pinsAt;
    for (const NoteLayer::Entry &entry : layer.entries) {
        NotePlacement placed;
        placed.entry = &entry;
        const Note &note = entry.note;
        const QSizeF badge = badgeSize(metrics, entry.number);
        if (!canvas.shows(note)) {
            placements.push_back(placed);
            continue;
        }
        switch (note.kind) {
        case NoteKind::Pin: {
            const auto target = canvas.anchorRect(note.anchor);
            if (!target || !target->intersects(area))
                break;
            placed.target = *target;
            const int index = pinsAt[{target->left(), target->top()}]++;
            // Inside the item's right end (a frame keeps its label, a log line its start):
            // centred on a row as short as the badge, over the corner of a taller item (a
            // heatmap cell); beside an item too narrow to hold it.
            QPointF at;
            const double inset = (index + 1) * (badge.width() + 2) + 2;
            if (target->width() > inset + 4)
                at =
                    QPointF(target->right() - inset, target->height() < badge.height() * 1.6
                                                         ? target->center().y() - badge.height() / 2
                                                         : target->top() - badge.height() / 2);
            else
                at = QPointF(target->right() + 2 + index * (badge.width() + 2),
                             target->center().y() - badge.height() / 2);
            placed.badge = keptInside(QRectF(at, badge), area);
            placed.visible = true;
            break;
        }
        case NoteKind::Highlight:
        case NoteKind::Arrow: {
            QLineF line;
            const auto box = shapePixels(canvas, note, &line);
            if (!box || !box->adjusted(-1, -1, 1, 1).intersects(area))
                break;
            placed.box = *box;
            placed.arrow = line;
            const QPointF corner = note.kind == NoteKind::Arrow
                                       ? line.p1() - QPointF(badge.width(), badge.height()) / 2
                                       : box->topLeft() - QPointF(0, badge.height() / 2);
            placed.badge = keptInside(QRectF(corner, badge), area);
            placed.visible = true;
            break;
        }
        case NoteKind::Ranks: {
            placed.ranks = canvas.rankRects(note.ranks);
            if (placed.ranks.empty())
                break;
            const QRectF &first = placed.ranks.front();
            // Beside the first rank's mark, which may lie outside the area (a row header); inside
            // the end of a wide one (a log line, a frame).
            const double x = first.width() > 4 * badge.width() ? first.right() - badge.width() - 4
                                                               : first.right() + 2;
            placed.badge = QRectF(QPointF(x, first.center().y() - badge.height() / 2), badge);
            placed.visible = true;
            break;
        }
        }
        placements.push_back(placed);
    }
    return placements;
}

} // namespace rankscope
