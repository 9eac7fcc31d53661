#include "views/diff/DiffChipDelegate.h"

#include "views/diff/DiffTableRoles.h"
#include "views/logs/LogChip.h"

#include <QApplication>
#include <QPainter>

namespace rankscope {

DiffChipDelegate::DiffChipDelegate(QObject *parent) : QStyledItemDelegate(parent) {}

void DiffChipDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                             const QModelIndex &index) const
{
    const QVariant background = index.data(DiffTableRoles::ChipBackground);
    if (!background.isValid()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    // The row's selection and alternating background first, then the chip on top.
    QStyleOptionViewItem base = option;
    initStyleOption(&base, index);
    base.text.clear();
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &base, painter, widget);
    painter->save();
    painter->setFont(option.font);
    LogChip::paint(painter, option.rect.adjusted(4, 0, -4, 0),
                   index.data(Qt::DisplayRole).toString(), background.value<QColor>(),
                   index.data(DiffTableRoles::ChipText).value<QColor>());
    painter->restore();
}

QSize DiffChipDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    if (index.data(DiffTableRoles::ChipBackground).isValid())
        size.setWidth(LogChip::width(option.fontMetrics, index.data().toString()) + 12);
    return size;
}

} // namespace rankscope
