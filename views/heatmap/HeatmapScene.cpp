#include "views/heatmap/HeatmapScene.h"

#include "views/heatmap/HeatmapText.h"

#include <QFontMetrics>

#include <algorithm>
#include <cmath>
#include <limits>

namespace rankscope {

HeatmapScene::HeatmapScene() = default;

void HeatmapScene::setData(std::shared_ptr<const MetricMatrix> matrix,
                           std::shared_ptr<const SpatialOutliers> outliers,
                           std::shared_ptr<const JobInfo> job)
{
    const int oldRows = m_matrix ? m_matrix->rowCount() : -1;
    const int oldColumns = m_matrix ? m_matrix->columnCount() : -1;
    m_matrix = std::move(matrix);
    m_outliers = std::move(outliers);
    m_job = std::move(job);
    refitScale();
    rebuildOrder();
    // A new metric of the same job keeps the zoom, so switching metrics compares the same cells.
    const int rows = m_matrix ? m_matrix->rowCount() : 0;
    const int columns = m_matrix ? m_matrix->columnCount() : 0;
    if (rows != oldRows || columns != oldColumns)
        m_viewport.reset(rows, columns);
    invalidateRaster();
}

void HeatmapScene::setTraceContext(std::shared_ptr<const ArrivalSummary> arrivals,
                                   std::shared_ptr<const std::vector<ClockOffset>> clocks)
{
    m_arrivals = std::move(arrivals);
    m_clocks = std::move(clocks);
}

void HeatmapScene::setTraceFormats(std::shared_ptr<const RankTraceFormats> formats)
{
    m_traceFormats = std::move(formats);
}

MetricSource HeatmapScene::sourceOf(int rank) const
{
    if (!m_matrix)
        return MetricSource::None;
    return m_traceFormats ? rankMetricSource(m_matrix->metric, *m_traceFormats, rank)
                          : metricSource(m_matrix->metric, {});
}

// Both lists are by rank.
const RankArrivalStats *HeatmapScene::arrivalsOf(int rank) const
{
    if (!m_arrivals)
        return nullptr;
    const auto &ranks = m_arrivals->ranks;
    const auto it = std::lower_bound(
        ranks.begin(), ranks.end(), rank,
        [](const RankArrivalStats &stats, int wanted) { return stats.rank < wanted; });
    return it != ranks.end() && it->rank == rank ? &*it : nullptr;
}

const ClockOffset *HeatmapScene::clockOf(int rank) const
{
    if (!m_clocks)
        return nullptr;
    const auto it = std::lower_bound(
        m_clocks->begin(), m_clocks->end(), rank,
        [](const ClockOffset &offset, int wanted) { return offset.rank < wanted; });
    return it != m_clocks->end() && it->rank == rank ? &*it : nullptr;
}

void HeatmapScene::setDifferenceMode(bool on, double typicalValue)
{
    if (on == m_difference && typicalValue == m_typicalValue)
        return;
    m_difference = on;
    m_typicalValue = typicalValue;
    refitScale();
    invalidateRaster();
}

void HeatmapScene::setColorMode(HeatmapColorMode mode)
{
    if (mode == m_colorMode)
        return;
    m_colorMode = mode;
    refitScale();
    invalidateRaster();
}

void HeatmapScene::refitScale()
{
    m_peerDeviation.reset();
    m_deviationMatrix = MetricMatrix();
    if (!m_matrix) {
        m_scale = HeatmapColorScale();
    } else if (m_difference) {
        m_scale = HeatmapColorScale::diverging(m_matrix->values, m_typicalValue);
    } else if (resolvedColorMode(m_colorMode, m_matrix->metric) == HeatmapColorMode::PeerMedian) {
        auto deviation =
            std::make_shared<PeerDeviation>(rankscope::peerDeviation(*m_matrix, outliers()));
        m_deviationMatrix = *m_matrix;
        m_deviationMatrix.values = deviation->values;
        m_scale = HeatmapColorScale::centred(deviation->values, deviation->minimumRadius);
        m_peerDeviation = std::move(deviation);
    } else {
        m_scale = HeatmapColorScale::fitted(m_matrix->values);
    }
}

const MetricMatrix *HeatmapScene::colourMatrix() const
{
    return m_peerDeviation ? &m_deviationMatrix : m_matrix.get();
}

const SpatialOutliers *HeatmapScene::outliers() const
{
    if (!m_outliers || !m_matrix || m_outliers->cellFlags.size() != m_matrix->values.size())
        return nullptr; // stale or mismatched flags must not outline the wrong cells
    return m_outliers.get();
}

void HeatmapScene::setGrouping(const HeatmapGrouping &grouping)
{
    if (grouping == m_grouping)
        return;
    m_grouping = grouping;
    rebuildOrder();
    invalidateRaster();
}

void HeatmapScene::rebuildOrder()
{
    m_order =
        m_matrix ? HeatmapRowOrder::build(*m_matrix, m_job.get(), m_grouping) : HeatmapRowOrder();
    m_groupLabelWidth = 0;
    if (m_grouping.mode == HeatmapGroupingMode::None)
        return;
    const QFontMetrics metrics(m_font);
    for (const HeatmapRowGroup &group : m_order.groups) {
        m_groupLabelWidth =
            std::max(m_groupLabelWidth,
                     metrics.horizontalAdvance(HeatmapText::groupLabel(group, m_grouping)));
    }
}

void HeatmapScene::setReduction(HeatmapReduction reduction)
{
    if (reduction == m_reduction)
        return;
    m_reduction = reduction;
    invalidateRaster();
}

void HeatmapScene::setStuckRanks(const std::vector<int> &ranks)
{
    m_stuck = std::unordered_set<int>(ranks.begin(), ranks.end());
}

void HeatmapScene::setSelection(int rank, std::int64_t window, bool hasWindow)
{
    m_selectedRank = rank;
    m_selectedWindow = window;
    m_hasSelectedWindow = rank >= 0 && hasWindow;
    m_selectedRanks = RankSet();
    if (rank >= 0)
        m_selectedRanks.insert(rank);
}

void HeatmapScene::setSelectedRanks(RankSet ranks)
{
    m_selectedRank = ranks.first();
    m_selectedWindow = 0;
    m_hasSelectedWindow = false;
    m_selectedRanks = std::move(ranks);
}

void HeatmapScene::setFont(const QFont &font)
{
    m_font = font;
    rebuildOrder(); // label widths
}

void HeatmapScene::setBackground(const QColor &colour)
{
    m_background = colour;
    invalidateRaster();
}

void HeatmapScene::setViewport(const HeatmapViewport &viewport)
{
    if (viewport == m_viewport)
        return;
    m_viewport = viewport;
    invalidateRaster();
}

void HeatmapScene::zoomColumnsAt(double factor, double x, QSize size)
{
    const HeatmapLayout geometry = layout(size);
    HeatmapViewport viewport = m_viewport;
    viewport.zoomColumns(factor, geometry.columnAt(x));
    setViewport(viewport);
}

void HeatmapScene::zoomRowsAt(double factor, double y, QSize size)
{
    const HeatmapLayout geometry = layout(size);
    HeatmapViewport viewport = m_viewport;
    viewport.zoomRows(factor, geometry.rowAt(y));
    setViewport(viewport);
}

void HeatmapScene::panPixels(double dx, double dy, QSize size)
{
    const HeatmapLayout geometry = layout(size);
    HeatmapViewport viewport = m_viewport;
    viewport.pan(dy / geometry.pixelsPerRow(), dx / geometry.pixelsPerColumn());
    setViewport(viewport);
}

void HeatmapScene::resetView()
{
    HeatmapViewport viewport;
    viewport.reset(m_viewport.rowCount(), m_viewport.columnCount());
    setViewport(viewport);
}

HeatmapLayout HeatmapScene::layout(QSize size) const
{
    return HeatmapLayout::compute(size, QFontMetrics(m_font), m_groupLabelWidth, m_viewport);
}

const HeatmapRaster &HeatmapScene::raster(QSize size)
{
    const QSize cells = layout(size).cells.size();
    if (m_rasterValid && cells == m_rasterSize)
        return m_raster;
    HeatmapRasterInput input;
    input.matrix = hasData() ? colourMatrix() : nullptr;
    input.order = &m_order;
    input.outliers = outliers();
    input.scale = &m_scale;
    input.reduction = m_reduction;
    input.gapColour = m_background.rgb();
    input.differences = m_difference;
    m_raster = buildHeatmapRaster(input, m_viewport, cells);
    m_rasterSize = cells;
    m_rasterValid = true;
    return m_raster;
}

HeatmapHit HeatmapScene::hitTest(QPointF pos, QSize size)
{
    HeatmapHit hit;
    if (!hasData())
        return hit;
    const HeatmapLayout geometry = layout(size);
    const QPoint point = pos.toPoint();
    if (geometry.cells.contains(point)) {
        hit.area = HeatmapHit::Area::Cells;
        const HeatmapRaster &cells = raster(size);
        const std::size_t x = std::size_t(point.x() - geometry.cells.left());
        const std::size_t y = std::size_t(point.y() - geometry.cells.top());
        if (x >= cells.columnsOfX.size() || y >= cells.rowsOfY.size())
            return hit;
        hit.rows = cells.rowsOfY[y];
        hit.columns = cells.columnsOfX[x];
        // The hottest cell under the pixel: the one that makes it look the way it does (in
        // difference mode the largest change either way, against the peers the most above).
        const MetricMatrix &colours = *colourMatrix();
        double best = -std::numeric_limits<double>::infinity();
        hit.displayRow = hit.rows.first;
        hit.column = hit.columns.first;
        for (int r = hit.rows.first; r <= hit.rows.last; ++r) {
            const int row = m_order.matrixRowOf[std::size_t(r)];
            for (int c = hit.columns.first; c <= hit.columns.last; ++c) {
                const double raw = colours.at(row, c);
                const double value = m_difference ? std::fabs(raw) : raw;
                if (std::isfinite(value) && value > best) {
                    best = value;
                    hit.displayRow = r;
                    hit.column = c;
                }
            }
        }
    } else if (geometry.rowHeader.contains(point)) {
        hit.area = HeatmapHit::Area::RowHeader;
        const int row = int(std::floor(geometry.rowAt(pos.y())));
        if (row >= 0 && row < m_order.rowCount())
            hit.displayRow = row;
    } else if (geometry.columnHeader.contains(point)) {
        hit.area = HeatmapHit::Area::ColumnHeader;
        const int column = int(std::floor(geometry.columnAt(pos.x())));
        if (column >= 0 && column < m_matrix->columnCount())
            hit.column = column;
    } else if (geometry.legend.contains(point)) {
        hit.area = HeatmapHit::Area::Legend;
    }
    if (hit.displayRow >= 0) {
        hit.matrixRow = m_order.matrixRowOf[std::size_t(hit.displayRow)];
        hit.rank = m_matrix->ranks[std::size_t(hit.matrixRow)];
    }
    if (hit.column >= 0)
        hit.window = m_matrix->windows[std::size_t(hit.column)];
    return hit;
}

int HeatmapScene::displayRowOfRank(int rank) const
{
    if (!m_matrix)
        return -1;
    const int row = m_matrix->rowOfRank(rank);
    return row < 0 ? -1 : m_order.displayRowOf[std::size_t(row)];
}

int HeatmapScene::rankOfDisplayRow(int row) const
{
    if (!m_matrix || row < 0 || row >= m_order.rowCount())
        return -1;
    return m_matrix->ranks[std::size_t(m_order.matrixRowOf[std::size_t(row)])];
}

QRectF HeatmapScene::cellRect(int rank, std::int64_t window, QSize size) const
{
    const int row = displayRowOfRank(rank);
    const int column = m_matrix ? m_matrix->columnOfWindow(window) : -1;
    if (row < 0 || column < 0)
        return {};
    const HeatmapLayout geometry = layout(size);
    const double x0 = geometry.xOfColumn(column);
    const double y0 = geometry.yOfRow(row);
    const QRectF rect(x0, y0, std::max(1.0, geometry.xOfColumn(column + 1) - x0),
                      std::max(1.0, geometry.yOfRow(row + 1) - y0));
    return rect.intersected(QRectF(geometry.cells));
}

} // namespace rankscope
