#pragma once

#include "core/traces/StragglerDetection.h"
#include "core/traces/TraceWindows.h"

#include <QPoint>
#include <QPointF>
#include <QSize>
#include <QWidget>

#include <memory>
#include <vector>

class QChart;
class QPainter;
class QChartView;
class QLineSeries;

namespace rankscope {

// How the heatmap's data is drawn: a grid of coloured cells, or lines when the matrix is so
// small in one direction that cells would be giant blocks whose colours the eye cannot compare
// as well as heights.
enum class HeatmapPresentation : std::uint8_t
{
    Automatic,
    Grid,
    Lines,
};

// Up to 8 ranks: one line per rank over the windows. Eight is about what a qualitative palette
// keeps apart (ColorBrewer Dark2/Set1 have 8–9 colours) before lines tangle. Up to 3 windows:
// one line per window over the ranks, so a straggler among thousands is a spike. Beyond both,
// the grid.
inline constexpr int kLineChartMaxRanks = 8;
inline constexpr int kLineChartMaxWindows = 3;
bool showsAsLines(HeatmapPresentation choice, int ranks, int windows);

// The line chart of a metric matrix (Qt Charts): either one line per rank with x the window
// (few ranks), or one line per window with x the rank (few windows). The peer median of each
// window (or, in difference mode, zero: no change) is a dashed grey line; cells the straggler
// analysis flags slow are ringed in the heatmap's outline blue. A click on or near a point
// selects that rank and window, as a click on a cell does.
class HeatmapLineChart : public QWidget
{
    Q_OBJECT

public:
    explicit HeatmapLineChart(QWidget *parent = nullptr);
    ~HeatmapLineChart() override;

    void setData(std::shared_ptr<const MetricMatrix> matrix,
                 std::shared_ptr<const SpatialOutliers> outliers, bool difference);
    void setSelectedRank(int rank);
    // Draws the chart as it shows now into `painter` over `size` (the picture export).
    void render(QPainter &painter, QSize size) const;
    int selectedRank() const { return m_selectedRank; }

    // Lines per rank (x = window) or per window (x = rank).
    bool linesPerRank() const { return m_perRank; }
    int dataLineCount() const; // the rank or window lines, without the median and markers
    QChart *chart() const { return m_chart; }
    QChartView *chartView() const { return m_view; }
    // Where the point of a cell is drawn, in chartView() viewport coordinates; (-1, -1) when the
    // cell has no value.
    QPoint pointPosition(int rank, std::int64_t window) const;
    // The cell nearest to a viewport point (within a few pixels); rank -1 when none.
    std::pair<int, std::int64_t> cellAt(QPoint viewportPos) const;

signals:
    void cellActivated(int rank, qint64 window);
    void selectionChanged(int rank, qint64 window);

private:
    void rebuild();
    void applySelectionPens();
    friend class HeatmapLineChartView;
    void clickedAt(QPoint viewportPos);

    std::shared_ptr<const MetricMatrix> m_matrix;
    std::shared_ptr<const SpatialOutliers> m_outliers;
    bool m_difference = false;
    bool m_perRank = true;
    int m_selectedRank = -1;
    double m_unit = 1e6; // ns per axis unit (ms); 1 for counts
    QChart *m_chart = nullptr;
    QChartView *m_view = nullptr;
    std::vector<QLineSeries *> m_lines; // per rank (row) or per window (column)
};

} // namespace rankscope
