// LogLineView's expanded events: which rows show all their lines, how screen lines map to rows
// (the vertical scroll bar counts screen lines), and selections of lines inside one event.
#include "views/logs/LogLineView.h"

#include <QScrollBar>

#include <algorithm>
#include <climits>

namespace rankscope {

namespace {
// The disclosure triangle's room at the start of the message column, in characters.
constexpr int kDisclosureChars = 2;
} // namespace

qint64 LogLineView::visualLineOfRow(qint64 row) const
{
    qint64 extra = 0;
    for (auto it = m_expanded.begin(); it != m_expanded.end() && it->first < row; ++it)
        extra += it->second;
    return row + extra;
}

std::pair<qint64, int> LogLineView::rowOfVisualLine(qint64 line) const
{
    qint64 before = 0; // continuation lines of the expanded rows above
    for (const auto &[row, extra] : m_expanded) {
        const qint64 start = row + before;
        if (line < start)
            break;
        if (line <= start + extra)
            return {row, int(line - start)};
        before += extra;
    }
    return {line - before, 0};
}

int LogLineView::linesOfRow(qint64 row) const
{
    const auto it = m_expanded.find(row);
    return it == m_expanded.end() ? 1 : 1 + it->second;
}

int LogLineView::messageTextLeft(const Layout &layout) const
{
    return layout.messageLeft + kDisclosureChars * m_charWidth;
}

std::pair<qint64, int> LogLineView::positionAt(const QPoint &pos) const
{
    if (pos.y() < headerHeight())
        return {-1, 0};
    const qint64 line = verticalScrollBar()->value() + (pos.y() - headerHeight()) / m_rowHeight;
    const auto [row, within] = rowOfVisualLine(line);
    if (row >= rowCount())
        return {-1, 0};
    return {row, within};
}

bool LogLineView::isExpandable(qint64 row) const
{
    return row >= 0 && row < rowCount() && lineAt(row).text.contains(QLatin1Char('\n'));
}

void LogLineView::setExpanded(qint64 row, bool expanded)
{
    if (expanded == isExpanded(row) || row < 0 || row >= rowCount())
        return;
    QScrollBar *bar = verticalScrollBar();
    const qint64 topLine = bar->value();
    const bool above = visualLineOfRow(row) < topLine; // keep what is on screen in place
    int extra = 0;
    if (expanded) {
        extra = int(std::min<qsizetype>(lineAt(row).text.count(QLatin1Char('\n')), INT_MAX / 2));
        if (extra == 0)
            return;
        m_expanded[row] = extra;
        m_expandedLines += extra;
    } else {
        extra = m_expanded[row];
        m_expanded.erase(row);
        m_expandedLines -= extra;
        if (m_current == row)
            m_currentLine = m_anchorLine = 0;
    }
    updateScrollBars();
    if (above)
        bar->setValue(int(std::clamp<qint64>(topLine + (expanded ? extra : -extra), 0, INT_MAX)));
    if (expanded && isVisible()) {
        // Show the whole event when it fits, else from its first line.
        const qint64 first = visualLineOfRow(row);
        const qint64 page = bar->pageStep();
        if (first + 1 + extra > bar->value() + page)
            bar->setValue(
                int(std::clamp<qint64>(std::min(first, first + 1 + extra - page), 0, INT_MAX)));
    }
    viewport()->update();
}

void LogLineView::selectEventLines(qint64 row, int anchorLine, int currentLine)
{
    if (!isExpanded(row))
        return selectRows(row, row);
    const int last = linesOfRow(row) - 1;
    m_anchor = m_current = row;
    m_anchorLine = std::clamp(anchorLine, 0, last);
    m_currentLine = std::clamp(currentLine, 0, last);
    viewport()->update();
    emit currentRowChanged(m_current);
}

bool LogLineView::isLineSelection() const
{
    return m_current >= 0 && m_anchor == m_current && isExpanded(m_current) &&
           (m_anchorLine > 0 || m_currentLine > 0);
}

QRect LogLineView::visualRect(qint64 row) const
{
    if (row < 0 || row >= rowCount())
        return {};
    const qint64 top = visualLineOfRow(row) - verticalScrollBar()->value();
    const qint64 y = headerHeight() + top * m_rowHeight;
    const qint64 height = qint64(linesOfRow(row)) * m_rowHeight;
    if (y + height <= headerHeight() || y >= viewport()->height())
        return {};
    return QRect(0, int(y), viewport()->width(), int(std::min<qint64>(height, INT_MAX / 2)));
}

QRect LogLineView::disclosureRect(qint64 row) const
{
    const QRect rect = visualRect(row);
    if (rect.isEmpty() || !isExpandable(row))
        return {};
    const Layout layout = columns();
    return QRect(layout.messageLeft, rect.top(), messageTextLeft(layout) - layout.messageLeft,
                 m_rowHeight);
}

} // namespace rankscope
