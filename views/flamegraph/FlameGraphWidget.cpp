#include "views/flamegraph/FlameGraphWidget.h"

#include "views/annotations/NoteOverlay.h"

#include "views/flamegraph/FlameGraphPainter.h"
#include "views/flamegraph/FlameGraphText.h"

#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QMenu>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>

#include <cmath>

namespace rankscope {

namespace {
// A frame narrower than this after selectNode() is hard to find: zoom so it becomes wider.
constexpr double kFindableWidthPx = 8.0;
} // namespace

FlameGraphWidget::FlameGraphWidget(QWidget *parent) : QAbstractScrollArea(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setFrameShape(QFrame::NoFrame);
    viewport()->setMouseTracking(true);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    m_scene.setFont(font());
    m_scene.setBackground(palette().color(QPalette::Base));
    setAccessibleName(tr("Flame graph"));
}

void FlameGraphWidget::setTree(std::shared_ptr<const StackTree> tree,
                               std::shared_ptr<const StackDataset> data)
{
    const bool hadSelection = m_scene.selected() >= 0;
    m_scene.setTree(std::move(tree), std::move(data));
    m_zoomHistory.clear();
    m_pressedNode = -1;
    m_revealOnShow = -1;
    updateScrollRange();
    // The root is where reading starts: top of an icicle, bottom of a flame.
    verticalScrollBar()->setValue(
        orientation() == FlameOrientation::Icicle ? 0 : verticalScrollBar()->maximum());
    viewport()->update();
    if (hadSelection)
        emit frameSelected(-1); // node ids of the old tree mean nothing in the new one
    emit zoomChanged(zoomRoot());
    const auto &search = m_scene.search();
    if (search.active && search.valid)
        emit searchMatched(search.matches, search.ranks);
}

void FlameGraphWidget::setEmphasisedNodes(std::vector<int> nodes)
{
    m_scene.setEmphasisedNodes(std::move(nodes));
    updateScrollRange();
    viewport()->update();
}

void FlameGraphWidget::setEquivalenceClasses(std::vector<EquivalenceClass> classes)
{
    m_scene.setEquivalenceClasses(std::move(classes));
    viewport()->update();
}

void FlameGraphWidget::setOrientation(FlameOrientation orientation)
{
    if (orientation == m_scene.orientation())
        return;
    // Keep the same rows in view: mirror the scroll position.
    const int max = verticalScrollBar()->maximum();
    const int value = verticalScrollBar()->value();
    m_scene.setOrientation(orientation);
    verticalScrollBar()->setValue(max - value);
    viewport()->update();
}

void FlameGraphWidget::setWidthMode(WidthMode mode)
{
    m_scene.setWidthMode(mode);
    viewport()->update();
}

void FlameGraphWidget::setColourMode(FlameColourMode mode)
{
    m_scene.setColourMode(mode);
    viewport()->update();
}

void FlameGraphWidget::setDifference(FlameDifference difference)
{
    m_scene.setDifference(std::move(difference));
    viewport()->update();
}

void FlameGraphWidget::setShowFrameTime(bool show)
{
    m_showFrameTime = show;
    m_worstPaintMs = 0;
    viewport()->update();
}

void FlameGraphWidget::setSearch(const QString &pattern, bool regex)
{
    const auto &result = m_scene.setSearch(pattern, regex);
    viewport()->update();
    if (!result.valid)
        emit searchInvalid(result.error);
    else
        emit searchMatched(result.matches, result.ranks);
}

void FlameGraphWidget::highlightRank(int rank)
{
    RankSet ranks;
    if (rank >= 0)
        ranks.insert(rank);
    highlightRanks(ranks);
}

void FlameGraphWidget::highlightRanks(const RankSet &ranks)
{
    if (ranks == m_scene.highlightedRanks())
        return;
    const int previous = m_scene.highlightedRank();
    m_scene.setHighlightedRanks(ranks);
    viewport()->update();
    if (m_scene.highlightedRank() != previous)
        emit highlightedRankChanged(m_scene.highlightedRank());
}

void FlameGraphWidget::selectNode(int node)
{
    const StackTree *tree = m_scene.tree();
    if (!tree || node < 0 || node >= tree->size()) {
        setSelectedNode(-1);
        return;
    }
    if (!isVisible()) {
        // Without a real width there is no telling how narrow the frame will be.
        m_revealOnShow = node;
        setSelectedNode(node);
        return;
    }
    m_revealOnShow = -1;
    const int width = viewportSize().width();
    m_scene.setLayoutWidth(width);
    // Revealing a frame means its label can be read, not only that a sliver of it is drawn.
    const double findable = std::max(kFindableWidthPx, m_scene.minimumReadableWidth());
    auto pixelWidth = [&] {
        const FlameExtent e = m_scene.layout().extent(node);
        return (e.x1 - e.x0) * width;
    };
    const FlameGraphLayout &layout = m_scene.layout();
    if (!layout.contains(node))
        applyZoom(StackTree::kRoot, true);
    if (pixelWidth() < findable) {
        const int parent = tree->node(node).parent;
        applyZoom(parent >= 0 ? parent : node, true);
        if (pixelWidth() < findable)
            applyZoom(node, true);
    }
    ensureRowVisible(tree->node(node).depth);
    setSelectedNode(node);
}

void FlameGraphWidget::setSelectedNode(int node)
{
    const int previous = m_scene.selected();
    if (previous == node)
        return;
    m_scene.setSelected(node);
    updateRowOf(previous);
    updateRowOf(node);
    emit frameSelected(node);
}

// Hover and selection change one row (outline and callout): repaint only that band, so moving
// the mouse over a 100k-frame graph costs a sliver of a full paint.
void FlameGraphWidget::updateRowOf(int node)
{
    const StackTree *tree = m_scene.tree();
    if (!tree || node < 0 || node >= tree->size())
        return;
    if (m_showFrameTime) {
        viewport()->update(); // the readout in the corner must refresh too
        return;
    }
    const int top =
        int(std::lround(m_scene.rowTop(tree->node(node).depth, viewportSize(), scrollY())));
    viewport()->update(QRect(0, top - 1, viewport()->width(), m_scene.rowHeight() + 2));
}

void FlameGraphWidget::zoomTo(int node)
{
    applyZoom(node, true);
}

void FlameGraphWidget::zoomOut()
{
    const StackTree *tree = m_scene.tree();
    if (!tree)
        return;
    if (!m_zoomHistory.empty()) {
        const int previous = m_zoomHistory.back();
        m_zoomHistory.pop_back();
        applyZoom(previous, false);
    } else if (zoomRoot() != StackTree::kRoot) {
        applyZoom(tree->node(zoomRoot()).parent, false);
    }
}

void FlameGraphWidget::resetZoom()
{
    applyZoom(StackTree::kRoot, true);
}

void FlameGraphWidget::applyZoom(int node, bool remember)
{
    const StackTree *tree = m_scene.tree();
    if (!tree || node < 0 || node >= tree->size() || node == zoomRoot())
        return;
    if (remember)
        m_zoomHistory.push_back(zoomRoot());
    m_scene.setZoomRoot(node);
    updateScrollRange();
    ensureRowVisible(tree->node(node).depth);
    viewport()->update();
    emit zoomChanged(node);
}

double FlameGraphWidget::scrollY() const
{
    return verticalScrollBar()->value();
}

QSize FlameGraphWidget::viewportSize() const
{
    return viewport()->size();
}

void FlameGraphWidget::updateScrollRange()
{
    const int area = viewportSize().height() - m_scene.headerHeight();
    const int content = m_scene.contentHeight();
    verticalScrollBar()->setRange(0, std::max(0, content - area));
    verticalScrollBar()->setPageStep(std::max(1, area));
    verticalScrollBar()->setSingleStep(m_scene.rowHeight());
}

void FlameGraphWidget::ensureRowVisible(int row)
{
    const QSize size = viewportSize();
    const double top = m_scene.rowTop(row, size, scrollY());
    const int header = m_scene.headerHeight();
    if (top < header)
        verticalScrollBar()->setValue(int(scrollY() - (header - top)));
    else if (top + m_scene.rowHeight() > size.height())
        verticalScrollBar()->setValue(int(scrollY() + top + m_scene.rowHeight() - size.height()));
}

int FlameGraphWidget::nodeAt(QPoint viewportPos)
{
    return m_scene.hitTest(viewportPos, viewportSize(), scrollY()).node;
}

QRect FlameGraphWidget::nodeRect(int node)
{
    const StackTree *tree = m_scene.tree();
    if (!tree || node < 0 || node >= tree->size())
        return {};
    const QSize size = viewportSize();
    const int row = tree->node(node).depth;
    const FlameGraphGeometry &geometry = m_scene.geometry(size.width());
    const auto [boxRow, box] = geometry.boxOf(m_scene.layout(), node, row);
    if (box < 0)
        return {};
    const FlameBox &b = geometry.row(boxRow)[std::size_t(box)];
    const int top = int(std::lround(m_scene.rowTop(row, size, scrollY())));
    const int left = int(std::floor(b.x0));
    const int right = std::max(left + 1, int(std::floor(b.x1)));
    const QRect rect(left, top, right - left, m_scene.rowHeight() - 1);
    const QRect area(0, m_scene.headerHeight(), size.width(),
                     size.height() - m_scene.headerHeight());
    return rect.intersected(area);
}

void FlameGraphWidget::paintEvent(QPaintEvent *event)
{
    QElapsedTimer timer;
    timer.start();
    QPainter painter(viewport());
    FlameGraphPainter::Options options;
    options.scrollY = scrollY();
    options.clip = event->rect();
    FlameGraphPainter::paint(painter, m_scene, viewportSize(), options);
    m_lastPaintMs = timer.nsecsElapsed() / 1e6;
    m_worstPaintMs = std::max(m_worstPaintMs, m_lastPaintMs);
    if (m_showFrameTime) {
        const QString text = tr("paint %1 ms · worst %2 ms · %3 boxes")
                                 .arg(m_lastPaintMs, 0, 'f', 1)
                                 .arg(m_worstPaintMs, 0, 'f', 1)
                                 .arg(m_scene.geometry(viewportSize().width()).boxCount());
        const QRect box = painter.fontMetrics().boundingRect(text).adjusted(-6, -3, 6, 3);
        const QRect at(viewport()->width() - box.width() - 6,
                       viewport()->height() - box.height() - 6, box.width(), box.height());
        painter.fillRect(at, QColor(0, 0, 0, 170));
        painter.setPen(Qt::white);
        painter.drawText(at, Qt::AlignCenter, text);
    }
}

void FlameGraphWidget::scrollContentsBy(int dx, int dy)
{
    Q_UNUSED(dx);
    if (m_showFrameTime) {
        viewport()->update();
        return;
    }
    // Move the rows already painted and paint only the strip that scrolled in; the header band
    // stays where it is.
    const int header = m_scene.headerHeight();
    viewport()->scroll(0, dy, QRect(0, header, viewport()->width(), viewport()->height() - header));
}

void FlameGraphWidget::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    m_scene.setLayoutWidth(viewportSize().width());
    const bool atBottom = verticalScrollBar()->value() == verticalScrollBar()->maximum();
    updateScrollRange();
    // A flame graph keeps its root on the bottom edge while the window grows.
    if (orientation() == FlameOrientation::Flame && atBottom)
        verticalScrollBar()->setValue(verticalScrollBar()->maximum());
}

