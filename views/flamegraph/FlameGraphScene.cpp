#include "views/flamegraph/FlameGraphScene.h"

#include "views/flamegraph/FlameGraphPalette.h"
#include "views/flamegraph/FlameGraphText.h"

#include <QFontMetrics>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace rankscope {

namespace {
constexpr std::uint8_t kMatch = 1;
constexpr std::uint8_t kDimmed = 2;
constexpr std::size_t kGeometryCacheSize = 3;
} // namespace

FlameGraphScene::FlameGraphScene()
{
    m_geometries.reserve(kGeometryCacheSize);
    rebuildSlotColours();
}

void FlameGraphScene::setTree(std::shared_ptr<const StackTree> tree,
                              std::shared_ptr<const StackDataset> data)
{
    m_tree = std::move(tree);
    m_data = std::move(data);
    m_zoomRoot = StackTree::kRoot;
    m_selected = -1;
    m_hovered = -1;
    m_difference = FlameDifference();
    m_emphasised.clear(); // node ids of the old tree
    rebuildNodeCaches();
    rebuildDifferenceSteps();
    invalidateLayout();
    setSearch(m_searchPattern, m_searchRegex);
}

void FlameGraphScene::setZoomRoot(int node)
{
    if (!m_tree || node < 0 || node >= m_tree->size())
        node = StackTree::kRoot;
    if (node == m_zoomRoot)
        return;
    m_zoomRoot = node;
    invalidateLayout();
}

void FlameGraphScene::setWidthMode(WidthMode mode)
{
    if (mode == m_widthMode)
        return;
    m_widthMode = mode;
    invalidateLayout();
}

void FlameGraphScene::setEquivalenceClasses(std::vector<EquivalenceClass> classes)
{
    m_classes = std::move(classes);
    rebuildClassMap();
}

void FlameGraphScene::setColourMode(FlameColourMode mode)
{
    if (mode == m_colourMode)
        return;
    const bool showedDifference = showsDifference();
    m_colourMode = mode;
    if (showedDifference != showsDifference())
        m_geometries.clear(); // labels and the markers of one-run paths depend on it
}

void FlameGraphScene::setDifference(FlameDifference difference)
{
    m_difference = std::move(difference);
    rebuildDifferenceSteps();
    invalidateLabels();
    m_geometries.clear(); // the markers of one-run paths depend on it
}

bool FlameGraphScene::showsDifference() const
{
    return m_colourMode == FlameColourMode::Difference && m_tree && !m_differenceStep.empty();
}

bool FlameGraphScene::isOnlyHere(int node) const
{
    return showsDifference() && node >= 0 && node < int(m_difference.changes.size()) &&
           m_difference.onlyHere(node);
}

void FlameGraphScene::rebuildDifferenceSteps()
{
    m_differenceStep.clear();
    m_differenceScale = 0;
    if (!m_tree || m_difference.changes.size() != std::size_t(m_tree->size()))
        return;
    // The root compares "all ranks" with "all ranks" and says nothing: leave it out of the scale.
    // The floor keeps a healthy pair (changes of a point or two) pale instead of saturating its
    // noise, and is stated in the legend as the value of full colour.
    constexpr double kMinimumScale = 0.05;
    double largest = 0;
    for (std::size_t i = 1; i < m_difference.changes.size(); ++i)
        largest = std::max(largest, std::abs(double(m_difference.changes[i].change)));
    m_differenceScale =
        std::max(m_difference.scale > 0 ? m_difference.scale : largest, kMinimumScale);
    m_differenceStep.reserve(m_difference.changes.size());
    for (int i = 0; i < m_tree->size(); ++i)
        m_differenceStep.push_back(std::uint8_t(FlameGraphPalette::differenceStep(
            m_difference.targetMinusBaseline(i), m_differenceScale)));
}

void FlameGraphScene::invalidateLabels()
{
    for (auto &part : m_rankParts)
        part.reset();
    for (CachedGeometry &cached : m_geometries) {
        for (auto &row : cached.labels)
            row.clear();
    }
}

void FlameGraphScene::setFont(const QFont &font)
{
    m_font = font;
    const QFontMetrics metrics(font);
    m_rowHeight = metrics.height() + 6;
    m_headerHeight = metrics.height() + 12;
    m_geometries.clear(); // cached labels were laid out in the old font
    if (!m_emphasised.empty())
        m_layout.reset(); // the readable width follows the font
}

void FlameGraphScene::invalidateLayout()
{
    m_layout.reset();
    m_geometries.clear();
}

