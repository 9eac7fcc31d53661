#pragma once

#include <QStyledItemDelegate>

class QHeaderView;

namespace rankscope {

// Lets a tree or table's cells wrap to their column's width. QTreeView asks its delegate for a
// row's height without the column's width, so wrapped text would stay one line high and be
// cut; this delegate measures with the width the header gives the column.
class WrappingItemDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    WrappingItemDelegate(const QHeaderView *header, QObject *parent);

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    const QHeaderView *m_header;
};

} // namespace rankscope
