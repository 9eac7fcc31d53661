#include "views/annotations/FlameGraphNoteCanvas.h"

#include "core/notes/NoteAnchors.h"
#include "views/flamegraph/FlameGraphScene.h"

#include <cmath>

namespace rankscope {

FlameGraphNoteCanvas::FlameGraphNoteCanvas(FlameGraphScene &scene, QSize size, double scrollY,
                                           NoteView view, std::string scope)
    : NoteCanvas(view, std::move(scope)), m_scene(scene), m_size(size), m_scrollY(scrollY)
{}

QRectF FlameGraphNoteCanvas::area() const
{
    return QRectF(0, m_scene.headerHeight(), m_size.width(),
                  m_size.height() - m_scene.headerHeight());
}

int FlameGraphNoteCanvas::nodeOf(const NoteAnchor &anchor) const
{
    const StackTree *tree = m_scene.tree();
    if (!tree || tree->size() == 0)
        return -1;
    if (anchor.target == NoteTarget::View)
        return StackTree::kRoot;
    if ((anchor.target != NoteTarget::Frame && anchor.target != NoteTarget::DiffLine) ||
        anchor.path.empty() || !m_scene.dataset())
        return -1;
    return findNoteFramePath(*tree, *m_scene.dataset(), anchor.path);
}

QRectF FlameGraphNoteCanvas::nodeRect(int node) const
{
    const StackTree *tree = m_scene.tree();
    if (!tree || node < 0 || node >= tree->size())
        return {};
    const int row = tree->node(node).depth;
    const FlameGraphGeometry &geometry = m_scene.geometry(m_size.width());
    const auto [boxRow, box] = geometry.boxOf(m_scene.layout(), node, row);
    if (box < 0)
        return {};
    const FlameBox &b = geometry.row(boxRow)[std::size_t(box)];
    const double top = m_scene.rowTop(row, m_size, m_scrollY);
    const QRectF rect(b.x0, top, std::max(1.0f, b.x1 - b.x0), m_scene.rowHeight() - 1);
    return rect.intersects(area()) ? rect : QRectF();
}

std::optional<QRectF> FlameGraphNoteCanvas::anchorRect(const NoteAnchor &anchor) const
{
    if (anchor.target == NoteTarget::View)
        return std::nullopt;
    const int node = nodeOf(anchor);
    if (node <= StackTree::kRoot)
        return std::nullopt;
    const QRectF rect = nodeRect(node);
    if (rect.isEmpty())
        return std::nullopt;
    return rect;
}

std::optional<NoteAnchor> FlameGraphNoteCanvas::frameAnchor(int node, std::string *label) const
{
    const StackTree *tree = m_scene.tree();
    if (!tree || !m_scene.dataset() || node <= StackTree::kRoot || node >= tree->size())
        return std::nullopt;
    NoteAnchor anchor;
    anchor.target = NoteTarget::Frame;
    anchor.scope = scope();
    anchor.path = noteFramePath(*tree, *m_scene.dataset(), node);
    if (label)
        *label = tree->node(node).label;
    return anchor;
}

std::optional<NoteAnchor> FlameGraphNoteCanvas::anchorAt(QPointF pos, std::string *label) const
{
    const FlameGraphScene::Hit hit = m_scene.hitTest(pos, m_size, m_scrollY);
    if (!hit.valid())
        return std::nullopt;
    return frameAnchor(hit.node, label);
}

bool FlameGraphNoteCanvas::hasShapes() const
{
    return m_scene.tree() != nullptr && m_scene.tree()->size() > 0;
}

std::optional<NoteAnchor> FlameGraphNoteCanvas::shapeAnchorAt(QPointF pos) const
{
    if (!hasShapes())
        return std::nullopt;
    const FlameGraphScene::Hit hit = m_scene.hitTest(pos, m_size, m_scrollY);
    if (hit.valid() && hit.node > StackTree::kRoot)
        return frameAnchor(hit.node, nullptr);
    // Beside every frame: relative to the whole graph.
    NoteAnchor anchor;
    anchor.scope = scope();
    return anchor;
}

bool FlameGraphNoteCanvas::frameEdges(int node, double *x0, double *width, double *top) const
{
    if (node < 0)
        return false;
    const FlameExtent extent = m_scene.layout().extent(node);
    if (extent.node < 0)
        return false;
    *x0 = extent.x0 * m_size.width();
    *width = std::max(1e-6, (extent.x1 - extent.x0) * m_size.width());
    *top = m_scene.rowTop(m_scene.tree()->node(node).depth, m_size, m_scrollY);
    return true;
}

std::optional<NotePoint> FlameGraphNoteCanvas::toData(const NoteAnchor &anchor, QPointF pos) const
{
    double x0 = 0, width = 0, top = 0;
    if (!frameEdges(nodeOf(anchor), &x0, &width, &top))
        return std::nullopt;
    const double rows = (pos.y() - top) / m_scene.rowHeight();
    // Rows count towards the callees: down in an icicle, up in a flame graph.
    const double depth = m_scene.orientation() == FlameOrientation::Icicle ? rows : 1 - rows;
    return NotePoint{(pos.x() - x0) / width, depth};
}

std::optional<QPointF> FlameGraphNoteCanvas::toPixel(const NoteAnchor &anchor,
                                                     NotePoint point) const
{
    double x0 = 0, width = 0, top = 0;
    if (!frameEdges(nodeOf(anchor), &x0, &width, &top))
        return std::nullopt;
    const double rows = m_scene.orientation() == FlameOrientation::Icicle ? point.y : 1 - point.y;
    return QPointF(x0 + point.x * width, top + rows * m_scene.rowHeight());
}

std::vector<QRectF> FlameGraphNoteCanvas::rankRects(const RankSet &ranks) const
{
    std::vector<QRectF> rects;
    const StackTree *tree = m_scene.tree();
    if (!tree)
        return rects;
    // Where each rank is: the frame its path ends in (a few dozen ranks at most are outlined).
    std::vector<int> leaves;
    int seen = 0;
    ranks.forEach([&](int rank) {
        if (++seen > 64)
            return;
        const std::vector<int> path = tree->nodesOfRank(rank);
        if (!path.empty() && path.back() > StackTree::kRoot &&
            std::find(leaves.begin(), leaves.end(), path.back()) == leaves.end())
            leaves.push_back(path.back());
    });
    for (int node : leaves) {
        const QRectF rect = nodeRect(node);
        if (!rect.isEmpty())
            rects.push_back(rect);
    }
    return rects;
}

} // namespace rankscope
