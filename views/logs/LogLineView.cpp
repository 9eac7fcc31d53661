#include "views/logs/LogLineView.h"

#include "views/annotations/NoteOverlay.h"

#include "views/logs/LogSeverityStyle.h"
#include "views/logs/LogTimeText.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QDateTime>
#include <QFontDatabase>
#include <QKeyEvent>
#include <QMenu>
#include <QScrollBar>
#include <QTimeZone>

#include <algorithm>
#include <climits>

namespace rankscope {

namespace {

constexpr qint64 kFetchSlack = 32; // rows read beyond the visible ones, for small scrolls

qint64 clampRow(qint64 row, qint64 count)
{
    return std::clamp<qint64>(row, 0, std::max<qint64>(count - 1, 0));
}

} // namespace

LogLineView::LogLineView(QWidget *parent) : QAbstractScrollArea(parent)
{
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    updateFontMetrics();
    setFocusPolicy(Qt::StrongFocus);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    viewport()->setMouseTracking(false);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    setAccessibleName(tr("Log lines"));
    m_emptyMessage = tr("No log lines.");
}

LogLineView::~LogLineView() = default;

void LogLineView::setSource(std::shared_ptr<const LogLineSource> source)
{
    m_source = std::move(source);
    m_cacheFirst = -1;
    m_cache.clear();
    m_current = m_anchor = -1;
    m_currentLine = m_anchorLine = 0;
    m_expanded.clear();
    m_expandedLines = 0;
    m_widestMessage = 0;
    verticalScrollBar()->setValue(0);
    horizontalScrollBar()->setValue(0);
    updateScrollBars();
    viewport()->update();
    emit currentRowChanged(-1);
}

void LogLineView::reload()
{
    m_cacheFirst = -1;
    m_cache.clear();
    // The rows may hold other events now: fold them all.
    m_expanded.clear();
    m_expandedLines = 0;
    m_currentLine = m_anchorLine = 0;
    const qint64 count = rowCount();
    if (m_current >= count)
        m_current = m_anchor = -1;
    updateScrollBars();
    viewport()->update();
}

void LogLineView::setJob(std::shared_ptr<const JobInfo> job)
{
    m_job = std::move(job);
}

void LogLineView::setEmptyMessage(const QString &message)
{
    m_emptyMessage = message;
    viewport()->update();
}

qint64 LogLineView::rowCount() const
{
    return m_source ? std::max<qint64>(m_source->lineCount(), 0) : 0;
}

int LogLineView::rowHeight() const
{
    return m_rowHeight;
}

int LogLineView::headerHeight() const
{
    return m_rowHeight + 2;
}

qint64 LogLineView::firstVisibleRow() const
{
    return rowOfVisualLine(verticalScrollBar()->value()).first;
}

int LogLineView::visibleRowCount() const
{
    const int h = viewport()->height() - headerHeight();
    if (h <= 0)
        return 0;
    const auto [first, topLine] = rowOfVisualLine(verticalScrollBar()->value());
    // Screen lines that fit (the last possibly cut), from the top row's first line.
    qint64 lines = (h + m_rowHeight - 1) / m_rowHeight + topLine;
    int rows = 0;
    for (qint64 row = first; lines > 0 && row < rowCount(); ++row, ++rows)
        lines -= linesOfRow(row);
    return m_expanded.empty() ? int((h + m_rowHeight - 1) / m_rowHeight) : rows;
}

qint64 LogLineView::rowAt(const QPoint &pos) const
{
    return positionAt(pos).first;
}

void LogLineView::updateFontMetrics()
{
    const QFontMetrics metrics(font());
    m_rowHeight = metrics.height() + 4;
    m_charWidth = std::max(1, metrics.horizontalAdvance(QLatin1Char('0')));
}

void LogLineView::updateScrollBars()
{
    const qint64 count = rowCount();
    const int fullRows = std::max(1, (viewport()->height() - headerHeight()) / m_rowHeight);
    // The bar counts rows; a source beyond INT_MAX rows shows its first INT_MAX.
    const qint64 maxFirst = std::clamp<qint64>(count + m_expandedLines - fullRows, 0, INT_MAX);
    verticalScrollBar()->setRange(0, int(maxFirst));
    verticalScrollBar()->setPageStep(fullRows);
    verticalScrollBar()->setSingleStep(1);
    const int messageWidth = viewport()->width() - columns().messageLeft;
    horizontalScrollBar()->setRange(0, std::max(0, m_widestMessage - messageWidth));
    horizontalScrollBar()->setPageStep(std::max(1, messageWidth));
    horizontalScrollBar()->setSingleStep(m_charWidth * 4);
}

LogLineView::Layout LogLineView::columns() const
{
    // Widths in characters of the fixed font: rank up to 99999, "HH:mm:ss.zzz", "FATAL", and
    // the end of the file's path ("rank12.log", "launcher.out").
    Layout l;
    l.rankLeft = 0;
    l.timeLeft = l.rankLeft + 7 * m_charWidth;
    l.severityLeft = l.timeLeft + 14 * m_charWidth;
    l.sourceLeft = l.severityLeft + 8 * m_charWidth;
    l.messageLeft = l.sourceLeft + 20 * m_charWidth;
    return l;
}

LogLineView::Column LogLineView::columnAt(int x) const
{
    const Layout l = columns();
    if (x < l.timeLeft)
        return Column::Rank;
    if (x < l.severityLeft)
        return Column::Time;
    if (x < l.sourceLeft)
        return Column::Severity;
    if (x < l.messageLeft)
        return Column::Source;
    return Column::Message;
}

void LogLineView::fetch(qint64 first, qint64 count) const
{
    if (!m_source || count <= 0)
        return;
    const qint64 cacheEnd = m_cacheFirst + qint64(m_cache.size());
    if (m_cacheFirst >= 0 && first >= m_cacheFirst && first + count <= cacheEnd)
        return;
    // Read a little around the visible rows so one-row scrolls hit the cache.
    const qint64 from = std::max<qint64>(0, first - kFetchSlack);
    m_cache = m_source->lines(from, count + 2 * kFetchSlack);
    m_cacheFirst = from;
}

const LogLine *LogLineView::cached(qint64 row) const
{
    if (m_cacheFirst < 0 || row < m_cacheFirst || row >= m_cacheFirst + qint64(m_cache.size()))
        return nullptr;
    return &m_cache[std::size_t(row - m_cacheFirst)];
}

LogLine LogLineView::lineAt(qint64 row) const
{
    if (const LogLine *line = cached(row))
        return *line;
    return m_source && row >= 0 && row < rowCount() ? m_source->line(row) : LogLine();
}

void LogLineView::scrollToRow(qint64 row)
{
    if (row < 0 || row >= rowCount())
        return;
    const qint64 line = visualLineOfRow(row);
    const qint64 first = verticalScrollBar()->value();
    const int fullRows = verticalScrollBar()->pageStep();
    if (line >= first && line < first + fullRows)
        return;
    verticalScrollBar()->setValue(int(std::clamp<qint64>(line - fullRows / 2, 0, INT_MAX)));
}

void LogLineView::scrollToEnd()
{
    verticalScrollBar()->setValue(verticalScrollBar()->maximum());
}

bool LogLineView::scrollToTime(qint64 timeNs)
{
    if (!m_source || rowCount() == 0)
        return false;
    const qint64 row = m_source->rowAtTime(timeNs);
    if (row < 0)
        return false;
    const qint64 target = clampRow(row, rowCount());
    setCurrent(target, false);
    verticalScrollBar()->setValue(int(std::clamp<qint64>(visualLineOfRow(target), 0, INT_MAX)));
    return true;
}

qint64 LogLineView::selectionFirst() const
{
    return m_current < 0 ? -1 : std::min(m_anchor, m_current);
}

qint64 LogLineView::selectionLast() const
{
    return m_current < 0 ? -1 : std::max(m_anchor, m_current);
}

void LogLineView::selectRows(qint64 anchor, qint64 current)
{
    const qint64 count = rowCount();
    if (count == 0) {
        clearSelection();
        return;
    }
    m_anchor = clampRow(anchor, count);
    m_current = clampRow(current, count);
    m_anchorLine = m_currentLine = 0;
    viewport()->update();
    emit currentRowChanged(m_current);
}

void LogLineView::clearSelection()
{
    m_current = m_anchor = -1;
    m_currentLine = m_anchorLine = 0;
    viewport()->update();
    emit currentRowChanged(-1);
}

void LogLineView::setCurrent(qint64 row, bool extend, int line)
{
    if (rowCount() == 0)
        return;
    row = clampRow(row, rowCount());
    // Inside one expanded event, a click on a continuation line (or a drag or Shift-click
    // within it) selects lines of its text.
    const bool withinEvent = isExpanded(row) && (extend ? m_anchor == row : line > 0);
    if (withinEvent) {
        selectEventLines(row, extend ? m_anchorLine : line, line);
        return;
    }
    selectRows(extend && m_anchor >= 0 ? m_anchor : row, row);
    scrollToRow(row);
}

QString LogLineView::copyText(const LogLine &line) const
{
    QStringList parts;
    if (line.timeNs != 0)
        parts << QDateTime::fromMSecsSinceEpoch(line.timeNs / 1'000'000, QTimeZone::utc())
                     .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz"));
    if (line.rank >= 0)
        parts << QStringLiteral("[rank%1]").arg(line.rank);
    if (line.severity != LogSeverity::Unknown)
        parts << LogSeverityStyle::shortName(line.severity);
    parts << line.text;
    return parts.join(QLatin1Char(' '));
}

QString LogLineView::selectedText() const
{
    if (m_current < 0 || !m_source)
        return QString();
    if (isLineSelection()) {
        const QStringList lines = lineAt(m_current).text.split(QLatin1Char('\n'));
        const int from = std::clamp(std::min(m_anchorLine, m_currentLine), 0, int(lines.size()));
        const int to = std::clamp(std::max(m_anchorLine, m_currentLine), 0, int(lines.size()) - 1);
        return lines.mid(from, to - from + 1).join(QLatin1Char('\n'));
    }
    const qint64 first = selectionFirst();
    const qint64 last = std::min(selectionLast(), first + kMaxCopyRows - 1);
    QStringList lines;
    constexpr qint64 kPage = 4096;
    for (qint64 from = first; from <= last; from += kPage) {
        for (const LogLine &line : m_source->lines(from, std::min(kPage, last - from + 1)))
            lines << copyText(line);
    }
    const qint64 left = selectionLast() - last;
    if (left > 0) {
        const int n = int(std::min<qint64>(left, INT_MAX));
        lines << (n == 1 ? tr("… %n more line not copied", nullptr, n)
                         : tr("… %n more lines not copied", nullptr, n));
    }
    return lines.join(QLatin1Char('\n'));
}

void LogLineView::copySelection() const
{
    const QString text = selectedText();
    if (!text.isEmpty())
        QApplication::clipboard()->setText(text);
}

void LogLineView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    updateScrollBars();
}

