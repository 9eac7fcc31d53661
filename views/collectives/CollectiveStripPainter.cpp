#include "views/collectives/CollectiveStripPainter.h"

#include "views/collectives/CollectiveText.h"

#include <QFontMetrics>
#include <QGuiApplication>
#include <QPainter>
#include <QScreen>

#include <cmath>

namespace rankscope {

namespace {

const QColor kStripHeaderBackground(0xf7, 0xf8, 0xfa);
const QColor kText(0x1d, 0x23, 0x2b);
const QColor kMuted(0x5a, 0x62, 0x70);
const QColor kFocus(0xff, 0xe9, 0xa8);
const QColor kSelection(0x12, 0x5f, 0xd6);

// The layout measures the scene's font as the screen draws it. A picture device of another
// resolution (a PNG or SVG export at 96 dpi from a 72 or 144 dpi screen) would draw the same
// point size larger or smaller than measured, and rank labels sized for the screen would spill
// out of their room on the left. The font for such a device draws the screen's pixel size.
QFont deviceFont(const QFont &font, const QPaintDevice *device)
{
    const QScreen *screen = QGuiApplication::primaryScreen();
    const double screenDpi = screen ? screen->logicalDotsPerInchY() : 96.0;
    const double deviceDpi = device ? device->logicalDpiY() : screenDpi;
    if (font.pointSizeF() <= 0 || deviceDpi <= 0 || std::abs(deviceDpi - screenDpi) < 0.5)
        return font;
    QFont scaled = font;
    scaled.setPointSizeF(font.pointSizeF() * screenDpi / deviceDpi);
    return scaled;
}

void paintColumnHeader(QPainter &p, const CollectiveStripScene &scene,
                       const CollectiveStripLayout &l, const QFontMetrics &metrics)
{
    const CollectiveStrip &s = *scene.strip();
    p.fillRect(QRect(0, 0, l.cells.right() + 8, l.columnHeader.bottom() + 1),
               kStripHeaderBackground);
    const int line = metrics.height();
    const int widest =
        metrics.horizontalAdvance(CollectiveText::sequenceLabel(s.firstSeq + s.columns, s.p2p)) + 6;
    const int every = std::max(1, int(std::ceil(widest / std::max(1.0, l.columnWidth))));
    const QFont normal = p.font();
    QFont bold = normal;
    bold.setBold(true);
    // Zoomed in, the columns cut at the edges are drawn in part: clip to the header.
    p.save();
    p.setClipRect(QRect(l.cells.left(), 0, l.cells.width(), l.columnHeader.bottom() + 1));
    for (int c = l.firstColumn; c < l.endColumn; ++c) {
        const int x0 = l.xOfColumn(c);
        const int x1 = l.xOfColumn(c + 1);
        const std::int64_t seq = s.seqOf(c);
        const bool focus = seq == s.focusSeq;
        if (focus)
            p.fillRect(QRect(x0, l.columnHeader.top(), x1 - x0, l.columnHeader.height()), kFocus);
        const bool labelled = focus || (c % every == 0 && std::abs(seq - s.focusSeq) % every == 0);
        if (!labelled && !(every == 1))
            continue;
        // Labels of narrow columns are centred on the column and may overflow into neighbours
        // that stay unlabelled.
        const int w = std::max(x1 - x0, widest);
        const int cx = (x0 + x1) / 2;
        p.setFont(focus ? bold : normal);
        p.setPen(focus ? kText : kMuted);
        p.drawText(QRect(cx - w / 2, 3, w, line), Qt::AlignCenter,
                   CollectiveText::sequenceLabel(seq, s.p2p));
        const QString op = QString::fromStdString(s.columnOps[std::size_t(c)]);
        if (!op.isEmpty() && (x1 - x0 >= 24 || focus))
            p.drawText(QRect(cx - w / 2, 4 + line, w, line), Qt::AlignCenter,
                       metrics.elidedText(op, Qt::ElideRight, w));
    }
    p.restore();
    p.setFont(normal);
}

void paintRowHeader(QPainter &p, const CollectiveStripScene &scene, const CollectiveStripLayout &l,
                    const QFontMetrics &metrics)
{
    const CollectiveStrip &s = *scene.strip();
    const int line = metrics.height();
    p.setPen(kMuted);
    const int labelRight = l.markerColumn.left() - 3;
    // Rows a line tall or more: the label centred on the row; thinner: hanging below the tick.
    const auto label = [&](int top, int height, const QString &text) {
        const QRect box(l.rowHeader.left(), height >= line ? top + (height - line) / 2 : top - 2,
                        labelRight - l.rowHeader.left(), line);
        p.drawText(box, Qt::AlignRight | Qt::AlignVCenter,
                   metrics.elidedText(text, Qt::ElideRight, box.width()));
    };
    // The findings' band: each rank when its row is a line tall, else the band's ranks at once.
    const int bandEnd = l.ruleY >= 0 ? l.ruleY : 0;
    if (bandEnd > 0) {
        if (bandEnd / std::max(1, s.leadingRows) >= line) {
            for (int row = 0; row < s.leadingRows; ++row) {
                const int top = l.yOfRow(row);
                label(top, bandEnd / s.leadingRows, QString::number(s.rowRanks[std::size_t(row)]));
            }
        } else {
            RankSet band;
            for (int row = 0; row < s.leadingRows; ++row)
                band.insert(s.rowRanks[std::size_t(row)]);
            label(l.cells.top(), std::max(bandEnd, line), QString::fromStdString(band.toString()));
        }
    }
    // Below: a tick label every line and a half, naming the first rank of the pixel row there
    // (every rank when rows are a line tall).
    const int step = line + line / 2;
    int nextFree = l.cells.top() + (bandEnd > 0 ? std::max(bandEnd + 3, line) : 0);
    for (std::size_t py = std::size_t(bandEnd > 0 ? bandEnd : 0); py < l.rowsOfY.size(); ++py) {
        const CollectiveRowRange &range = l.rowsOfY[py];
        const int top = l.cells.top() + int(py);
        if (range.count() <= 0 || top < nextFree)
            continue;
        if (py > 0 && l.rowsOfY[py - 1].first == range.first && l.rowsOfY[py - 1].count() > 0)
            continue; // inside a row taller than a pixel: labelled at its first pixel row
        std::size_t end = py;
        while (end + 1 < l.rowsOfY.size() && l.rowsOfY[end + 1].first == range.first)
            ++end;
        const int height = int(end - py + 1);
        if (height < line && top + line - 2 > l.cells.bottom() + 2)
            break; // a hanging label would run past the last row
        label(top, std::max(height, 1), QString::number(s.rowRanks[std::size_t(range.first)]));
        p.drawLine(labelRight + 1, top, labelRight + 2, top);
        nextFree = top + std::max(height, step);
    }
    // The selection: a mark beside every pixel row that holds a selected rank.
    const RankSet &selected = scene.selectedRanks();
    if (selected.empty())
        return;
    for (std::size_t y = 0; y < l.rowsOfY.size(); ++y) {
        const CollectiveRowRange &range = l.rowsOfY[y];
        bool any = false;
        for (int r = range.first; r <= range.last && !any; ++r)
            any = selected.contains(s.rowRanks[std::size_t(r)]);
        if (any)
            p.fillRect(
                QRect(l.markerColumn.left(), l.cells.top() + int(y), l.markerColumn.width(), 1),
                kSelection);
    }
}

void paintSelection(QPainter &p, const CollectiveStripScene &scene, const CollectiveStripLayout &l)
{
    const CollectiveStrip &s = *scene.strip();
    const int column = s.columnOf(scene.selectedSeq());
    if (column < 0 || !l.showsColumn(column))
        return;
    p.save();
    p.setClipRect(l.cells.adjusted(-1, -1, 1, 1));
    const int x0 = l.xOfColumn(column);
    const int x1 = l.xOfColumn(column + 1);
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(kSelection, 1, Qt::DashLine));
    p.drawRect(QRect(x0, l.cells.top(), x1 - x0 - 1, l.cells.height() - 1));
    // The selected ranks' cells of that column: a solid outline (runs of pixel rows).
    const RankSet &selected = scene.selectedRanks();
    p.setPen(QPen(kSelection, 2));
    int runStart = -1;
    for (int y = 0; y <= int(l.rowsOfY.size()); ++y) {
        bool any = false;
        if (y < int(l.rowsOfY.size())) {
            const CollectiveRowRange &range = l.rowsOfY[std::size_t(y)];
            for (int r = range.first; r <= range.last && !any; ++r)
                any = selected.contains(s.rowRanks[std::size_t(r)]);
        }
        if (any && runStart < 0)
            runStart = y;
        if (!any && runStart >= 0) {
            p.drawRect(QRect(x0 + 1, l.cells.top() + runStart, x1 - x0 - 3,
                             std::max(1, y - runStart - 1)));
            runStart = -1;
        }
    }
    p.restore();
}

void paintLegend(QPainter &p, const CollectiveStripScene &scene, QSize size,
                 const CollectiveStripLayout &l, const QFontMetrics &metrics)
{
    p.fillRect(l.legend, kStripHeaderBackground);
    p.setPen(QColor(0xd5, 0xd9, 0xdf));
    p.drawLine(l.legend.topLeft(), l.legend.topRight());
    const int line = metrics.height();
    int x = l.legend.left() + 8;
    const int y = l.legend.top() + 5;
    for (CollectiveCellState state : CollectiveCellStyle::legendStates()) {
        const QString name = CollectiveCellStyle::name(state);
        const int w = line + 4 + metrics.horizontalAdvance(name) + 14;
        if (x + w > l.legend.right())
            break;
        p.fillRect(QRect(x, y + 2, line - 4, line - 4), CollectiveCellStyle::colour(state));
        p.setPen(kText);
        p.drawText(QRect(x + line, y, w - line, line), Qt::AlignLeft | Qt::AlignVCenter, name);
        x += w;
    }
    p.setPen(kMuted);
    const QRect note(l.legend.left() + 8, y + line + 2, l.legend.width() - 16, line);
    p.drawText(note, Qt::AlignLeft | Qt::AlignVCenter,
               metrics.elidedText(CollectiveStripPainter::legendNote(scene, size), Qt::ElideRight,
                                  note.width()));
}

} // namespace

