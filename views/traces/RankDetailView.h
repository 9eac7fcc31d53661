#pragma once

#include "core/model/TraceModel.h"
#include "core/traces/OpBreakdown.h"

#include <QString>
#include <QWidget>

#include <memory>
#include <vector>

class QLabel;
class QSplitter;
class QToolButton;

namespace rankscope {

class OpBreakdownTable;
class TraceTimelineWidget;

// Everything the detail of one rank in one window shows. Times are on the aligned job clock
// (the trace's events already have the rank's clock offset removed).
struct RankDetail
{
    int rank = -1;
    QString node;        // "" when unknown
    QString windowLabel; // "iteration 1498", "time 12.0 s – 12.5 s"
    std::string axis;    // windowAxisKey() of the window shown, "" when none
    qint64 window = -1;  // its id on that axis
    qint64 windowStartNs = 0;
    qint64 windowEndNs = 0;
    bool clockOffsetKnown = false;
    qint64 clockOffsetNs = 0; // what alignment added to the rank's own clock
    std::shared_ptr<const TraceData> trace;
    std::vector<OpComparison> ops; // the window's op breakdown against the peer median
    qint64 highlightNs = -1;       // e.g. the stack sample nearest in time; -1: none
    // Why the timeline is empty when the cache has no events for it (a merged cache that
    // kept only some ranks' events); "" otherwise.
    QString eventsNote;
};

// The click-through target of the heatmap: a header line (rank, node, window, clock offset),
// the rank's timeline for the window above its op breakdown, in a splitter.
class RankDetailView : public QWidget
{
    Q_OBJECT

public:
    explicit RankDetailView(QWidget *parent = nullptr);

    void setDetail(RankDetail detail);
    // Back to the empty state ("Click a heatmap cell…").
    void clear();
    // While the lead's loader reads the rank's trace: a note in the header, content disabled.
    // setDetail() and clear() end it.
    void setLoading(bool loading);
    bool isLoading() const { return m_loading; }

    int rank() const { return m_detail.rank; }
    const RankDetail &detail() const { return m_detail; }
    QString headerText() const;
    TraceTimelineWidget *timeline() const { return m_timeline; }
    OpBreakdownTable *opTable() const { return m_ops; }
    QSplitter *splitter() const { return m_splitter; }

    // Shown in the window's main area instead of its dock: the button in the header says which
    // way it goes; the splitter gives the timeline the height of all its lanes.
    void setExpanded(bool expanded);
    bool isExpanded() const { return m_expanded; }
    QToolButton *expandButton() const { return m_expand; }

signals:
    // The user asked for the main area (true) or back to the dock (false).
    void expandRequested(bool expand);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void fitTimelineToLanes();
    void updateHeader();

    RankDetail m_detail;
    bool m_loading = false;
    bool m_expanded = false;
    QLabel *m_header = nullptr;
    QToolButton *m_expand = nullptr;
    QLabel *m_summary = nullptr;
    QSplitter *m_splitter = nullptr;
    TraceTimelineWidget *m_timeline = nullptr;
    OpBreakdownTable *m_ops = nullptr;
};

} // namespace rankscope