void FlameGraphScene::setEmphasisedNodes(std::vector<int> nodes)
{
    if (nodes == m_emphasised)
        return;
    m_emphasised = std::move(nodes);
    invalidateLayout();
}

double FlameGraphScene::minimumReadableWidth() const
{
    return 12 * QFontMetricsF(m_font).averageCharWidth() + 2 * kTextPadding;
}

void FlameGraphScene::setLayoutWidth(double pixelWidth)
{
    if (pixelWidth == m_layoutWidthPx)
        return;
    m_layoutWidthPx = pixelWidth;
    if (!m_emphasised.empty())
        invalidateLayout();
}

const FlameGraphLayout &FlameGraphScene::layout()
{
    if (!m_layout) {
        if (m_tree) {
            auto &shape = m_shapes[m_widthMode == WidthMode::Ranks ? 0 : 1];
            if (!shape)
                shape = FlameTreeShape::of(*m_tree, m_widthMode);
            FlameEmphasis emphasis;
            if (m_layoutWidthPx > 0) {
                emphasis.nodes = m_emphasised;
                // Never more than a third of the width per frame: on a narrow picture the
                // floors would otherwise squeeze the majority out of sight.
                emphasis.minimumFraction =
                    std::min(1.0 / 3, minimumReadableWidth() / m_layoutWidthPx);
            }
            m_layout.emplace(*m_tree, m_zoomRoot, m_widthMode, &*shape, emphasis);
        } else
            m_layout.emplace();
    }
    return *m_layout;
}

FlameGraphScene::CachedGeometry &FlameGraphScene::cachedGeometry(double pixelWidth)
{
    setLayoutWidth(pixelWidth);
    for (CachedGeometry &cached : m_geometries) {
        if (cached.geometry.pixelWidth() == pixelWidth)
            return cached;
    }
    if (m_geometries.size() >= kGeometryCacheSize)
        m_geometries.erase(m_geometries.begin());
    CachedGeometry entry;
    // A differential graph keeps the paths only one run has visible at any width (markers).
    std::vector<std::uint8_t> keep;
    if (showsDifference()) {
        keep.assign(std::size_t(m_tree->size()), 0);
        for (int node = 1; node < m_tree->size(); ++node)
            keep[std::size_t(node)] =
                m_difference.onlyHere(node) && !m_tree->node(node).has.empty();
    }
    entry.geometry = FlameGraphGeometry(layout(), pixelWidth, 1.0, keep.empty() ? nullptr : &keep);
    entry.labels.resize(std::size_t(entry.geometry.rowCount()));
    m_geometries.push_back(std::move(entry));
    return m_geometries.back();
}

const FlameGraphGeometry &FlameGraphScene::geometry(double pixelWidth)
{
    return cachedGeometry(pixelWidth).geometry;
}

const FlameGraphScene::BoxLabel &FlameGraphScene::boxLabel(double pixelWidth, int row, int box)
{
    CachedGeometry &cached = cachedGeometry(pixelWidth);
    auto &rowLabels = cached.labels[std::size_t(row)];
    if (rowLabels.empty())
        rowLabels.resize(cached.geometry.row(row).size());
    BoxLabel &label = rowLabels[std::size_t(box)];
    if (label.computed)
        return label;
    label.computed = true;
    const FlameBox &b = cached.geometry.row(row)[std::size_t(box)];
    const QFontMetricsF metrics(m_font);
    const double room = b.x1 - b.x0 - 2 * kTextPadding;
    // Below three characters a label is noise: leave the box plain.
    if (room < 3 * metrics.averageCharWidth())
        return label;
    auto staticText = [this](const QString &text) {
        QStaticText s(text);
        s.setTextFormat(Qt::PlainText);
        s.setPerformanceHint(QStaticText::AggressiveCaching);
        s.prepare(QTransform(), m_font);
        return s;
    };
    if (b.isMerged()) {
        const QString text = FlameGraphText::mergedLabel(b.merged);
        if (metrics.horizontalAdvance(text) <= room) {
            label.name = staticText(text);
            label.hasName = true;
        }
        return label;
    }
    const QString &name = m_labels[std::size_t(b.node)];
    const double nameWidth = metrics.horizontalAdvance(name);
    if (nameWidth > room) {
        const QString elided = metrics.elidedText(name, Qt::ElideRight, room);
        if (elided.size() > 1) {
            label.name = staticText(elided);
            label.hasName = true;
        }
        return label;
    }
    label.name = staticText(name);
    label.hasName = true;
    // The rank part only when it fits whole: a cut range list would mislead.
    const QString &ranks = rankPart(b.node);
    const double gap = metrics.horizontalAdvance(QStringLiteral("  "));
    if (nameWidth + gap + metrics.horizontalAdvance(ranks) <= room) {
        label.ranks = staticText(ranks);
        label.hasRanks = true;
        label.ranksX = float(nameWidth + gap);
    }
    return label;
}