void FlameGraphWidget::mousePressEvent(QMouseEvent *event)
{
    m_ignoreRelease = false;
    if (event->button() != Qt::LeftButton)
        return QAbstractScrollArea::mousePressEvent(event);
    m_pressedNode = nodeAt(event->position().toPoint());
    setFocus(Qt::MouseFocusReason);
}

void FlameGraphWidget::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || m_ignoreRelease) {
        m_ignoreRelease = false;
        return;
    }
    const auto hit = m_scene.hitTest(event->position(), viewportSize(), scrollY());
    if (hit.node != m_pressedNode)
        return;
    m_pressedNode = -1;
    if (!hit.valid()) {
        selectNode(-1);
        return;
    }
    if (hit.node == m_scene.selected() && hit.merged <= 1) {
        zoomTo(hit.node);
        return;
    }
    setSelectedNode(hit.node);
}

void FlameGraphWidget::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return;
    m_ignoreRelease = true;
    const auto hit = m_scene.hitTest(event->position(), viewportSize(), scrollY());
    if (!hit.valid())
        return;
    int target = hit.node;
    // A grey box of narrow frames: open their parent so they get room.
    if (hit.merged > 1 && m_scene.tree()->node(target).parent >= 0)
        target = m_scene.tree()->node(target).parent;
    setSelectedNode(hit.node);
    zoomTo(target);
}

