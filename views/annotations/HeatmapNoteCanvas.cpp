#include "views/annotations/HeatmapNoteCanvas.h"

#include "views/annotations/NoteText.h"
#include "views/heatmap/HeatmapScene.h"

#include <algorithm>
#include <cmath>

namespace rankscope {

HeatmapNoteCanvas::HeatmapNoteCanvas(HeatmapScene &scene, QSize size)
    : NoteCanvas(NoteView::Heatmap), m_scene(scene), m_size(size)
{
    m_valid = scene.hasData() && scene.matrix() && scene.matrix()->columnCount() > 0;
    if (m_valid)
        m_layout = scene.layout(size);
}

QRectF HeatmapNoteCanvas::area() const
{
    return m_valid ? QRectF(m_layout.cells) : QRectF();
}

double HeatmapNoteCanvas::timeOfColumn(double column) const
{
    const MetricMatrix &matrix = *m_scene.matrix();
    const int n = matrix.columnCount();
    const int c = std::clamp(int(std::floor(column)), 0, n - 1);
    const double start = double(matrix.windowStartNs[std::size_t(c)]);
    const double end = c + 1 < n ? double(matrix.windowStartNs[std::size_t(c + 1)])
                                 : double(matrix.windowEndNs[std::size_t(c)]);
    return start + (column - c) * std::max(1.0, end - start);
}

double HeatmapNoteCanvas::columnOfTime(double ns) const
{
    const MetricMatrix &matrix = *m_scene.matrix();
    const int n = matrix.columnCount();
    const auto &starts = matrix.windowStartNs;
    const auto after = std::upper_bound(starts.begin(), starts.end(), ns,
                                        [](double t, std::int64_t s) { return t < double(s); });
    const int c = std::clamp(int(after - starts.begin()) - 1, 0, n - 1);
    const double start = double(starts[std::size_t(c)]);
    const double end =
        c + 1 < n ? double(starts[std::size_t(c + 1)]) : double(matrix.windowEndNs[std::size_t(c)]);
    return c + (ns - start) / std::max(1.0, end - start);
}

std::int64_t HeatmapNoteCanvas::windowOf(const NoteAnchor &anchor) const
{
    if (!m_valid || anchor.target != NoteTarget::Cell)
        return -1;
    const MetricMatrix &matrix = *m_scene.matrix();
    if (anchor.axis == windowAxisKey(matrix.axis))
        return anchor.window;
    // Noted on the other axis: the column its window's start falls in.
    if (anchor.timeNs < 0)
        return -1;
    const int column = std::clamp(int(std::floor(columnOfTime(double(anchor.timeNs)))), 0,
                                  matrix.columnCount() - 1);
    return matrix.windows[std::size_t(column)];
}

std::optional<QRectF> HeatmapNoteCanvas::anchorRect(const NoteAnchor &anchor) const
{
    if (!m_valid || anchor.target != NoteTarget::Cell || anchor.rank < 0)
        return std::nullopt;
    const std::int64_t window = windowOf(anchor);
    if (window < 0)
        return std::nullopt;
    QRectF rect = m_scene.cellRect(anchor.rank, window, m_size);
    if (rect.isEmpty())
        return std::nullopt;
    // A cell of a pixel or two still gets an outline one can see.
    const QPointF centre = rect.center();
    rect.setWidth(std::max(rect.width(), 5.0));
    rect.setHeight(std::max(rect.height(), 5.0));
    rect.moveCenter(centre);
    return rect;
}

std::optional<NoteAnchor> HeatmapNoteCanvas::cellAnchor(int rank, std::int64_t window,
                                                        std::string *label) const
{
    if (!m_valid)
        return std::nullopt;
    const MetricMatrix &matrix = *m_scene.matrix();
    const int column = matrix.columnOfWindow(window);
    if (column < 0 || matrix.rowOfRank(rank) < 0)
        return std::nullopt;
    NoteAnchor anchor;
    anchor.target = NoteTarget::Cell;
    anchor.rank = rank;
    anchor.axis = windowAxisKey(matrix.axis);
    anchor.window = window;
    anchor.timeNs = matrix.windowStartNs[std::size_t(column)];
    if (label)
        *label = (matrix.axis == WindowAxis::Iteration
                      ? NoteText::tr("rank %1 · iteration %2").arg(rank).arg(window)
                      : NoteText::tr("rank %1 · time bin %2").arg(rank).arg(window))
                     .toStdString();
    return anchor;
}

std::optional<NoteAnchor> HeatmapNoteCanvas::anchorAt(QPointF pos, std::string *label) const
{
    if (!m_valid)
        return std::nullopt;
    const HeatmapHit hit = m_scene.hitTest(pos, m_size);
    if (!hit.isCell() || hit.rank < 0)
        return std::nullopt;
    return cellAnchor(hit.rank, hit.window, label);
}

std::optional<NotePoint> HeatmapNoteCanvas::toData(const NoteAnchor &, QPointF pos) const
{
    if (!m_valid)
        return std::nullopt;
    const QRectF cells = m_layout.cells;
    const double x = std::clamp(pos.x(), cells.left(), cells.right() + 1);
    const double y = std::clamp(pos.y(), cells.top(), cells.bottom());
    const double rowPosition = m_layout.rowAt(y);
    const int rows = m_scene.viewport().rowCount();
    const int row = std::clamp(int(std::floor(rowPosition)), 0, rows - 1);
    const int rank = m_scene.rankOfDisplayRow(row);
    if (rank < 0)
        return std::nullopt;
    // The fraction stays below 1: the bottom edge of a rank's row is its own, not the top of
    // the next row (which another grouping puts elsewhere).
    const double fraction = std::clamp(rowPosition - row, 0.0, 0.999);
    return NotePoint{timeOfColumn(m_layout.columnAt(x)), rank + fraction};
}

std::optional<QPointF> HeatmapNoteCanvas::toPixel(const NoteAnchor &, NotePoint point) const
{
    if (!m_valid)
        return std::nullopt;
    const int rank = int(std::floor(point.y));
    const int row = m_scene.displayRowOfRank(rank);
    if (row < 0)
        return std::nullopt;
    return QPointF(m_layout.xOfColumn(columnOfTime(point.x)),
                   m_layout.yOfRow(row + (point.y - rank)));
}

std::vector<QRectF> HeatmapNoteCanvas::rankRects(const RankSet &ranks) const
{
    std::vector<QRectF> rects;
    if (!m_valid)
        return rects;
    const QRectF header = m_layout.rankColumn;
    std::vector<int> rows;
    ranks.forEach([&](int rank) {
        const int row = m_scene.displayRowOfRank(rank);
        if (row >= 0)
            rows.push_back(row);
    });
    std::sort(rows.begin(), rows.end());
    for (int row : rows) {
        const double top = std::max(m_layout.yOfRow(row), double(m_layout.cells.top()));
        const double bottom =
            std::min(m_layout.yOfRow(row + 1), double(m_layout.cells.bottom() + 1));
        if (bottom <= m_layout.cells.top() || top > m_layout.cells.bottom())
            continue;
        const double height = std::max(2.0, bottom - top);
        // Neighbouring rows (a node's ranks) make one band.
        if (!rects.empty() && top <= rects.back().bottom() + 0.5)
            rects.back().setBottom(std::max(rects.back().bottom(), top + height));
        else
            rects.emplace_back(header.left(), top, header.width(), height);
    }
    return rects;
}

} // namespace rankscope
