#pragma once

#include "core/stacks/StackAnalysis.h"
#include "core/stacks/StackTree.h"
#include "views/flamegraph/FlameDifference.h"
#include "views/flamegraph/FlameGraphGeometry.h"
#include "views/flamegraph/FlameGraphLayout.h"
#include "views/flamegraph/FlameGraphPalette.h"

#include <QColor>
#include <QFont>
#include <QPointF>
#include <QRect>
#include <QSize>
#include <QStaticText>
#include <QString>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace rankscope {

enum class FlameColourMode
{
    Coverage,
    EquivalenceClass,
    Difference // change against another run (setDifference); coverage until one is set
};

// What a flame graph shows and how, without any widget: the tree, the zoom, the marks (search,
// rank highlight, selection, hover) and the cached layout and pixel geometry. The widget drives
// one; the picture export paints the same scene, so screen and file agree.
class FlameGraphScene
{
public:
    struct Hit
    {
        int row = -1;
        int box = -1;
        int node = -1;  // the frame, or the widest member of a merged box
        int merged = 0; // > 1 for a box of narrow frames
        bool valid() const { return node >= 0; }
    };
    struct SearchResult
    {
        bool active = false;
        bool valid = true; // false for an invalid regular expression
        QString error;
        int matches = 0; // frames whose label matches, in the whole tree
        RankSet ranks;   // union of their `has`
    };

    FlameGraphScene();

    void setTree(std::shared_ptr<const StackTree> tree,
                 std::shared_ptr<const StackDataset> data = {});
    const StackTree *tree() const { return m_tree.get(); }
    const std::shared_ptr<const StackTree> &treePtr() const { return m_tree; }
    const StackDataset *dataset() const { return m_data.get(); }

    void setZoomRoot(int node);
    int zoomRoot() const { return m_zoomRoot; }
    void setWidthMode(WidthMode mode);
    WidthMode widthMode() const { return m_widthMode; }
    void setOrientation(FlameOrientation orientation) { m_orientation = orientation; }
    FlameOrientation orientation() const { return m_orientation; }
    void setColourMode(FlameColourMode mode);
    FlameColourMode colourMode() const { return m_colourMode; }
    // Per-node changes for FlameColourMode::Difference, for the current tree (setTree drops them:
    // node ids of another tree mean nothing). Ignored when their size does not match the tree.
    void setDifference(FlameDifference difference);
    const FlameDifference &difference() const { return m_difference; }
    // Whether frames are coloured by difference now (the mode is on and changes are set).
    bool showsDifference() const;
    // The |change| that gets full colour: the largest in the tree, at least a few points so
    // that noise between two healthy runs stays pale.
    double differenceScale() const { return m_differenceScale; }
    // A frame the other run has no rank on (drawn hatched in difference mode).
    bool isOnlyHere(int node) const;
    void setEquivalenceClasses(std::vector<EquivalenceClass> classes);
    const std::vector<EquivalenceClass> &equivalenceClasses() const { return m_classes; }

    const SearchResult &setSearch(const QString &pattern, bool regex);
    const SearchResult &search() const { return m_search; }
    // The ranks whose paths stay bright (a finding names several); the others are dimmed.
    void setHighlightedRanks(RankSet ranks);
    const RankSet &highlightedRanks() const { return m_highlightRanks; }
    void setHighlightedRank(int rank); // one rank, -1 clears
    int highlightedRank() const { return m_highlightRanks.first(); }
    void setSelected(int node) { m_selected = node; }
    int selected() const { return m_selected; }
    void setHovered(int node) { m_hovered = node; }
    int hovered() const { return m_hovered; }

    void setFont(const QFont &font);
    const QFont &font() const { return m_font; }
    void setBackground(const QColor &colour);
    QColor background() const { return m_background; }
    int rowHeight() const { return m_rowHeight; }
    int headerHeight() const { return m_headerHeight; }
    int rowCount() { return layout().rowCount(); }
    // Height of all rows; the picture export uses headerHeight() + contentHeight().
    int contentHeight() { return rowCount() * m_rowHeight; }

    // Frames drawn at least a readable width whatever their share (the suspects' frames), and
    // that width in pixels. The layout then depends on the drawing width: setLayoutWidth (the
    // widget on resize) and geometry(pixelWidth) re-lay it out for a new width.
    void setEmphasisedNodes(std::vector<int> nodes);
    const std::vector<int> &emphasisedNodes() const { return m_emphasised; }
    // Wide enough for a label of about a dozen characters in the scene's font.
    double minimumReadableWidth() const;
    void setLayoutWidth(double pixelWidth);

