#include "views/flamegraph/FlameGraphGeometry.h"

#include <algorithm>

namespace rankscope {

FlameGraphGeometry::FlameGraphGeometry(const FlameGraphLayout &layout, double pixelWidth,
                                       double minFramePx,
                                       const std::vector<std::uint8_t> *keepVisible)
    : m_pixelWidth(pixelWidth)
{
    m_rows.resize(std::size_t(layout.rowCount()));
    if (keepVisible)
        m_markers.resize(std::size_t(layout.rowCount()));
    const auto kept = [keepVisible](int node) {
        return keepVisible && node >= 0 && std::size_t(node) < keepVisible->size() &&
               (*keepVisible)[std::size_t(node)] != 0;
    };
    for (int r = 0; r < layout.rowCount(); ++r) {
        auto &boxes = m_rows[std::size_t(r)];
        if (keepVisible) {
            // Markers first, from the layout's sorted row, so they come out sorted as well.
            auto &marks = m_markers[std::size_t(r)];
            const double markerWidth = std::min(kMarkerMinPx, pixelWidth);
            for (const FlameExtent &frame : layout.row(r)) {
                if (!kept(frame.node) || (frame.x1 - frame.x0) * pixelWidth >= kMarkerMinPx)
                    continue;
                const double centre = (frame.x0 + frame.x1) / 2 * pixelWidth;
                const double x0 =
                    std::clamp(centre - markerWidth / 2, 0.0, pixelWidth - markerWidth);
                if (!marks.empty() && x0 < marks.back().x1)
                    continue;
                marks.push_back({float(x0), float(x0 + markerWidth), frame.node, 1});
            }
            m_markerCount += marks.size();
        }
        FlameBox run;
        float runWidest = -1;
        bool runOpen = false;
        auto flush = [&] {
            if (runOpen)
                boxes.push_back(run);
            runOpen = false;
        };
        for (const FlameExtent &frame : layout.row(r)) {
            const float x0 = float(frame.x0 * pixelWidth);
            const float x1 = float(frame.x1 * pixelWidth);
            const float width = x1 - x0;
            if (width >= minFramePx) {
                flush();
                boxes.push_back({x0, x1, frame.node, 1, frame.widened});
                continue;
            }
            // Join the open run when the gap to it is below a pixel as well: siblings of
            // neighbouring parents fall into the same pixel column and cannot be told apart.
            if (runOpen && x0 - run.x1 < minFramePx) {
                run.x1 = std::max(run.x1, x1);
                ++run.merged;
                if (width > runWidest) {
                    runWidest = width;
                    run.node = frame.node;
                }
                continue;
            }
            flush();
            run = {x0, x1, frame.node, 1};
            runWidest = width;
            runOpen = true;
        }
        flush();
        m_boxCount += boxes.size();
    }
}

int FlameGraphGeometry::boxAt(int row, double x) const
{
    if (row < 0 || row >= rowCount())
        return -1;
    const auto &boxes = m_rows[std::size_t(row)];
    auto it = std::upper_bound(boxes.begin(), boxes.end(), x,
                               [](double value, const FlameBox &b) { return value < b.x0; });
    if (it == boxes.begin())
        return -1;
    --it;
    // Boxes narrower than a pixel are painted one pixel wide; hit them the same way.
    const double right = std::max<double>(it->x1, it->x0 + 1.0);
    return x < right ? static_cast<int>(it - boxes.begin()) : -1;
}

std::pair<std::size_t, std::size_t> FlameGraphGeometry::rangeIn(int row, double x0, double x1) const
{
    if (row < 0 || row >= rowCount())
        return {0, 0};
    const auto &boxes = m_rows[std::size_t(row)];
    auto first = std::upper_bound(boxes.begin(), boxes.end(), x0 - 1.0,
                                  [](double value, const FlameBox &b) { return value < b.x1; });
    auto last = std::lower_bound(first, boxes.end(), x1,
                                 [](const FlameBox &b, double value) { return b.x0 < value; });
    return {std::size_t(first - boxes.begin()), std::size_t(last - boxes.begin())};
}

const std::vector<FlameBox> &FlameGraphGeometry::markers(int row) const
{
    static const std::vector<FlameBox> none;
    return row >= 0 && std::size_t(row) < m_markers.size() ? m_markers[std::size_t(row)] : none;
}

int FlameGraphGeometry::markerAt(int row, double x) const
{
    const std::vector<FlameBox> &marks = markers(row);
    auto it = std::upper_bound(marks.begin(), marks.end(), x,
                               [](double value, const FlameBox &b) { return value < b.x0; });
    if (it == marks.begin())
        return -1;
    --it;
    return x < it->x1 ? static_cast<int>(it - marks.begin()) : -1;
}

int FlameGraphGeometry::markerOf(int row, int node) const
{
    const std::vector<FlameBox> &marks = markers(row);
    for (std::size_t i = 0; i < marks.size(); ++i) {
        if (marks[i].node == node)
            return int(i);
    }
    return -1;
}

std::pair<int, int> FlameGraphGeometry::boxOf(const FlameGraphLayout &layout, int node,
                                              int row) const
{
    if (!layout.contains(node) || row < 0 || row >= rowCount())
        return {-1, -1};
    const FlameExtent e = layout.extent(node);
    const double centre = (e.x0 + e.x1) / 2 * m_pixelWidth;
    const int index = boxAt(row, centre);
    return {index >= 0 ? row : -1, index};
}

} // namespace rankscope
