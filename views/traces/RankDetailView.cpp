#include "views/traces/RankDetailView.h"

#include "views/common/DurationText.h"
#include "views/timeline/TraceTimelineWidget.h"
#include "views/traces/OpBreakdownTable.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QSplitter>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace rankscope {

RankDetailView::RankDetailView(QWidget *parent)
    : QWidget(parent), m_header(new QLabel(this)), m_summary(new QLabel(this)),
      m_splitter(new QSplitter(Qt::Vertical, this)), m_timeline(new TraceTimelineWidget(this)),
      m_ops(new OpBreakdownTable(this))
{
    m_expand = new QToolButton(this);
    m_expand->setObjectName(QStringLiteral("rankDetailExpand"));
    m_expand->setAutoRaise(true);
    m_expand->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    connect(m_expand, &QToolButton::clicked, this, [this] { emit expandRequested(!m_expanded); });
    m_header->setTextFormat(Qt::PlainText);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = m_header->font();
    bold.setBold(true);
    m_header->setFont(bold);
    // A long header is cut, never pushes the summary and the button out of the dock.
    m_header->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_header->setMinimumWidth(1);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setAlignment(Qt::AlignRight | Qt::AlignVCenter);

    auto *top = new QHBoxLayout;
    top->setContentsMargins(6, 4, 6, 2);
    top->addWidget(m_header, 1);
    top->addWidget(m_summary);
    top->addWidget(m_expand);

    m_splitter->addWidget(m_timeline);
    m_splitter->addWidget(m_ops);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(top);
    layout->addWidget(m_splitter, 1);
    retranslate();
    clear();
}

void RankDetailView::retranslate()
{
    m_expand->setText(m_expanded ? tr("Back to the Views") : tr("Expand"));
    m_expand->setToolTip(m_expanded ? tr("Put the rank detail back in its dock (Escape)")
                                    : tr("Show the rank detail in the main area, with room for "
                                         "every thread and GPU stream"));
}

void RankDetailView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void RankDetailView::setExpanded(bool expanded)
{
    m_expanded = expanded;
    retranslate();
    // Once the new parent has laid the view out.
    QTimer::singleShot(0, this, [this] { fitTimelineToLanes(); });
}

// The timeline as tall as its lanes need (all GPU streams in view, no splitter to drag), up to
// three quarters of the height; the op table takes the rest.
void RankDetailView::fitTimelineToLanes()
{
    const int total = m_splitter->height();
    if (total <= 0)
        return;
    const int wanted = m_timeline->preferredHeight() + 2; // the splitter rounds its sizes
    const int timeline = std::clamp(wanted, std::min(120, total / 2), total * 3 / 4);
    m_splitter->setSizes({timeline, total - timeline});
}

void RankDetailView::setDetail(RankDetail detail)
{
    m_detail = std::move(detail);
    m_loading = false;
    m_splitter->setEnabled(true);
    m_timeline->setTrace(m_detail.trace, m_detail.windowStartNs, m_detail.windowEndNs);
    if (!m_detail.eventsNote.isEmpty())
        m_timeline->clear(m_detail.eventsNote); // not "no events": nobody kept them
    else if (!m_detail.trace)
        m_timeline->clear(tr("No trace was imported for rank %1.").arg(m_detail.rank));
    m_timeline->setHighlightTime(m_detail.highlightNs);
    m_ops->setComparisons(m_detail.ops);
    updateHeader();
    fitTimelineToLanes();
}

void RankDetailView::clear()
{
    m_detail = RankDetail();
    m_loading = false;
    m_splitter->setEnabled(true);
    m_timeline->clear(tr("Click a heatmap cell to see that rank's threads and GPU streams in "
                         "that window."));
    m_ops->setComparisons({});
    updateHeader();
}

void RankDetailView::setLoading(bool loading)
{
    m_loading = loading;
    m_splitter->setEnabled(!loading);
    updateHeader();
}

QString RankDetailView::headerText() const
{
    return m_header->text();
}

void RankDetailView::updateHeader()
{
    if (m_loading) {
        m_header->setText(m_detail.rank >= 0 ? tr("Loading… (showing rank %1)").arg(m_detail.rank)
                                             : tr("Loading the rank's trace…"));
        return;
    }
    if (m_detail.rank < 0) {
        m_header->setText(tr("No rank selected"));
        m_summary->clear();
        return;
    }
    QStringList parts{tr("Rank %1").arg(m_detail.rank)};
    if (!m_detail.node.isEmpty())
        parts << tr("node %1").arg(m_detail.node);
    if (!m_detail.windowLabel.isEmpty())
        parts << m_detail.windowLabel;
    if (m_detail.windowEndNs > m_detail.windowStartNs)
        parts << DurationText::duration(double(m_detail.windowEndNs - m_detail.windowStartNs));
    if (m_detail.clockOffsetKnown)
        parts << tr("clock offset %1 applied")
                     .arg(DurationText::offset(double(m_detail.clockOffsetNs)));
    else
        parts << tr("clock not aligned");
    m_header->setText(parts.join(QStringLiteral(" · ")));
    const TimelineLanes &lanes = m_timeline->lanes();
    if (!m_detail.eventsNote.isEmpty()) {
        m_summary->setText(tr("events left out of this merged cache"));
        return;
    }
    m_summary->setText(m_detail.trace ? tr("%1 lanes · %2 events · %3 ops")
                                            .arg(lanes.lanes.size())
                                            .arg(lanes.sliceCount)
                                            .arg(m_detail.ops.size())
                                      : QString());
}

} // namespace rankscope
