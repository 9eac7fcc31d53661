#include "views/heatmap/HeatmapPainter.h"
#include "views/common/HeaderBandColours.h"

#include "views/common/DurationText.h"
#include "views/heatmap/HeatmapText.h"

#include <QFontMetrics>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <limits>

namespace rankscope {

namespace {

const QColor kBandA(0xe6, 0xea, 0xf0);
const QColor kBandB(0xf6, 0xf7, 0xf9);
const QColor kSelectedRow(0xc9, 0xdc, 0xf7);
constexpr int kGradientWidth = 180;

struct Context
{
    QPainter &painter;
    HeatmapScene &scene;
    const HeatmapLayout &layout;
    const MetricMatrix &matrix;
    QFontMetrics metrics;
    QSize size;
};

// The visible display rows, clamped.
std::pair<int, int> visibleRows(const HeatmapLayout &layout, int rowCount)
{
    const HeatmapViewport &v = layout.viewport;
    const int first = std::max(0, int(std::floor(v.rowStart())));
    const int last = std::min(rowCount - 1, int(std::ceil(v.rowStart() + v.rowSpan())) - 1);
    return {first, last};
}

void paintGroupSeparators(Context &c)
{
    if (c.layout.pixelsPerRow() < 3 || c.scene.grouping().mode == HeatmapGroupingMode::None)
        return; // thinner rows: a line would hide a whole row of data
    c.painter.setPen(QPen(c.scene.background(), 1));
    for (const HeatmapRowGroup &group : c.scene.rowOrder().groups) {
        if (group.firstRow == 0)
            continue;
        const int y = int(std::floor(c.layout.yOfRow(group.firstRow)));
        if (y > c.layout.cells.top() && y < c.layout.cells.bottom())
            c.painter.drawLine(c.layout.cells.left(), y, c.layout.cells.right(), y);
    }
}

// The "slower than peers" mark is a two-tone ring on the run's outermost two pixels: blue
// outside, white inside. Blue stands out on the pale end of YlOrRd, white on the dark red end,
// and the white line keeps the blue from merging with a hot cell, so the cell's interior keeps
// its colour and a red-hot cell still reads as red-hot.
void paintSlowRing(QPainter &painter, const QRect &r)
{
    painter.setPen(QPen(HeatmapPainter::slowOutlineColour(), 1));
    painter.drawRect(QRectF(r).adjusted(0.5, 0.5, -0.5, -0.5));
    painter.setPen(QPen(HeatmapPainter::slowOutlineInnerColour(), 1));
    painter.drawRect(QRectF(r).adjusted(1.5, 1.5, -1.5, -1.5));
}

// A run too thin for the ring (a row of a few pixels among thousands): a white line along both
// long sides keeps it apart from its neighbours, and blue caps across its two ends mark it. A
// blue ring around it would leave a 1 px red line between two blue ones, which reads as blue.
void paintThinSlowMark(QPainter &painter, const QRect &r)
{
    const bool horizontal = r.height() <= r.width();
    painter.setPen(QPen(HeatmapPainter::slowOutlineInnerColour(), 1));
    if (horizontal) {
        painter.drawLine(QPointF(r.left(), r.top() - 0.5), QPointF(r.right() + 1, r.top() - 0.5));
        painter.drawLine(QPointF(r.left(), r.bottom() + 1.5),
                         QPointF(r.right() + 1, r.bottom() + 1.5));
        painter.fillRect(QRect(r.left() - 2, r.top() - 3, 2, r.height() + 6),
                         HeatmapPainter::slowOutlineColour());
        painter.fillRect(QRect(r.right() + 1, r.top() - 3, 2, r.height() + 6),
                         HeatmapPainter::slowOutlineColour());
    } else {
        painter.drawLine(QPointF(r.left() - 0.5, r.top()), QPointF(r.left() - 0.5, r.bottom() + 1));
        painter.drawLine(QPointF(r.right() + 1.5, r.top()),
                         QPointF(r.right() + 1.5, r.bottom() + 1));
        painter.fillRect(QRect(r.left() - 3, r.top() - 2, r.width() + 6, 2),
                         HeatmapPainter::slowOutlineColour());
        painter.fillRect(QRect(r.left() - 3, r.bottom() + 1, r.width() + 6, 2),
                         HeatmapPainter::slowOutlineColour());
    }
}

void paintOutlines(Context &c, const HeatmapRaster &raster)
{
    c.painter.save();
    c.painter.setClipRect(c.layout.cells);
    c.painter.translate(c.layout.cells.topLeft());
    c.painter.setBrush(Qt::NoBrush);
    QPen inconclusive(HeatmapPainter::inconclusiveOutlineColour(), 1, Qt::DashLine);
    // Inconclusive first, so a slow outline on a neighbouring run stays on top.
    for (const bool wantSlow : {false, true}) {
        for (const HeatmapOutlineRun &run : raster.outlines) {
            if (run.slow != wantSlow)
                continue;
            const QRect &r = run.rect;
            // The ring takes two pixels from each side: below ten pixels that leaves a sliver of
            // the run's own colour (a 64-rank straggler row in a 400 px heatmap read as white),
            // so smaller runs are marked outside instead.
            const bool ringFits = run.slow ? (r.width() >= 10 && r.height() >= 10)
                                           : (r.width() >= 6 && r.height() >= 6);
            if (ringFits) {
                // Inside the run: the neighbours keep all their pixels.
                if (run.slow) {
                    paintSlowRing(c.painter, r);
                } else {
                    c.painter.setPen(inconclusive);
                    c.painter.drawRect(QRectF(r).adjusted(0.5, 0.5, -0.5, -0.5));
                }
            } else if (run.slow) {
                paintThinSlowMark(c.painter, r);
            } else {
                // Too small to draw inside: ring it from outside, so its own colour stays.
                c.painter.setPen(inconclusive);
                c.painter.drawRect(QRectF(r).adjusted(-0.5, -0.5, 0.5, 0.5));
            }
        }
    }
    c.painter.restore();
}

void paintSelection(Context &c)
{
    const int rank = c.scene.selectedRank();
    if (rank < 0)
        return;
    c.painter.save();
    c.painter.setClipRect(c.layout.cells);
    c.painter.setBrush(Qt::NoBrush);
    if (c.scene.hasSelectedWindow()) {
        QRectF rect = c.scene.cellRect(rank, c.scene.selectedWindow(), c.size);
        if (!rect.isEmpty()) {
            // Tiny cells get a findable box around them.
            const QPointF centre = rect.center();
            rect.setWidth(std::max(rect.width(), 7.0));
            rect.setHeight(std::max(rect.height(), 7.0));
            rect.moveCenter(centre);
            c.painter.setPen(QPen(HeatmapPainter::selectionColour(), 2));
            c.painter.drawRect(rect.adjusted(-1, -1, 1, 1));
            c.painter.setPen(QPen(Qt::white, 1));
            c.painter.drawRect(rect.adjusted(0.5, 0.5, -0.5, -0.5));
        }
    } else {
        // Every selected rank's row (a finding names several; a click selects one).
        c.painter.setPen(QPen(HeatmapPainter::selectionColour(), 1));
        c.scene.selectedRanks().forEach([&](int selected) {
            const int row = c.scene.displayRowOfRank(selected);
            if (row < 0)
                return;
            const double y0 = c.layout.yOfRow(row);
            const double y1 = std::max(y0 + 1, c.layout.yOfRow(row + 1));
            c.painter.drawRect(QRectF(c.layout.cells.left() + 0.5, y0 - 0.5,
                                      c.layout.cells.width() - 1, y1 - y0 + 1));
        });
    }
    c.painter.restore();
}

void paintRowHeader(Context &c)
{
    QPainter &p = c.painter;
    const HeatmapLayout &l = c.layout;
    p.fillRect(l.rowHeader, kHeaderBackground);
    p.save();
    p.setClipRect(l.rowHeader);
    const HeatmapRowOrder &order = c.scene.rowOrder();
    const int line = c.metrics.height();
    // Group bands, then their labels: a label is taller than a thin band, and the next band's
    // fill must not paint over it.
    if (!l.groupColumn.isEmpty()) {
        for (std::size_t g = 0; g < order.groups.size(); ++g) {
            const HeatmapRowGroup &group = order.groups[g];
            const double top = std::max(double(l.cells.top()), l.yOfRow(group.firstRow));
            const double bottom =
                std::min(double(l.cells.bottom() + 1), l.yOfRow(group.firstRow + group.rowCount));
            if (bottom > top)
                p.fillRect(QRectF(l.groupColumn.left(), top, l.groupColumn.width(), bottom - top),
                           g % 2 == 0 ? kBandA : kBandB);
        }
        p.setPen(kHeaderText);
        for (const HeatmapGroupLabel &label : placeGroupLabels(l, order.groups, line))
            p.drawText(label.rect, Qt::AlignLeft | Qt::AlignVCenter,
                       c.metrics.elidedText(
                           HeatmapText::groupLabel(order.groups[label.group], c.scene.grouping()),
                           Qt::ElideRight, label.rect.width()));
    }
    // Rank numbers: every row while they fit, else every k-th row.
    const auto [first, last] = visibleRows(l, order.rowCount());
    const double perRow = l.pixelsPerRow();
    const int every = perRow >= line ? 1 : int(DurationText::niceStep(line / perRow));
    const int selectedRow = c.scene.displayRowOfRank(c.scene.selectedRank());
    p.setPen(kHeaderText);
    const double selectedCentre =
        selectedRow >= 0 ? (l.yOfRow(selectedRow) + l.yOfRow(selectedRow + 1)) / 2 : -1e9;
    int lastBottom = std::numeric_limits<int>::min();
    for (int row = first - first % every; row <= last; row += every) {
        if (row < first || row == selectedRow)
            continue;
        const int rank = c.matrix.ranks[std::size_t(order.matrixRowOf[std::size_t(row)])];
        const double centre = (l.yOfRow(row) + l.yOfRow(row + 1)) / 2;
        // Kept whole inside the header: the first and last labels would be cut in half.
        const int top = std::clamp(int(centre) - line / 2, l.rankColumn.top(),
                                   l.rankColumn.bottom() + 1 - line);
        if (top < lastBottom || std::fabs(centre - selectedCentre) < line)
            continue; // would overlap its neighbour or the selected rank's label
        const QRect text(l.rankColumn.left(), top, l.rankColumn.width() - 4, line);
        p.drawText(text, Qt::AlignRight | Qt::AlignVCenter, QString::number(rank));
        lastBottom = top + line;
    }
    if (selectedRow >= first && selectedRow <= last) {
        const double y0 = l.yOfRow(selectedRow);
        const double centre = (y0 + l.yOfRow(selectedRow + 1)) / 2;
        const QRect text(l.rankColumn.left(), int(centre) - line / 2, l.rankColumn.width() - 4,
                         line);
        p.fillRect(text.adjusted(2, 0, 4, 0), kSelectedRow);
        QFont bold = c.scene.font();
        bold.setBold(true);
        p.setFont(bold);
        p.setPen(Qt::black);
        p.drawText(text, Qt::AlignRight | Qt::AlignVCenter,
                   QString::number(c.scene.selectedRank()));
        p.setFont(c.scene.font());
    }
    // The other selected ranks: a mark in the selection colour, at least 3 px tall, in the
    // marker column's left edge, beside the stuck mark when both apply.
    if (c.scene.selectedRanks().count() > 1) {
        c.scene.selectedRanks().forEach([&](int selected) {
            const int row = c.scene.displayRowOfRank(selected);
            if (row < first || row > last)
                return;
            const double y0 = l.yOfRow(row);
            const double h = std::max(3.0, l.yOfRow(row + 1) - y0 - 1);
            p.fillRect(QRectF(l.markerColumn.left(), y0, 2, h), HeatmapPainter::selectionColour());
        });
    }
    // Stuck ranks: a mark at least 3 px tall, so one rank among a thousand still shows.
    if (c.scene.stuckRankCount() > 0) {
        for (int row = first; row <= last; ++row) {
            const int rank = c.matrix.ranks[std::size_t(order.matrixRowOf[std::size_t(row)])];
            if (!c.scene.isStuck(rank))
                continue;
            const double y0 = l.yOfRow(row);
            const double h = std::max(3.0, l.yOfRow(row + 1) - y0 - 1);
            p.fillRect(QRectF(l.markerColumn.left() + 2, y0, l.markerColumn.width() - 4, h),
                       HeatmapPainter::stuckMarkColour());
        }
    }
    p.restore();
    p.setPen(kHeaderLine);
    p.drawLine(l.rowHeader.right(), l.rowHeader.top(), l.rowHeader.right(), l.rowHeader.bottom());
}

void paintColumnHeader(Context &c)
{
    QPainter &p = c.painter;
    const HeatmapLayout &l = c.layout;
    p.fillRect(l.columnHeader, kHeaderBackground);
    p.fillRect(l.corner, kHeaderBackground);
    p.setPen(kHeaderText);
    p.drawText(l.corner.adjusted(4, 0, -6, 0), Qt::AlignRight | Qt::AlignVCenter,
               HeatmapText::axisTitle(c.matrix.axis) + QStringLiteral(" \u2192"));
    p.save();
    p.setClipRect(l.columnHeader);
    const HeatmapViewport &v = l.viewport;
    const int firstColumn = std::max(0, int(std::floor(v.columnStart())));
    const int lastColumn =
        std::min(c.matrix.columnCount() - 1, int(std::ceil(v.columnStart() + v.columnSpan())) - 1);
    const int labelWidth =
        std::max(c.metrics.horizontalAdvance(HeatmapText::tickLabel(c.matrix, lastColumn)),
                 c.metrics.horizontalAdvance(HeatmapText::tickLabel(c.matrix, firstColumn))) +
        16;
    // Step in window ids, so ticks land on round iteration numbers (or bin indexes).
    const std::int64_t step = std::max<std::int64_t>(
        1, std::int64_t(DurationText::niceStep(labelWidth / l.pixelsPerColumn())));
    double lastRight = -1e9;
    for (int column = firstColumn; column <= lastColumn; ++column) {
        const std::int64_t window = c.matrix.windows[std::size_t(column)];
        if (window % step != 0)
            continue;
        const double x = (l.xOfColumn(column) + l.xOfColumn(column + 1)) / 2;
        const QString label = HeatmapText::tickLabel(c.matrix, column);
        const int width = c.metrics.horizontalAdvance(label);
        // Centred on its column, but kept whole inside the header at both ends.
        const double left = std::clamp(x - width / 2.0, double(l.columnHeader.left()),
                                       double(l.columnHeader.right() - width));
        if (left < lastRight + 6)
            continue; // window ids with gaps can crowd; skip rather than overlap
        p.drawLine(QPointF(x, l.columnHeader.bottom() - 4), QPointF(x, l.columnHeader.bottom()));
        p.drawText(QRectF(left - 2, l.columnHeader.top(), width + 4, l.columnHeader.height() - 5),
                   Qt::AlignCenter, label);
        lastRight = left + width;
    }
    p.restore();
    p.setPen(kHeaderLine);
    p.drawLine(0, l.columnHeader.bottom(), l.columnHeader.right(), l.columnHeader.bottom());
}

// A small sample of each mark used on the cells, with its meaning.
int paintSwatch(Context &c, int x, int centreY, const QString &text, int kind)
{
    QPainter &p = c.painter;
    const QRect box(x, centreY - 6, 16, 12);
    p.save();
    switch (kind) {
    case 0: // no data
        p.setClipRect(box);
        p.fillRect(box, QColor::fromRgb(HeatmapColorScale::noDataColour()));
        p.setPen(QColor::fromRgb(HeatmapColorScale::noDataHatchColour()));
        for (int d = -box.height(); d < box.width(); d += 6)
            p.drawLine(box.left() + d, box.bottom(), box.left() + d + box.height(), box.top());
        break;
    case 1: // slow outline, on the hottest colour: the case it must survive
        p.fillRect(box, HeatmapColorScale::stopColour(1.0));
        paintSlowRing(p, box);
        break;
    case 2: // inconclusive
        p.fillRect(box, HeatmapColorScale::stopColour(0.4));
        p.setPen(QPen(HeatmapPainter::inconclusiveOutlineColour(), 1, Qt::DashLine));
        p.drawRect(QRectF(box).adjusted(0.5, 0.5, -0.5, -0.5));
        break;
    case 3: // stuck
        p.fillRect(QRect(box.left() + 5, box.top(), 6, box.height()),
                   HeatmapPainter::stuckMarkColour());
        break;
    }
    p.restore();
    p.setPen(kHeaderText);
    const int width = c.metrics.horizontalAdvance(text);
    p.drawText(QRect(x + 20, centreY - c.metrics.height() / 2, width + 2, c.metrics.height()),
               Qt::AlignLeft | Qt::AlignVCenter, text);
    return x + 20 + width + 16;
}

// Cut from the left at the " · " between parts, so that a narrow legend shows whole parts
// ("… cells from 0 ms to 60 ms") rather than half a word or number.
QString withoutLeadingParts(const QString &text, const QFontMetrics &metrics, int width)
{
    if (metrics.horizontalAdvance(text) <= width)
        return text;
    const QString separator = QStringLiteral(" · ");
    for (qsizetype at = text.indexOf(separator); at >= 0; at = text.indexOf(separator, at + 1)) {
        const QString shown = QStringLiteral("… ") + text.mid(at + separator.size());
        if (metrics.horizontalAdvance(shown) <= width)
            return shown;
    }
    return metrics.elidedText(text, Qt::ElideLeft, width);
}

void paintLegend(Context &c, const HeatmapRaster &raster)
{
    QPainter &p = c.painter;
    const HeatmapLayout &l = c.layout;
    p.fillRect(l.legend, kHeaderBackground);
    p.setPen(kHeaderLine);
    p.drawLine(l.legend.left(), l.legend.top(), l.legend.right(), l.legend.top());
    const int line = c.metrics.height();
    const int y1 = l.legend.top() + 5 + line / 2;
    const int y2 = y1 + line + 4;
    const HeatmapColorScale &scale = c.scene.colorScale();

    // Line 1: what the colour is, and its scale.
    int x = l.legend.left() + 8;
    const bool difference = c.scene.isDifferenceMode();
    const PeerDeviation *peer = c.scene.peerDeviation();
    const QString title =
        difference ? HeatmapText::differenceLegendTitle(c.matrix.metric, raster.reduced(),
                                                        c.scene.reduction())
        : peer
            ? HeatmapText::peerLegendTitle(c.matrix.metric, raster.reduced(), c.scene.reduction())
            : HeatmapText::legendTitle(c.matrix.metric, raster.reduced(), c.scene.reduction());
    auto scaleText = [&](double value) {
        if (peer)
            return HeatmapText::peerScaleText(c.matrix.metric, peer->kind, value);
        return difference ? HeatmapText::signedScaleText(c.matrix.metric, value)
                          : HeatmapText::scaleText(c.matrix.metric, value);
    };
    const QString low = scaleText(scale.low());
    const QString high = scaleText(scale.high());
    const int lowWidth = c.metrics.horizontalAdvance(low);
    const int highWidth = c.metrics.horizontalAdvance(high);
    // In a narrow view the title gives way ("…"; the legend's tooltip describes the metric), so
    // the scale stays whole.
    const int scaleWidth = lowWidth + 6 + kGradientWidth + 7 + highWidth;
    const int titleRoom = std::max(0, l.legend.right() - 8 - scaleWidth - 14 - x);
    QFont bold = c.scene.font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(kHeaderText);
    const QFontMetrics boldMetrics(bold);
    const QString shownTitle = boldMetrics.elidedText(title, Qt::ElideRight, titleRoom);
    const int titleWidth = boldMetrics.horizontalAdvance(shownTitle);
    p.drawText(QRect(x, y1 - line / 2, titleWidth + 2, line), Qt::AlignLeft | Qt::AlignVCenter,
               shownTitle);
    p.setFont(c.scene.font());
    x += titleWidth + 14;
    p.drawText(QRect(x, y1 - line / 2, lowWidth + 2, line), Qt::AlignLeft | Qt::AlignVCenter, low);
    x += lowWidth + 6;
    const QRect bar(x, y1 - 6, kGradientWidth, 12);
    p.fillRect(bar, scale.gradient(bar.left(), bar.right()));
    p.setPen(kHeaderLine);
    p.drawRect(bar.adjusted(0, 0, -1, -1));
    if (difference || peer) {
        // The white middle of the symmetric scale: "no change", or the peer median.
        p.setPen(kHeaderText);
        const int middle = bar.left() + bar.width() / 2;
        p.drawLine(middle, bar.top() - 2, middle, bar.bottom() + 2);
        if (peer) {
            // Named inside the bar, where the scale is near-white and the text reads.
            QFont small = c.scene.font();
            small.setPointSizeF(small.pointSizeF() * 0.8);
            p.setFont(small);
            const QString centre = HeatmapText::tr("median");
            const int w = QFontMetrics(small).horizontalAdvance(centre) + 6;
            const QRect label(middle - w / 2, bar.top(), w, bar.height());
            p.fillRect(label.adjusted(0, 1, 0, -1), QColor::fromRgb(scale.colour(0)));
            p.drawText(label, Qt::AlignCenter, centre);
            p.setFont(c.scene.font());
        }
    }
    x = bar.right() + 7;
    p.setPen(kHeaderText);
    p.drawText(QRect(x, y1 - line / 2, highWidth + 2, line), Qt::AlignLeft | Qt::AlignVCenter,
               high);
    if (difference || peer) {
        x += highWidth + 14;
        const QString meaning =
            difference ? HeatmapText::tr("blue: lower in the target · red: higher in the target")
                       : HeatmapText::peerLegendMeaning(c.matrix.metric, peer->kind);
        p.drawText(
            QRect(x, y1 - line / 2, std::max(0, l.legend.right() - x - 8), line),
            Qt::AlignLeft | Qt::AlignVCenter,
            c.metrics.elidedText(meaning, Qt::ElideRight, std::max(0, l.legend.right() - x - 8)));
    }

    // Line 2: the marks, then the shape of the data.
    x = l.legend.left() + 8;
    x = paintSwatch(c, x, y2,
                    difference ? HeatmapText::tr("missing in one run") : HeatmapText::tr("no data"),
                    0);
    if (c.scene.outliers()) {
        x = paintSwatch(c, x, y2, HeatmapText::tr("slower than peers"), 1);
        x = paintSwatch(c, x, y2, HeatmapText::tr("inconclusive"), 2);
    }
    if (c.scene.stuckRankCount() > 0)
        x = paintSwatch(c, x, y2, HeatmapText::tr("stuck in stack samples"), 3);
    QString shape = HeatmapText::shape(c.matrix);
    if (scale.hasData() && difference)
        shape += QStringLiteral(" · ") +
                 (c.matrix.metric == TraceMetric::LateArrivals
                      ? HeatmapText::tr("changes from %1 to %2 collectives")
                  : isLogMetric(c.matrix.metric) ? HeatmapText::tr("changes from %1 to %2 events")
                                                 : HeatmapText::tr("changes from %1 to %2 ms"))
                     .arg(scaleText(scale.dataMin()), scaleText(scale.dataMax()));
    else if (scale.hasData() && peer)
        shape += QStringLiteral(" · ") +
                 HeatmapText::tr("cells from %1 to %2 against the median")
                     .arg(scaleText(scale.dataMin()), scaleText(scale.dataMax()));
    else if (scale.hasData())
        shape += QStringLiteral(" · ") +
                 (c.matrix.metric == TraceMetric::LateArrivals
                      ? HeatmapText::tr("data %1–%2 collectives")
                  : isLogMetric(c.matrix.metric) ? HeatmapText::tr("data %1–%2 events")
                                                 : HeatmapText::tr("data %1–%2 ms"))
                     .arg(scaleText(scale.dataMin()), scaleText(scale.dataMax()));
    const int shapeRoom = std::max(0, l.legend.right() - x - 8);
    p.drawText(QRect(x, y2 - line / 2, shapeRoom, line), Qt::AlignRight | Qt::AlignVCenter,
               withoutLeadingParts(shape, c.metrics, shapeRoom));
}

} // namespace

void HeatmapPainter::paint(QPainter &painter, HeatmapScene &scene, QSize size)
{
    painter.setFont(scene.font());
    if (!scene.hasData()) {
        painter.fillRect(QRect(QPoint(0, 0), size), scene.background());
        painter.setPen(kHeaderText);
        const QString text = scene.placeholder().isEmpty()
                                 ? HeatmapText::tr("No trace windows to show.")
                                 : scene.placeholder();
        painter.drawText(QRect(QPoint(0, 0), size), Qt::AlignCenter | Qt::TextWordWrap, text);
        return;
    }
    const HeatmapLayout layout = scene.layout(size);
    Context c{painter, scene, layout, *scene.matrix(), QFontMetrics(scene.font()), size};
    const HeatmapRaster &raster = scene.raster(size);
    // Headers and legend paint their own backgrounds; only the right margin is left. Filling the
    // whole widget first would touch every pixel twice.
    painter.fillRect(QRect(layout.cells.right() + 1, 0, size.width() - layout.cells.right() - 1,
                           layout.legend.top()),
                     scene.background());
    painter.drawImage(layout.cells.topLeft(), raster.image);
    paintGroupSeparators(c);
    paintOutlines(c, raster);
    paintSelection(c);
    paintRowHeader(c);
    paintColumnHeader(c);
    paintLegend(c, raster);
}

QColor HeatmapPainter::slowOutlineColour()
{
    return QColor(0x12, 0x3f, 0xc8); // a strong blue: stands out on every step of YlOrRd
}

QColor HeatmapPainter::slowOutlineInnerColour()
{
    return QColor(Qt::white);
}

QColor HeatmapPainter::inconclusiveOutlineColour()
{
    return QColor(0x55, 0x60, 0x70);
}

QColor HeatmapPainter::selectionColour()
{
    return QColor(0x10, 0x10, 0x10);
}

QColor HeatmapPainter::stuckMarkColour()
{
    return QColor(0x7b, 0x2c, 0xbf);
}

} // namespace rankscope