void LogLineView::scrollContentsBy(int, int)
{
    viewport()->update();
}

void LogLineView::changeEvent(QEvent *event)
{
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        updateFontMetrics();
        updateScrollBars();
    }
}

void LogLineView::mousePressEvent(QMouseEvent *event)
{
    setFocus(Qt::MouseFocusReason);
    const QPoint pos = event->position().toPoint();
    const auto [row, line] = positionAt(pos);
    if (row < 0)
        return;
    if (event->button() == Qt::RightButton && row >= selectionFirst() && row <= selectionLast())
        return; // keep a multi-row selection for the context menu's "Copy"
    if (event->button() == Qt::LeftButton && disclosureRect(row).contains(pos)) {
        setExpanded(row, !isExpanded(row));
        setCurrent(row, false);
        return;
    }
    setCurrent(row, event->modifiers() & Qt::ShiftModifier, line);
}

void LogLineView::mouseMoveEvent(QMouseEvent *event)
{
    if (!(event->buttons() & Qt::LeftButton) || m_anchor < 0)
        return;
    const QPoint pos = event->position().toPoint();
    // Dragging past an edge scrolls a row at a time.
    auto [row, line] = positionAt(pos);
    if (pos.y() < headerHeight())
        row = std::max<qint64>(firstVisibleRow() - 1, 0), line = 0;
    else if (row < 0)
        row = firstVisibleRow() + visibleRowCount(), line = 0;
    setCurrent(row, true, line);
}