void FlameGraphScene::rebuildNodeCaches()
{
    m_labels.clear();
    m_rankParts.clear();
    m_geometries.clear();
    m_coverageStep.clear();
    m_shapes[0].reset();
    m_shapes[1].reset();
    if (!m_tree)
        return;
    const std::size_t n = std::size_t(m_tree->size());
    m_labels.reserve(n);
    m_coverageStep.reserve(n);
    m_rankParts.resize(n);
    const int withData = m_tree->ranksWithData().count();
    for (const StackTreeNode &node : m_tree->nodes()) {
        m_labels.push_back(QString::fromStdString(node.label));
        m_coverageStep.push_back(
            std::uint8_t(FlameGraphPalette::coverageStep(node.has.count(), withData)));
    }
    rebuildClassMap();
}

// A frame belongs to a class when every rank through it is in that class.
void FlameGraphScene::rebuildClassMap()
{
    m_classOf.clear();
    if (!m_tree)
        return;
    const std::size_t n = std::size_t(m_tree->size());
    m_classOf.assign(n, -1);
    if (m_classes.empty())
        return;
    std::vector<int> classOfRank;
    for (std::size_t c = 0; c < m_classes.size(); ++c) {
        m_classes[c].ranks.forEach([&](int rank) {
            if (rank >= int(classOfRank.size()))
                classOfRank.resize(std::size_t(rank) + 1, -1);
            classOfRank[std::size_t(rank)] = int(c);
        });
    }
    for (std::size_t i = 0; i < n; ++i) {
        const RankSet &has = m_tree->node(int(i)).has;
        const int first = has.first();
        if (first < 0 || first >= int(classOfRank.size()))
            continue;
        const int c = classOfRank[std::size_t(first)];
        if (c >= 0 && (has - m_classes[std::size_t(c)].ranks).empty())
            m_classOf[i] = c;
    }
}

const FlameGraphScene::SearchResult &FlameGraphScene::setSearch(const QString &pattern, bool regex)
{
    m_searchPattern = pattern;
    m_searchRegex = regex;
    m_search = SearchResult();
    m_marks.assign(m_tree ? std::size_t(m_tree->size()) : 0, 0);
    if (!pattern.isEmpty()) {
        m_search.active = true;
        QRegularExpression expression;
        if (regex) {
            expression = QRegularExpression(pattern, QRegularExpression::CaseInsensitiveOption);
            if (!expression.isValid()) {
                m_search.valid = false;
                m_search.error = expression.errorString();
            }
        }
        if (m_search.valid && m_tree) {
            // The root ("all ranks") is not a frame and never matches.
            for (int i = 1; i < m_tree->size(); ++i) {
                const QString &text = m_labels[std::size_t(i)];
                const bool match = regex ? expression.match(text).hasMatch()
                                         : text.contains(pattern, Qt::CaseInsensitive);
                if (match) {
                    m_marks[std::size_t(i)] |= kMatch;
                    ++m_search.matches;
                    m_search.ranks |= m_tree->node(i).has;
                }
            }
        }
    }
    rebuildMarks();
    return m_search;
}

void FlameGraphScene::setHighlightedRanks(RankSet ranks)
{
    m_highlightRanks = std::move(ranks);
    rebuildMarks();
}

void FlameGraphScene::setHighlightedRank(int rank)
{
    RankSet ranks;
    if (rank >= 0)
        ranks.insert(rank);
    setHighlightedRanks(std::move(ranks));
}

void FlameGraphScene::rebuildMarks()
{
    if (!m_tree)
        return;
    // An invalid pattern dims nothing: the user is still typing.
    const bool searching = m_search.active && m_search.valid;
    const int single = m_highlightRanks.count() == 1 ? m_highlightRanks.first() : -1;
    for (int i = 0; i < m_tree->size(); ++i) {
        std::uint8_t &mark = m_marks[std::size_t(i)];
        bool dim = searching && !(mark & kMatch);
        // A frame stays bright when any highlighted rank runs through it.
        if (single >= 0)
            dim = dim || !m_tree->node(i).has.contains(single);
        else if (!m_highlightRanks.empty())
            dim = dim || (m_tree->node(i).has & m_highlightRanks).empty();
        mark = std::uint8_t((mark & kMatch) | (dim ? kDimmed : 0));
    }
}

