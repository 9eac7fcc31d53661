// LogLineView's painting: the sticky column header, then only the rows in view, read from the
// source with one call per paint.
#include "views/logs/LogChip.h"
#include "views/logs/LogLineView.h"
#include "views/logs/LogSeverityStyle.h"
#include "views/logs/LogTimeText.h"

#include <QLocale>
#include <QPainter>
#include <QScrollBar>

#include <algorithm>

namespace rankscope {

namespace {

constexpr int kPadding = 6;
// Painting a 64 KiB line costs more than it shows: cut the drawn first line here.
constexpr qsizetype kMaxPaintedChars = 2000;
constexpr int kMaxScrollWidth = 200'000; // px

// A continuation line's colour: the event's severity colour would shout a whole traceback.
QColor plainLineColour(const LogLine &line, const QPalette &palette)
{
    return line.duplicate ? palette.color(QPalette::PlaceholderText)
                          : palette.color(QPalette::Text);
}

QColor multiLineChip()
{
    return QColor(0xdd, 0xe3, 0xea);
}

QColor multiLineChipText()
{
    return QColor(0x3a, 0x46, 0x55);
}

// Copies: a quiet outline-like chip, so they read as "not counted here", not as a warning.
QColor copyChip()
{
    return QColor(0xec, 0xe6, 0xf5);
}

QColor copyChipText()
{
    return QColor(0x55, 0x3f, 0x7a);
}

} // namespace

void LogLineView::paintEvent(QPaintEvent *)
{
    QPainter painter(viewport());
    painter.setFont(font());
    painter.fillRect(viewport()->rect(), palette().color(QPalette::Base));
    const Layout layout = columns();

    const qint64 count = rowCount();
    if (count == 0) {
        m_lastPainted = {-1, -1};
        paintHeader(painter, layout);
        paintEmpty(painter);
        return;
    }
    // The top row may be an expanded event scrolled part-way: it starts above the header.
    const auto [first, topLine] = rowOfVisualLine(verticalScrollBar()->value());
    const qint64 n = std::min<qint64>(visibleRowCount(), count - first);
    fetch(first, n);
    m_lastPainted = {-1, -1};
    int y = headerHeight() - topLine * m_rowHeight;
    for (qint64 i = 0; i < n && y < viewport()->height(); ++i) {
        const LogLine *line = cached(first + i);
        if (!line)
            break;
        paintRow(painter, layout, *line, first + i, y);
        y += linesOfRow(first + i) * m_rowHeight;
        if (m_lastPainted.first < 0)
            m_lastPainted.first = first + i;
        m_lastPainted.second = first + i;
    }
    // Last, over a partly scrolled event's lines.
    painter.setClipping(false);
    paintHeader(painter, layout);
    // The horizontal range grows with the widest line seen, so long lines can be read.
    const int messageWidth = viewport()->width() - layout.messageLeft;
    if (horizontalScrollBar()->maximum() < m_widestMessage - messageWidth)
        horizontalScrollBar()->setMaximum(m_widestMessage - messageWidth);
}

void LogLineView::paintHeader(QPainter &painter, const Layout &layout) const
{
    const QRect bar(0, 0, viewport()->width(), headerHeight());
    painter.fillRect(bar, palette().color(QPalette::Button));
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawLine(bar.bottomLeft(), bar.bottomRight());
    painter.setPen(palette().color(QPalette::ButtonText));
    QFont bold = font();
    bold.setBold(true);
    painter.save();
    painter.setFont(bold);
    const int h = headerHeight() - 1;
    painter.drawText(QRect(layout.rankLeft, 0, layout.timeLeft - layout.rankLeft - kPadding, h),
                     Qt::AlignRight | Qt::AlignVCenter, tr("Rank"));
    painter.drawText(QRect(layout.timeLeft + kPadding, 0, layout.severityLeft - layout.timeLeft, h),
                     Qt::AlignLeft | Qt::AlignVCenter, tr("Time (UTC)"));
    painter.drawText(QRect(layout.severityLeft, 0, layout.sourceLeft - layout.severityLeft, h),
                     Qt::AlignLeft | Qt::AlignVCenter, tr("Level"));
    painter.drawText(QRect(layout.sourceLeft, 0, layout.messageLeft - layout.sourceLeft, h),
                     Qt::AlignLeft | Qt::AlignVCenter, tr("File"));
    QString message = tr("Message");
    if (rowCount() > 0)
        message += QStringLiteral("  ·  ") + tr("%1 lines").arg(QLocale().toString(rowCount()));
    painter.drawText(QRect(layout.messageLeft, 0, viewport()->width() - layout.messageLeft, h),
                     Qt::AlignLeft | Qt::AlignVCenter, message);
    painter.restore();
}

void LogLineView::paintRow(QPainter &painter, const Layout &layout, const LogLine &line, qint64 row,
                           int y)
{
    const int width = viewport()->width();
    const int lines = linesOfRow(row);
    const QRect blockRect(0, y, width, lines * m_rowHeight);
    // A selection of lines inside this event highlights only them, the row's first line
    // included when it is one of them.
    const bool lineSelection = isLineSelection() && row == m_current;
    const int selectedFrom = lineSelection ? std::min(m_anchorLine, m_currentLine) : 0;
    const int selectedTo = lineSelection ? std::max(m_anchorLine, m_currentLine) : lines - 1;
    const bool inSelection = m_current >= 0 && row >= selectionFirst() && row <= selectionLast();
    auto lineSelected = [&](int i) { return inSelection && i >= selectedFrom && i <= selectedTo; };
    const bool selected = lineSelected(0);
    if (row % 2 == 1)
        painter.fillRect(blockRect, palette().color(QPalette::AlternateBase));
    if (const QColor tint = LogSeverityStyle::rowTint(line.severity); tint.isValid())
        painter.fillRect(blockRect, tint);
    for (int i = 0; i < lines; ++i) {
        if (lineSelected(i))
            painter.fillRect(QRect(0, y + i * m_rowHeight, width, m_rowHeight),
                             palette().color(QPalette::Highlight));
    }
    const QColor dim = selected ? palette().color(QPalette::HighlightedText)
                                : palette().color(QPalette::PlaceholderText);
    // A copy of another file's line is read there: its text is dimmed like the row labels.
    const QColor plain = selected         ? palette().color(QPalette::HighlightedText)
                         : line.duplicate ? dim
                                          : palette().color(QPalette::Text);

    // Rank and time.
    painter.setPen(dim);
    painter.drawText(
        QRect(layout.rankLeft, y, layout.timeLeft - layout.rankLeft - kPadding, m_rowHeight),
        Qt::AlignRight | Qt::AlignVCenter,
        line.rank >= 0 ? QString::number(line.rank) : QStringLiteral("–"));
    painter.drawText(
        QRect(layout.timeLeft + kPadding, y, layout.severityLeft - layout.timeLeft, m_rowHeight),
        Qt::AlignLeft | Qt::AlignVCenter, LogTimeText::clock(line.timeNs));

    // Severity: a chip for warnings and worse, plain letters otherwise.
    const QRect severityCell(layout.severityLeft, y, layout.sourceLeft - layout.severityLeft,
                             m_rowHeight);
    if (line.severity >= LogSeverity::Warning) {
        LogChip::paint(&painter, severityCell, LogSeverityStyle::shortName(line.severity),
                       LogSeverityStyle::chipColour(line.severity),
                       LogSeverityStyle::chipTextColour(line.severity));
    } else if (line.severity != LogSeverity::Unknown) {
        painter.setPen(dim);
        painter.drawText(severityCell.adjusted(5, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                         LogSeverityStyle::shortName(line.severity));
    }

    paintSource(painter, layout, line, y, dim);

    // Message: the first line, scrolled horizontally, then "+N lines" for a merged event.
    const qsizetype newline = line.text.indexOf(QLatin1Char('\n'));
    QString first = newline < 0 ? line.text : line.text.left(newline);
    if (first.size() > kMaxPaintedChars)
        first = first.left(kMaxPaintedChars) + QStringLiteral("…");
    const int extraLines = newline < 0 ? 0 : int(line.text.count(QLatin1Char('\n')));
    const QColor severityText = LogSeverityStyle::textColour(line.severity);
    painter.save();
    const bool expanded = lines > 1;
    if (extraLines > 0) {
        // The disclosure triangle: pointing right when folded, down when open.
        const QRect box(layout.messageLeft, y, messageTextLeft(layout) - layout.messageLeft,
                        m_rowHeight);
        const QPointF c = QRectF(box).center();
        const double r = std::max(3.0, m_charWidth * 0.4);
        QPolygonF triangle;
        if (expanded)
            triangle << QPointF(c.x() - r, c.y() - r / 2) << QPointF(c.x() + r, c.y() - r / 2)
                     << QPointF(c.x(), c.y() + r * 0.8);
        else
            triangle << QPointF(c.x() - r / 2, c.y() - r) << QPointF(c.x() - r / 2, c.y() + r)
                     << QPointF(c.x() + r * 0.8, c.y());
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(Qt::NoPen);
        painter.setBrush(dim);
        painter.drawPolygon(triangle);
        painter.setRenderHint(QPainter::Antialiasing, false);
        painter.setBrush(Qt::NoBrush);
    }
    const int textLeft = messageTextLeft(layout);
    const int x = textLeft + kPadding / 2 - horizontalScrollBar()->value();
    const int textWidth = painter.fontMetrics().horizontalAdvance(first);
    int used = textWidth + kPadding;
    // A merged event's "+N lines" follows its text, but never leaves the view: on a long first
    // line it stays at the right edge and the text is cut before it.
    QString marker;
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    int markerWidth = 0;
    if (extraLines > 0 && !expanded) {
        marker = extraLines == 1 ? tr("+%n line", nullptr, extraLines)
                                 : tr("+%n lines", nullptr, extraLines);
        markerWidth = LogChip::width(QFontMetrics(small), marker);
        used += kPadding + markerWidth;
    }
    const int markerLeft = std::max(
        textLeft + kPadding, std::min(x + textWidth + kPadding, width - markerWidth - kPadding));
    const int textRight = !marker.isEmpty() ? markerLeft - kPadding / 2 : width;
    painter.setClipRect(QRect(textLeft, y, textRight - textLeft, m_rowHeight));
    painter.setPen(selected || line.duplicate || !severityText.isValid() ? plain : severityText);
    // Cut before the marker with an ellipsis, so a cut line does not read as the whole line.
    const QString shown =
        x + textWidth > textRight
            ? painter.fontMetrics().elidedText(first, Qt::ElideRight, std::max(0, textRight - x))
            : first;
    painter.drawText(QRect(x, y, textWidth + 1, m_rowHeight), Qt::AlignLeft | Qt::AlignVCenter,
                     shown);
    if (!marker.isEmpty()) {
        painter.setClipRect(QRect(textLeft, y, width - textLeft, m_rowHeight));
        painter.setFont(small);
        LogChip::paint(&painter, QRect(markerLeft, y, markerWidth, m_rowHeight), marker,
                       multiLineChip(), multiLineChipText());
    }
    if (expanded) {
        // The continuation lines below the first, at the same horizontal scroll, with a rule
        // down the disclosure column that ties them to their event.
        painter.setClipRect(
            QRect(layout.messageLeft, y, width - layout.messageLeft, lines * m_rowHeight));
        painter.fillRect(QRect(layout.messageLeft + (textLeft - layout.messageLeft) / 2 - 1,
                               y + m_rowHeight, 2, (lines - 1) * m_rowHeight),
                         multiLineChip().darker(115));
        painter.setClipRect(QRect(textLeft, y, width - textLeft, lines * m_rowHeight));
        qsizetype from = newline + 1;
        for (int i = 1; i < lines; ++i) {
            const int ly = y + i * m_rowHeight;
            qsizetype to = line.text.indexOf(QLatin1Char('\n'), from);
            if (to < 0)
                to = line.text.size();
            if (ly + m_rowHeight > 0 && ly < viewport()->height()) {
                QString text = line.text.mid(from, std::min(to - from, kMaxPaintedChars));
                painter.setPen(lineSelected(i) ? palette().color(QPalette::HighlightedText)
                                               : plainLineColour(line, palette()));
                const int w = painter.fontMetrics().horizontalAdvance(text);
                painter.drawText(QRect(x, ly, w + 1, m_rowHeight), Qt::AlignLeft | Qt::AlignVCenter,
                                 text);
                used = std::max(used, w + kPadding);
            }
            from = to + 1;
        }
    }
    painter.restore();
    m_widestMessage = std::min(kMaxScrollWidth, std::max(m_widestMessage, used + kPadding));

    if (row == m_current && hasFocus()) {
        painter.setPen(QPen(palette().color(QPalette::Highlight).darker(130), 1, Qt::DotLine));
        painter.drawRect(
            QRect(0, y + m_currentLine * m_rowHeight, width, m_rowHeight).adjusted(0, 0, -1, -1));
    }
}

void LogLineView::paintSource(QPainter &painter, const Layout &layout, const LogLine &line, int y,
                              const QColor &text) const
{
    // The end of the path, which tells the files apart ("rank3.log", "0/stdout.log"), with
    // "copy" in front of a line that copies another file's.
    QRect cell(layout.sourceLeft, y, layout.messageLeft - layout.sourceLeft - kPadding,
               m_rowHeight);
    painter.save();
    painter.setClipRect(cell);
    if (line.duplicate) {
        QFont small = font();
        small.setPointSizeF(small.pointSizeF() * 0.85);
        const QString mark = tr("copy");
        const int markWidth = LogChip::width(QFontMetrics(small), mark);
        painter.setFont(small);
        LogChip::paint(&painter, QRect(cell.left(), y, markWidth, m_rowHeight), mark, copyChip(),
                       copyChipText());
        painter.setFont(font());
        cell.setLeft(cell.left() + markWidth + kPadding / 2);
    }
    QString path = line.fileLabel;
    if (path.startsWith(QLatin1String("logs/")))
        path = path.mid(5);
    painter.setPen(text);
    painter.drawText(cell, Qt::AlignLeft | Qt::AlignVCenter,
                     painter.fontMetrics().elidedText(path, Qt::ElideLeft, cell.width()));
    painter.restore();
}

void LogLineView::paintEmpty(QPainter &painter) const
{
    painter.setPen(palette().color(QPalette::PlaceholderText));
    painter.drawText(viewport()->rect().adjusted(0, headerHeight(), 0, 0),
                     Qt::AlignCenter | Qt::TextWordWrap, m_emptyMessage);
}

} // namespace rankscope
