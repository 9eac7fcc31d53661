#include "views/heatmap/HeatmapLayout.h"

#include <algorithm>
#include <limits>

namespace rankscope {

namespace {
constexpr int kMarkerWidth = 10;
constexpr int kMaxGroupColumn = 150;
} // namespace

HeatmapLayout HeatmapLayout::compute(QSize size, const QFontMetrics &metrics, int groupLabelWidth,
                                     const HeatmapViewport &viewport)
{
    HeatmapLayout layout;
    layout.viewport = viewport;
    const int line = metrics.height();
    const int legendHeight = 2 * line + 14;
    const int headerHeight = line + 12;
    const int groupWidth =
        groupLabelWidth > 0 ? std::min(groupLabelWidth + 12, kMaxGroupColumn) : 0;
    const int rankWidth = metrics.horizontalAdvance(QStringLiteral("00000")) + 8;
    const int rowHeaderWidth = groupWidth + rankWidth + kMarkerWidth;
    const int cellsWidth = std::max(1, size.width() - rowHeaderWidth - 4);
    const int cellsHeight = std::max(1, size.height() - headerHeight - legendHeight);

    layout.corner = QRect(0, 0, rowHeaderWidth, headerHeight);
    layout.columnHeader = QRect(rowHeaderWidth, 0, cellsWidth, headerHeight);
    layout.rowHeader = QRect(0, headerHeight, rowHeaderWidth, cellsHeight);
    layout.groupColumn = QRect(0, headerHeight, groupWidth, cellsHeight);
    layout.rankColumn = QRect(groupWidth, headerHeight, rankWidth, cellsHeight);
    layout.markerColumn = QRect(groupWidth + rankWidth, headerHeight, kMarkerWidth, cellsHeight);
    layout.cells = QRect(rowHeaderWidth, headerHeight, cellsWidth, cellsHeight);
    layout.legend = QRect(0, headerHeight + cellsHeight, size.width(), legendHeight);
    return layout;
}

double HeatmapLayout::pixelsPerColumn() const
{
    return viewport.columnSpan() > 0 ? cells.width() / viewport.columnSpan() : 1.0;
}

double HeatmapLayout::pixelsPerRow() const
{
    return viewport.rowSpan() > 0 ? cells.height() / viewport.rowSpan() : 1.0;
}

double HeatmapLayout::xOfColumn(double column) const
{
    return cells.left() + (column - viewport.columnStart()) * pixelsPerColumn();
}

double HeatmapLayout::yOfRow(double row) const
{
    return cells.top() + (row - viewport.rowStart()) * pixelsPerRow();
}

double HeatmapLayout::columnAt(double x) const
{
    return viewport.columnStart() + (x - cells.left()) / pixelsPerColumn();
}

double HeatmapLayout::rowAt(double y) const
{
    return viewport.rowStart() + (y - cells.top()) / pixelsPerRow();
}

std::vector<HeatmapGroupLabel> placeGroupLabels(const HeatmapLayout &layout,
                                                const std::vector<HeatmapRowGroup> &groups,
                                                int lineHeight)
{
    std::vector<HeatmapGroupLabel> labels;
    if (layout.groupColumn.isEmpty())
        return labels;
    const QRect &cells = layout.cells;
    int lastLabelBottom = std::numeric_limits<int>::min();
    for (std::size_t g = 0; g < groups.size(); ++g) {
        const double top = std::max(double(cells.top()), layout.yOfRow(groups[g].firstRow));
        const double bottom = std::min(double(cells.bottom() + 1),
                                       layout.yOfRow(groups[g].firstRow + groups[g].rowCount));
        if (bottom <= top)
            continue; // scrolled out
        const int mid = int((top + bottom) / 2);
        // Whole inside the cells' height: the first band's label would be cut by the top edge.
        const int textTop = std::clamp(mid - lineHeight / 2, cells.top(),
                                       std::max(cells.top(), cells.bottom() + 1 - lineHeight));
        if (textTop < lastLabelBottom + 2)
            continue;
        labels.push_back({g, QRect(layout.groupColumn.left() + 6, textTop,
                                   layout.groupColumn.width() - 10, lineHeight)});
        lastLabelBottom = labels.back().rect.bottom();
    }
    return labels;
}

} // namespace rankscope
