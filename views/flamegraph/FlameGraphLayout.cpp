#include "views/flamegraph/FlameGraphLayout.h"

#include <algorithm>
#include <cmath>

namespace rankscope {

FlameTreeShape FlameTreeShape::of(const StackTree &tree, WidthMode mode)
{
    FlameTreeShape shape;
    shape.mode = mode;
    const std::size_t n = std::size_t(tree.size());
    shape.childBegin.reserve(n + 1);
    shape.children.reserve(n);
    shape.weights.reserve(n);
    for (const StackTreeNode &node : tree.nodes()) {
        shape.childBegin.push_back(int(shape.children.size()));
        shape.children.insert(shape.children.end(), node.children.begin(), node.children.end());
        shape.weights.push_back(mode == WidthMode::Ranks ? double(node.has.count())
                                                         : double(node.samples));
    }
    shape.childBegin.push_back(int(shape.children.size()));
    return shape;
}

namespace {

// A floor binds only when the share is clearly below it: a child as wide as its widened parent
// must not count as widened itself because of rounding.
bool belowFloor(double width, double floor)
{
    return width < floor * (1 - 1e-9);
}

// The width each node needs at least (a fraction of the zoom root's), for the emphasised nodes
// under the zoom root and their ancestors; empty when nothing needs a floor. A parent needs as
// much as its floored children together, so a floor can always be met inside the parent.
std::vector<double> emphasisFloors(const StackTree &tree, int zoomRoot,
                                   const FlameEmphasis &emphasis)
{
    std::vector<double> floors;
    if (!emphasis.active())
        return floors;
    std::vector<int> onPath; // emphasised nodes and their ancestors up to the zoom root
    std::vector<char> seen(std::size_t(tree.size()), 0);
    for (int node : emphasis.nodes) {
        if (node < 0 || node >= tree.size() || node == zoomRoot)
            continue;
        std::vector<int> chain;
        int at = node;
        while (at >= 0 && at != zoomRoot) {
            chain.push_back(at);
            at = tree.node(at).parent;
        }
        if (at != zoomRoot)
            continue; // outside the zoomed subtree: not drawn, needs no room
        if (floors.empty())
            floors.assign(std::size_t(tree.size()), 0.0);
        floors[std::size_t(node)] = std::max(floors[std::size_t(node)], emphasis.minimumFraction);
        for (int id : chain) {
            if (!seen[std::size_t(id)]) {
                seen[std::size_t(id)] = 1;
                onPath.push_back(id);
            }
        }
    }
    if (floors.empty())
        return floors;
    // Deepest first, so every child's floor is final before it is added to its parent's.
    std::sort(onPath.begin(), onPath.end(),
              [&tree](int a, int b) { return tree.node(a).depth > tree.node(b).depth; });
    std::vector<double> childSum(std::size_t(tree.size()), 0.0);
    for (int id : onPath) {
        double &own = floors[std::size_t(id)];
        own = std::max(own, childSum[std::size_t(id)]);
        childSum[std::size_t(tree.node(id).parent)] += own;
    }
    // More suspects than the width holds: shrink every floor alike, which keeps each parent's
    // floor at least its children's.
    const double total = childSum[std::size_t(zoomRoot)];
    if (total > 1.0) {
        for (int id : onPath)
            floors[std::size_t(id)] /= total;
    }
    return floors;
}

// Children widths under floors: a child whose share is below its floor gets the floor, and the
// room comes from the other children and the parent's own part (ranks that end in the parent),
// in proportion to their widths. Repeats until no shrunk child falls below its own floor (a
// pass or two). `widths` holds the proportional widths and is updated in place; `widened` marks
// the children that got their floor.
void applyFloors(double parentWidth, const std::vector<double> &floors, std::vector<double> &widths,
                 std::vector<char> &widened)
{
    double proportionalSum = 0;
    for (double w : widths)
        proportionalSum += w;
    const double ownPart = std::max(0.0, parentWidth - proportionalSum);
    widened.assign(widths.size(), 0);
    for (std::size_t pass = 0; pass <= widths.size(); ++pass) {
        double bound = 0; // room the floored children take
        double pool = ownPart;
        for (std::size_t i = 0; i < widths.size(); ++i) {
            if (widened[i])
                bound += floors[i];
            else
                pool += widths[i];
        }
        const double factor = pool > 0 ? std::max(0.0, (parentWidth - bound) / pool) : 0.0;
        bool changed = false;
        for (std::size_t i = 0; i < widths.size(); ++i) {
            if (!widened[i] && belowFloor(widths[i] * factor, floors[i])) {
                widened[i] = 1;
                changed = true;
            }
        }
        if (!changed) {
            for (std::size_t i = 0; i < widths.size(); ++i)
                widths[i] = widened[i] ? floors[i] : widths[i] * std::min(factor, 1.0);
            return;
        }
    }
}

} // namespace

FlameGraphLayout::FlameGraphLayout(const StackTree &tree, int zoomRoot, WidthMode mode,
                                   const FlameTreeShape *shape, const FlameEmphasis &emphasis)
    : m_mode(mode)
{
    if (tree.size() == 0)
        return;
    FlameTreeShape ownShape;
    if (!shape || !shape->fits(tree, mode)) {
        ownShape = FlameTreeShape::of(tree, mode);
        shape = &ownShape;
    }
    const std::vector<double> &weights = shape->weights;
    if (zoomRoot < 0 || zoomRoot >= tree.size())
        zoomRoot = StackTree::kRoot;
    m_zoomRoot = zoomRoot;
    m_indexInRow.assign(std::size_t(tree.size()), -1);
    m_depth.assign(std::size_t(tree.size()), -1);

    auto place = [this](int node, int depth, double x0, double x1, bool widened = false) {
        if (std::size_t(depth) >= m_rows.size())
            m_rows.resize(std::size_t(depth) + 1);
        auto &row = m_rows[std::size_t(depth)];
        m_indexInRow[std::size_t(node)] = static_cast<int>(row.size());
        m_depth[std::size_t(node)] = depth;
        row.push_back({x0, x1, node, widened});
        ++m_frameCount;
        m_widenedCount += widened ? 1 : 0;
    };
    const std::vector<double> floors = emphasisFloors(tree, zoomRoot, emphasis);
    std::vector<double> childWidths, childFloors;
    std::vector<char> childWidened;

    // Ancestors of the zoom root: full width, one per row above it.
    for (int id : tree.pathTo(zoomRoot))
        place(id, tree.node(id).depth, 0.0, 1.0);

    // Breadth first, children in the tree's order (widest first): every row comes out sorted by
    // x because parents are visited left to right and children are packed left to right inside
    // their parent.
    struct Pending
    {
        int node;
        int depth;
        double x0;
        double x1;
    };
    std::vector<Pending> queue{{zoomRoot, tree.node(zoomRoot).depth, 0.0, 1.0}};
    for (std::size_t next = 0; next < queue.size(); ++next) {
        const Pending parent = queue[next];
        const int *first = shape->children.data() + shape->childBegin[std::size_t(parent.node)];
        const int *last = shape->children.data() + shape->childBegin[std::size_t(parent.node) + 1];
        if (first == last)
            continue;
        // A rank can pass through several children (several samples or threads), so the
        // children's weights can add up to more than the parent's: scale them to fit then.
        double childSum = 0;
        for (const int *child = first; child != last; ++child)
            childSum += weights[std::size_t(*child)];
        const double denominator = std::max(weights[std::size_t(parent.node)], childSum);
        if (denominator <= 0)
            continue;
        const double parentWidth = parent.x1 - parent.x0;
        const double scale = parentWidth / denominator;
        bool floored = false;
        if (!floors.empty() && floors[std::size_t(parent.node)] > 0) {
            childWidths.clear();
            childFloors.clear();
            for (const int *child = first; child != last; ++child) {
                childWidths.push_back(weights[std::size_t(*child)] * scale);
                childFloors.push_back(floors[std::size_t(*child)]);
                floored = floored || belowFloor(childWidths.back(), childFloors.back());
            }
            if (floored)
                applyFloors(parentWidth, childFloors, childWidths, childWidened);
        }
        double x = parent.x0;
        for (const int *child = first; child != last; ++child) {
            const std::size_t i = std::size_t(child - first);
            const double width = floored ? childWidths[i] : weights[std::size_t(*child)] * scale;
            if (width <= 0)
                continue;
            const double x1 = std::min(x + width, parent.x1);
            place(*child, parent.depth + 1, x, x1, floored && childWidened[i]);
            queue.push_back({*child, parent.depth + 1, x, x1});
            x += width;
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

int FlameGraphLayout::rowAtY(double y, int rowCount, FlameOrientation orientation, double rowHeight,
                             double areaHeight)
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
