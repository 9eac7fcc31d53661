#pragma once

#include "core/stacks/StackAnalysis.h"
#include "core/stacks/StackTree.h"
#include "views/flamegraph/FlameGraphScene.h"
#include "views/stacks/RankSetMetaType.h"

#include <QAbstractScrollArea>
#include <QElapsedTimer>

#include <memory>
#include <vector>

class QMenu;

namespace rankscope {

// The merged cross-rank flame graph (icicle or flame). Frame width = ranks (or samples) through
// the frame, colour = share of the ranks that have it. Click selects, double-click (or a click
// on the selected frame) zooms in, Escape/Backspace zoom back out. Rows scroll vertically; the
// header band with the summary and the colour legend stays on top.
//
// The tree is built elsewhere (off the UI thread) and handed over ready; the widget never
// modifies it.
class FlameGraphWidget : public QAbstractScrollArea
{
    Q_OBJECT

public:
    explicit FlameGraphWidget(QWidget *parent = nullptr);

    // `data` (optional) supplies the full frames (file, line, module) for tooltips.
    void setTree(std::shared_ptr<const StackTree> tree,
                 std::shared_ptr<const StackDataset> data = {});
    std::shared_ptr<const StackTree> tree() const { return m_scene.treePtr(); }
    // Classes for the "colour by equivalence class" mode (StackAnalysis::classes).
    void setEquivalenceClasses(std::vector<EquivalenceClass> classes);
    // Frames kept readable at any zoom (the suspects' frames, FlameGraphScene): set after
    // setTree, which drops them.
    void setEmphasisedNodes(std::vector<int> nodes);

    void setOrientation(FlameOrientation orientation);
    FlameOrientation orientation() const { return m_scene.orientation(); }
    void setWidthMode(WidthMode mode);
    WidthMode widthMode() const { return m_scene.widthMode(); }
    void setColourMode(FlameColourMode mode);
    FlameColourMode colourMode() const { return m_scene.colourMode(); }
    // Per-node changes against another run for FlameColourMode::Difference (differential flame
    // graph); set after setTree, which drops them.
    void setDifference(FlameDifference difference);
    // Shows the paint time of the last and the slowest frame in a corner (for measuring).
    void setShowFrameTime(bool show);

    int selectedNode() const { return m_scene.selected(); }
    int zoomRoot() const { return m_scene.zoomRoot(); }
    // The first highlighted rank (-1: none) and all of them (a finding names several).
    int highlightedRank() const { return m_scene.highlightedRank(); }
    const RankSet &highlightedRanks() const { return m_scene.highlightedRanks(); }

    // Node under a point of the viewport (widget->viewport() coordinates), -1 for none; a grey
    // box of narrow frames gives its widest member.
    int nodeAt(QPoint viewportPos);
    // Where a node is drawn in viewport coordinates (its own box or the merged box holding it);
    // empty when not drawn or scrolled away.
    QRect nodeRect(int node);

    // The scene, for exports: paint it with FlameGraphPainter at FlameGraphPainter::fullSize.
    FlameGraphScene &scene() { return m_scene; }

public slots:
    // Substring (case-insensitive) or regular expression over the frame labels; empty clears.
    void setSearch(const QString &pattern, bool regex);
    // Emphasises the frames whose `has` contains the rank; -1 clears. Emits
    // highlightedRankChanged when the rank changes.
    void highlightRank(int rank);
    // Emphasises the frames any of the ranks runs through (the shared selection of a finding);
    // empty clears. Emits highlightedRankChanged when the first rank changes.
    void highlightRanks(const rankscope::RankSet &ranks);
    // Selects a frame and zooms/scrolls so that it is visible; -1 clears the selection.
    void selectNode(int node);
    void zoomTo(int node);
    void zoomOut();   // back to the previous zoom root, or one level up
    void resetZoom(); // whole tree

signals:
    void frameSelected(int node); // -1 when the selection is cleared
    void zoomChanged(int zoomRoot);
    void searchMatched(int matchingFrames, const rankscope::RankSet &ranks);
    void searchInvalid(const QString &message);
    void frameHovered(int node); // -1 when leaving frames
    // The highlighted rank changed (highlightRank or the context menu); -1 when cleared.
    void highlightedRankChanged(int rank);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void changeEvent(QEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void applyZoom(int node, bool remember);
    void addRankHighlightMenu(QMenu &menu, int node);
    void updateScrollRange();
    void ensureRowVisible(int row);
    void setHovered(int node);
    void setSelectedNode(int node); // repaints the rows involved, emits frameSelected
    void updateRowOf(int node);
    double scrollY() const;
    QSize viewportSize() const;

    FlameGraphScene m_scene;
    std::vector<int> m_zoomHistory;
    int m_pressedNode = -1;
    int m_revealOnShow = -1; // selected before the widget had a size: zoom/scroll when shown
    bool m_ignoreRelease = false;
    bool m_showFrameTime = false;
    double m_lastPaintMs = 0;
    double m_worstPaintMs = 0;
};

} // namespace rankscope
