#include "views/annotations/NotePainter.h"

#include "views/annotations/NotePlacement.h"
#include "views/annotations/NoteStyle.h"
#include "views/annotations/NoteText.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <cmath>

namespace rankscope {

// Named (not anonymous): the unity build puts this file beside others.
namespace note_painter {

void paintArrow(QPainter &painter, const QLineF &line, double width)
{
    if (line.length() < 1)
        return;
    painter.drawLine(line);
    // A filled head, its size following the line's width.
    const double size = 6 + 2 * width;
    const double angle = std::atan2(line.dy(), line.dx());
    const QPointF tip = line.p2();
    const QPointF left = tip - QPointF(std::cos(angle - 0.45), std::sin(angle - 0.45)) * size;
    const QPointF right = tip - QPointF(std::cos(angle + 0.45), std::sin(angle + 0.45)) * size;
    QPainterPath head;
    head.moveTo(tip);
    head.lineTo(left);
    head.lineTo(right);
    head.closeSubpath();
    painter.fillPath(head, NoteStyle::kInk);
}

void paintBadge(QPainter &painter, const QRectF &badge, int number, bool strong, const QFont &font)
{
    painter.setPen(QPen(NoteStyle::kInk, strong ? 2.0 : 1.0));
    painter.setBrush(NoteStyle::kBadge);
    painter.drawRoundedRect(badge, badge.height() / 2, badge.height() / 2);
    QFont bold = font;
    bold.setBold(true);
    painter.setFont(bold);
    painter.setPen(NoteStyle::kBadgeText);
    painter.drawText(badge, Qt::AlignCenter, QString::number(number));
}

QString calloutText(const Note &note)
{
    const QString text = QString::fromStdString(note.text).trimmed();
    if (note.kind != NoteKind::Ranks)
        return text;
    const QString ranks = NoteText::ranksLabel(note.ranks);
    return text.isEmpty() ? ranks : ranks + QStringLiteral(": ") + text;
}

// The text wrapped at spaces into at most kCalloutLines lines of kCalloutWidth; what does not
// fit ends in "…".
QStringList wrapped(const QString &text, const QFontMetricsF &metrics)
{
    const double width = NoteStyle::kCalloutWidth;
    QStringList lines;
    bool cut = false;
    for (const QString &paragraph : text.split(QLatin1Char('\n'))) {
        QString line;
        for (const QString &word : paragraph.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const QString candidate = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
            if (line.isEmpty() || metrics.horizontalAdvance(candidate) <= width) {
                line = candidate;
                continue;
            }
            lines << line;
            line = word;
            if (lines.size() >= NoteStyle::kCalloutLines)
                break;
        }
        if (lines.size() >= NoteStyle::kCalloutLines) {
            cut = true;
            break;
        }
        lines << line;
    }
    while (lines.size() > NoteStyle::kCalloutLines) {
        lines.removeLast();
        cut = true;
    }
    for (QString &line : lines)
        line = metrics.elidedText(line, Qt::ElideRight, width);
    if (cut && !lines.isEmpty()) {
        QString &last = lines.back();
        while (!last.isEmpty() && metrics.horizontalAdvance(last + QStringLiteral(" …")) > width)
            last.chop(1);
        last += QStringLiteral(" …");
    }
    return lines;
}

} // namespace note_painter

void NotePainter::paint(QPainter &painter, const NoteLayer &layer, const NoteCanvas &canvas,
                        const NotePaintState &state, const QFont &font)
{
    using namespace note_painter;
    NoteLayer drawn = layer;
    if (state.preview)
        drawn.entries.push_back({*state.preview, 0});
    if (drawn.empty())
        return;
    const std::vector<NotePlacement> placements = placeNotes(drawn, canvas, font);
    const QRectF area = canvas.area();
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    for (const NotePlacement &placed : placements) {
        if (!placed.visible)
            continue;
        const Note &note = placed.entry->note;
        const bool strong = note.id == state.selected || note.id == state.hovered;
        const double width = strong ? NoteStyle::kSelectedLineWidth : NoteStyle::kLineWidth;
        QPen pen(NoteStyle::kInk, width);
        if (placed.entry->number == 0) // the preview
            pen.setStyle(Qt::DashLine);
        painter.setBrush(Qt::NoBrush);
        painter.setPen(pen);
        painter.save();
        if (note.kind != NoteKind::Ranks)
            painter.setClipRect(area, Qt::IntersectClip);
        switch (note.kind) {
        case NoteKind::Pin:
            painter.drawRect(placed.target.adjusted(-1, -1, 1, 1));
            break;
        case NoteKind::Highlight:
            painter.fillRect(placed.box, NoteStyle::kFill);
            painter.drawRect(placed.box);
            break;
        case NoteKind::Arrow:
            paintArrow(painter, placed.arrow, width);
            break;
        case NoteKind::Ranks:
            for (const QRectF &rect : placed.ranks) {
                painter.fillRect(rect, NoteStyle::kRankFill);
                painter.fillRect(QRectF(rect.left(), rect.top(), 3, std::max(1.0, rect.height())),
                                 NoteStyle::kInk);
            }
            break;
        }
        painter.restore();
        if (placed.entry->number > 0)
            paintBadge(painter, placed.badge, placed.entry->number, strong, font);
    }

    // Texts beside their badges: all of them in a picture, one line each (the caption has them
    // whole), the selected and hovered on screen, wrapped.
    const QFontMetricsF metrics(font);
    // What a text should not cover: the other texts, the badges and the items notes are on.
    std::vector<QRectF> taken;
    for (const NotePlacement &placed : placements)
        if (placed.visible) {
            taken.push_back(placed.badge);
            if (placed.entry->note.kind == NoteKind::Pin)
                taken.push_back(placed.target);
        }
    painter.setFont(font);
    for (const NotePlacement &placed : placements) {
        if (!placed.visible || placed.entry->number == 0)
            continue;
        const Note &note = placed.entry->note;
        const bool focused = note.id == state.selected || note.id == state.hovered;
        if (!state.showTexts && !focused)
            continue;
        const QString text = calloutText(note);
        if (text.isEmpty())
            continue;
        const QStringList lines =
            focused ? wrapped(text, metrics)
                    : QStringList{metrics.elidedText(text.simplified(), Qt::ElideRight,
                                                     NoteStyle::kCalloutLineWidth)};
        double textWidth = 0;
        for (const QString &line : lines)
            textWidth = std::max(textWidth, metrics.horizontalAdvance(line));
        const QSizeF size(textWidth + 10, lines.size() * metrics.height() + 6);
        const QRectF &badge = placed.badge;
        // Right of the badge, else left, above, below: the first place inside the area that
        // covers no other text, badge or pinned item; else the first, moved down past the rest.
        const QRectF candidates[] = {
            QRectF(QPointF(badge.right() + 4, badge.top()), size),
            QRectF(QPointF(badge.left() - 4 - size.width(), badge.top()), size),
            QRectF(QPointF(badge.left(), badge.top() - 4 - size.height()), size),
            QRectF(QPointF(badge.left(), badge.bottom() + 4), size),
        };
        const auto clashes = [&](const QRectF &box) {
            return std::any_of(taken.begin(), taken.end(), [&](const QRectF &other) {
                return other != badge && other != placed.target && other.intersects(box);
            });
        };
        const auto inside = [&](const QRectF &box) {
            return area.contains(box) || (area.width() < box.width() && box.left() >= area.left());
        };
        QRectF box = candidates[0];
        bool found = false;
        for (const QRectF &candidate : candidates)
            if (inside(candidate) && !clashes(candidate)) {
                box = candidate;
                found = true;
                break;
            }
        if (!found) {
            if (box.right() > area.right() && candidates[1].left() >= area.left())
                box = candidates[1];
            if (box.bottom() > area.bottom())
                box.moveBottom(area.bottom());
            for (int tries = 0; tries < 32 && clashes(box); ++tries)
                box.translate(0, metrics.height());
        }
        taken.push_back(box);
        painter.setPen(QPen(NoteStyle::kInk, 1));
        painter.setBrush(NoteStyle::kCalloutBackground);
        painter.drawRoundedRect(box, 3, 3);
        painter.setPen(NoteStyle::kCalloutText);
        double y = box.top() + 3;
        for (const QString &line : lines) {
            painter.drawText(QRectF(box.left() + 5, y, textWidth + 1, metrics.height()),
                             Qt::AlignLeft | Qt::AlignVCenter, line);
            y += metrics.height();
        }
    }
    painter.restore();
}

std::string NotePainter::noteAt(const NoteLayer &layer, const NoteCanvas &canvas, QPointF pos,
                                const QFont &font)
{
    const std::vector<NotePlacement> placements = placeNotes(layer, canvas, font);
    // The last drawn is on top.
    for (auto it = placements.rbegin(); it != placements.rend(); ++it) {
        if (!it->visible)
            continue;
        const Note &note = it->entry->note;
        if (it->badge.adjusted(-2, -2, 2, 2).contains(pos))
            return note.id;
        if (note.kind == NoteKind::Highlight && it->box.adjusted(-4, -4, 4, 4).contains(pos) &&
            !it->box.adjusted(4, 4, -4, -4).contains(pos))
            return note.id;
        if (note.kind == NoteKind::Arrow && it->arrow.length() > 0) {
            // Distance from the point to the segment.
            const QPointF d = it->arrow.p2() - it->arrow.p1();
            const double t = std::clamp(
                QPointF::dotProduct(pos - it->arrow.p1(), d) / QPointF::dotProduct(d, d), 0.0, 1.0);
            const QPointF nearest = it->arrow.p1() + t * d;
            if (QLineF(nearest, pos).length() <= 5)
                return note.id;
        }
    }
    return {};
}

} // namespace rankscope
