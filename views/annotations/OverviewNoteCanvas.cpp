#include "views/annotations/OverviewNoteCanvas.h"

#include "core/findings/FindingsJoin.h"
#include "views/annotations/NoteText.h"
#include "views/common/MessageText.h"
#include "views/overview/AnomalyTimeline.h"
#include "views/overview/CoverageStrip.h"
#include "views/overview/OverviewView.h"

#include <algorithm>

namespace rankscope {

namespace {

// The anchor names: a culprit, a coverage rank, a timeline mark.
constexpr const char *kOverviewCulprit = "culprit";
constexpr const char *kOverviewCoverageAxis = "coverage";
constexpr const char *kOverviewTimelineScope = "timeline";
constexpr int kOverviewMarkRadius = 8;

QRectF overviewInPage(const QWidget *child, const QWidget *page, const QRect &rect)
{
    return QRectF(QRect(child->mapTo(page, rect.topLeft()), rect.size()));
}

} // namespace

OverviewNoteCanvas::OverviewNoteCanvas(const OverviewView &view)
    : NoteCanvas(NoteView::Overview), m_view(view)
{
    m_valid = view.hasData() && view.page() && !view.page()->size().isEmpty();
}

QRectF OverviewNoteCanvas::area() const
{
    return m_valid ? QRectF(QPointF(0, 0), QSizeF(m_view.page()->size())) : QRectF();
}

int OverviewNoteCanvas::culpritOf(const NoteAnchor &anchor) const
{
    if (!m_valid || anchor.target != NoteTarget::View || anchor.name != kOverviewCulprit ||
        anchor.rank < 0)
        return -1;
    const auto &culprits = m_view.data()->verdict.culprits;
    for (std::size_t i = 0; i < culprits.size() && int(i) < m_view.culpritCount(); ++i)
        if (culprits[i].ranks.contains(anchor.rank))
            return int(i);
    return -1;
}

std::optional<QRectF> OverviewNoteCanvas::anchorRect(const NoteAnchor &anchor) const
{
    if (!m_valid)
        return std::nullopt;
    const QWidget *page = m_view.page();
    switch (anchor.target) {
    case NoteTarget::View: {
        if (anchor.name == kOverviewCulprit) {
            const int culprit = culpritOf(anchor);
            if (culprit < 0)
                return std::nullopt;
            // Its heading line: where a badge reads as being about it.
            QRectF rect = m_view.culpritRect(culprit);
            rect.setHeight(std::min(rect.height(), 28.0));
            return rect;
        }
        const QRect section = m_view.sectionRect(anchor.name);
        if (section.isEmpty())
            return std::nullopt;
        return QRectF(section.left(), section.top(), section.width(),
                      std::min(section.height(), 28));
    }
    case NoteTarget::Cell: {
        if (anchor.axis != kOverviewCoverageAxis || anchor.rank < 0)
            return std::nullopt;
        const CoverageStrip *strip = m_view.coverageStrip();
        const QRect columns = strip->rankColumns(anchor.rank, anchor.rank);
        if (columns.isEmpty() || strip->isHidden())
            return std::nullopt;
        QRectF rect = overviewInPage(strip, page, columns);
        const QPointF centre = rect.center();
        rect.setWidth(std::max(rect.width(), 5.0));
        rect.moveCenter(centre);
        return rect;
    }
    case NoteTarget::Event: {
        if (anchor.scope != kOverviewTimelineScope)
            return std::nullopt;
        const AnomalyTimeline *timeline = m_view.anomalyTimeline();
        if (timeline->isHidden())
            return std::nullopt;
        // The layer's mark: its time moves when a re-import finds an earlier event.
        const auto &marks = timeline->marks();
        for (std::size_t i = 0; i < marks.size(); ++i)
            if (anchor.lane == findingLayerKey(marks[i].layer)) {
                const QPoint centre = timeline->markCentre(int(i));
                return overviewInPage(timeline, page,
                                      QRect(centre.x() - kOverviewMarkRadius,
                                            centre.y() - kOverviewMarkRadius,
                                            2 * kOverviewMarkRadius, 2 * kOverviewMarkRadius));
            }
        return std::nullopt;
    }
    default:
        return std::nullopt;
    }
}

std::optional<NoteAnchor> OverviewNoteCanvas::anchorAt(QPointF pos, std::string *label) const
{
    if (!m_valid)
        return std::nullopt;
    const QWidget *page = m_view.page();
    const QPoint at = pos.toPoint();
    NoteAnchor anchor;
    anchor.target = NoteTarget::View;

    const CoverageStrip *strip = m_view.coverageStrip();
    if (!strip->isHidden() && QRect(strip->mapTo(page, QPoint(0, 0)), strip->size()).contains(at)) {
        const auto [first, last] = strip->ranksAt(strip->mapFrom(page, at).x());
        if (first >= 0) {
            anchor.target = NoteTarget::Cell;
            anchor.axis = kOverviewCoverageAxis;
            anchor.rank = first;
            if (label)
                *label = NoteText::ranksLabel(RankSet::range(first, last)).toStdString();
            return anchor;
        }
    }
    const AnomalyTimeline *timeline = m_view.anomalyTimeline();
    if (!timeline->isHidden() &&
        QRect(timeline->mapTo(page, QPoint(0, 0)), timeline->size()).contains(at)) {
        const int mark = timeline->markAt(timeline->mapFrom(page, at));
        if (mark >= 0) {
            const AnomalyTimeline::Mark &m = timeline->marks()[std::size_t(mark)];
            anchor.target = NoteTarget::Event;
            anchor.scope = kOverviewTimelineScope;
            anchor.lane = findingLayerKey(m.layer);
            anchor.name = anchor.lane;
            anchor.timeNs = m.timeNs;
            if (label)
                *label = NoteText::elided(m.label, 60).toStdString();
            return anchor;
        }
    }
    const int culprit = m_view.culpritAt(at);
    if (culprit >= 0) {
        const Culprit &c = m_view.data()->verdict.culprits[std::size_t(culprit)];
        anchor.name = kOverviewCulprit;
        anchor.rank = c.ranks.first();
        if (label)
            *label = messageText(c.subject).toStdString();
        return anchor;
    }
    for (const std::string &key : OverviewView::sectionKeys())
        if (m_view.sectionRect(key).contains(at)) {
            anchor.name = key;
            if (label)
                *label = m_view.sectionTitle(key).toStdString();
            return anchor;
        }
    return std::nullopt;
}

std::optional<NotePoint> OverviewNoteCanvas::toData(const NoteAnchor &, QPointF pos) const
{
    if (!m_valid)
        return std::nullopt;
    const QRectF page = area();
    return NotePoint{std::clamp(pos.x(), 0.0, page.width()) / std::max(1.0, page.width()),
                     std::clamp(pos.y(), 0.0, page.height())};
}

std::optional<QPointF> OverviewNoteCanvas::toPixel(const NoteAnchor &, NotePoint point) const
{
    if (!m_valid)
        return std::nullopt;
    return QPointF(point.x * area().width(), point.y);
}

std::vector<QRectF> OverviewNoteCanvas::rankRects(const RankSet &ranks) const
{
    std::vector<QRectF> rects;
    const CoverageStrip *strip = m_view.coverageStrip();
    if (!m_valid || ranks.empty() || strip->isHidden())
        return rects;
    // One band per run of consecutive ranks (a node is one band, not eight).
    int runFirst = -1;
    int runLast = -2;
    const auto flush = [&] {
        if (runFirst < 0)
            return;
        const QRect columns = strip->rankColumns(runFirst, runLast);
        if (!columns.isEmpty())
            rects.push_back(overviewInPage(strip, m_view.page(), columns));
    };
    ranks.forEach([&](int rank) {
        if (rank != runLast + 1) {
            flush();
            runFirst = rank;
        }
        runLast = rank;
    });
    flush();
    return rects;
}

} // namespace rankscope
