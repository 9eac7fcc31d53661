#include "views/heatmap/HeatmapLineChart.h"

#include "core/model/Median.h"
#include "views/heatmap/HeatmapPainter.h"
#include "views/heatmap/HeatmapText.h"

#include <QChart>
#include <QChartView>
#include <QGraphicsScene>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMouseEvent>
#include <QPainter>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <cmath>
#include <limits>

namespace rankscope {

namespace {

// ColorBrewer Dark2: eight colours told apart on white, also in print.
constexpr std::array<QRgb, 8> kLineColours = {0xff1b9e77, 0xffd95f02, 0xff7570b3, 0xffe7298a,
                                              0xff66a61e, 0xffe6ab02, 0xffa6761d, 0xff666666};
constexpr double kPickRadius = 12; // px: how near a click must be to a point

QColor lineColour(std::size_t i)
{
    return QColor::fromRgb(kLineColours[i % kLineColours.size()]);
}

} // namespace

bool showsAsLines(HeatmapPresentation choice, int ranks, int windows)
{
    if (choice != HeatmapPresentation::Automatic)
        return choice == HeatmapPresentation::Lines;
    return ranks > 0 && windows > 0 &&
           (ranks <= kLineChartMaxRanks || windows <= kLineChartMaxWindows);
}

// Clicks go to the chart's owner; the rest (hover, wheel) stays Qt Charts'.
class HeatmapLineChartView : public QChartView
{
public:
    HeatmapLineChartView(QChart *chart, HeatmapLineChart *owner)
        : QChartView(chart, owner), m_owner(owner)
    {
        setRenderHint(QPainter::Antialiasing);
    }

protected:
    void mousePressEvent(QMouseEvent *event) override
    {
        if (event->button() == Qt::LeftButton)
            m_owner->clickedAt(event->position().toPoint());
        QChartView::mousePressEvent(event);
    }

private:
    HeatmapLineChart *m_owner;
};

HeatmapLineChart::HeatmapLineChart(QWidget *parent) : QWidget(parent), m_chart(new QChart)
{
    m_chart->legend()->setAlignment(Qt::AlignRight);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_view = new HeatmapLineChartView(m_chart, this);
    m_view->setAccessibleName(tr("Metric by window line chart"));
    // As small as the grid may get: Qt Charts' own minimum (legend, axes) would widen the window.
    m_view->setMinimumSize(200, 120);
    setMinimumSize(240, 160);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
}

HeatmapLineChart::~HeatmapLineChart() = default;

void HeatmapLineChart::setData(std::shared_ptr<const MetricMatrix> matrix,
                               std::shared_ptr<const SpatialOutliers> outliers, bool difference)
{
    m_matrix = std::move(matrix);
    m_outliers = std::move(outliers);
    if (m_outliers && m_matrix && m_outliers->cellFlags.size() != m_matrix->values.size())
        m_outliers.reset();
    m_difference = difference;
    rebuild();
}

void HeatmapLineChart::setSelectedRank(int rank)
{
    if (rank == m_selectedRank)
        return;
    m_selectedRank = rank;
    applySelectionPens();
}

void HeatmapLineChart::render(QPainter &painter, QSize size) const
{
    // The chart's own scene, not a grab of the widget: the export may be larger than the window
    // and an SVG wants vectors.
    m_view->scene()->render(&painter, QRectF(QPointF(0, 0), QSizeF(size)),
                            m_view->mapToScene(m_view->viewport()->rect()).boundingRect());
}

int HeatmapLineChart::dataLineCount() const
{
    return int(m_lines.size());
}

void HeatmapLineChart::rebuild()
{
    m_chart->removeAllSeries();
    for (QAbstractAxis *axis : m_chart->axes())
        m_chart->removeAxis(axis);
    m_lines.clear();
    const MetricMatrix *matrix = m_matrix.get();
    if (!matrix || matrix->rowCount() == 0 || matrix->columnCount() == 0)
        return;
    // Few ranks: a line per rank; else (few windows) a line per window over the ranks.
    m_perRank =
        matrix->rowCount() <= kLineChartMaxRanks || matrix->rowCount() <= matrix->columnCount();
    m_unit = isCountMetric(matrix->metric) ? 1.0 : 1e6;
    const int rows = matrix->rowCount();
    const int columns = matrix->columnCount();

    auto *x = new QValueAxis;
    auto *y = new QValueAxis;
    x->setLabelFormat(QStringLiteral("%d"));
    x->setTitleText(m_perRank ? HeatmapText::axisTitle(matrix->axis) : tr("rank"));
    const QString unit = matrix->metric == TraceMetric::LateArrivals ? tr("collectives")
                         : isLogMetric(matrix->metric)               ? tr("events")
                                                                     : tr("ms");
    y->setTitleText(
        m_difference
            ? tr("%1: target − baseline (%2)").arg(HeatmapText::metricTitle(matrix->metric), unit)
            : tr("%1 (%2)").arg(HeatmapText::metricTitle(matrix->metric), unit));
    m_chart->addAxis(x, Qt::AlignBottom);
    m_chart->addAxis(y, Qt::AlignLeft);

    double low = std::numeric_limits<double>::infinity();
    double high = -low;
    auto addSeries = [&](QXYSeries *series) {
        m_chart->addSeries(series);
        series->attachAxis(x);
        series->attachAxis(y);
    };
    auto xOf = [&](int row, int column) {
        return m_perRank ? double(matrix->windows[std::size_t(column)])
                         : double(matrix->ranks[std::size_t(row)]);
    };

    // The data lines.
    const int lineCount = m_perRank ? rows : columns;
    const int pointCount = m_perRank ? columns : rows;
    for (int i = 0; i < lineCount; ++i) {
        auto *series = new QLineSeries;
        series->setName(m_perRank ? tr("rank %1").arg(matrix->ranks[std::size_t(i)])
                                  : HeatmapText::windowLabel(*matrix, i));
        series->setPointsVisible(pointCount <= 64);
        for (int j = 0; j < pointCount; ++j) {
            const int row = m_perRank ? i : j;
            const int column = m_perRank ? j : i;
            const double v = matrix->at(row, column);
            if (!std::isfinite(v))
                continue; // a missing cell is a gap in the data, joined by the line
            series->append(xOf(row, column), v / m_unit);
            low = std::min(low, v / m_unit);
            high = std::max(high, v / m_unit);
        }
        addSeries(series);
        m_lines.push_back(series);
    }

    // The reference: zero in difference mode, else each window's median over the ranks.
    std::vector<double> scratch;
    auto columnMedian = [&](int column) {
        scratch.clear();
        for (int r = 0; r < rows; ++r)
            if (const double v = matrix->at(r, column); std::isfinite(v))
                scratch.push_back(v);
        return medianOf(scratch);
    };
    const int references = m_perRank ? 1 : columns;
    for (int i = 0; i < references; ++i) {
        auto *reference = new QLineSeries;
        QPen pen(m_perRank ? QColor(0x70, 0x70, 0x70) : lineColour(std::size_t(i)).lighter(130),
                 1.5, Qt::DashLine);
        reference->setPen(pen);
        if (m_difference) {
            reference->setName(i == 0 ? tr("no change") : QString());
            const double x0 =
                m_perRank ? double(matrix->windows.front()) : double(matrix->ranks.front());
            const double x1 =
                m_perRank ? double(matrix->windows.back()) : double(matrix->ranks.back());
            reference->append(x0, 0);
            reference->append(x1, 0);
            low = std::min(low, 0.0);
            high = std::max(high, 0.0);
        } else if (m_perRank) {
            reference->setName(tr("peer median"));
            for (int c = 0; c < columns; ++c)
                if (const double m = columnMedian(c); std::isfinite(m))
                    reference->append(double(matrix->windows[std::size_t(c)]), m / m_unit);
        } else {
            reference->setName(tr("median, %1").arg(HeatmapText::windowLabel(*matrix, i)));
            if (const double m = columnMedian(i); std::isfinite(m)) {
                reference->append(double(matrix->ranks.front()), m / m_unit);
                reference->append(double(matrix->ranks.back()), m / m_unit);
            }
        }
        if (m_difference && i > 0)
            delete reference;
        else
            addSeries(reference);
    }

    // Cells the straggler analysis flags slow: ringed, in the heatmap's outline colour.
    if (m_outliers && !m_difference) {
        auto *slow = new QScatterSeries;
        slow->setName(HeatmapText::tr("slower than peers"));
        slow->setMarkerShape(QScatterSeries::MarkerShapeCircle);
        slow->setMarkerSize(12);
        slow->setBrush(Qt::NoBrush);
        slow->setPen(QPen(HeatmapPainter::slowOutlineColour(), 2));
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < columns; ++c) {
                const std::size_t index = std::size_t(r) * std::size_t(columns) + std::size_t(c);
                const double v = matrix->values[index];
                if ((m_outliers->cellFlags[index] & OutlierFlag::Slow) && std::isfinite(v))
                    slow->append(xOf(r, c), v / m_unit);
            }
        if (slow->count() > 0)
            addSeries(slow);
        else
            delete slow;
    }

