#include "views/timeline/TraceTimelineWidget.h"

#include "views/common/DurationText.h"
#include "views/common/NavigationKeys.h"
#include "views/timeline/TimelineGeometry.h"
#include "views/timeline/TimelineStyle.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <array>
#include <cmath>

namespace rankscope {

namespace {

using namespace timeline;
constexpr int kMinLabelWidth = 150;
constexpr int kMaxLabelWidth = 280;
constexpr int kDragThreshold = 4;
constexpr double kMinSpanNs = 1000; // 1 µs across the whole width is as close as it gets
constexpr double kHitTolerancePx = 2;

} // namespace

TraceTimelineWidget::TraceTimelineWidget(QWidget *parent) : QAbstractScrollArea(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setFrameShape(QFrame::NoFrame);
    viewport()->setMouseTracking(true);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(300, 120);
    setAccessibleName(tr("Trace timeline"));
}

void TraceTimelineWidget::setTrace(std::shared_ptr<const TraceData> trace, qint64 windowStartNs,
                                   qint64 windowEndNs)
{
    m_trace = std::move(trace);
    m_lanes =
        m_trace ? TimelineLanes::build(*m_trace, windowStartNs, windowEndNs) : TimelineLanes();
    m_selectedEvent = -1;
    m_message.clear();
    m_laneTops.clear();
    const int row = rowHeight(fontMetrics());
    // The label column fits the longest track name, within reason.
    m_labelWidth = kMinLabelWidth;
    for (const TimelineLane &lane : m_lanes.lanes)
        m_labelWidth = std::max(
            m_labelWidth,
            fontMetrics().horizontalAdvance(TimelineStyle::trackLabel(*m_trace, lane.track)) + 16);
    m_labelWidth = std::min(m_labelWidth, kMaxLabelWidth);
    int y = 0;
    for (const TimelineLane &lane : m_lanes.lanes) {
        m_laneTops.push_back(y);
        y += lane.depthCount() * row + kLaneGap;
    }
    m_laneTops.push_back(y);
    verticalScrollBar()->setValue(0);
    resetZoom();
    updateScrollRange();
    viewport()->update();
}

void TraceTimelineWidget::clear(const QString &message)
{
    setTrace({}, 0, 0);
    m_message = message;
    viewport()->update();
}

void TraceTimelineWidget::setHighlightTime(qint64 ns)
{
    m_highlightNs = ns;
    viewport()->update();
}

void TraceTimelineWidget::resetZoom()
{
    m_viewStart = double(m_lanes.startNs);
    m_viewSpan = std::max(1.0, double(m_lanes.endNs - m_lanes.startNs));
    emitRange();
    viewport()->update();
}

void TraceTimelineWidget::setVisibleRange(qint64 startNs, qint64 endNs)
{
    m_viewStart = double(startNs);
    m_viewSpan = double(std::max<qint64>(1, endNs - startNs));
    clampView();
    emitRange();
    viewport()->update();
}

void TraceTimelineWidget::zoomBy(double factor, double anchorX)
{
    if (factor <= 0 || !m_trace)
        return;
    const double anchor = timeAt(anchorX);
    const double fraction = (anchor - m_viewStart) / m_viewSpan;
    m_viewSpan /= factor;
    clampView();
    m_viewStart = anchor - fraction * m_viewSpan;
    clampView();
    emitRange();
    viewport()->update();
}

void TraceTimelineWidget::clampView()
{
    const double windowSpan = std::max(1.0, double(m_lanes.endNs - m_lanes.startNs));
    m_viewSpan = std::clamp(m_viewSpan, std::min(kMinSpanNs, windowSpan), windowSpan);
    m_viewStart =
        std::clamp(m_viewStart, double(m_lanes.startNs), double(m_lanes.endNs) - m_viewSpan);
}

void TraceTimelineWidget::emitRange()
{
    emit visibleRangeChanged(visibleStartNs(), visibleEndNs());
}

QRect TraceTimelineWidget::laneArea() const
{
    const int line = fontMetrics().height();
    const int ruler = line + 14;
    const int legend = line + 12;
    return QRect(m_labelWidth, ruler, std::max(1, viewport()->width() - m_labelWidth),
                 std::max(1, viewport()->height() - ruler - legend));
}

double TraceTimelineWidget::xOfTime(double ns) const
{
    const QRect area = laneArea();
    return area.left() + (ns - m_viewStart) * area.width() / m_viewSpan;
}

double TraceTimelineWidget::timeAt(double x) const
{
    const QRect area = laneArea();
    return m_viewStart + (x - area.left()) * m_viewSpan / area.width();
}

int TraceTimelineWidget::laneTop(int lane) const
{
    return laneArea().top() + m_laneTops[std::size_t(lane)] - verticalScrollBar()->value();
}

TraceTimelineWidget::LaneRow TraceTimelineWidget::rowAt(int viewportY) const
{
    const QRect area = laneArea();
    if (viewportY < area.top() || viewportY > area.bottom() || m_lanes.lanes.empty())
        return {};
    const int contentY = viewportY - area.top() + verticalScrollBar()->value();
    const auto it = std::upper_bound(m_laneTops.begin(), m_laneTops.end(), contentY);
    const int lane = int(it - m_laneTops.begin()) - 1;
    if (lane < 0 || lane >= int(m_lanes.lanes.size()))
        return {};
    const int depth = (contentY - m_laneTops[std::size_t(lane)]) / rowHeight(fontMetrics());
    if (depth >= m_lanes.lanes[std::size_t(lane)].depthCount())
        return {}; // the gap below a lane
    return {lane, depth};
}

int TraceTimelineWidget::laneAtY(int viewportY) const
{
    if (m_lanes.lanes.empty())
        return -1;
    const int contentY = viewportY - laneArea().top() + verticalScrollBar()->value();
    const auto it = std::upper_bound(m_laneTops.begin(), m_laneTops.end(), contentY);
    const int lane = int(it - m_laneTops.begin()) - 1;
    return lane >= 0 && lane < int(m_lanes.lanes.size()) ? lane : -1;
}

QString TraceTimelineWidget::laneLabel(int lane) const
{
    if (!m_trace || lane < 0 || lane >= int(m_lanes.lanes.size()))
        return {};
    return TimelineStyle::trackLabel(*m_trace, m_lanes.lanes[std::size_t(lane)].track);
}

int TraceTimelineWidget::eventAt(QPoint pos) const
{
    const LaneRow row = rowAt(pos.y());
    if (row.lane < 0 || pos.x() < laneArea().left())
        return -1;
    const TimelineLane &lane = m_lanes.lanes[std::size_t(row.lane)];
    const auto &slices = lane.depths[std::size_t(row.depth)];
    const double nsPerPixel = m_viewSpan / laneArea().width();
    const double t = timeAt(pos.x() + 0.5);
    const double tolerance = kHitTolerancePx * nsPerPixel;
    int best = -1;
    double bestDistance = 1e300;
    std::int64_t bestDuration = -1;
    for (std::size_t i =
             firstCandidate(slices, t - tolerance, lane.longestAtDepth[std::size_t(row.depth)]);
         i < slices.size() && double(slices[i].startNs) <= t + tolerance; ++i) {
        const TimelineSlice &s = slices[i];
        const double distance =
            t < s.startNs ? s.startNs - t : (t > double(s.endNs) ? t - double(s.endNs) : 0.0);
        if (distance > tolerance)
            continue;
        const std::int64_t duration = s.endNs - s.startNs;
        if (distance < bestDistance || (distance == bestDistance && duration > bestDuration)) {
            best = int(s.event);
            bestDistance = distance;
            bestDuration = duration;
        }
    }
    return best;
}

QRect TraceTimelineWidget::eventRect(int event) const
{
    if (!m_trace || event < 0)
        return {};
    const int row = rowHeight(fontMetrics());
    for (std::size_t l = 0; l < m_lanes.lanes.size(); ++l) {
        const TimelineLane &lane = m_lanes.lanes[l];
        if (lane.track != m_trace->events[std::size_t(event)].track)
            continue;
        for (int d = 0; d < lane.depthCount(); ++d) {
            for (const TimelineSlice &s : lane.depths[std::size_t(d)]) {
                if (int(s.event) != event)
                    continue;
                const double x0 = xOfTime(double(s.startNs));
                const double x1 = std::max(x0 + 1, xOfTime(double(s.endNs)));
                const QRect rect(int(std::floor(x0)), laneTop(int(l)) + d * row,
                                 std::max(1, int(std::ceil(x1) - std::floor(x0))), row - 1);
                return rect.intersected(laneArea());
            }
        }
    }
    return {};
}

QString TraceTimelineWidget::tooltipAt(QPoint pos) const
{
    const int event = eventAt(pos);
    if (event < 0 || !m_trace)
        return {};
    const TraceEvent &e = m_trace->events[std::size_t(event)];
    QString name = QString::fromUtf8(m_trace->eventName(std::uint32_t(event)));
    if (name.size() > 300)
        name = name.left(300) + QStringLiteral("…");
    QString text = QStringLiteral("<b>") + name.toHtmlEscaped() + QStringLiteral("</b><br/>") +
                   TimelineStyle::kindName(e.kind) + QStringLiteral(" · ") +
                   TimelineStyle::trackLabel(*m_trace, e.track).toHtmlEscaped();
    text += QStringLiteral("<br/>") +
            tr("start: %1 into the window")
                .arg(DurationText::offset(double(e.startNs - m_lanes.startNs)));
    text += QStringLiteral("<br/>") +
            tr("duration: %1").arg(DurationText::duration(double(e.durationNs)));
    if (const TraceCollective *collective = m_trace->collectiveOf(std::uint32_t(event))) {
        text +=
            QStringLiteral("<br/>") +
            tr("collective: %1 · process group %2")
                .arg(QString::fromUtf8(m_trace->string(collective->collectiveName)).toHtmlEscaped(),
                     QString::fromUtf8(m_trace->string(collective->processGroupName))
                         .toHtmlEscaped());
        if (collective->inMessageElements >= 0)
            text += QStringLiteral(" · ") + tr("%1 elements").arg(collective->inMessageElements);
    }
    return text;
}

int TraceTimelineWidget::preferredHeight() const
{
    // As laneArea() lays it out: the ruler above the lanes, the legend below, the frame around.
    const int line = fontMetrics().height();
    const int chrome = (line + 14) + (line + 12) + 2 * frameWidth();
    const int content = m_laneTops.empty() ? 0 : m_laneTops.back();
    return chrome + content;
}

void TraceTimelineWidget::updateScrollRange()
{
    const int content = m_laneTops.empty() ? 0 : m_laneTops.back();
    const int area = laneArea().height();
    verticalScrollBar()->setRange(0, std::max(0, content - area));
    verticalScrollBar()->setPageStep(std::max(1, area));
    verticalScrollBar()->setSingleStep(rowHeight(fontMetrics()));
}

void TraceTimelineWidget::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    updateScrollRange();
}

