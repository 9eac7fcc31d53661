#pragma once

#include "core/model/JobInfo.h"
#include "views/logs/LogLineSource.h"

#include <QAbstractScrollArea>

#include <map>
#include <memory>
#include <vector>

namespace rankscope {

// The log lines of a (filtered) source: rank, time, severity, the file it comes from and the
// event's first line, with "+N lines" for merged events (the tooltip shows them all). A merged
// event (a traceback, a frame list) expands in place: the triangle before its text, Enter,
// Space or Right shows all its lines below the first, Left folds them again; a click on one of
// those lines selects it (drag or Shift for several) and Ctrl+C copies just them. A line
// that copies another file's (shown when the filter asks for copies) is dimmed and marked
// "copy"; its tooltip names the line that counts. Only the visible rows are read
// and painted, and the scroll bar counts rows, so millions of lines scroll as smoothly as ten.
// Rows are selected with the mouse or keys (Shift extends) and copied with Ctrl+C.
// Double-clicking a rank or a time (or the context menu) asks the other views to show it.
class LogLineView : public QAbstractScrollArea
{
    Q_OBJECT

public:
    // Copying stops here: a selection of millions of lines is not clipboard material.
    static constexpr qint64 kMaxCopyRows = 100'000;

    explicit LogLineView(QWidget *parent = nullptr);
    ~LogLineView() override;

    // Shows a source from its first row, without selection. nullptr: empty.
    void setSource(std::shared_ptr<const LogLineSource> source);
    const LogLineSource *source() const { return m_source.get(); }
    // The source's rows changed (same object): re-read them, keep the scroll position if valid.
    void reload();
    void setJob(std::shared_ptr<const JobInfo> job); // node names in tooltips
    // What the view says when there are no rows ("No lines match the filter.").
    void setEmptyMessage(const QString &message);

    qint64 rowCount() const;
    // The row at the top (possibly scrolled into the middle of an expanded event).
    qint64 firstVisibleRow() const;
    int visibleRowCount() const;                   // rows that fit, the last one possibly cut
    qint64 rowAt(const QPoint &viewportPos) const; // -1 outside the rows
    // The row and the line of its event under a point ({-1, 0} outside the rows); line 0 is the
    // event's first line, 1... its continuation lines when expanded.
    std::pair<qint64, int> positionAt(const QPoint &viewportPos) const;
    void scrollToRow(qint64 row); // makes it visible, centred if it was not
    void scrollToEnd();
    // Scrolls to the first row at or after the time (when the source can tell). False if not.
    bool scrollToTime(qint64 timeNs);

    qint64 currentRow() const { return m_current; } // -1: none
    qint64 selectionFirst() const;                  // -1: none
    qint64 selectionLast() const;
    void selectRows(qint64 anchor, qint64 current); // both inclusive, in any order
    void clearSelection();
    // The selected rows as text, one event per line group ("2024-05-01 12:31:04.123 [rank37]
    // ERROR …"), at most kMaxCopyRows.
    QString selectedText() const;
    void copySelection() const;
    // Within one expanded event, select its lines [anchorLine, currentLine] (either order);
    // selectedText() is then just those lines.
    void selectEventLines(qint64 row, int anchorLine, int currentLine);
    // Whether the selection is lines inside one event rather than whole rows.
    bool isLineSelection() const;

    // Multi-line events shown whole (expanded) or as their first line (collapsed, the default).
    bool isExpandable(qint64 row) const;
    bool isExpanded(qint64 row) const { return m_expanded.count(row) > 0; }
    void setExpanded(qint64 row, bool expanded);
    int expandedRowCount() const { return int(m_expanded.size()); }
    // Where a visible row is drawn, all its lines (viewport coordinates; empty when off screen),
    // and its disclosure triangle (empty for a one-line event).
    QRect visualRect(qint64 row) const;
    QRect disclosureRect(qint64 row) const;

    // The rows the last paint drew (first, last), (-1, -1) when none: what tests check.
    std::pair<qint64, qint64> lastPaintedRows() const { return m_lastPainted; }
    int rowHeight() const;
    // The tooltip of a viewport position: where the event comes from and all its lines (rich
    // text); "" outside the rows.
    QString toolTipAt(const QPoint &viewportPos) const;

signals:
    void currentRowChanged(qint64 row);
    void rankActivated(int rank);
    void timeActivated(qint64 timeNs);
    void filterToRankRequested(int rank);
    void filterToTemplateRequested(rankscope::TemplateId id);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    enum class Column
    {
        Rank,
        Time,
        Severity,
        Source,
        Message
    };
    struct Layout
    {
        int rankLeft = 0, timeLeft = 0, severityLeft = 0, sourceLeft = 0, messageLeft = 0;
    };

    Layout columns() const;
    Column columnAt(int x) const;
    int headerHeight() const;
    void updateScrollBars();
    void updateFontMetrics();
    // Makes the page cache hold rows [first, first + count) with one source call if needed.
    void fetch(qint64 first, qint64 count) const;
    const LogLine *cached(qint64 row) const; // nullptr when not in the page cache
    LogLine lineAt(qint64 row) const;        // from the cache, else from the source
    void setCurrent(qint64 row, bool extend, int line = 0);
    // Scroll positions count screen lines: one per row, plus the continuation lines of the
    // expanded rows before it.
    qint64 visualLineOfRow(qint64 row) const;
    std::pair<qint64, int> rowOfVisualLine(qint64 line) const;
    int linesOfRow(qint64 row) const; // 1, or 1 + continuation lines when expanded
    int messageTextLeft(const Layout &layout) const;
    QString copyText(const LogLine &line) const;

    void paintHeader(QPainter &painter, const Layout &layout) const;
    void paintRow(QPainter &painter, const Layout &layout, const LogLine &line, qint64 row, int y);
    void paintSource(QPainter &painter, const Layout &layout, const LogLine &line, int y,
                     const QColor &text) const;
    void paintEmpty(QPainter &painter) const;

    std::shared_ptr<const LogLineSource> m_source;
    std::shared_ptr<const JobInfo> m_job;
    QString m_emptyMessage;
    qint64 m_current = -1;
    qint64 m_anchor = -1;
    int m_currentLine = 0; // line within the current row's event (0: its first line)
    int m_anchorLine = 0;
    std::map<qint64, int> m_expanded; // expanded row -> continuation lines it shows
    qint64 m_expandedLines = 0;       // their sum
    int m_rowHeight = 18;
    int m_charWidth = 8;
    int m_widestMessage = 0; // px, over the rows painted so far (horizontal scroll range)
    std::pair<qint64, qint64> m_lastPainted{-1, -1};
    mutable qint64 m_cacheFirst = -1;
    mutable std::vector<LogLine> m_cache;
};

} // namespace rankscope
