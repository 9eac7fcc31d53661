#pragma once

#include "core/stacks/StackTree.h"
#include "core/stacks/StackTreeOptions.h"

#include <utility>
#include <vector>

namespace rankscope {

// Root on top (icicle, the top-down view of Perfetto and speedscope) or root at the bottom
// (the classic flame graph of flamegraph.pl).
enum class FlameOrientation
{
    Icicle,
    Flame
};

// Where one frame sits: [x0, x1) as a fraction of the full width, for one tree node.
struct FlameExtent
{
    double x0 = 0;
    double x1 = 0;
    int node = -1;
    // Drawn wider than its share so that it stays readable (a minority branch the analysis points
    // at); the painter marks it, the tooltip says so.
    bool widened = false;
};

// Frames that must stay readable whatever their share: the suspects' frames get at least
// `minimumFraction` of the zoom root's width (their ancestors as much as their emphasised
// descendants need), taken from their siblings in proportion to the siblings' widths. A suspect
// that 3 of 2,048 ranks reached is 0.15% of the width, two pixels on a laptop: without this it is
// drawn, but nobody sees it.
struct FlameEmphasis
{
    std::vector<int> nodes;
    double minimumFraction = 0; // of the zoom root's width; 0 turns the floors off
    bool active() const { return minimumFraction > 0 && !nodes.empty(); }
};

// The tree's shape in flat arrays (children of node i are children[childBegin[i] ..
// childBegin[i + 1]), with each node's weight under a width mode: ranks through it
// (`has.count()`) or its samples.
struct FlameTreeShape
{
    WidthMode mode = WidthMode::Ranks;
    std::vector<int> childBegin;
    std::vector<int> children;
    std::vector<double> weights;

    static FlameTreeShape of(const StackTree &tree, WidthMode mode);
    bool fits(const StackTree &tree, WidthMode m) const
    {
        return mode == m && weights.size() == std::size_t(tree.size());
    }
};

// Horizontal extents of the frames of a StackTree, independent of pixels and widgets.
//
// The zoom root takes the full width; its ancestors are also drawn full width above it, so the
// path that led there stays readable (the breadcrumb stack of speedscope and hotspot). A frame's
// row is its depth in the tree. Each row is a flat array sorted by x, so painting and hit tests
// can binary-search the visible part instead of walking the tree.
class FlameGraphLayout
{
public:
    FlameGraphLayout() = default;
    // `shape` (optional) is FlameTreeShape::of(tree, mode), built once per tree by the caller so
    // that a re-layout on zoom walks compact arrays instead of the tree's nodes.
    FlameGraphLayout(const StackTree &tree, int zoomRoot, WidthMode mode,
                     const struct FlameTreeShape *shape = nullptr,
                     const FlameEmphasis &emphasis = {});

    int zoomRoot() const { return m_zoomRoot; }
    WidthMode widthMode() const { return m_mode; }
    int rowCount() const { return static_cast<int>(m_rows.size()); }
    const std::vector<FlameExtent> &row(int depth) const { return m_rows[std::size_t(depth)]; }
    int frameCount() const { return m_frameCount; }
    // Frames drawn wider than their share (FlameEmphasis), for the legend.
    int widenedCount() const { return m_widenedCount; }

    // Whether the node is drawn (in the zoom root's subtree or one of its ancestors).
    bool contains(int node) const;
    // The node's extent; x0 == x1 == 0 and node == -1 when it is not drawn.
    FlameExtent extent(int node) const;

    // The node under x (a fraction) in a row, or -1.
    int nodeAt(int row, double x) const;
    // Index range [first, last) of the frames of a row that overlap [x0, x1).
    std::pair<std::size_t, std::size_t> rangeIn(int row, double x0, double x1) const;

    // Top edge of a row inside a drawing area of the given height: the icicle grows down from the
    // top, the flame grows up from the bottom (a short graph sits on the area's bottom edge).
    static double rowTop(int row, int rowCount, FlameOrientation orientation, double rowHeight,
                         double areaHeight);
    // The row at a y inside the area, or -1 (inverse of rowTop).
    static int rowAtY(double y, int rowCount, FlameOrientation orientation, double rowHeight,
                      double areaHeight);

private:
    int m_zoomRoot = StackTree::kRoot;
    WidthMode m_mode = WidthMode::Ranks;
    int m_frameCount = 0;
    int m_widenedCount = 0;
    std::vector<std::vector<FlameExtent>> m_rows;
    std::vector<int> m_indexInRow; // per tree node: index in its row, -1 when not drawn
    std::vector<int> m_depth;      // per tree node: its row, for extent()
};

} // namespace rankscope
