#pragma once

#include "views/heatmap/HeatmapScene.h"

#include <QColor>
#include <QRect>
#include <QSize>

class QPainter;

namespace rankscope {

// Paints a HeatmapScene: the cached cell raster, outlier outlines, selection, the row header
// (group bands, rank numbers, stuck marks), the column header and the legend. The widget, the
// picture export and the benchmark all go through here.
class HeatmapPainter
{
public:
    static void paint(QPainter &painter, HeatmapScene &scene, QSize size);

    // OutlierFlag::Slow cells: a ring of the outer colour on a cell's border pixel, the inner one
    // on the next; the rest of the cell keeps its colour.
    static QColor slowOutlineColour();
    static QColor slowOutlineInnerColour();
    static QColor inconclusiveOutlineColour(); // OutlierFlag::Inconclusive cells (dashed)
    static QColor selectionColour();
    static QColor stuckMarkColour();
};

} // namespace rankscope