    const FlameGraphLayout &layout();
    const FlameGraphGeometry &geometry(double pixelWidth);

    // The text drawn in one box of the geometry of a width, laid out once and replayed (text
    // shaping is the most expensive part of a paint). Empty when the box is too narrow.
    struct BoxLabel
    {
        bool computed = false;
        bool hasName = false;
        bool hasRanks = false;
        QStaticText name;  // function (elided) or "12 frames" for a merged box
        QStaticText ranks; // "has: ... | missing: ..." when it fits after the name
        float ranksX = 0;  // offset of the rank part from the text start
    };
    const BoxLabel &boxLabel(double pixelWidth, int row, int box);
    static constexpr int kTextPadding = 4;

    // Whether a node is emphasised (matches the search and lies on the highlighted rank's path).
    bool isDimmed(int node) const;
    bool isSearchMatch(int node) const;
    QColor baseColour(int node) const;

    // Colours as slots of a small table, so painting can fill all frames of one colour at once:
    // coverage steps, then class colours (last one = mixed), then the grey of merged boxes, then
    // the diverging difference steps.
    static constexpr int kClassSlotBase = FlameGraphPalette::kCoverageSteps;
    static constexpr int kMergedSlot = kClassSlotBase + FlameGraphPalette::kClassColours + 1;
    static constexpr int kDifferenceSlotBase = kMergedSlot + 1;
    static constexpr int kSlotCount = kDifferenceSlotBase + FlameGraphPalette::kDifferenceSteps;
    int colourSlot(int node) const;
    const QColor &slotColour(int slot, bool dimmed) const;
    const QColor &slotTextColour(int slot, bool dimmed) const;
    // Reused between paints (one vector of rects per slot and dimming) to avoid allocations.
    std::vector<std::vector<QRect>> &fillBuckets() { return m_fillBuckets; }
    const QString &label(int node) const;
    const QString &rankPart(int node);

    // The frame under a point of a painted area of `size` scrolled down by scrollY.
    Hit hitTest(QPointF pos, QSize size, double scrollY);
    // Top of a row in the same coordinates.
    double rowTop(int row, QSize size, double scrollY);

private:
    void rebuildNodeCaches();
    void rebuildClassMap();
    void rebuildMarks();
    void invalidateLayout();
    void rebuildSlotColours();
    void rebuildDifferenceSteps();
    void invalidateLabels(); // the rank parts and box labels (their text depends on the mode)

    std::shared_ptr<const StackTree> m_tree;
    std::shared_ptr<const StackDataset> m_data;
    int m_zoomRoot = StackTree::kRoot;
    WidthMode m_widthMode = WidthMode::Ranks;
    FlameOrientation m_orientation = FlameOrientation::Icicle;
    FlameColourMode m_colourMode = FlameColourMode::Coverage;
    std::vector<EquivalenceClass> m_classes;
    FlameDifference m_difference;
    double m_differenceScale = 0;
    std::vector<std::uint8_t> m_differenceStep; // per node, when m_difference fits the tree

    QString m_searchPattern;
    bool m_searchRegex = false;
    SearchResult m_search;
    RankSet m_highlightRanks;
    int m_selected = -1;
    int m_hovered = -1;

    QFont m_font;
    QColor m_background = Qt::white;
    int m_rowHeight = 20;
    int m_headerHeight = 28;

    std::optional<FlameGraphLayout> m_layout;
    std::vector<int> m_emphasised;
    double m_layoutWidthPx = 0; // the width the emphasis floors were computed for
    struct CachedGeometry
    {
        FlameGraphGeometry geometry;
        std::vector<std::vector<BoxLabel>> labels; // per row, per box; filled on first paint
    };
    CachedGeometry &cachedGeometry(double pixelWidth);
    std::vector<CachedGeometry> m_geometries; // a small cache keyed by pixel width

    // Per node, built when the tree changes.
    std::vector<QString> m_labels;
    std::vector<std::optional<QString>> m_rankParts; // filled on first use
    std::vector<std::uint8_t> m_coverageStep;
    std::vector<QColor> m_slotColours;     // kSlotCount plain, then kSlotCount dimmed
    std::vector<QColor> m_slotTextColours; // same layout
    std::vector<std::vector<QRect>> m_fillBuckets;
    std::optional<FlameTreeShape> m_shapes[2]; // per WidthMode, built on first layout
    std::vector<int> m_classOf; // index into m_classes, -1 when shared by several classes
    // Per node marks: bit 0 = search match, bit 1 = dimmed.
    std::vector<std::uint8_t> m_marks;
};

} // namespace rankscope