void FlameGraphWidget::mouseMoveEvent(QMouseEvent *event)
{
    setHovered(nodeAt(event->position().toPoint()));
}

void FlameGraphWidget::showEvent(QShowEvent *event)
{
    QAbstractScrollArea::showEvent(event);
    updateScrollRange();
    if (m_revealOnShow >= 0 && m_revealOnShow == m_scene.selected())
        selectNode(m_revealOnShow);
    m_revealOnShow = -1;
}

void FlameGraphWidget::leaveEvent(QEvent *event)
{
    setHovered(-1);
    QAbstractScrollArea::leaveEvent(event);
}

void FlameGraphWidget::setHovered(int node)
{
    const int previous = m_scene.hovered();
    if (node == previous)
        return;
    m_scene.setHovered(node);
    updateRowOf(previous);
    updateRowOf(node);
    emit frameHovered(node);
}

void FlameGraphWidget::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Escape: // as the window's Clear Selection, when no window owns the key
        highlightRank(-1);
        selectNode(-1);
        return;
    case Qt::Key_Backspace:
        zoomOut();
        return;
    case Qt::Key_Home:
        resetZoom();
        return;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (m_scene.selected() >= 0)
            zoomTo(m_scene.selected());
        return;
    default:
        QAbstractScrollArea::keyPressEvent(event);
    }
}

