#include "views/annotations/TimelineNoteCanvas.h"

#include "views/annotations/NoteText.h"
#include "views/timeline/TraceTimelineWidget.h"

#include <cmath>

namespace rankscope {

// The rank of the trace shown, -1 when none.
static int timelineRankOf(const TraceTimelineWidget &timeline)
{
    return timeline.trace() ? timeline.trace()->rank : -1;
}

std::string TimelineNoteCanvas::scopeOf(int rank)
{
    return "rank " + std::to_string(rank);
}

TimelineNoteCanvas::TimelineNoteCanvas(const TraceTimelineWidget &timeline, std::string axis,
                                       std::int64_t window)
    : NoteCanvas(NoteView::Timeline, scopeOf(timelineRankOf(timeline))), m_timeline(timeline),
      m_rank(timelineRankOf(timeline)), m_axis(std::move(axis)), m_window(window)
{}

QRectF TimelineNoteCanvas::area() const
{
    return QRectF(m_timeline.lanesArea());
}

bool TimelineNoteCanvas::hasShapes() const
{
    return m_rank >= 0 && !m_timeline.lanes().lanes.empty();
}

int TimelineNoteCanvas::eventOf(const NoteAnchor &anchor) const
{
    const TraceData *trace = m_timeline.trace();
    if (!trace || anchor.target != NoteTarget::Event || anchor.rank != m_rank)
        return -1;
    const QString lane = QString::fromStdString(anchor.lane);
    const std::vector<TimelineLane> &lanes = m_timeline.lanes().lanes;
    for (std::size_t l = 0; l < lanes.size(); ++l) {
        if (m_timeline.laneLabel(int(l)) != lane)
            continue;
        for (const auto &slices : lanes[l].depths)
            for (const TimelineSlice &slice : slices) {
                const TraceEvent &event = trace->events[slice.event];
                if (event.startNs == anchor.timeNs && trace->eventName(slice.event) == anchor.name)
                    return int(slice.event);
            }
    }
    return -1;
}

std::optional<QRectF> TimelineNoteCanvas::anchorRect(const NoteAnchor &anchor) const
{
    const int event = eventOf(anchor);
    if (event < 0)
        return std::nullopt;
    const QRect rect = m_timeline.eventRect(event);
    if (rect.isEmpty())
        return std::nullopt;
    return QRectF(rect);
}

std::optional<NoteAnchor> TimelineNoteCanvas::eventAnchor(int event, std::string *label) const
{
    const TraceData *trace = m_timeline.trace();
    if (!trace || event < 0 || std::size_t(event) >= trace->events.size())
        return std::nullopt;
    const TraceEvent &e = trace->events[std::size_t(event)];
    NoteAnchor anchor;
    anchor.target = NoteTarget::Event;
    anchor.scope = scope();
    anchor.rank = m_rank;
    anchor.name = std::string(trace->eventName(std::uint32_t(event)));
    anchor.timeNs = e.startNs;
    anchor.axis = m_axis;
    anchor.window = m_window;
    const std::vector<TimelineLane> &lanes = m_timeline.lanes().lanes;
    for (std::size_t l = 0; l < lanes.size(); ++l)
        if (lanes[l].track == e.track)
            anchor.lane = m_timeline.laneLabel(int(l)).toStdString();
    if (label)
        *label = NoteText::tr("%1 on rank %2")
                     .arg(QString::fromStdString(anchor.name))
                     .arg(m_rank)
                     .toStdString();
    return anchor;
}

std::optional<NoteAnchor> TimelineNoteCanvas::anchorAt(QPointF pos, std::string *label) const
{
    return eventAnchor(m_timeline.eventAt(pos.toPoint()), label);
}

std::optional<NoteAnchor> TimelineNoteCanvas::shapeAnchorAt(QPointF) const
{
    if (!hasShapes())
        return std::nullopt;
    NoteAnchor anchor;
    anchor.scope = scope();
    anchor.rank = m_rank;
    anchor.axis = m_axis;
    anchor.window = m_window;
    return anchor;
}

std::optional<NotePoint> TimelineNoteCanvas::toData(const NoteAnchor &, QPointF pos) const
{
    if (!hasShapes())
        return std::nullopt;
    const int lanes = int(m_timeline.lanes().lanes.size());
    const QRect area = m_timeline.lanesArea();
    int lane = m_timeline.laneAtY(int(std::floor(pos.y())));
    if (lane < 0)
        lane = pos.y() < m_timeline.laneTopAt(0) ? 0 : lanes - 1;
    const double top = m_timeline.laneTopAt(lane);
    const double height = std::max(1, m_timeline.laneTopAt(lane + 1) - m_timeline.laneTopAt(lane));
    const double x = std::clamp(pos.x(), double(area.left()), double(area.right() + 1));
    return NotePoint{m_timeline.timeAt(x), lane + std::clamp((pos.y() - top) / height, 0.0, 0.999)};
}

std::optional<QPointF> TimelineNoteCanvas::toPixel(const NoteAnchor &, NotePoint point) const
{
    if (!hasShapes())
        return std::nullopt;
    const int lanes = int(m_timeline.lanes().lanes.size());
    const int lane = std::clamp(int(std::floor(point.y)), 0, lanes - 1);
    const double top = m_timeline.laneTopAt(lane);
    const double height = m_timeline.laneTopAt(lane + 1) - top;
    return QPointF(m_timeline.xOfTime(point.x), top + (point.y - lane) * height);
}

std::vector<QRectF> TimelineNoteCanvas::rankRects(const RankSet &ranks) const
{
    if (m_rank < 0 || !ranks.contains(m_rank))
        return {};
    const QRect area = m_timeline.lanesArea();
    return {QRectF(0, area.top(), area.left(), area.height())};
}

} // namespace rankscope
