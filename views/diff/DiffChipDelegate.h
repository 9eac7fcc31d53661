#pragma once

#include <QStyledItemDelegate>

namespace rankscope {

// Paints a cell as a small coloured chip ("new", "slower") when its model gives a
// DiffTableRoles::ChipBackground colour; other cells are painted as usual.
class DiffChipDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    explicit DiffChipDelegate(QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
};

} // namespace rankscope
