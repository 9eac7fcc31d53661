// The painting half of TraceTimelineWidget: ruler, lanes (with sub-pixel merging), legend.
#include "views/common/DurationText.h"
#include "views/timeline/TimelineGeometry.h"
#include "views/timeline/TimelineStyle.h"
#include "views/timeline/TraceTimelineWidget.h"

#include <QPainter>
#include <QScrollBar>

#include <algorithm>
#include <array>
#include <cmath>

namespace rankscope {

namespace {

using namespace timeline;

QColor textOn(const QColor &fill)
{
    return fill.lightnessF() > 0.6 ? QColor(0x20, 0x20, 0x20) : Qt::white;
}

} // namespace

void TraceTimelineWidget::paintEvent(QPaintEvent *)
{
    QPainter painter(viewport());
    painter.fillRect(viewport()->rect(), palette().color(QPalette::Base));
    if (!m_trace || m_lanes.lanes.empty()) {
        painter.setPen(kHeaderText);
        const QString text = !m_message.isEmpty() ? m_message
                             : m_trace            ? tr("No events in this window.")
                                                  : tr("No trace to show.");
        painter.drawText(viewport()->rect(), Qt::AlignCenter | Qt::TextWordWrap, text);
        return;
    }
    paintLanes(painter);
    paintRuler(painter);
    paintLegend(painter);
}

void TraceTimelineWidget::paintRuler(QPainter &painter)
{
    const QRect area = laneArea();
    const QRect ruler(0, 0, viewport()->width(), area.top());
    painter.fillRect(ruler, kHeaderBackground);
    painter.setPen(kHeaderLine);
    painter.drawLine(0, ruler.bottom(), ruler.right(), ruler.bottom());
    painter.setPen(kHeaderText);
    painter.drawText(QRect(6, 0, m_labelWidth - 12, ruler.height()),
                     Qt::AlignLeft | Qt::AlignVCenter, tr("time in window"));
    const double step = DurationText::niceStep(90.0 * m_viewSpan / area.width());
    const double origin = double(m_lanes.startNs);
    const double first = origin + std::ceil((m_viewStart - origin) / step) * step;
    painter.save();
    painter.setClipRect(QRect(area.left(), 0, area.width(), ruler.height()));
    for (double t = first; t <= m_viewStart + m_viewSpan; t += step) {
        const double x = xOfTime(t);
        painter.drawLine(QPointF(x, ruler.bottom() - 5), QPointF(x, ruler.bottom()));
        const double relative = t - origin;
        const QString label =
            std::fabs(relative) < step / 2 ? QStringLiteral("0") : DurationText::duration(relative);
        if (x + 3 + painter.fontMetrics().horizontalAdvance(label) > area.right())
            continue; // cut labels at the right edge read as other numbers
        painter.drawText(QRectF(x + 3, 0, 120, ruler.height() - 4),
                         Qt::AlignLeft | Qt::AlignVCenter, label);
    }
    painter.restore();
}

void TraceTimelineWidget::paintLanes(QPainter &painter)
{
    const QRect area = laneArea();
    const int row = rowHeight(fontMetrics());
    const QFontMetrics metrics = fontMetrics();
    const double left = m_viewStart;
    const double right = m_viewStart + m_viewSpan;
    const double pxPerNs = area.width() / m_viewSpan;
    std::array<std::vector<QRectF>, kKindCount> fills;
    struct Label
    {
        QRectF rect;
        std::uint32_t event;
        TraceEventKind kind;
    };
    std::vector<Label> labels;

    painter.save();
    painter.setClipRect(QRect(0, area.top(), viewport()->width(), area.height()));
    for (std::size_t l = 0; l < m_lanes.lanes.size(); ++l) {
        const TimelineLane &lane = m_lanes.lanes[l];
        const int top = laneTop(int(l));
        const int height = lane.depthCount() * row;
        if (top > area.bottom() || top + height + kLaneGap < area.top())
            continue;
        if (l % 2 == 1)
            painter.fillRect(QRect(0, top - kLaneGap / 2, viewport()->width(), height + kLaneGap),
                             QColor(0xf7, 0xf8, 0xfa));
        painter.setPen(kHeaderText);
        painter.drawText(QRect(6, top, m_labelWidth - 12, row), Qt::AlignLeft | Qt::AlignVCenter,
                         metrics.elidedText(TimelineStyle::trackLabel(*m_trace, lane.track),
                                            Qt::ElideMiddle, m_labelWidth - 12));
        for (int d = 0; d < lane.depthCount(); ++d) {
            const double y = top + d * row;
            if (y > area.bottom() || y + row < area.top())
                continue;
            const auto &slices = lane.depths[std::size_t(d)];
            // A run of slices under a pixel each becomes one mark in the colour of its widest.
            double runX0 = 0, runX1 = -1e9;
            std::int64_t runWidest = -1;
            TraceEventKind runKind = TraceEventKind::Other;
            auto flush = [&] {
                if (runWidest < 0)
                    return;
                const double x0 = std::floor(runX0);
                fills[std::size_t(runKind)].push_back(
                    QRectF(x0, y, std::max(1.0, std::ceil(runX1) - x0), row - 1));
                runWidest = -1;
            };
            for (std::size_t i = firstCandidate(slices, left, lane.longestAtDepth[std::size_t(d)]);
                 i < slices.size() && double(slices[i].startNs) <= right; ++i) {
                const TimelineSlice &s = slices[i];
                if (double(s.endNs) < left)
                    continue;
                const double x0 = area.left() + (double(s.startNs) - left) * pxPerNs;
                const double x1 = area.left() + (double(s.endNs) - left) * pxPerNs;
                const std::int64_t duration = s.endNs - s.startNs;
                if (x1 - x0 < 1.0) {
                    if (runWidest >= 0 && x0 <= runX1 + 1.0) {
                        runX1 = std::max(runX1, x1);
                        if (duration > runWidest) {
                            runWidest = duration;
                            runKind = s.kind;
                        }
                    } else {
                        flush();
                        runX0 = x0;
                        runX1 = x1;
                        runWidest = duration;
                        runKind = s.kind;
                    }
                    continue;
                }
                flush();
                const double cx0 = std::max(x0, double(area.left()) - 2);
                const double cx1 = std::min(x1, double(area.right()) + 2);
                const QRectF rect(cx0, y, std::max(1.0, cx1 - cx0 - (cx1 - cx0 >= 4 ? 1 : 0)),
                                  row - 1);
                fills[std::size_t(s.kind)].push_back(rect);
                if (rect.width() >= 30)
                    labels.push_back({rect, s.event, s.kind});
            }
            flush();
        }
    }
    painter.setClipRect(area);
    painter.setPen(Qt::NoPen);
    for (int k = 0; k < kKindCount; ++k) {
        if (fills[std::size_t(k)].empty())
            continue;
        painter.setBrush(TimelineStyle::kindColour(TraceEventKind(k)));
        painter.drawRects(fills[std::size_t(k)].data(), int(fills[std::size_t(k)].size()));
    }
    for (const Label &label : labels) {
        const QRectF visible = label.rect.intersected(QRectF(area));
        painter.setPen(textOn(TimelineStyle::kindColour(label.kind)));
        painter.drawText(visible.adjusted(3, 0, -2, 0), Qt::AlignLeft | Qt::AlignVCenter,
                         metrics.elidedText(QString::fromUtf8(m_trace->eventName(label.event)),
                                            Qt::ElideRight, int(visible.width()) - 5));
    }
    if (m_selectedEvent >= 0) {
        const QRect rect = eventRect(m_selectedEvent);
        if (!rect.isEmpty()) {
            painter.setBrush(Qt::NoBrush);
            painter.setPen(QPen(Qt::black, 2));
            painter.drawRect(rect.adjusted(-1, -1, 1, 1));
        }
    }
    if (m_highlightNs >= 0) {
        const double x = xOfTime(double(m_highlightNs));
        painter.setPen(QPen(kHighlight, 2, Qt::DashLine));
        painter.drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()));
        // Named at the bottom of the lanes, where slices are fewest.
        const QString label = tr("stack sample");
        const int width = metrics.horizontalAdvance(label) + 8;
        const double left = x + width + 4 <= area.right() ? x + 4 : x - width - 4;
        const QRectF box(left, area.bottom() - metrics.height() - 4, width, metrics.height() + 2);
        painter.fillRect(box, QColor(255, 255, 255, 220));
        painter.setPen(kHighlight);
        painter.drawText(box, Qt::AlignCenter, label);
    }
    painter.restore();
    painter.setPen(kHeaderLine);
    painter.drawLine(area.left() - 1, area.top(), area.left() - 1, area.bottom());
}

void TraceTimelineWidget::paintLegend(QPainter &painter)
{
    const QRect area = laneArea();
    const QRect legend(0, area.bottom() + 1, viewport()->width(),
                       viewport()->height() - area.bottom() - 1);
    painter.fillRect(legend, kHeaderBackground);
    painter.setPen(kHeaderLine);
    painter.drawLine(0, legend.top(), legend.right(), legend.top());
    const QFontMetrics metrics = fontMetrics();
    int x = 8;
    const int centre = legend.center().y();
    for (const TraceEventKind kind : m_lanes.kinds) {
        const QString name = TimelineStyle::kindName(kind);
        const int width = metrics.horizontalAdvance(name);
        if (x + 18 + width > legend.right())
            break;
        painter.fillRect(QRect(x, centre - 5, 12, 10), TimelineStyle::kindColour(kind));
        painter.setPen(kHeaderText);
        painter.drawText(QRect(x + 16, legend.top(), width + 2, legend.height()),
                         Qt::AlignLeft | Qt::AlignVCenter, name);
        x += 16 + width + 14;
    }
}

} // namespace rankscope
