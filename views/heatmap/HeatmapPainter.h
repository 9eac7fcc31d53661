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

    static QColor slowOutlineColour();         // OutlierFlag::Slow cells
    static QColor inconclusiveOutlineColour(); // OutlierFlag::Inconclusive cells (dashed)
    static QColor selectionColour();
    static QColor stuckMarkColour();
};

} // namespace rankscope
