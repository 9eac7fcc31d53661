#pragma once

#include "core/model/TraceModel.h"
#include "views/timeline/TimelineLanes.h"

#include <QAbstractScrollArea>

#include <memory>

namespace rankscope {

// One rank's trace inside one window as a timeline: a lane per CPU thread, then per GPU stream,
// slices nested by depth and coloured by kind (legend at the bottom), a ruler in time since the
// window's start, and optionally a marked moment (the nearest stack sample).
//
// Wheel zooms around the cursor (Shift+wheel or the scroll bar scrolls the lanes), drag pans,
// +/- zoom, Home shows the whole window. Slices narrower than a pixel are merged into one mark
// per pixel, so a window of 100k kernels paints as fast as one of 100.
class TraceTimelineWidget : public QAbstractScrollArea
{
    Q_OBJECT

public:
    explicit TraceTimelineWidget(QWidget *parent = nullptr);

    // The events of `trace` overlapping [windowStartNs, windowEndNs) (the trace's clock, i.e. the
    // aligned job clock); an empty window shows the whole trace. Resets the zoom.
    void setTrace(std::shared_ptr<const TraceData> trace, qint64 windowStartNs, qint64 windowEndNs);
    void clear(const QString &message = QString());
    const TraceData *trace() const { return m_trace.get(); }
    const TimelineLanes &lanes() const { return m_lanes; }
    // The widget height that shows every lane without scrolling (ruler and legend included).
    int preferredHeight() const;

    // A moment to mark with a vertical line (e.g. the stack sample nearest in time); -1 clears.
    void setHighlightTime(qint64 ns);
    qint64 highlightTime() const { return m_highlightNs; }

    // The visible time range; setVisibleRange clamps it to the window.
    qint64 visibleStartNs() const { return qint64(m_viewStart); }
    qint64 visibleEndNs() const { return qint64(m_viewStart + m_viewSpan); }
    void setVisibleRange(qint64 startNs, qint64 endNs);
    void zoomBy(double factor, double anchorX); // > 1 zooms in, anchorX in viewport pixels

    // The event under a viewport point (the widest within 2 px for merged slices), -1 for none.
    int eventAt(QPoint viewportPos) const;
    // Where an event is drawn, viewport coordinates; empty when not visible.
    QRect eventRect(int event) const;
    QString tooltipAt(QPoint viewportPos) const;
    // Viewport x of a time, and back.
    double xOfTime(double ns) const;
    double timeAt(double x) const;

    // Where the lanes are drawn and where each begins (viewport coordinates; a lane scrolled away
    // lies outside the area), and the lane under a y (-1: none): the notes drawn over the
    // timeline keep their shapes in lanes and time.
    QRect lanesArea() const { return laneArea(); }
    int laneTopAt(int lane) const { return laneTop(lane); }
    int laneAtY(int viewportY) const;
    // The track label of a lane ("thread 1234 (python)", "stream 7").
    QString laneLabel(int lane) const;

public slots:
    void resetZoom();

signals:
    void eventSelected(int event);
    void visibleRangeChanged(qint64 startNs, qint64 endNs);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    struct LaneRow
    {
        int lane = -1;
        int depth = -1;
    };
    QRect laneArea() const;      // where slices go, viewport coordinates
    int laneTop(int lane) const; // content y of a lane's first row
    LaneRow rowAt(int viewportY) const;
    void updateScrollRange();
    void clampView();
    void emitRange();
    void paintRuler(QPainter &painter);
    void paintLanes(QPainter &painter);
    void paintLegend(QPainter &painter);

    std::shared_ptr<const TraceData> m_trace;
    TimelineLanes m_lanes;
    std::vector<int> m_laneTops; // content y per lane, plus the total height at the end
    QString m_message;
    int m_labelWidth = 150;
    double m_viewStart = 0;
    double m_viewSpan = 1;
    qint64 m_highlightNs = -1;
    int m_selectedEvent = -1;
    QPoint m_pressPos;
    QPoint m_lastDragPos;
    bool m_pressed = false;
    bool m_dragging = false;
};

} // namespace rankscope
