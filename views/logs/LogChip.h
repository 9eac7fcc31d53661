#pragma once

#include <QColor>
#include <QFontMetrics>
#include <QRect>
#include <QString>

class QPainter;

namespace rankscope {

// A small rounded label ("ERROR", "burst", "+12 lines") drawn in table cells and log rows.
namespace LogChip {

int width(const QFontMetrics &metrics, const QString &text);
// Draws the chip at the left of `cell`, vertically centred; returns its width.
int paint(QPainter *painter, const QRect &cell, const QString &text, const QColor &background,
          const QColor &foreground);

} // namespace LogChip

} // namespace rankscope
