#pragma once

#include "core/diff/LogDiff.h"
#include "core/diff/OpDiff.h"

#include <QColor>

namespace rankscope {

// Colours of the Diff view, from the same ColorBrewer RdBu as the differential flame graph and
// the heatmap's difference mode: red for what got worse or appeared, blue for what improved or
// vanished, strong tones for new/gone, light ones for "more/less of the same".
namespace DiffPalette {

struct Chip
{
    QColor background;
    QColor text;
};

Chip logChange(LogTemplateChangeKind kind);
Chip opChange(OpChangeKind kind);
// A light tint for a table cell of a row that got slower (red) or faster (blue); invalid when
// unchanged.
QColor opRowTint(OpChangeKind kind);

QColor baseline(); // the baseline run's marks (step-time strip)
QColor target();

} // namespace DiffPalette

} // namespace rankscope
