#include "views/flamegraph/FlameGraphPainter.h"

#include "views/common/HeaderBandColours.h"

#include "views/flamegraph/FlameGraphMarkers.h"
#include "views/flamegraph/FlameGraphPalette.h"
#include "views/flamegraph/FlameGraphText.h"

#include <QFontMetrics>
#include <QPainter>

#include <array>
#include <cmath>

namespace rankscope {

namespace {

const QColor kDimmedText(0x9a, 0x9a, 0x9a);

enum OutlineKind
{
    kSelectionOutline,
    kSearchOutline,
    kHoverOutline
};

QColor outlineColour(int kind)
{
    switch (kind) {
    case kSelectionOutline:
        return FlameGraphPalette::selectionColour();
    case kSearchOutline:
        return FlameGraphPalette::searchOutlineColour();
    default:
        return QColor(0x40, 0x40, 0x40);
    }
}

// Integer box edges, so adjacent frames share crisp 1 px gaps instead of blurred seams.
QRect boxRect(const FlameBox &box, int top, int rowHeight)
{
    const int left = int(std::floor(box.x0));
    int right = std::max(left + 1, int(std::floor(box.x1)));
    if (right - left >= 3)
        right -= 1;
    return QRect(left, top, right - left, rowHeight - 1);
}

// Frames under 3 px have no gap, so a run of neighbours in one colour is one rectangle on screen:
// fill it as one. The raster engine pays per rectangle and scanline, and a zoomed-out tree of
// single-rank frames is mostly such runs.
void appendFill(std::vector<QRect> &bucket, const QRect &rect)
{
    if (!bucket.empty()) {
        QRect &last = bucket.back();
        if (last.top() == rect.top() && last.height() == rect.height() &&
            last.right() + 1 == rect.left()) {
            last.setRight(rect.right());
            return;
        }
    }
    bucket.push_back(rect);
}

} // namespace

QSize FlameGraphPainter::fullSize(FlameGraphScene &scene, int width)
{
    return QSize(width, scene.headerHeight() + std::max(scene.contentHeight(), scene.rowHeight()));
}

void FlameGraphPainter::paint(QPainter &painter, FlameGraphScene &scene, QSize size,
                              const Options &options)
{
    const QRect all(QPoint(0, 0), size);
    const QRect clip = options.clip.isEmpty() ? all : options.clip.intersected(all);
    painter.save();
    painter.setFont(scene.font());
    painter.fillRect(clip, scene.background());
    if (!scene.tree()) {
        paintMessage(painter, scene, size, tr("No stacks loaded."));
    } else if (scene.tree()->ranksWithData().empty()) {
        paintMessage(painter, scene, size,
                     tr("No stack samples for the chosen threads and process type."));
    } else {
        paintRows(painter, scene, size, options, clip);
    }
    if (clip.top() < scene.headerHeight())
        paintHeader(painter, scene, size);
    painter.restore();
}

void FlameGraphPainter::paintMessage(QPainter &painter, FlameGraphScene &scene, QSize size,
                                     const QString &message)
{
    painter.setPen(kDimmedText);
    painter.drawText(
        QRect(0, scene.headerHeight(), size.width(), size.height() - scene.headerHeight()),
        Qt::AlignCenter | Qt::TextWordWrap, message);
}

void FlameGraphPainter::paintRows(QPainter &painter, FlameGraphScene &scene, QSize size,
                                  const Options &options, const QRect &clip)
{
    const int header = scene.headerHeight();
    const int rowHeight = scene.rowHeight();
    const double width = size.width();
    const FlameGraphGeometry &geometry = scene.geometry(width);
    const QRect area = clip.intersected(QRect(0, header, size.width(), size.height() - header));
    if (area.isEmpty())
        return;
    painter.save();
    painter.setClipRect(area);

    const QFontMetrics metrics(scene.font());
    const int textTop = (rowHeight - 1 - metrics.height()) / 2;
    // Asking the font engine per box costs a lock and a lookup: ask once per paint.
    const int minLabelWidth = 3 * metrics.averageCharWidth();
    const bool searching = scene.search().active && scene.search().valid;

    // Pass 1 sorts the visible boxes into one rect list per colour (Qt Creator's timeline
    // idea): one drawRects call per colour instead of one fill per frame.
    auto &buckets = scene.fillBuckets();
    buckets.resize(2 * FlameGraphScene::kSlotCount);
    for (auto &bucket : buckets)
        bucket.clear();
    struct TextItem
    {
        QPoint at;
        const FlameGraphScene::BoxLabel *label;
        int slot;
        bool dim;
    };
    std::vector<TextItem> texts;
    std::vector<QRect> hatched;
    std::vector<QRect> onlyHere; // difference mode: frames the other run does not have
    std::vector<QRect> widened;  // drawn wider than their share: a dashed underline says so
    std::array<std::vector<QRect>, 3> outlines;

    for (int row = 0; row < geometry.rowCount(); ++row) {
        const int top = int(std::lround(scene.rowTop(row, size, options.scrollY)));
        if (top + rowHeight <= area.top() || top > area.bottom())
            continue;
        const auto [first, last] = geometry.rangeIn(row, area.left(), area.right() + 1);
        const auto &boxes = geometry.row(row);
        for (std::size_t i = first; i < last; ++i) {
            const FlameBox &box = boxes[i];
            const QRect rect = boxRect(box, top, rowHeight);
            const bool dim = scene.isDimmed(box.node);
            const int slot =
                box.isMerged() ? FlameGraphScene::kMergedSlot : scene.colourSlot(box.node);

            // An outline is the box filled in the outline colour with the frame's colour
            // inset on top: thousands of search matches stay one drawRects call.
            int outline = -1;
            if (box.node == scene.selected())
                outline = kSelectionOutline;
            else if (searching && !box.isMerged() && scene.isSearchMatch(box.node))
                outline = kSearchOutline;
            else if (box.node == scene.hovered())
                outline = kHoverOutline;
            QRect fillRect = rect;
            if (outline >= 0) {
                outlines[std::size_t(outline)].push_back(rect);
                const int inset = outline == kHoverOutline ? 1 : 2;
                fillRect = rect.adjusted(inset, inset, -inset, -inset);
            }
            if (!fillRect.isEmpty())
                appendFill(buckets[std::size_t(dim ? FlameGraphScene::kSlotCount + slot : slot)],
                           fillRect);
            if (box.isMerged() && rect.width() >= 4 && !dim)
                hatched.push_back(fillRect);
            else if (!box.isMerged() && !dim && scene.isOnlyHere(box.node) && !fillRect.isEmpty())
                appendFill(onlyHere, fillRect);
            if (box.widened)
                widened.push_back(rect);

            if (rect.width() < minLabelWidth)
                continue;
            const FlameGraphScene::BoxLabel &label =
                scene.boxLabel(width, row, static_cast<int>(i));
            if (label.hasName)
                texts.push_back({QPoint(rect.left() + FlameGraphScene::kTextPadding, top + textTop),
                                 &label, slot, dim});
        }
    }

    painter.setPen(Qt::NoPen);
    for (int kind = 0; kind < int(outlines.size()); ++kind) {
        if (outlines[std::size_t(kind)].empty())
            continue;
        painter.setBrush(outlineColour(kind));
        painter.drawRects(outlines[std::size_t(kind)].data(),
                          int(outlines[std::size_t(kind)].size()));
    }
    for (int index = 0; index < int(buckets.size()); ++index) {
        const auto &rects = buckets[std::size_t(index)];
        if (rects.empty())
            continue;
        const bool dim = index >= FlameGraphScene::kSlotCount;
        painter.setBrush(scene.slotColour(index % FlameGraphScene::kSlotCount, dim));
        painter.drawRects(rects.data(), int(rects.size()));
    }
    if (!hatched.empty()) {
        painter.setBrush(QBrush(QColor(0x90, 0x90, 0x90), Qt::BDiagPattern));
        painter.drawRects(hatched.data(), int(hatched.size()));
    }
    if (!onlyHere.empty()) {
        painter.setBrush(FlameGraphPalette::onlyHereHatch());
        painter.drawRects(onlyHere.data(), int(onlyHere.size()));
    }
    painter.setBrush(Qt::NoBrush);
    if (!widened.empty()) {
        // Not to scale: a dashed line along the bottom edge, as a chart marks a broken axis.
        QPen dashes(QColor(0x20, 0x20, 0x20), 1, Qt::CustomDashLine);
        dashes.setDashPattern({3, 2});
        painter.setPen(dashes);
        for (const QRect &rect : widened)
            painter.drawLine(rect.left() + 1, rect.bottom() - 1, rect.right() - 1,
                             rect.bottom() - 1);
    }

    for (const TextItem &item : texts) {
        const QColor &text = scene.slotTextColour(item.slot, item.dim);
        painter.setPen(text);
        painter.drawStaticText(item.at, item.label->name);
        if (item.label->hasRanks) {
            QColor muted = text;
            muted.setAlpha(170);
            painter.setPen(muted);
            painter.drawStaticText(item.at + QPoint(int(item.label->ranksX), 0), item.label->ranks);
        }
    }

    // Over the frames and their names: a one-run path must not hide under a neighbour's label.
    paintOneRunMarkers(painter, scene, size, options.scrollY, area);
    paintSelectionCallout(painter, scene, size, options, area);
    painter.restore();
}

// The selected frame always shows its name: when its box is too narrow for the label (a one-rank
// branch among thousands), the label is drawn beside the box, so screen and exported picture
// both say what is selected.
void FlameGraphPainter::paintSelectionCallout(QPainter &painter, FlameGraphScene &scene, QSize size,
                                              const Options &options, const QRect &area)
{
    const int node = scene.selected();
    const StackTree &tree = *scene.tree();
    if (node < 0 || node >= tree.size() || !scene.layout().contains(node))
        return;
    const int row = tree.node(node).depth;
    const double width = size.width();
    const FlameGraphGeometry &geometry = scene.geometry(width);
    const auto [boxRow, boxIndex] = geometry.boxOf(scene.layout(), node, row);
    if (boxIndex < 0)
        return;
    const FlameBox &box = geometry.row(boxRow)[std::size_t(boxIndex)];
    const FlameGraphScene::BoxLabel &label = scene.boxLabel(width, boxRow, boxIndex);
    if (!box.isMerged() && label.name.text() == scene.label(node))
        return; // the name is already readable in the box

    const int top = int(std::lround(scene.rowTop(row, size, options.scrollY)));
    const QRect rect = boxRect(box, top, scene.rowHeight());
    const QString text = scene.label(node) + QStringLiteral("  ") + scene.rankPart(node);
    const QFontMetrics metrics(scene.font());
    const int fullWidth = metrics.horizontalAdvance(text) + 1;
    const int textWidth = std::min(fullWidth, size.width() / 2);
    const QString shown =
        fullWidth <= textWidth ? text : metrics.elidedText(text, Qt::ElideRight, textWidth);
    const int calloutWidth = textWidth + 2 * FlameGraphScene::kTextPadding;
    // Beside the box, on whichever side has room (left of a frame near the right edge).
    int left = rect.right() + 4;
    if (left + calloutWidth > area.right() && rect.left() - 4 - calloutWidth >= area.left())
        left = rect.left() - 4 - calloutWidth;
    const QRect callout(left, rect.top(), calloutWidth, rect.height());
    painter.fillRect(callout, QColor(255, 255, 255, 240));
    painter.setPen(QPen(FlameGraphPalette::selectionColour(), 1));
    painter.drawRect(callout.adjusted(0, 0, -1, -1));
    painter.setPen(QColor(0x1a, 0x1a, 0x1a));
    painter.drawText(callout.adjusted(FlameGraphScene::kTextPadding, 0, 0, 0),
                     Qt::AlignVCenter | Qt::AlignLeft, shown);
}

void FlameGraphPainter::paintHeader(QPainter &painter, FlameGraphScene &scene, QSize size)
{
    const QRect band(0, 0, size.width(), scene.headerHeight());
    painter.fillRect(band, kHeaderBackground);
    painter.setPen(kHeaderLine);
    painter.drawLine(band.bottomLeft(), band.bottomRight());
    if (!scene.tree())
        return;

    const int legendLeft = paintLegend(painter, scene, band);

    QString summary =
        scene.showsDifference()
            ? FlameGraphText::differenceSummary(*scene.tree(), scene.difference(),
                                                scene.differenceScale())
            : FlameGraphText::summary(*scene.tree(), scene.widthMode(),
                                      scene.dataset() ? &scene.dataset()->job : nullptr);
    const auto &search = scene.search();
    if (search.active && search.valid) {
        summary += QStringLiteral("  ·  ") +
                   ((search.matches) == 1 ? tr("search: %n frame", nullptr, search.matches)
                                          : tr("search: %n frames", nullptr, search.matches)) +
                   (search.ranks.empty()
                        ? QString()
                        : QStringLiteral(" ") +
                              tr("on ranks %1").arg(FlameGraphText::rankRanges(search.ranks, 40)));
    }
    if (scene.highlightedRanks().count() > 1)
        summary += QStringLiteral("  ·  ") +
                   tr("ranks %1 highlighted")
                       .arg(FlameGraphText::rankRanges(scene.highlightedRanks(), 40));
    else if (scene.highlightedRank() >= 0)
        summary += QStringLiteral("  ·  ") + tr("rank %1 highlighted").arg(scene.highlightedRank());
    const QFontMetrics metrics(scene.font());
    const QRect textRect(band.left() + 8, band.top(), legendLeft - 16 - band.left(), band.height());
    // Beside a legend that takes nearly the whole band, "204…" would read as a number: nothing.
    if (textRect.width() < 12 * metrics.averageCharWidth())
        return;
    painter.setPen(kHeaderText);
    painter.drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft,
                     metrics.elidedText(summary, Qt::ElideRight, textRect.width()));
}

