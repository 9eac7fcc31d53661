#pragma once

#include <QColor>

namespace rankscope {

// The legend band above the flame graph and the heatmap (and in their exported pictures): one
// look for both views.
inline const QColor kHeaderBackground(0xf3, 0xf5, 0xf8);
inline const QColor kHeaderLine(0xd0, 0xd5, 0xdc);
inline const QColor kHeaderText(0x33, 0x3a, 0x44);

} // namespace rankscope