    const double xMin = m_perRank ? double(matrix->windows.front()) : double(matrix->ranks.front());
    const double xMax = m_perRank ? double(matrix->windows.back()) : double(matrix->ranks.back());
    x->setRange(xMin - 0.5, xMax + 0.5);
    // About ten ticks at a round interval (1, 2 or 5 times a power of ten) on round values:
    // iterations 10, 20, ... 120 of a log interval read 20, 40, ..., not 10, 22, 34.
    const double raw = std::max(1.0, (xMax - xMin + 1) / 10);
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    const double mantissa = raw / power;
    const double interval = std::max(1.0, (mantissa <= 1   ? 1
                                           : mantissa <= 2 ? 2
                                           : mantissa <= 5 ? 5
                                                           : 10) *
                                              power);
    x->setTickType(QValueAxis::TicksDynamic);
    x->setTickAnchor(std::ceil(xMin / interval) * interval);
    x->setTickInterval(interval);
    if (!std::isfinite(low))
        low = 0, high = 1;
    const double pad = std::max((high - low) * 0.08, std::fabs(high) * 0.02 + 1e-9);
    y->setRange(m_difference || low < 0 ? low - pad : std::max(0.0, low - pad), high + pad);
    y->applyNiceNumbers();
    applySelectionPens();
}