// Draws the legend right-aligned in the band; returns its left edge. A narrow view drops its
// side entries (frames widened to stay readable, frames narrower than a pixel) before the legend
// would run out of the band on the left.
int FlameGraphPainter::paintLegend(QPainter &painter, FlameGraphScene &scene, const QRect &band)
{
    const int room = band.width() - 16;
    const bool sideEntries = band.right() - 8 - layOutLegend(nullptr, scene, band, true) <= room;
    painter.save();
    painter.setClipRect(band, Qt::IntersectClip); // what still does not fit is cut at the edge
    const int left = layOutLegend(&painter, scene, band, sideEntries);
    painter.restore();
    return left;
}

// The legend from right to left; paints only with a painter (without one it measures).
int FlameGraphPainter::layOutLegend(QPainter *painter, FlameGraphScene &scene, const QRect &band,
                                    bool sideEntries)
{
    const QFontMetrics metrics(scene.font());
    const int swatch = metrics.height() - 4;
    const int midY = band.center().y();
    int x = band.right() - 8;

    // Laid out right to left: each item takes its width from x.
    auto text = [&](const QString &s, const QColor &colour) {
        const int w = metrics.horizontalAdvance(s);
        x -= w;
        if (!painter)
            return;
        painter->setPen(colour);
        painter->drawText(QRect(x, band.top(), w, band.height()), Qt::AlignVCenter, s);
    };
    auto box = [&](const QColor &fill, bool hatched,
                   const QBrush &hatch = QBrush(QColor(0x90, 0x90, 0x90), Qt::BDiagPattern)) {
        x -= swatch;
        const QRect r(x, midY - swatch / 2, swatch, swatch);
        if (!painter)
            return;
        painter->fillRect(r, fill);
        if (hatched)
            painter->fillRect(r, hatch);
        painter->setPen(kHeaderLine);
        painter->drawRect(r.adjusted(0, 0, -1, -1));
    };
    auto space = [&](int w) { x -= w; };

    if (sideEntries && scene.layout().widenedCount() > 0) {
        text(tr("widened to stay readable"), kHeaderText);
        space(4);
        x -= swatch;
        const QRect r(x, midY - swatch / 2, swatch, swatch);
        if (painter) {
            painter->fillRect(r, FlameGraphPalette::coverageStepColour(0));
            QPen dashes(QColor(0x20, 0x20, 0x20), 1, Qt::CustomDashLine);
            dashes.setDashPattern({3, 2});
            painter->setPen(dashes);
            painter->drawLine(r.left() + 1, r.bottom() - 1, r.right() - 1, r.bottom() - 1);
            painter->setPen(kHeaderLine);
            painter->drawRect(r.adjusted(0, 0, -1, -1));
        }
        space(18);
    }
    if (sideEntries) {
        text(tr("narrower than a pixel"), kHeaderText);
        space(4);
        box(FlameGraphPalette::mergedColour(), true);
        space(18);
    }

    if (scene.showsDifference()) {
        // Red and blue always read as the target against the baseline, whichever tree is drawn;
        // the hatched swatch says what "only here" means in this direction.
        const FlameDifference &difference = scene.difference();
        const int extreme = difference.reversed ? 0 : FlameGraphPalette::kDifferenceSteps - 1;
        text(FlameGraphText::onlyHereLegend(difference), kHeaderText);
        space(4);
        box(FlameGraphPalette::differenceStepColour(extreme), true,
            FlameGraphPalette::onlyHereHatch());
        space(18);
        text(tr("gained ranks"), kHeaderText);
        space(6);
        const int barWidth = 120;
        x -= barWidth;
        const QRect bar(x, midY - swatch / 2, barWidth, swatch);
        if (painter) {
            painter->fillRect(bar, FlameGraphPalette::differenceGradient(bar.left(), bar.right()));
            painter->setPen(kHeaderLine);
            painter->drawRect(bar.adjusted(0, 0, -1, -1));
            painter->setPen(QColor(0x55, 0x55, 0x55)); // tick at "no change"
            painter->drawLine(bar.center().x(), bar.bottom() + 1, bar.center().x(),
                              bar.bottom() - 2);
        }
        space(6);
        text(tr("lost ranks"), kHeaderText);
        space(8);
        text(tr("%1 vs %2:")
                 .arg(FlameGraphText::targetName(difference),
                      FlameGraphText::baselineName(difference)),
             kHeaderText);
        return x;
    }

    const int withData = scene.tree()->ranksWithData().count();
    if (scene.colourMode() == FlameColourMode::EquivalenceClass &&
        !scene.equivalenceClasses().empty()) {
        text(tr("mixed"), kHeaderText);
        space(4);
        box(FlameGraphPalette::mixedClassColour(), false);
        const auto &classes = scene.equivalenceClasses();
        const int shown = std::min<int>(int(classes.size()), FlameGraphPalette::classColourCount());
        for (int c = std::min(shown, 6) - 1; c >= 0; --c) {
            space(12);
            text(FlameGraphText::rankRanges(classes[std::size_t(c)].ranks, 24), kHeaderText);
            space(4);
            box(FlameGraphPalette::classColour(c), false);
        }
        space(8);
        text(tr("same stack class:"), kHeaderText);
        return x;
    }

    text(tr("all %1").arg(withData), kHeaderText);
    space(6);
    const int barWidth = 120;
    x -= barWidth;
    const QRect bar(x, midY - swatch / 2, barWidth, swatch);
    if (painter) {
        painter->fillRect(bar,
                          FlameGraphPalette::coverageGradient(bar.left(), bar.right(), withData));
        painter->setPen(kHeaderLine);
        painter->drawRect(bar.adjusted(0, 0, -1, -1));
        // Tick at one half, where the palette turns from warm (minority) to cool (majority).
        painter->setPen(QColor(0x55, 0x55, 0x55));
        painter->drawLine(bar.center().x(), bar.bottom() + 1, bar.center().x(), bar.bottom() - 2);
    }
    space(6);
    text(tr("1 rank"), kHeaderText);
    space(8);
    text(tr("ranks that have the frame:"), kHeaderText);
    return x;
}

} // namespace rankscope