void FlameGraphWidget::contextMenuEvent(QContextMenuEvent *event)
{
    const StackTree *tree = m_scene.tree();
    if (!tree)
        return;
    const QPoint pos = viewport()->mapFrom(this, event->pos());
    const int node = nodeAt(pos);
    QMenu menu(this);
    if (node >= 0) {
        menu.addAction(tr("Zoom to Frame"), this, [this, node] { zoomTo(node); });
        const QString label = QString::fromStdString(tree->node(node).label);
        const QString has = QString::fromStdString(tree->node(node).has.toString());
        const QString missing = QString::fromStdString(tree->missing(node).toString());
        menu.addSeparator();
        menu.addAction(tr("Copy Frame Name"), this,
                       [label] { QApplication::clipboard()->setText(label); });
        menu.addAction(tr("Copy Ranks That Have It"), this,
                       [has] { QApplication::clipboard()->setText(has); });
        QAction *copyMissing = menu.addAction(tr("Copy Missing Ranks"), this, [missing] {
            QApplication::clipboard()->setText(missing);
        });
        copyMissing->setEnabled(!missing.isEmpty());
        addRankHighlightMenu(menu, node);
        menu.addSeparator();
    }
    QAction *out = menu.addAction(tr("Zoom Out"), this, &FlameGraphWidget::zoomOut);
    out->setEnabled(zoomRoot() != StackTree::kRoot);
    QAction *reset = menu.addAction(tr("Reset Zoom"), this, &FlameGraphWidget::resetZoom);
    reset->setEnabled(zoomRoot() != StackTree::kRoot);
    NoteOverlay::addMenuActions(viewport(), menu, pos);
    menu.exec(event->globalPos());
}

// "Highlight Rank" lists the first ranks through the frame: with one rank on a path (the classic
// culprit) that rank is one click away; more would not fit a menu.
void FlameGraphWidget::addRankHighlightMenu(QMenu &menu, int node)
{
    constexpr int kListedRanks = 16;
    const RankSet &has = m_scene.tree()->node(node).has;
    QMenu *ranks = menu.addMenu(tr("Highlight Rank"));
    int listed = 0;
    has.forEach([&](int rank) {
        if (listed++ >= kListedRanks)
            return;
        ranks->addAction(tr("Rank %1").arg(rank), this, [this, rank] { highlightRank(rank); });
    });
    if (const int more = listed - kListedRanks; more > 0)
        ranks
            ->addAction(more == 1 ? tr("1 more rank not listed")
                                  : tr("%n more ranks not listed", nullptr, more))
            ->setEnabled(false);
    ranks->setEnabled(listed > 0);
    if (highlightedRank() >= 0)
        menu.addAction(tr("Clear Rank Highlight"), this, [this] { highlightRank(-1); });
}

bool FlameGraphWidget::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const auto hit = m_scene.hitTest(help->pos(), viewportSize(), scrollY());
        const StackTree *tree = m_scene.tree();
        if (!hit.valid() || !tree) {
            QToolTip::hideText();
            event->ignore();
            return true;
        }
        QString text = hit.merged > 1
                           ? FlameGraphText::mergedTooltip(*tree, hit.node, hit.merged)
                           : FlameGraphText::frameTooltip(
                                 *tree, m_scene.dataset(), hit.node,
                                 m_scene.showsDifference() ? &m_scene.difference() : nullptr);
        if (hit.merged <= 1 && m_scene.layout().extent(hit.node).widened)
            text += QStringLiteral("<br><i>%1</i>")
                        .arg(tr("Drawn wider than its share (dashed underline) so that this "
                                "branch of few ranks stays readable."));
        QToolTip::showText(help->globalPos(), text, viewport(), nodeRect(hit.node));
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

void FlameGraphWidget::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange) {
        m_scene.setFont(font());
        updateScrollRange();
    } else if (event->type() == QEvent::PaletteChange) {
        m_scene.setBackground(palette().color(QPalette::Base));
    }
    QAbstractScrollArea::changeEvent(event);
}

} // namespace rankscope
