#include "views/flamegraph/FlameGraphMarkers.h"

#include "views/flamegraph/FlameGraphPalette.h"

#include <QFontMetrics>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace rankscope {

namespace {

constexpr int kMarkerLabelMaxPx = 220;
const QColor kMarkerOutline(0x20, 0x20, 0x20);

} // namespace

void paintOneRunMarkers(QPainter &painter, FlameGraphScene &scene, QSize size, double scrollY,
                        const QRect &area)
{
    const FlameGraphGeometry &geometry = scene.geometry(size.width());
    if (geometry.markerCount() == 0 || !scene.tree())
        return;
    const StackTree &tree = *scene.tree();
    const int rowHeight = scene.rowHeight();
    const QFontMetrics metrics(scene.font());
    painter.save();
    for (int row = 0; row < geometry.rowCount(); ++row) {
        const std::vector<FlameBox> &marks = geometry.markers(row);
        if (marks.empty())
            continue;
        const int top = int(std::lround(scene.rowTop(row, size, scrollY)));
        if (top + rowHeight <= area.top() || top > area.bottom())
            continue;
        int labelsEnd = area.left(); // callouts of one row never overlap each other
        for (const FlameBox &mark : marks) {
            if (mark.x1 < area.left() || mark.x0 > area.right() + 1)
                continue;
            const bool dim = scene.isDimmed(mark.node);
            const QRect rect(int(std::floor(mark.x0)), top,
                             std::max(1, int(std::lround(mark.x1 - mark.x0))), rowHeight - 1);
            // Full colour whatever the size of the change: two ranks of 2,048 moved a tenth of a
            // point, which the graph's scale would draw almost neutral.
            const double change = scene.difference().targetMinusBaseline(mark.node);
            const double scale = std::max(scene.differenceScale(), 1e-9);
            QColor fill = FlameGraphPalette::differenceStepColour(
                FlameGraphPalette::differenceStep(change >= 0 ? scale : -scale, scale));
            if (dim)
                fill = scene.slotColour(scene.colourSlot(mark.node), true);
            painter.fillRect(rect, fill);
            painter.fillRect(rect, FlameGraphPalette::onlyHereHatch());
            painter.setPen(QPen(dim ? kMarkerOutline.lighter(250) : kMarkerOutline, 1));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(rect.adjusted(0, 0, -1, -1));

            // Only the branch's first frame carries a label: the frames below it are its callees.
            const int parent = tree.node(mark.node).parent;
            const bool branchStart = parent <= 0 || !scene.isOnlyHere(parent);
            if (!branchStart || dim)
                continue;
            const QString text =
                metrics.elidedText(scene.label(mark.node), Qt::ElideRight, kMarkerLabelMaxPx);
            const int width = metrics.horizontalAdvance(text) + 2 * FlameGraphScene::kTextPadding;
            int left = rect.right() + 3;
            if (left + width > area.right())
                left = rect.left() - 3 - width;
            if (left < labelsEnd || left < area.left())
                continue;
            const QRect callout(left, top + 1, width, rowHeight - 3);
            painter.fillRect(callout, QColor(255, 255, 255, 230));
            painter.setPen(kMarkerOutline);
            painter.drawText(callout.adjusted(FlameGraphScene::kTextPadding, 0, 0, 0),
                             Qt::AlignVCenter | Qt::AlignLeft, text);
            labelsEnd = callout.right() + 4;
        }
    }
    painter.restore();
}

} // namespace rankscope
