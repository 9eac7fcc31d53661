#pragma once

#include "core/traces/StragglerDetection.h"
#include "core/traces/TraceWindows.h"
#include "views/heatmap/HeatmapColorScale.h"
#include "views/heatmap/HeatmapReduction.h"
#include "views/heatmap/HeatmapRowOrder.h"
#include "views/heatmap/HeatmapViewport.h"

#include <QImage>
#include <QRect>

#include <vector>

namespace rankscope {

// Cells [first, last] of one axis that fall into one pixel.
struct HeatmapCellRange
{
    int first = 0;
    int last = -1;
    int count() const { return last - first + 1; }
    bool operator==(const HeatmapCellRange &) const = default;
};

// The outline of a run of consecutive flagged cells of one row, in cell-area pixels.
struct HeatmapOutlineRun
{
    QRect rect;
    bool slow = true; // OutlierFlag::Slow; false: OutlierFlag::Inconclusive
};

// The cell area of the heatmap as one image, with what each pixel stands for. Built once per
// (data, order, reduction, viewport, size) and blitted on every repaint, so hover, selection and
// tooltips never recompute colours.
struct HeatmapRaster
{
    QImage image;
    // Cells per pixel: columnsOfX[x] (matrix columns), rowsOfY[y] (display rows). When zoomed
    // out every cell falls into exactly one pixel (the one holding its centre).
    std::vector<HeatmapCellRange> columnsOfX;
    std::vector<HeatmapCellRange> rowsOfY;
    std::vector<HeatmapOutlineRun> outlines;
    bool outlinesTruncated = false;
    int maxColumnsPerPixel = 1;
    int maxRowsPerPixel = 1;
    bool reduced() const { return maxColumnsPerPixel > 1 || maxRowsPerPixel > 1; }
};

struct HeatmapRasterInput
{
    const MetricMatrix *matrix = nullptr;
    const HeatmapRowOrder *order = nullptr;
    const SpatialOutliers *outliers = nullptr; // optional; cellFlags in matrix layout
    const HeatmapColorScale *scale = nullptr;
    HeatmapReduction reduction = HeatmapReduction::Max;
    QRgb gapColour = 0xffffffff; // between cells once they are wide enough to show a grid
    // Signed differences: a pixel of several cells shows the largest change either way
    // (reduceHeatmapDifferences), not the largest value.
    bool differences = false;
};

// The pixel ranges of one axis: `count` cells, [start, start + span) shown on `pixels` pixels.
std::vector<HeatmapCellRange> heatmapPixelRanges(int count, double start, double span, int pixels);

HeatmapRaster buildHeatmapRaster(const HeatmapRasterInput &input, const HeatmapViewport &viewport,
                                 QSize size);

} // namespace rankscope
