#pragma once

#include <QColor>

namespace rankscope::NoteStyle {

// One warm colour for everything a user adds, apart from the views' own palettes (coverage
// greens and reds, the heatmap's ramp, the selection's purple) so a note never reads as data.
inline const QColor kInk(0xc2, 0x6a, 0x00);   // outlines, arrows, badge borders
inline const QColor kBadge(0xff, 0xb3, 0x1a); // badge fill
inline const QColor kBadgeText(0x2b, 0x1a, 0x00);
inline const QColor kFill(0xff, 0xb3, 0x1a, 48); // inside a highlight
inline const QColor kRankFill(0xff, 0xb3, 0x1a, 70);
inline const QColor kCalloutBackground(0xff, 0xfb, 0xf0, 240);
inline const QColor kCalloutText(0x2b, 0x23, 0x1a);

inline constexpr double kLineWidth = 1.5;
inline constexpr double kSelectedLineWidth = 3.0;
inline constexpr int kCalloutWidth = 320; // px at most, wrapped
inline constexpr int kCalloutLines = 5;
inline constexpr int kCalloutLineWidth = 260; // a picture's one-line text (the caption has it all)

} // namespace rankscope::NoteStyle
