#include "views/common/FlowLayout.h"

#include <QStyle>
#include <QWidget>

#include <algorithm>
#include <vector>

namespace rankscope {

namespace {

bool growsInItsRow(const QLayoutItem *item)
{
    return item->expandingDirections() & Qt::Horizontal;
}

// The width an item asks for before the row's leftover is shared out.
int placedWidth(const QLayoutItem *item)
{
    return std::max(item->sizeHint().width(), item->minimumSize().width());
}

int itemHeight(const QLayoutItem *item, int width)
{
    const int height =
        item->hasHeightForWidth() ? item->heightForWidth(width) : item->sizeHint().height();
    return std::clamp(height, item->minimumSize().height(), item->maximumSize().height());
}

struct Placed
{
    QLayoutItem *item;
    int width;
};

} // namespace

FlowLayout::FlowLayout(QWidget *parent) : QLayout(parent)
{
    setSpacing(4);
}

FlowLayout::~FlowLayout()
{
    while (QLayoutItem *item = takeAt(0))
        delete item;
}

void FlowLayout::addLayout(QLayout *layout)
{
    addChildLayout(layout);
    addItem(layout);
}

void FlowLayout::addItem(QLayoutItem *item)
{
    m_items.append(item);
    invalidate();
}

QLayoutItem *FlowLayout::itemAt(int index) const
{
    return index >= 0 && index < m_items.size() ? m_items.at(index) : nullptr;
}

QLayoutItem *FlowLayout::takeAt(int index)
{
    if (index < 0 || index >= m_items.size())
        return nullptr;
    QLayoutItem *item = m_items.takeAt(index);
    invalidate();
    return item;
}

Qt::Orientations FlowLayout::expandingDirections() const
{
    Qt::Orientations directions;
    for (const QLayoutItem *item : m_items)
        directions |= item->expandingDirections();
    return directions;
}

int FlowLayout::heightForWidth(int width) const
{
    return arrange(QRect(0, 0, width, 0), false);
}

QSize FlowLayout::minimumSize() const
{
    // One item per row at the least: the widest item, never the sum.
    QSize size;
    for (const QLayoutItem *item : m_items) {
        if (!item->isEmpty())
            size = size.expandedTo(item->minimumSize());
    }
    const QMargins margins = contentsMargins();
    return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom());
}

QSize FlowLayout::sizeHint() const
{
    // Everything in one row.
    int width = 0;
    int height = 0;
    int shown = 0;
    for (const QLayoutItem *item : m_items) {
        if (item->isEmpty())
            continue;
        width += placedWidth(item) + (shown++ > 0 ? itemSpacing() : 0);
        height = std::max(height, item->sizeHint().height());
    }
    const QMargins margins = contentsMargins();
    return QSize(width + margins.left() + margins.right(),
                 height + margins.top() + margins.bottom());
}

void FlowLayout::setGeometry(const QRect &rect)
{
    QLayout::setGeometry(rect);
    arrange(rect, true);
}

int FlowLayout::itemSpacing() const
{
    return std::max(0, spacing());
}

int FlowLayout::arrange(const QRect &rect, bool apply) const
{
    const QMargins margins = contentsMargins();
    const QRect area = rect.marginsRemoved(margins);
    const int room = std::max(1, area.width());
    const int gap = itemSpacing();
    const QWidget *parent = parentWidget();
    const Qt::LayoutDirection direction = parent ? parent->layoutDirection() : Qt::LeftToRight;
    int y = area.y();
    std::vector<Placed> row;
    int rowWidth = 0;

    const auto flush = [&] {
        if (row.empty())
            return;
        // The row's leftover goes to the items that grow, evenly, within their maximum.
        int leftover = room - rowWidth;
        int growing = 0;
        for (const Placed &placed : row)
            growing += growsInItsRow(placed.item) ? 1 : 0;
        for (Placed &placed : row) {
            if (leftover <= 0 || growing == 0)
                break;
            if (!growsInItsRow(placed.item))
                continue;
            const int share = leftover / growing--;
            const int grown = std::min(placed.width + share, placed.item->maximumSize().width());
            leftover -= grown - placed.width;
            placed.width = grown;
        }
        int height = 0;
        for (const Placed &placed : row)
            height = std::max(height, itemHeight(placed.item, placed.width));
        if (apply) {
            int x = area.x();
            for (const Placed &placed : row) {
                const int itemH = std::min(height, itemHeight(placed.item, placed.width));
                const QRect box(x, y + (height - itemH) / 2, placed.width, itemH);
                placed.item->setGeometry(QStyle::visualRect(direction, area, box));
                x += placed.width + gap;
            }
        }
        y += height + m_rowSpacing;
        row.clear();
        rowWidth = 0;
    };

    for (QLayoutItem *item : m_items) {
        if (item->isEmpty())
            continue;
        const int width = std::min(placedWidth(item), room);
        if (!row.empty() && rowWidth + gap + width > room)
            flush();
        rowWidth += (row.empty() ? 0 : gap) + width;
        row.push_back({item, width});
    }
    flush();
    const int used = y == area.y() ? 0 : y - m_rowSpacing - area.y();
    return used + margins.top() + margins.bottom();
}

} // namespace rankscope