void LogLineView::mouseReleaseEvent(QMouseEvent *event)
{
    event->accept(); // selection happened on press and move
}

void LogLineView::mouseDoubleClickEvent(QMouseEvent *event)
{
    const qint64 row = rowAt(event->position().toPoint());
    if (row < 0)
        return;
    const LogLine line = lineAt(row);
    switch (columnAt(event->position().toPoint().x())) {
    case Column::Rank:
        if (line.rank >= 0)
            emit rankActivated(line.rank);
        break;
    case Column::Time:
        if (line.timeNs != 0)
            emit timeActivated(line.timeNs);
        break;
    case Column::Severity:
    case Column::Source:
    case Column::Message:
        if (line.templateId != kNoTemplate)
            emit filterToTemplateRequested(line.templateId);
        break;
    }
}

void LogLineView::keyPressEvent(QKeyEvent *event)
{
    if (event->matches(QKeySequence::Copy)) {
        copySelection();
        return;
    }
    if (event->matches(QKeySequence::SelectAll)) {
        if (rowCount() > 0)
            selectRows(0, rowCount() - 1);
        return;
    }
    const bool extend = event->modifiers() & Qt::ShiftModifier;
    const qint64 current = std::max<qint64>(m_current, firstVisibleRow() - 1);
    const int page = std::max(1, verticalScrollBar()->pageStep() - 1);
    switch (event->key()) {
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_Space:
    case Qt::Key_Right:
        if (m_current >= 0 && isExpandable(m_current) && !isExpanded(m_current)) {
            setExpanded(m_current, true);
            return;
        }
        if (event->key() != Qt::Key_Right)
            return;
        break; // Right on a one-line or open event scrolls, as in any view
    case Qt::Key_Left:
        if (m_current >= 0 && isExpanded(m_current)) {
            setExpanded(m_current, false);
            return;
        }
        break;
    case Qt::Key_Down:
        setCurrent(current + 1, extend);
        return;
    case Qt::Key_Up:
        setCurrent(current - 1, extend);
        return;
    case Qt::Key_PageDown:
        setCurrent(current + page, extend);
        return;
    case Qt::Key_PageUp:
        setCurrent(current - page, extend);
        return;
    case Qt::Key_Home:
        setCurrent(0, extend);
        return;
    case Qt::Key_End:
        setCurrent(rowCount() - 1, extend);
        return;
    default:
        break;
    }
    QAbstractScrollArea::keyPressEvent(event);
}

