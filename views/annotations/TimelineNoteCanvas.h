#pragma once

#include "views/annotations/NoteCanvas.h"

#include <cstdint>

namespace rankscope {

class TraceTimelineWidget;

// Notes on Rank Detail's timeline of one rank (the scope: "rank N"): pinned to an event by its
// lane, name and start, shapes in time (x, the aligned clock in ns) and lanes (y: the lane plus
// the fraction of its height), so they follow zoom and scroll. A marked rank tints the lane
// labels.
class TimelineNoteCanvas : public NoteCanvas
{
public:
    // `axis` and `window`: the heatmap window the timeline shows ("iteration"/"time" and its id),
    // kept in the anchors so that the Notes panel can open that window again.
    explicit TimelineNoteCanvas(const TraceTimelineWidget &timeline, std::string axis = {},
                                std::int64_t window = -1);

    // "rank 37": the scope of a rank's timeline notes.
    static std::string scopeOf(int rank);

    QRectF area() const override;
    std::optional<QRectF> anchorRect(const NoteAnchor &anchor) const override;
    std::optional<NoteAnchor> anchorAt(QPointF pos, std::string *label) const override;
    bool hasShapes() const override;
    std::optional<NoteAnchor> shapeAnchorAt(QPointF pos) const override;
    std::optional<NotePoint> toData(const NoteAnchor &anchor, QPointF pos) const override;
    std::optional<QPointF> toPixel(const NoteAnchor &anchor, NotePoint point) const override;
    std::vector<QRectF> rankRects(const RankSet &ranks) const override;

    // The anchor of an event of the trace shown.
    std::optional<NoteAnchor> eventAnchor(int event, std::string *label) const;
    // The event an anchor names in the window shown, -1 when not there.
    int eventOf(const NoteAnchor &anchor) const;

private:
    const TraceTimelineWidget &m_timeline;
    int m_rank = -1;
    std::string m_axis;
    std::int64_t m_window = -1;
};

} // namespace rankscope
