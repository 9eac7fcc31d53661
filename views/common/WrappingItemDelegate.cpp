#include "views/common/WrappingItemDelegate.h"

#include <QHeaderView>

#include <algorithm>

namespace rankscope {

WrappingItemDelegate::WrappingItemDelegate(const QHeaderView *header, QObject *parent)
    : QStyledItemDelegate(parent), m_header(header)
{}

QSize WrappingItemDelegate::sizeHint(const QStyleOptionViewItem &option,
                                     const QModelIndex &index) const
{
    // A column sized to its contents measures them on one line, as usual.
    if (m_header->sectionResizeMode(index.column()) == QHeaderView::ResizeToContents)
        return QStyledItemDelegate::sizeHint(option, index);
    QStyleOptionViewItem measured = option;
    const int width = m_header->sectionSize(index.column());
    // Qt's style wraps only within a valid rectangle: a height too, or it measures one line.
    if (width > 0)
        measured.rect = QRect(0, 0, width, std::max(1, option.rect.height()));
    measured.features |= QStyleOptionViewItem::WrapText;
    const QSize hint = QStyledItemDelegate::sizeHint(measured, index);
    return QSize(width > 0 ? std::min(hint.width(), width) : hint.width(), hint.height());
}

} // namespace rankscope