void LogLineView::contextMenuEvent(QContextMenuEvent *event)
{
    const qint64 row = rowAt(event->pos());
    QMenu menu(this);
    QAction *copy = menu.addAction(tr("Copy"), this, &LogLineView::copySelection);
    copy->setShortcut(QKeySequence::Copy);
    copy->setEnabled(m_current >= 0);
    if (row >= 0) {
        const LogLine line = lineAt(row);
        if (line.text.contains(QLatin1Char('\n'))) {
            menu.addAction(tr("Copy Event Text"), this,
                           [text = line.text] { QApplication::clipboard()->setText(text); });
            menu.addAction(isExpanded(row) ? tr("Collapse Event") : tr("Expand Event"), this,
                           [this, row] { setExpanded(row, !isExpanded(row)); });
        }
        menu.addSeparator();
        if (line.rank >= 0) {
            menu.addAction(tr("Show rank %1 in the rank detail").arg(line.rank), this,
                           [this, rank = line.rank] { emit rankActivated(rank); });
            menu.addAction(tr("Only lines of rank %1").arg(line.rank), this,
                           [this, rank = line.rank] { emit filterToRankRequested(rank); });
        }
        if (line.templateId != kNoTemplate)
            menu.addAction(tr("Only lines of this template"), this,
                           [this, id = line.templateId] { emit filterToTemplateRequested(id); });
        if (line.timeNs != 0)
            menu.addAction(tr("Show %1 in the heatmap").arg(LogTimeText::clock(line.timeNs)), this,
                           [this, t = line.timeNs] { emit timeActivated(t); });
    }
    NoteOverlay::addMenuActions(viewport(), menu, event->pos());
    menu.exec(event->globalPos());
}

} // namespace rankscope