void TraceTimelineWidget::scrollContentsBy(int, int)
{
    viewport()->update();
}

void TraceTimelineWidget::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QAbstractScrollArea::mousePressEvent(event);
    m_pressed = true;
    m_dragging = false;
    m_pressPos = m_lastDragPos = event->position().toPoint();
    setFocus(Qt::MouseFocusReason);
}

void TraceTimelineWidget::mouseMoveEvent(QMouseEvent *event)
{
    if (!m_pressed || !(event->buttons() & Qt::LeftButton))
        return;
    const QPoint pos = event->position().toPoint();
    if (!m_dragging && (pos - m_pressPos).manhattanLength() < kDragThreshold)
        return;
    m_dragging = true;
    const QPoint delta = pos - m_lastDragPos;
    m_lastDragPos = pos;
    m_viewStart -= delta.x() * m_viewSpan / laneArea().width();
    clampView();
    verticalScrollBar()->setValue(verticalScrollBar()->value() - delta.y());
    emitRange();
    viewport()->update();
}

void TraceTimelineWidget::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || !m_pressed)
        return QAbstractScrollArea::mouseReleaseEvent(event);
    m_pressed = false;
    if (m_dragging) {
        m_dragging = false;
        return;
    }
    m_selectedEvent = eventAt(event->position().toPoint());
    viewport()->update();
    emit eventSelected(m_selectedEvent);
}

