#include "views/heatmap/HeatmapRaster.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace rankscope {

namespace {

// Cells at least this many pixels wide (or tall) get a 1 px gap, so single cells can be told
// apart once zoomed in.
constexpr double kGridFromPixels = 14.0;
// Enough for every flagged run of a fully visible 1,024 x 2,000 matrix; more is noise.
constexpr std::size_t kMaxOutlineRuns = 50000;

// The last pixel of each cell, when cells are wide enough for a grid.
std::vector<char> gapPixels(const std::vector<HeatmapCellRange> &ranges, double pixelsPerCell)
{
    std::vector<char> gaps(ranges.size(), 0);
    if (pixelsPerCell < kGridFromPixels)
        return gaps;
    for (std::size_t p = 0; p + 1 < ranges.size(); ++p)
        gaps[p] = ranges[p].first != ranges[p + 1].first;
    return gaps;
}

class BlockReducer
{
public:
    explicit BlockReducer(const HeatmapRasterInput &input) : m_input(input) {}

    double value(const HeatmapCellRange &rows, const HeatmapCellRange &columns)
    {
        const MetricMatrix &matrix = *m_input.matrix;
        const std::vector<int> &matrixRowOf = m_input.order->matrixRowOf;
        if (rows.count() == 1 && columns.count() == 1)
            return matrix.at(matrixRowOf[std::size_t(rows.first)], columns.first);
        // Max and mean in one pass over the block; p95 and differences need the values gathered.
        const bool onePass = m_input.reduction == HeatmapReduction::Mean ||
                             (m_input.reduction == HeatmapReduction::Max && !m_input.differences);
        if (onePass) {
            double max = -std::numeric_limits<double>::infinity();
            double sum = 0;
            int count = 0;
            for (int r = rows.first; r <= rows.last; ++r) {
                const double *row =
                    &matrix
                         .values[std::size_t(matrixRowOf[std::size_t(r)]) * matrix.windows.size()];
                for (int c = columns.first; c <= columns.last; ++c) {
                    const double v = row[c];
                    if (std::isfinite(v)) {
                        max = std::max(max, v);
                        sum += v;
                        ++count;
                    }
                }
            }
            if (count == 0)
                return std::numeric_limits<double>::quiet_NaN();
            return m_input.reduction == HeatmapReduction::Max ? max : double(sum / count);
        }
        m_buffer.clear();
        for (int r = rows.first; r <= rows.last; ++r) {
            const int row = matrixRowOf[std::size_t(r)];
            for (int c = columns.first; c <= columns.last; ++c)
                m_buffer.push_back(matrix.at(row, c));
        }
        return m_input.differences ? reduceHeatmapDifferences(m_input.reduction, m_buffer)
                                   : reduceHeatmapValues(m_input.reduction, m_buffer);
    }

private:
    const HeatmapRasterInput &m_input;
    std::vector<double> m_buffer;
};

// Consecutive pixels over the same cells: one value, one fill.
struct PixelRun
{
    int x0 = 0;
    int x1 = 0; // exclusive
    HeatmapCellRange columns;
    bool gapAtEnd = false;
};

std::vector<PixelRun> pixelRuns(const std::vector<HeatmapCellRange> &columnsOfX,
                                const std::vector<char> &gapX)
{
    std::vector<PixelRun> runs;
    const int width = int(columnsOfX.size());
    int x = 0;
    while (x < width) {
        int end = x + 1;
        while (end < width && columnsOfX[std::size_t(end)] == columnsOfX[std::size_t(x)])
            ++end;
        runs.push_back({x, end, columnsOfX[std::size_t(x)], gapX[std::size_t(end - 1)] != 0});
        x = end;
    }
    return runs;
}

void addOutlines(const HeatmapRasterInput &input, const HeatmapViewport &viewport, QSize size,
                 HeatmapRaster &raster)
{
    const SpatialOutliers *outliers = input.outliers;
    const MetricMatrix &matrix = *input.matrix;
    const std::size_t columns = std::size_t(matrix.columnCount());
    if (!outliers || outliers->cellFlags.size() != std::size_t(matrix.rowCount()) * columns)
        return;
    const double xScale = size.width() / viewport.columnSpan();
    const double yScale = size.height() / viewport.rowSpan();
    const int firstColumn = int(std::floor(viewport.columnStart()));
    const int lastColumn =
        std::min(int(columns) - 1, int(std::ceil(viewport.columnStart() + viewport.columnSpan())));
    const int firstRow = int(std::floor(viewport.rowStart()));
    const int lastRow =
        std::min(viewport.rowCount() - 1, int(std::ceil(viewport.rowStart() + viewport.rowSpan())));
    auto kindOf = [](std::uint8_t flags) {
        return (flags & OutlierFlag::Slow) ? 2 : (flags & OutlierFlag::Inconclusive) ? 1 : 0;
    };
    for (int r = firstRow; r <= lastRow; ++r) {
        const std::size_t base = std::size_t(input.order->matrixRowOf[std::size_t(r)]) * columns;
        const int y0 = int(std::floor((r - viewport.rowStart()) * yScale));
        const int y1 = std::max(y0 + 1, int(std::floor((r + 1 - viewport.rowStart()) * yScale)));
        int c = firstColumn;
        while (c <= lastColumn) {
            const int kind = kindOf(outliers->cellFlags[base + std::size_t(c)]);
            int end = c + 1;
            while (end <= lastColumn &&
                   kindOf(outliers->cellFlags[base + std::size_t(end)]) == kind)
                ++end;
            if (kind != 0) {
                if (raster.outlines.size() >= kMaxOutlineRuns) {
                    raster.outlinesTruncated = true;
                    return;
                }
                const int x0 = int(std::floor((c - viewport.columnStart()) * xScale));
                const int x1 =
                    std::max(x0 + 1, int(std::floor((end - viewport.columnStart()) * xScale)));
                raster.outlines.push_back({QRect(x0, y0, x1 - x0, y1 - y0), kind == 2});
            }
            c = end;
        }
    }
}

} // namespace