QString CollectiveStripPainter::legendNote(const CollectiveStripScene &scene, QSize size)
{
    const CollectiveStrip *s = scene.strip();
    if (!s)
        return {};
    const CollectiveStripLayout &l = scene.layout(size);
    QStringList parts;
    parts << (l.reduced ? tr("Up to %1 ranks per pixel row: the worst state is shown.")
                              .arg(l.maxRowsPerPixel)
                        : tr("One row per rank."));
    if (s->focusSeq >= 0)
        parts << (s->focusIsDisagreement
                      ? tr("Marked: %1, the first sequence where the members disagree.")
                            .arg(CollectiveText::sequenceLabel(s->focusSeq, s->p2p))
                      : tr("Marked: %1, the furthest sequence any member reached.")
                            .arg(CollectiveText::sequenceLabel(s->focusSeq, s->p2p)));
    if (s->leadingRows > 0)
        parts << tr("The ranks the findings name are on top, then every member by how far it "
                    "got.");
    if (scene.isZoomed())
        parts << tr("Zoomed in: the wheel zooms the sequences, Ctrl+wheel the ranks, Home shows "
                    "everything.");
    return parts.join(QLatin1Char(' '));
}

void CollectiveStripPainter::paint(QPainter &painter, const CollectiveStripScene &scene, QSize size)
{
    painter.save();
    painter.fillRect(QRect(QPoint(0, 0), size), scene.background());
    painter.setFont(deviceFont(scene.font(), painter.device()));
    const QFontMetrics metrics(painter.font(), painter.device());
    const CollectiveStrip *s = scene.strip();
    if (!s || s->empty()) {
        painter.setPen(kMuted);
        const QString text =
            !scene.placeholder().isEmpty()
                ? scene.placeholder()
                : (s ? tr("This group has no entries to line up.") : tr("No collective records."));
        painter.drawText(QRect(QPoint(0, 0), size).adjusted(16, 16, -16, -16),
                         Qt::AlignCenter | Qt::TextWordWrap, text);
        painter.restore();
        return;
    }
    const CollectiveStripLayout &l = scene.layout(size);
    paintColumnHeader(painter, scene, l, metrics);
    painter.drawImage(l.cells.topLeft(), scene.cellImage(size));
    // The focus sequence: a thin frame around its whole column, on the gaps between columns
    // and outside the cells, so it never hides a cell's colour.
    if (const int focus = s->columnOf(s->focusSeq); focus >= 0 && l.showsColumn(focus)) {
        painter.setPen(QPen(QColor(0xb8, 0x86, 0x00), 1));
        painter.setBrush(Qt::NoBrush);
        const int x0 = l.xOfColumn(focus) - 1;
        const int x1 = l.xOfColumn(focus + 1) - 1;
        painter.save();
        painter.setClipRect(QRect(l.cells.left() - 1, l.cells.top() - 1, l.cells.width() + 2,
                                  l.cells.height() + 2));
        painter.drawRect(QRect(x0, l.cells.top() - 1, x1 - x0, l.cells.height() + 1));
        painter.restore();
    }
    if (l.ruleY >= 0) {
        painter.setPen(
            QPen(kText, 1, Qt::SolidLine, Qt::FlatCap)); // no overhang left of the labels
        const int y = l.cells.top() + l.ruleY + (l.reduced ? 1 : 0);
        painter.drawLine(l.rowHeader.left(), y, l.cells.right(), y);
    }
    paintRowHeader(painter, scene, l, metrics);
    paintSelection(painter, scene, l);
    paintLegend(painter, scene, size, l, metrics);
    painter.restore();
}

} // namespace rankscope
