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
    return cells.left() + int(std::lround(column * columnWidth));
}

int CollectiveStripLayout::columnAt(int x) const
{
    if (columnWidth <= 0 || x < cells.left() || x > cells.right())
        return -1;
    return int((x - cells.left()) / columnWidth);
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
    invalidate();
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
    m_layout.columnWidth = std::min(double(kMaxColumnWidth), double(columnSpace) / s->columns);
    const int cellsWidth = int(std::lround(m_layout.columnWidth * s->columns));

    // Rows: one rank per row when they fit. The findings' ranks get a band of their own at the
    // top (rows up to kLeadingRowHeight tall, at most a quarter of the height), so they stay
    // readable however many ranks share the pixel rows below.
    const int rows = s->rows();
    const int leading = s->leadingRows > 0 && s->leadingRows < rows ? s->leadingRows : 0;
    if (leading == 0) {
        const int used = std::min(available, rows * kMaxRowHeight);
        appendRanges(m_layout.rowsOfY, 0, rows, std::max(1, used));
    } else {
        const int uniform = std::min(kMaxRowHeight, available / std::max(1, rows));
        const int leadPixels =
            std::max({1, leading * uniform, std::min(leading * kLeadingRowHeight, available / 4)});
        appendRanges(m_layout.rowsOfY, 0, leading, leadPixels);
        m_layout.ruleY = leadPixels;
        for (int i = 0; i < kRuleHeight; ++i)
            m_layout.rowsOfY.push_back({leading, leading - 1}); // no rows: the rule
        const int rest = rows - leading;
        const int restSpace = std::max(1, available - leadPixels - kRuleHeight);
        appendRanges(m_layout.rowsOfY, leading, rest, std::min(restSpace, rest * kMaxRowHeight));
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
    for (int x = 0; x < cellsWidth; ++x) {
        columnOfX[std::size_t(x)] = std::min(s->columns - 1, int(x / m_layout.columnWidth));
        if (columnGaps && x + 1 < cellsWidth &&
            int((x + 1) / m_layout.columnWidth) != columnOfX[std::size_t(x)])
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
        for (int c = 0; c < s->columns; ++c)
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
