#include "views/collectives/CollectiveStripScene.h"

#include <QFontMetrics>

#include <algorithm>
#include <cmath>

namespace rankscope {

namespace {

constexpr int kMaxRowHeight = 18;   // one rank per row at most this tall
constexpr int kMaxColumnWidth = 96; // one sequence at most this wide
constexpr int kMinRowsForGap = 7;   // rows this tall get a 1 px gap between them
constexpr int kMinColumnsForGap = 8;
constexpr int kRuleHeight = 3; // the gap that separates the findings' ranks from the others
constexpr int kLeadingRowHeight = 14;

constexpr int kMarkerWidth = 5; // the selection marks, right of the labels
constexpr int kLabelGap = 3;    // between a label's right edge and the marks (the tick is in it)

// Room for the widest rank label the painter draws: the largest member's number (digits at
// their widest advance, so no rank is wider), or the findings' band as one label ("130-131")
// when its rows are too thin for one label each, up to "00000-00000" (longer bands are
// elided). Measured with fractions and rounded up: a label never loses its first character.
int rankLabelWidth(const CollectiveStrip *s, const QFont &font)
{
    const QFontMetricsF metrics(font);
    double digit = 0;
    for (char c = '0'; c <= '9'; ++c)
        digit = std::max(digit, metrics.horizontalAdvance(QLatin1Char(c)));
    int widestRank = 0;
    if (s)
        for (int rank : s->rowRanks)
            widestRank = std::max(widestRank, rank);
    double width = digit * std::max<qsizetype>(3, QString::number(widestRank).size());
    if (s && s->leadingRows > 1) {
        RankSet band;
        for (int row = 0; row < s->leadingRows && row < s->rows(); ++row)
            band.insert(s->rowRanks[std::size_t(row)]);
        const double cap = metrics.horizontalAdvance(QStringLiteral("00000-00000"));
        width = std::max(width, std::min(cap, metrics.horizontalAdvance(
                                                  QString::fromStdString(band.toString()))));
    }
    return int(std::ceil(width)) + 1;
}

// `count` rows starting at `first` onto `pixels` pixel rows: each pixel row shows the rows
// whose share of the span starts in it, so every row falls into exactly one pixel row when
// there are more rows than pixels, and a row spans several pixel rows otherwise.
void appendRanges(std::vector<CollectiveRowRange> &out, int first, int count, int pixels)
{
    if (count <= 0 || pixels <= 0)
        return;
    for (int p = 0; p < pixels; ++p) {
        const int a = int((std::int64_t(p) * count) / pixels);
        int b = int((std::int64_t(p + 1) * count) / pixels) - 1;
        b = std::max(a, b);
        out.push_back({first + a, first + std::min(b, count - 1)});
    }
}

} // namespace

int CollectiveStripLayout::xOfColumn(int column) const
{
    return cells.left() + int(std::lround((column - columnStart) * columnWidth));
}

int CollectiveStripLayout::columnAt(int x) const
{
    if (columnWidth <= 0 || x < cells.left() || x > cells.right())
        return -1;
    const int column = int(std::floor(columnStart + (x - cells.left() + 0.5) / columnWidth));
    return showsColumn(column) ? column : -1;
}

int CollectiveStripLayout::rowRangeAt(int y) const
{
    const int p = y - cells.top();
    if (p < 0 || p >= int(rowsOfY.size()))
        return -1;
    if (rowsOfY[std::size_t(p)].count() <= 0)
        return -1; // the gap below the findings' ranks
    return p;
}

int CollectiveStripLayout::yOfRow(int row) const
{
    for (std::size_t p = 0; p < rowsOfY.size(); ++p)
        if (rowsOfY[p].first <= row && row <= rowsOfY[p].last)
            return cells.top() + int(p);
    return -1;
}

void CollectiveStripScene::setData(std::shared_ptr<const CollectiveViewData> data, int strip)
{
    m_data = std::move(data);
    m_strip = m_data && strip >= 0 && strip < int(m_data->strips.size()) ? strip : -1;
    resetZoom();
}

void CollectiveStripScene::resetZoom()
{
    m_columnStart = 0;
    m_columnSpan = 0;
    m_firstRow = 0;
    m_rowSpan = 0;
    invalidate();
}

bool CollectiveStripScene::isZoomed() const
{
    return m_columnSpan > 0 || m_rowSpan > 0 || m_columnStart > 0 || m_firstRow > 0;
}

double CollectiveStripScene::columnSpan() const
{
    const CollectiveStrip *s = strip();
    return m_columnSpan > 0 ? m_columnSpan : (s ? s->columns : 0);
}

namespace {
int restRowsOf(const CollectiveStrip *s)
{
    if (!s)
        return 0;
    const int leading = s->leadingRows > 0 && s->leadingRows < s->rows() ? s->leadingRows : 0;
    return s->rows() - leading;
}
} // namespace

int CollectiveStripScene::rowSpan() const
{
    return m_rowSpan > 0 ? m_rowSpan : restRowsOf(strip());
}

void CollectiveStripScene::zoomColumns(double factor, double anchor)
{
    const CollectiveStrip *s = strip();
    if (!s || s->columns <= 0 || factor <= 0)
        return;
    const double total = s->columns;
    const double span = columnSpan();
    // At least one sequence, at most all of them; the anchor keeps its place on screen.
    const double newSpan = std::clamp(span / factor, std::min(1.0, total), total);
    anchor = std::clamp(anchor, m_columnStart, m_columnStart + span);
    const double fraction = span > 0 ? (anchor - m_columnStart) / span : 0;
    m_columnStart = std::clamp(anchor - fraction * newSpan, 0.0, total - newSpan);
    m_columnSpan = newSpan >= total - 1e-9 ? 0 : newSpan;
    if (m_columnSpan == 0)
        m_columnStart = 0;
    invalidate();
}

void CollectiveStripScene::panColumns(double fraction)
{
    const CollectiveStrip *s = strip();
    if (!s || m_columnSpan <= 0)
        return;
    m_columnStart =
        std::clamp(m_columnStart + fraction * m_columnSpan, 0.0, s->columns - m_columnSpan);
    invalidate();
}

void CollectiveStripScene::zoomRows(double factor, int anchorRow)
{
    const CollectiveStrip *s = strip();
    const int total = restRowsOf(s);
    if (total <= 0 || factor <= 0)
        return;
    const int leading = s->rows() - total;
    const int span = rowSpan();
    int newSpan = std::clamp(int(std::lround(span / factor)), 1, total);
    if (newSpan == span && factor != 1) // small wheel steps still move
        newSpan = std::clamp(span + (factor > 1 ? -1 : 1), 1, total);
    const int anchor = std::clamp(anchorRow - leading, m_firstRow, m_firstRow + span - 1);
    const double fraction = (anchor - m_firstRow + 0.5) / span;
    m_firstRow =
        std::clamp(int(std::lround(anchor + 0.5 - fraction * newSpan)), 0, total - newSpan);
    m_rowSpan = newSpan == total ? 0 : newSpan;
    invalidate();
}

void CollectiveStripScene::scrollRows(int rows)
{
    const int total = restRowsOf(strip());
    m_firstRow = std::clamp(m_firstRow + rows, 0, std::max(0, total - rowSpan()));
    invalidate();
}

double CollectiveStripScene::columnCoordinate(int x, QSize size) const
{
    const CollectiveStripLayout &l = layout(size);
    if (l.columnWidth <= 0)
        return 0;
    return std::clamp(l.columnStart + (x - l.cells.left()) / l.columnWidth, l.columnStart,
                      l.columnStart + columnSpan());
}

const CollectiveStrip *CollectiveStripScene::strip() const
{
    return m_data && m_strip >= 0 ? &m_data->strips[std::size_t(m_strip)] : nullptr;
}

void CollectiveStripScene::setFont(const QFont &font)
{
    m_font = font;
    invalidate();
}

void CollectiveStripScene::setSelection(const RankSet &ranks, std::int64_t seq)
{
    m_selectedRanks = ranks;
    m_selectedSeq = seq;
}

const CollectiveStripLayout &CollectiveStripScene::layout(QSize size) const
{
    if (size != m_cachedSize)
        rebuild(size);
    return m_layout;
}

const QImage &CollectiveStripScene::cellImage(QSize size) const
{
    if (size != m_cachedSize)
        rebuild(size);
    return m_image;
}

CollectiveCellState CollectiveStripScene::worstState(const CollectiveRowRange &rows, int column,
                                                     int *row) const
{
    const CollectiveStrip *s = strip();
    CollectiveCellState worst = CollectiveCellState::Empty;
    int worstRow = rows.first;
    if (!s || column < 0 || column >= s->columns)
        return worst;
    for (int r = rows.first; r <= rows.last && r < s->rows(); ++r) {
        const CollectiveCellState state = s->state(r, column);
        if (std::uint8_t(state) > std::uint8_t(worst)) {
            worst = state;
            worstRow = r;
        }
    }
    if (row)
        *row = worstRow;
    return worst;
}

void CollectiveStripScene::rebuild(QSize size) const
{
    m_cachedSize = size;
    m_layout = CollectiveStripLayout();
    m_image = QImage();
    const QFontMetrics metrics(m_font);
    const int line = metrics.height();
    const CollectiveStrip *s = strip();
    const int legendHeight = 2 * line + 14;
    const int headerHeight = 2 * line + 8;
    const int rowHeaderWidth = rankLabelWidth(s, m_font) + kLabelGap + kMarkerWidth + 1;
    const QRect all(QPoint(0, 0), size);
    m_layout.legend = QRect(0, size.height() - legendHeight, size.width(), legendHeight);
    if (!s || s->empty())
        return;
    const int top = headerHeight;
    const int available = std::max(0, m_layout.legend.top() - top - 4);
    const int columnSpace = std::max(0, size.width() - rowHeaderWidth - 8);
    // Zoomed into the sequences, the shown ones share the whole width; else each at most
    // kMaxColumnWidth wide.
    const double span = columnSpan();
    m_layout.columnStart = m_columnStart;
    m_layout.columnWidth = m_columnSpan > 0
                               ? double(columnSpace) / span
                               : std::min(double(kMaxColumnWidth), double(columnSpace) / span);
    m_layout.firstColumn = std::clamp(int(std::floor(m_columnStart)), 0, s->columns - 1);
    m_layout.endColumn = std::clamp(int(std::ceil(m_columnStart + span - 1e-9)),
                                    m_layout.firstColumn + 1, s->columns);
    const int cellsWidth = int(std::lround(m_layout.columnWidth * span));

    // Rows: one rank per row when they fit. The findings' ranks get a band of their own at the
    // top (rows up to kLeadingRowHeight tall, at most a quarter of the height), so they stay
    // readable however many ranks share the pixel rows below.
    // Zoomed into the ranks, rows [leading + firstRow, + rowSpan) are shown below the band.
    const int rows = s->rows();
    const int leading = s->leadingRows > 0 && s->leadingRows < rows ? s->leadingRows : 0;
    const int restFirst = leading + m_firstRow;
    const int restCount = std::min(rowSpan(), rows - restFirst);
    if (leading == 0) {
        const int used = std::min(available, restCount * kMaxRowHeight);
        appendRanges(m_layout.rowsOfY, restFirst, restCount, std::max(1, used));
    } else {
        const int uniform = std::min(kMaxRowHeight, available / std::max(1, leading + restCount));
        const int leadPixels =
            std::max({1, leading * uniform, std::min(leading * kLeadingRowHeight, available / 4)});
        appendRanges(m_layout.rowsOfY, 0, leading, leadPixels);
        m_layout.ruleY = leadPixels;
        for (int i = 0; i < kRuleHeight; ++i)
            m_layout.rowsOfY.push_back({leading, leading - 1}); // no rows: the rule
        const int restSpace = std::max(1, available - leadPixels - kRuleHeight);
        appendRanges(m_layout.rowsOfY, restFirst, restCount,
                     std::min(restSpace, restCount * kMaxRowHeight));
    }
    const int used = int(m_layout.rowsOfY.size());
    for (const CollectiveRowRange &range : m_layout.rowsOfY)
        m_layout.maxRowsPerPixel = std::max(m_layout.maxRowsPerPixel, range.count());
    m_layout.reduced = m_layout.maxRowsPerPixel > 1;

    m_layout.rowHeader = QRect(4, top, rowHeaderWidth, used);
    m_layout.markerColumn =
        QRect(m_layout.rowHeader.right() - kMarkerWidth, top, kMarkerWidth, used);
    m_layout.cells = QRect(m_layout.rowHeader.right() + 3, top, cellsWidth, used);
    m_layout.columnHeader = QRect(m_layout.cells.left(), 0, cellsWidth, headerHeight);
    (void)all;

    // The cell image: each pixel row paints the worst state of its rows per column.
    m_image = QImage(m_layout.cells.size(), QImage::Format_RGB32);
    if (m_image.isNull())
        return;
    m_image.fill(m_background);
    const QRgb gap = m_background.rgb();
    std::vector<QRgb> colours(kCollectiveCellStateCount);
    for (int i = 0; i < kCollectiveCellStateCount; ++i)
        colours[std::size_t(i)] = CollectiveCellStyle::colour(CollectiveCellState(i)).rgb();
    const bool columnGaps = m_layout.columnWidth >= kMinColumnsForGap;
    std::vector<int> columnOfX(std::size_t(cellsWidth), -1);
    std::vector<char> gapX(std::size_t(cellsWidth), 0);
    const auto columnOf = [&](int x) {
        return std::clamp(int(std::floor(m_columnStart + (x + 0.5) / m_layout.columnWidth)),
                          m_layout.firstColumn, m_layout.endColumn - 1);
    };
    for (int x = 0; x < cellsWidth; ++x) {
        columnOfX[std::size_t(x)] = columnOf(x);
        if (columnGaps && x + 1 < cellsWidth && columnOf(x + 1) != columnOfX[std::size_t(x)])
            gapX[std::size_t(x)] = 1;
    }
    // A gap below each row once rows are tall enough to tell apart.
    std::vector<int> rowHeight(std::size_t(rows), 0);
    for (const CollectiveRowRange &range : m_layout.rowsOfY)
        if (range.count() == 1)
            ++rowHeight[std::size_t(range.first)];
    std::vector<QRgb> rowColours(std::size_t(s->columns));
    for (int p = 0; p < used && p < m_image.height(); ++p) {
        const CollectiveRowRange &range = m_layout.rowsOfY[std::size_t(p)];
        auto *pixels = reinterpret_cast<QRgb *>(m_image.scanLine(p));
        if (range.count() <= 0)
            continue; // the rule
        const bool lastOfRow =
            range.count() == 1 && rowHeight[std::size_t(range.first)] >= kMinRowsForGap &&
            (p + 1 >= used || m_layout.rowsOfY[std::size_t(p + 1)].first != range.first);
        if (lastOfRow)
            continue; // background: the gap between rows
        for (int c = m_layout.firstColumn; c < m_layout.endColumn; ++c)
            rowColours[std::size_t(c)] = colours[std::size_t(worstState(range, c))];
        for (int x = 0; x < cellsWidth; ++x)
            pixels[x] =
                gapX[std::size_t(x)] ? gap : rowColours[std::size_t(columnOfX[std::size_t(x)])];
    }
}

CollectiveStripHit CollectiveStripScene::hitTest(QPoint pos, QSize size) const
{
    CollectiveStripHit hit;
    const CollectiveStripLayout &l = layout(size);
    const CollectiveStrip *s = strip();
    if (!s || s->empty())
        return hit;
    if (l.legend.contains(pos)) {
        hit.area = CollectiveStripHit::Area::Legend;
        return hit;
    }
    if (l.columnHeader.contains(pos)) {
        hit.area = CollectiveStripHit::Area::ColumnHeader;
        hit.column = l.columnAt(pos.x());
        hit.seq = hit.column >= 0 ? s->seqOf(hit.column) : -1;
        return hit;
    }
    const bool inCells = l.cells.contains(pos);
    const bool inHeader = l.rowHeader.contains(pos);
    if (!inCells && !inHeader)
        return hit;
    const int p = l.rowRangeAt(pos.y());
    if (p < 0)
        return hit;
    hit.rows = l.rowsOfY[std::size_t(p)];
    if (hit.rows.count() <= 0)
        return hit;
    if (inHeader) {
        hit.area = CollectiveStripHit::Area::RowHeader;
        hit.row = hit.rows.first;
        hit.rank = s->rowRanks[std::size_t(hit.row)];
        return hit;
    }
    hit.area = CollectiveStripHit::Area::Cells;
    hit.column = l.columnAt(pos.x());
    if (hit.column < 0)
        return hit;
    worstState(hit.rows, hit.column, &hit.row);
    hit.rank = s->rowRanks[std::size_t(hit.row)];
    hit.seq = s->seqOf(hit.column);
    hit.entry = s->entry(hit.row, hit.column);
    return hit;
}

} // namespace rankscope