bool FlameGraphScene::isDimmed(int node) const
{
    return node >= 0 && std::size_t(node) < m_marks.size() &&
           (m_marks[std::size_t(node)] & kDimmed);
}

bool FlameGraphScene::isSearchMatch(int node) const
{
    return node >= 0 && std::size_t(node) < m_marks.size() && (m_marks[std::size_t(node)] & kMatch);
}

int FlameGraphScene::colourSlot(int node) const
{
    if (showsDifference())
        return kDifferenceSlotBase + m_differenceStep[std::size_t(node)];
    if (m_colourMode == FlameColourMode::EquivalenceClass && !m_classes.empty()) {
        const int c = m_classOf[std::size_t(node)];
        return kClassSlotBase + (c >= 0 && c < FlameGraphPalette::kClassColours
                                     ? c
                                     : FlameGraphPalette::kClassColours);
    }
    return m_coverageStep[std::size_t(node)];
}

QColor FlameGraphScene::baseColour(int node) const
{
    return slotColour(colourSlot(node), false);
}

void FlameGraphScene::setBackground(const QColor &colour)
{
    m_background = colour;
    rebuildSlotColours();
}

void FlameGraphScene::rebuildSlotColours()
{
    m_slotColours.resize(2 * kSlotCount);
    m_slotTextColours.resize(2 * kSlotCount);
    for (int slot = 0; slot < kSlotCount; ++slot) {
        QColor colour;
        if (slot < kClassSlotBase)
            colour = FlameGraphPalette::coverageStepColour(slot);
        else if (slot < kMergedSlot)
            colour = FlameGraphPalette::classColour(slot - kClassSlotBase);
        else if (slot == kMergedSlot)
            colour = FlameGraphPalette::mergedColour();
        else
            colour = FlameGraphPalette::differenceStepColour(slot - kDifferenceSlotBase);
        const QColor dim = FlameGraphPalette::dimmed(colour, m_background);
        m_slotColours[std::size_t(slot)] = colour;
        m_slotColours[std::size_t(kSlotCount + slot)] = dim;
        m_slotTextColours[std::size_t(slot)] = FlameGraphPalette::textColourOn(colour);
        m_slotTextColours[std::size_t(kSlotCount + slot)] = QColor(0x9a, 0x9a, 0x9a);
    }
}

const QColor &FlameGraphScene::slotColour(int slot, bool dimmed) const
{
    return m_slotColours[std::size_t(dimmed ? kSlotCount + slot : slot)];
}

const QColor &FlameGraphScene::slotTextColour(int slot, bool dimmed) const
{
    return m_slotTextColours[std::size_t(dimmed ? kSlotCount + slot : slot)];
}

const QString &FlameGraphScene::label(int node) const
{
    return m_labels[std::size_t(node)];
}

const QString &FlameGraphScene::rankPart(int node)
{
    auto &cached = m_rankParts[std::size_t(node)];
    if (!cached)
        cached = showsDifference() ? FlameGraphText::differencePart(*m_tree, node, m_difference)
                                   : FlameGraphText::rankPart(*m_tree, node);
    return *cached;
}

double FlameGraphScene::rowTop(int row, QSize size, double scrollY)
{
    const double areaHeight = size.height() - m_headerHeight;
    return m_headerHeight +
           FlameGraphLayout::rowTop(row, rowCount(), m_orientation, m_rowHeight, areaHeight) -
           scrollY;
}

FlameGraphScene::Hit FlameGraphScene::hitTest(QPointF pos, QSize size, double scrollY)
{
    Hit hit;
    if (!m_tree || pos.y() < m_headerHeight)
        return hit;
    const double areaHeight = size.height() - m_headerHeight;
    const int row = FlameGraphLayout::rowAtY(pos.y() - m_headerHeight + scrollY, rowCount(),
                                             m_orientation, m_rowHeight, areaHeight);
    if (row < 0)
        return hit;
    const FlameGraphGeometry &geo = geometry(size.width());
    // A marker lies over the boxes, so it is what the pointer is on.
    const int marker = geo.markerAt(row, pos.x());
    if (marker >= 0) {
        hit.row = row;
        hit.box = geo.boxOf(layout(), geo.markers(row)[std::size_t(marker)].node, row).second;
        hit.node = geo.markers(row)[std::size_t(marker)].node;
        hit.merged = 1;
        return hit;
    }
    const int box = geo.boxAt(row, pos.x());
    if (box < 0)
        return hit;
    const FlameBox &b = geo.row(row)[std::size_t(box)];
    hit.row = row;
    hit.box = box;
    hit.node = b.node;
    hit.merged = b.merged;
    return hit;
}

} // namespace rankscope
