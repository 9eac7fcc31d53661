#include "views/overview/AnomalyTimeline.h"

#include "views/common/DurationText.h"
#include "views/overview/LayerColours.h"

#include <QDateTime>
#include <QFontMetrics>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace rankscope {

namespace {

constexpr int kTimelineLaneHeight = 24;
constexpr int kTimelineAxisHeight = 20;
constexpr int kTimelineMarkRadius = 5;
constexpr int kTimelineAnchorRadius = 7;

QString timelineClockText(std::int64_t ns)
{
    return QDateTime::fromMSecsSinceEpoch(ns / 1000000, Qt::UTC)
        .toString(QStringLiteral("HH:mm:ss.zzz"));
}

} // namespace

AnomalyTimeline::AnomalyTimeline(QWidget *parent) : QWidget(parent)
{
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void AnomalyTimeline::setMarks(std::vector<Mark> marks)
{
    m_marks = std::move(marks);
    m_lanes.clear();
    for (const Mark &m : m_marks)
        if (std::find(m_lanes.begin(), m_lanes.end(), m.layer) == m_lanes.end())
            m_lanes.push_back(m.layer);
    std::sort(m_lanes.begin(), m_lanes.end());
    m_from = m_to = 0;
    if (!m_marks.empty()) {
        const auto [lo, hi] =
            std::minmax_element(m_marks.begin(), m_marks.end(),
                                [](const Mark &a, const Mark &b) { return a.timeNs < b.timeNs; });
        // A tenth of the span on each side (a second when all marks share one time), so the
        // first and last marks and their labels are not on the edge.
        const std::int64_t span = hi->timeNs - lo->timeNs;
        const std::int64_t pad = span > 0 ? span / 10 + 1 : 1000000000;
        m_from = lo->timeNs - pad;
        m_to = hi->timeNs + pad;
    }
    updateGeometry();
    update();
}

int AnomalyTimeline::labelWidth() const
{
    int width = 0;
    for (FindingLayer layer : m_lanes)
        width = std::max(width, fontMetrics().horizontalAdvance(layerShortName(layer)));
    return width + 14;
}

QRect AnomalyTimeline::plotRect() const
{
    const int left = labelWidth();
    const int lanes = std::max<int>(1, int(m_lanes.size()));
    return QRect(left, 2, std::max(1, width() - left - 12), lanes * kTimelineLaneHeight);
}

QSize AnomalyTimeline::sizeHint() const
{
    return QSize(640, minimumSizeHint().height());
}

QSize AnomalyTimeline::minimumSizeHint() const
{
    const int lanes = std::max<int>(1, int(m_lanes.size()));
    return QSize(labelWidth() + 160, 4 + lanes * kTimelineLaneHeight + kTimelineAxisHeight);
}

int AnomalyTimeline::laneOf(FindingLayer layer) const
{
    const auto it = std::find(m_lanes.begin(), m_lanes.end(), layer);
    return it == m_lanes.end() ? 0 : int(it - m_lanes.begin());
}

double AnomalyTimeline::xOf(std::int64_t timeNs) const
{
    const QRect plot = plotRect();
    if (m_to <= m_from)
        return plot.center().x();
    return plot.left() + double(timeNs - m_from) / double(m_to - m_from) * plot.width();
}

QPoint AnomalyTimeline::markCentre(int index) const
{
    const Mark &m = m_marks[std::size_t(index)];
    const QRect plot = plotRect();
    return QPoint(int(std::lround(xOf(m.timeNs))),
                  plot.top() + laneOf(m.layer) * kTimelineLaneHeight + kTimelineLaneHeight / 2);
}

int AnomalyTimeline::markAt(const QPoint &pos) const
{
    int best = -1;
    int bestDistance = 10 * 10;
    for (int i = 0; i < int(m_marks.size()); ++i) {
        const QPoint d = markCentre(i) - pos;
        const int distance = d.x() * d.x() + d.y() * d.y();
        if (distance <= bestDistance) {
            best = i;
            bestDistance = distance;
        }
    }
    return best;
}

void AnomalyTimeline::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QRect plot = plotRect();
    const QColor text = palette().color(QPalette::WindowText);
    const QColor faint = palette().color(QPalette::PlaceholderText);
    for (int lane = 0; lane < int(m_lanes.size()); ++lane) {
        const int y = plot.top() + lane * kTimelineLaneHeight;
        p.setPen(text);
        p.drawText(QRect(0, y, plot.left() - 8, kTimelineLaneHeight),
                   Qt::AlignRight | Qt::AlignVCenter, layerShortName(m_lanes[std::size_t(lane)]));
        p.setPen(QPen(palette().color(QPalette::Midlight), 1));
        p.drawLine(plot.left(), y + kTimelineLaneHeight / 2, plot.right(),
                   y + kTimelineLaneHeight / 2);
    }
    if (m_marks.empty())
        return;
    const Mark *anchor = nullptr;
    for (const Mark &m : m_marks)
        if (m.anchor)
            anchor = &m;
    // The axis: the first and the last time, on the wall clock (UTC).
    p.setPen(faint);
    const QRect axis(plot.left(), plot.bottom() + 2, plot.width(), kTimelineAxisHeight);
    p.drawText(axis, Qt::AlignLeft | Qt::AlignVCenter, timelineClockText(m_from) + tr(" UTC"));
    p.drawText(axis, Qt::AlignRight | Qt::AlignVCenter, timelineClockText(m_to));
    if (anchor) {
        const double x = xOf(anchor->timeNs);
        p.setPen(QPen(QColor(0xD5, 0x00, 0x00), 1, Qt::DashLine));
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
    }
    for (int i = 0; i < int(m_marks.size()); ++i) {
        const Mark &m = m_marks[std::size_t(i)];
        const QPoint c = markCentre(i);
        const QColor colour = layerColour(m.layer);
        const int radius = m.anchor ? kTimelineAnchorRadius : kTimelineMarkRadius;
        p.setPen(
            QPen(m.anchor ? QColor(0xD5, 0x00, 0x00) : colour.darker(130), m.anchor ? 2 : 1.5));
        p.setBrush(m.effect ? QBrush(palette().color(QPalette::Base)) : QBrush(colour));
        p.drawEllipse(c, radius, radius);
        // The label right of the mark, or left of it near the right edge; with the offset from
        // the anchor ("+3.2 s") for all but the anchor itself.
        // The offset from the anchor first ("+10.6 min: ..."), so eliding keeps it.
        QString label = m.label;
        if (anchor && !m.anchor)
            label = tr("%1%2: %3")
                        .arg(m.timeNs >= anchor->timeNs ? QStringLiteral("+") : QStringLiteral("−"),
                             DurationText::duration(double(std::llabs(m.timeNs - anchor->timeNs))),
                             m.label);
        const QFontMetrics fm = fontMetrics();
        const int room = std::max(40, plot.right() - c.x() - radius - 6);
        const bool leftSide = room < 120 && c.x() - plot.left() > room;
        const int width = leftSide ? c.x() - plot.left() - radius - 6 : room;
        const QString shown = fm.elidedText(label, Qt::ElideRight, std::max(20, width));
        p.setPen(text);
        const QRect box = leftSide
                              ? QRect(c.x() - radius - 6 - width, c.y() - kTimelineLaneHeight / 2,
                                      width, kTimelineLaneHeight)
                              : QRect(c.x() + radius + 6, c.y() - kTimelineLaneHeight / 2, width,
                                      kTimelineLaneHeight);
        p.drawText(box, (leftSide ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter, shown);
    }
}

bool AnomalyTimeline::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int i = markAt(help->pos());
        if (i < 0) {
            QToolTip::hideText();
        } else {
            const Mark &m = m_marks[std::size_t(i)];
            QToolTip::showText(
                help->globalPos(),
                tr("%1, %2 UTC: %3")
                    .arg(layerShortName(m.layer), timelineClockText(m.timeNs), m.label),
                this);
        }
        return true;
    }
    return QWidget::event(event);
}

void AnomalyTimeline::mousePressEvent(QMouseEvent *event)
{
    const int i = markAt(event->position().toPoint());
    if (i >= 0)
        emit markActivated(m_marks[std::size_t(i)].id);
    else
        QWidget::mousePressEvent(event);
}

void AnomalyTimeline::mouseMoveEvent(QMouseEvent *event)
{
    setCursor(markAt(event->position().toPoint()) >= 0 ? Qt::PointingHandCursor : Qt::ArrowCursor);
    QWidget::mouseMoveEvent(event);
}

} // namespace rankscope