void HeatmapLineChart::applySelectionPens()
{
    if (!m_matrix)
        return;
    for (std::size_t i = 0; i < m_lines.size(); ++i) {
        const bool selected = m_perRank && m_matrix->ranks[i] == m_selectedRank;
        QPen pen(lineColour(i), selected ? 3.5 : 1.8);
        m_lines[i]->setPen(pen);
        m_lines[i]->setColor(lineColour(i));
    }
}

QPoint HeatmapLineChart::pointPosition(int rank, std::int64_t window) const
{
    if (!m_matrix)
        return {-1, -1};
    const int row = m_matrix->rowOfRank(rank);
    const int column = m_matrix->columnOfWindow(window);
    if (row < 0 || column < 0 || m_lines.empty())
        return {-1, -1};
    const double v = m_matrix->at(row, column);
    if (!std::isfinite(v))
        return {-1, -1};
    QLineSeries *series = m_lines[std::size_t(m_perRank ? row : column)];
    const QPointF value(m_perRank ? double(window) : double(rank), v / m_unit);
    const QPointF scene = m_chart->mapToScene(m_chart->mapToPosition(value, series));
    return m_view->mapFromScene(scene);
}

std::pair<int, std::int64_t> HeatmapLineChart::cellAt(QPoint viewportPos) const
{
    std::pair<int, std::int64_t> best{-1, 0};
    if (!m_matrix)
        return best;
    double nearest = kPickRadius;
    for (int r = 0; r < m_matrix->rowCount(); ++r) {
        for (int c = 0; c < m_matrix->columnCount(); ++c) {
            const int rank = m_matrix->ranks[std::size_t(r)];
            const std::int64_t window = m_matrix->windows[std::size_t(c)];
            const QPoint at = pointPosition(rank, window);
            if (at.x() < 0)
                continue;
            const double d = std::hypot(at.x() - viewportPos.x(), at.y() - viewportPos.y());
            if (d <= nearest) {
                nearest = d;
                best = {rank, window};
            }
        }
    }
    return best;
}

void HeatmapLineChart::clickedAt(QPoint viewportPos)
{
    const auto [rank, window] = cellAt(viewportPos);
    if (rank < 0)
        return;
    setSelectedRank(rank);
    emit selectionChanged(rank, window);
    emit cellActivated(rank, window);
}

} // namespace rankscope
