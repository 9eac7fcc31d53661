#pragma once

#include "views/heatmap/HeatmapRowOrder.h"
#include "views/heatmap/HeatmapViewport.h"

#include <QFontMetrics>
#include <QRect>
#include <QSize>

namespace rankscope {

// Where the parts of the heatmap go in a widget of a given size, and the mapping between pixels
// and cell coordinates of the cell area:
//
//   +-------------+------------------------------+
//   |   corner    | column header (ticks)        |
//   +-------------+------------------------------+
//   | row header  | cells                        |
//   | group|rank|*|                              |
//   +-------------+------------------------------+
//   | legend                                     |
//   +--------------------------------------------+
struct HeatmapLayout
{
    QRect corner;
    QRect columnHeader;
    QRect rowHeader;
    QRect groupColumn;  // inside rowHeader: the group bands with their labels (may be empty)
    QRect rankColumn;   // inside rowHeader: rank numbers
    QRect markerColumn; // inside rowHeader: the stuck-rank marks
    QRect cells;
    QRect legend;
    HeatmapViewport viewport;

    // groupLabelWidth: widest group label in pixels, 0 when rows are not grouped.
    static HeatmapLayout compute(QSize size, const QFontMetrics &metrics, int groupLabelWidth,
                                 const HeatmapViewport &viewport);

    double pixelsPerColumn() const;
    double pixelsPerRow() const;
    // Widget x of a (fractional) column edge, and back.
    double xOfColumn(double column) const;
    double yOfRow(double row) const;
    double columnAt(double x) const;
    double rowAt(double y) const;
};

// Where the group labels ("node-4") of the row header go: a label per band while they fit, thin
// bands sharing the room in order (a label is taller than a band of eight rows at 512 ranks), each
// one whole inside the cells' height and none overlapping the previous. `groups` are the bands
// top to bottom (HeatmapRowOrder::groups).
struct HeatmapGroupLabel
{
    std::size_t group = 0;
    QRect rect;
};
std::vector<HeatmapGroupLabel> placeGroupLabels(const HeatmapLayout &layout,
                                                const std::vector<HeatmapRowGroup> &groups,
                                                int lineHeight);

} // namespace rankscope
