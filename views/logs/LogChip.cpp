#include "views/logs/LogChip.h"

#include <QPainter>

namespace rankscope::LogChip {

namespace {
constexpr int kPadding = 5;
constexpr int kMargin = 2; // vertical, between the chip and the cell's edges
} // namespace

int width(const QFontMetrics &metrics, const QString &text)
{
    return metrics.horizontalAdvance(text) + 2 * kPadding;
}

int paint(QPainter *painter, const QRect &cell, const QString &text, const QColor &background,
          const QColor &foreground)
{
    const QFontMetrics metrics = painter->fontMetrics();
    const int w = width(metrics, text);
    const int h = std::min(cell.height() - 2 * kMargin, metrics.height() + 2);
    const QRect chip(cell.left(), cell.top() + (cell.height() - h) / 2, w, h);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(Qt::NoPen);
    painter->setBrush(background);
    painter->drawRoundedRect(chip, 3, 3);
    painter->setPen(foreground);
    painter->drawText(chip, Qt::AlignCenter, text);
    painter->restore();
    return w;
}

} // namespace rankscope::LogChip