std::vector<HeatmapCellRange> heatmapPixelRanges(int count, double start, double span, int pixels)
{
    std::vector<HeatmapCellRange> ranges(std::size_t(std::max(0, pixels)));
    if (count <= 0 || pixels <= 0 || span <= 0)
        return ranges;
    const double step = span / pixels;
    for (int p = 0; p < pixels; ++p) {
        const double a = start + p * step;
        const double b = a + step;
        // The cells whose centre lies in [a, b); when zoomed in, the cell under the pixel centre.
        int first = int(std::ceil(a - 0.5));
        int last = int(std::ceil(b - 0.5)) - 1;
        if (last < first)
            first = last = int(std::floor(a + step / 2));
        first = std::clamp(first, 0, count - 1);
        last = std::clamp(last, first, count - 1);
        ranges[std::size_t(p)] = {first, last};
    }
    return ranges;
}

HeatmapRaster buildHeatmapRaster(const HeatmapRasterInput &input, const HeatmapViewport &viewport,
                                 QSize size)
{
    HeatmapRaster raster;
    if (size.isEmpty())
        return raster;
    raster.image = QImage(size, QImage::Format_RGB32);
    const MetricMatrix *matrix = input.matrix;
    if (!matrix || matrix->rowCount() == 0 || matrix->columnCount() == 0 || !input.order ||
        input.order->rowCount() != matrix->rowCount() || !input.scale) {
        raster.image.fill(input.gapColour);
        return raster;
    }

    raster.columnsOfX = heatmapPixelRanges(matrix->columnCount(), viewport.columnStart(),
                                           viewport.columnSpan(), size.width());
    raster.rowsOfY = heatmapPixelRanges(matrix->rowCount(), viewport.rowStart(), viewport.rowSpan(),
                                        size.height());
    for (const auto &range : raster.columnsOfX)
        raster.maxColumnsPerPixel = std::max(raster.maxColumnsPerPixel, range.count());
    for (const auto &range : raster.rowsOfY)
        raster.maxRowsPerPixel = std::max(raster.maxRowsPerPixel, range.count());
    const std::vector<char> gapX =
        gapPixels(raster.columnsOfX, size.width() / viewport.columnSpan());
    const std::vector<char> gapY = gapPixels(raster.rowsOfY, size.height() / viewport.rowSpan());

    BlockReducer reducer(input);
    const HeatmapColorScale &scale = *input.scale;
    const std::vector<PixelRun> runs = pixelRuns(raster.columnsOfX, gapX);
    const std::size_t lineBytes = std::size_t(size.width()) * sizeof(QRgb);
    int previousY = -1;
    bool previousHasHatch = false;
    for (int y = 0; y < size.height(); ++y) {
        auto *line = reinterpret_cast<QRgb *>(raster.image.scanLine(y));
        if (gapY[std::size_t(y)]) {
            std::fill(line, line + size.width(), input.gapColour);
            continue;
        }
        const HeatmapCellRange &rows = raster.rowsOfY[std::size_t(y)];
        // Rows of pixels over the same cells are identical, unless hatched (the stripes move).
        if (previousY >= 0 && !previousHasHatch && raster.rowsOfY[std::size_t(previousY)] == rows) {
            std::memcpy(line, raster.image.constScanLine(previousY), lineBytes);
            continue;
        }
        bool hasHatch = false;
        for (const PixelRun &run : runs) {
            const double value = reducer.value(rows, run.columns);
            if (std::isfinite(value)) {
                std::fill(line + run.x0, line + run.x1, scale.colour(value));
            } else {
                hasHatch = true;
                for (int px = run.x0; px < run.x1; ++px)
                    line[px] = HeatmapColorScale::isHatchPixel(px, y)
                                   ? HeatmapColorScale::noDataHatchColour()
                                   : HeatmapColorScale::noDataColour();
            }
            if (run.gapAtEnd)
                line[run.x1 - 1] = input.gapColour;
        }
        previousY = y;
        previousHasHatch = hasHatch;
    }
    addOutlines(input, viewport, size, raster);
    return raster;
}

} // namespace rankscope
