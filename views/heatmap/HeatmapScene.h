#pragma once

#include "core/model/JobInfo.h"
#include "core/model/RankSet.h"
#include "core/traces/ClockAlignment.h"
#include "core/traces/MetricSource.h"
#include "core/traces/StragglerDetection.h"
#include "core/traces/TraceWindows.h"
#include "views/heatmap/HeatmapColorMode.h"
#include "views/heatmap/HeatmapColorScale.h"
#include "views/heatmap/HeatmapLayout.h"
#include "views/heatmap/HeatmapRaster.h"
#include "views/heatmap/HeatmapReduction.h"
#include "views/heatmap/HeatmapRowOrder.h"
#include "views/heatmap/HeatmapViewport.h"

#include <QColor>
#include <QFont>
#include <QPointF>
#include <QString>

#include <cstdint>
#include <memory>
#include <unordered_set>
#include <vector>

namespace rankscope {

// What is under a point of the heatmap.
struct HeatmapHit
{
    enum class Area : std::uint8_t
    {
        None,
        Cells,
        RowHeader,
        ColumnHeader,
        Legend,
    };
    Area area = Area::None;
    // The cell the point stands for. When a pixel covers several cells, the one with the highest
    // value (the one a hot pixel is hot because of; in difference mode the largest change). Row
    // header hits have a row but no column.
    int displayRow = -1;
    int matrixRow = -1;
    int column = -1;
    int rank = -1;
    std::int64_t window = 0;
    HeatmapCellRange rows;    // display rows under the pixel (cell area)
    HeatmapCellRange columns; // matrix columns under the pixel (cell area)

    bool isCell() const { return area == Area::Cells && matrixRow >= 0 && column >= 0; }
};

// Everything the heatmap draws, without the widget: data, row order, zoom, selection and the
// cached raster of the cells. The widget, the exports and the benchmark paint it with
// HeatmapPainter.
class HeatmapScene
{
public:
    HeatmapScene();

    // The matrix of one metric; outliers (cellFlags/peerMedian in matrix layout) and job (nodes,
    // roles, groups) are optional. Resets the zoom when the shape changes.
    void setData(std::shared_ptr<const MetricMatrix> matrix,
                 std::shared_ptr<const SpatialOutliers> outliers = {},
                 std::shared_ptr<const JobInfo> job = {});
    const MetricMatrix *matrix() const { return m_matrix.get(); }
    // The matrix holds differences (target − baseline, issue 5): a diverging colour scale
    // symmetric around zero, pixels of several cells show the largest change either way, and
    // legend and tooltips speak of signed differences. Kept across setData().
    // typicalValue: the metric's usual size in the runs (HeatmapColorScale::diverging).
    void setDifferenceMode(bool on, double typicalValue = 0);
    bool isDifferenceMode() const { return m_difference; }
    // Colour by the value or against the peer median (HeatmapColorMode); Automatic follows the
    // metric. Kept across setData(); the difference mode has its own scale and ignores it.
    void setColorMode(HeatmapColorMode mode);
    HeatmapColorMode colorMode() const { return m_colorMode; }
    // The cells are coloured by their deviation from the peer median (peerDeviation()).
    bool isPeerMedianMode() const { return m_peerDeviation != nullptr; }
    const PeerDeviation *peerDeviation() const { return m_peerDeviation.get(); }
    const SpatialOutliers *outliers() const;
    const JobInfo *job() const { return m_job.get(); }
    bool hasData() const
    {
        return m_matrix && m_matrix->rowCount() > 0 && m_matrix->columnCount() > 0;
    }

    void setGrouping(const HeatmapGrouping &grouping);
    const HeatmapGrouping &grouping() const { return m_grouping; }
    const HeatmapRowOrder &rowOrder() const { return m_order; }
    void setReduction(HeatmapReduction reduction);
    HeatmapReduction reduction() const { return m_reduction; }
    const HeatmapColorScale &colorScale() const { return m_scale; }