void TraceTimelineWidget::wheelEvent(QWheelEvent *event)
{
    const int delta = event->angleDelta().y();
    if (delta == 0 || (event->modifiers() & Qt::ShiftModifier))
        return QAbstractScrollArea::wheelEvent(event);
    zoomBy(std::pow(1.25, delta / 120.0), event->position().x());
    event->accept();
}

void TraceTimelineWidget::keyPressEvent(QKeyEvent *event)
{
    const double centre = laneArea().center().x();
    const NavigationKey key = navigationKey(event);
    switch (key) {
    case NavigationKey::ZoomIn:
        return zoomBy(1.5, centre);
    case NavigationKey::ZoomOut:
        return zoomBy(1 / 1.5, centre);
    case NavigationKey::Reset:
        return resetZoom();
    case NavigationKey::PanLeft:
    case NavigationKey::PanRight:
        m_viewStart += (key == NavigationKey::PanLeft ? -0.1 : 0.1) * m_viewSpan;
        clampView();
        emitRange();
        viewport()->update();
        return;
    default: // Up and Down scroll the lanes
        return QAbstractScrollArea::keyPressEvent(event);
    }
}

bool TraceTimelineWidget::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = tooltipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, viewport(),
                               eventRect(eventAt(help->pos())));
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

} // namespace rankscope
