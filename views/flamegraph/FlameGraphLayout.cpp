#include "views/flamegraph/FlameGraphLayout.h"

#include <algorithm>
#include <cmath>
#include <deque>

namespace rankscope {

namespace {

double weightOf(const StackTreeNode &node, WidthMode mode)
{
    return mode == WidthMode::Ranks ? double(node.has.count()) : double(node.samples);
}

} // namespace

FlameGraphLayout::FlameGraphLayout(const StackTree &tree, int zoomRoot, WidthMode mode)
    : m_mode(mode)
{
    if (tree.size() == 0)
        return;
    if (zoomRoot < 0 || zoomRoot >= tree.size())
        zoomRoot = StackTree::kRoot;
    m_zoomRoot = zoomRoot;
    m_indexInRow.assign(std::size_t(tree.size()), -1);
    m_depth.assign(std::size_t(tree.size()), -1);

    auto place = [this](int node, int depth, double x0, double x1) {
        if (std::size_t(depth) >= m_rows.size())
            m_rows.resize(std::size_t(depth) + 1);
        auto &row = m_rows[std::size_t(depth)];
        m_indexInRow[std::size_t(node)] = static_cast<int>(row.size());
        m_depth[std::size_t(node)] = depth;
        row.push_back({x0, x1, node});
        ++m_frameCount;
    };

    // Ancestors of the zoom root: full width, one per row above it.
    for (int id : tree.pathTo(zoomRoot))
        place(id, tree.node(id).depth, 0.0, 1.0);

    // Breadth first, children in the tree's order (widest first): every row comes out sorted by
    // x because parents are visited left to right and children are packed left to right inside
    // their parent.
    std::deque<int> queue{zoomRoot};
    while (!queue.empty()) {
        const int id = queue.front();
        queue.pop_front();
        const StackTreeNode &parent = tree.node(id);
        if (parent.children.empty())
            continue;
        const FlameExtent parentExtent = m_rows[std::size_t(parent.depth)]
                                               [std::size_t(m_indexInRow[std::size_t(id)])];
        // A rank can pass through several children (several samples or threads), so the
        // children's weights can add up to more than the parent's: scale them to fit then.
        double childSum = 0;
        for (int child : parent.children)
            childSum += weightOf(tree.node(child), mode);
        const double denominator = std::max(weightOf(parent, mode), childSum);
        if (denominator <= 0)
            continue;
        const double scale = (parentExtent.x1 - parentExtent.x0) / denominator;
        double x = parentExtent.x0;
        for (int child : parent.children) {
            const double width = weightOf(tree.node(child), mode) * scale;
            if (width <= 0)
                continue;
            place(child, parent.depth + 1, x, std::min(x + width, parentExtent.x1));
            x += width;
            queue.push_back(child);
        }
    }
}

bool FlameGraphLayout::contains(int node) const
{
    return node >= 0 && std::size_t(node) < m_indexInRow.size() &&
           m_indexInRow[std::size_t(node)] >= 0;
}

FlameExtent FlameGraphLayout::extent(int node) const
{
    if (!contains(node))
        return {};
    return m_rows[std::size_t(m_depth[std::size_t(node)])]
                 [std::size_t(m_indexInRow[std::size_t(node)])];
}

int FlameGraphLayout::nodeAt(int row, double x) const
{
    if (row < 0 || row >= rowCount())
        return -1;
    const auto &frames = m_rows[std::size_t(row)];
    auto it = std::upper_bound(frames.begin(), frames.end(), x,
                               [](double value, const FlameExtent &e) { return value < e.x0; });
    if (it == frames.begin())
        return -1;
    --it;
    return x < it->x1 ? it->node : -1;
}

std::pair<std::size_t, std::size_t> FlameGraphLayout::rangeIn(int row, double x0, double x1) const
{
    if (row < 0 || row >= rowCount())
        return {0, 0};
    const auto &frames = m_rows[std::size_t(row)];
    // Frames of a row do not overlap and are sorted by x0, so their x1 is sorted too.
    auto first = std::upper_bound(frames.begin(), frames.end(), x0,
                                  [](double value, const FlameExtent &e) { return value < e.x1; });
    auto last = std::lower_bound(first, frames.end(), x1,
                                 [](const FlameExtent &e, double value) { return e.x0 < value; });
    return {std::size_t(first - frames.begin()), std::size_t(last - frames.begin())};
}

double FlameGraphLayout::rowTop(int row, int rowCount, FlameOrientation orientation,
                                double rowHeight, double areaHeight)
{
    if (orientation == FlameOrientation::Icicle)
        return row * rowHeight;
    const double contentHeight = std::max(areaHeight, rowCount * rowHeight);
    return contentHeight - (row + 1) * rowHeight;
}

int FlameGraphLayout::rowAtY(double y, int rowCount, FlameOrientation orientation,
                             double rowHeight, double areaHeight)
{
    if (rowHeight <= 0)
        return -1;
    int row = -1;
    if (orientation == FlameOrientation::Icicle) {
        row = int(std::floor(y / rowHeight));
    } else {
        const double contentHeight = std::max(areaHeight, rowCount * rowHeight);
        row = int(std::floor((contentHeight - y) / rowHeight));
    }
    return row >= 0 && row < rowCount ? row : -1;
}

} // namespace rankscope