    // What the traces say beyond the matrix: every rank's arrival totals at collectives and its
    // clock alignment. The tooltips of the metrics that compare aligned times across ranks
    // (caused wait, collective wait...) say how often the rank was last and how far the clocks
    // can be trusted. Either may be null; kept across setData().
    void setTraceContext(std::shared_ptr<const ArrivalSummary> arrivals,
                         std::shared_ptr<const std::vector<ClockOffset>> clocks);
    const RankArrivalStats *arrivalsOf(int rank) const;
    // What wrote each rank's trace (files.format), for the tooltips' "source"; may be null.
    void setTraceFormats(std::shared_ptr<const RankTraceFormats> formats);
    // The source of the rank's values of the current metric.
    MetricSource sourceOf(int rank) const;
    const ClockOffset *clockOf(int rank) const;

    void setStuckRanks(const std::vector<int> &ranks);
    bool isStuck(int rank) const { return m_stuck.count(rank) > 0; }
    int stuckRankCount() const { return int(m_stuck.size()); }

    // The selected rank (-1: none) and, when hasWindow, the selected cell of that rank.
    void setSelection(int rank, std::int64_t window, bool hasWindow);
    // Several selected ranks (a finding names them): each row is outlined and marked, the first
    // is the selected rank.
    void setSelectedRanks(RankSet ranks);
    int selectedRank() const { return m_selectedRank; }
    // Every selected rank (the selected rank alone after a click; empty: none).
    const RankSet &selectedRanks() const { return m_selectedRanks; }
    bool hasSelectedWindow() const { return m_hasSelectedWindow; }
    std::int64_t selectedWindow() const { return m_selectedWindow; }

    void setFont(const QFont &font);
    const QFont &font() const { return m_font; }
    void setBackground(const QColor &colour);
    QColor background() const { return m_background; }
    // Shown instead of the cells when there is no data ("Loading…", "No trace windows").
    void setPlaceholder(const QString &text) { m_placeholder = text; }
    const QString &placeholder() const { return m_placeholder; }

    // Zoom and pan, in pixels of a widget of `size`.
    const HeatmapViewport &viewport() const { return m_viewport; }
    void setViewport(const HeatmapViewport &viewport);
    void zoomColumnsAt(double factor, double x, QSize size);
    void zoomRowsAt(double factor, double y, QSize size);
    void panPixels(double dx, double dy, QSize size);
    void resetView();

    HeatmapLayout layout(QSize size) const;
    // The cell area as an image, rebuilt only when data, order, reduction, zoom or size changed.
    const HeatmapRaster &raster(QSize size);

    HeatmapHit hitTest(QPointF pos, QSize size);
    // Where a cell is drawn (widget coordinates, at least 1x1); empty when off screen or absent.
    QRectF cellRect(int rank, std::int64_t window, QSize size) const;
    // The display row of a rank, -1 when absent.
    int displayRowOfRank(int rank) const;
    // The rank a display row shows, -1 outside the rows.
    int rankOfDisplayRow(int row) const;

private:
    void rebuildOrder();
    void refitScale();
    void invalidateRaster() { m_rasterValid = false; }
    // What the raster colours: the matrix, or its deviations from the peer median.
    const MetricMatrix *colourMatrix() const;

    std::shared_ptr<const MetricMatrix> m_matrix;
    std::shared_ptr<const SpatialOutliers> m_outliers;
    std::shared_ptr<const JobInfo> m_job;
    std::shared_ptr<const ArrivalSummary> m_arrivals;
    std::shared_ptr<const std::vector<ClockOffset>> m_clocks;
    std::shared_ptr<const RankTraceFormats> m_traceFormats;
    HeatmapGrouping m_grouping;
    HeatmapRowOrder m_order;
    HeatmapReduction m_reduction = HeatmapReduction::Max;
    HeatmapColorScale m_scale;
    bool m_difference = false;
    HeatmapColorMode m_colorMode = HeatmapColorMode::Automatic;
    std::shared_ptr<const PeerDeviation> m_peerDeviation;
    MetricMatrix m_deviationMatrix; // the matrix's shape with m_peerDeviation->values
    double m_typicalValue = 0;
    HeatmapViewport m_viewport;
    std::unordered_set<int> m_stuck;
    int m_selectedRank = -1;
    RankSet m_selectedRanks;
    std::int64_t m_selectedWindow = 0;
    bool m_hasSelectedWindow = false;
    QFont m_font;
    QColor m_background = Qt::white;
    QString m_placeholder;
    int m_groupLabelWidth = 0;

    HeatmapRaster m_raster;
    QSize m_rasterSize;
    bool m_rasterValid = false;
};

} // namespace rankscope
