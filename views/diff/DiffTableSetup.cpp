#include "views/diff/DiffTableSetup.h"

#include "views/diff/DiffChipDelegate.h"
#include "views/diff/SignificantRowFilter.h"

#include <QHeaderView>
#include <QTableView>

namespace rankscope {

void setUpDiffTable(QTableView &table, QAbstractItemModel *model, SignificantRowFilter *proxy,
                    int chipColumn, int stretchColumn, Qt::TextElideMode elide)
{
    proxy->setSourceModel(model);
    table.setModel(proxy);
    table.setItemDelegateForColumn(chipColumn, new DiffChipDelegate(&table));
    table.setSortingEnabled(true);
    table.horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    proxy->sort(-1);
    table.setSelectionBehavior(QAbstractItemView::SelectRows);
    table.setSelectionMode(QAbstractItemView::SingleSelection);
    table.setAlternatingRowColors(true);
    table.setWordWrap(false);
    table.setTextElideMode(elide);
    table.verticalHeader()->hide();
    table.verticalHeader()->setDefaultSectionSize(table.fontMetrics().height() + 8);
    QHeaderView *header = table.horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(stretchColumn, QHeaderView::Stretch);
}

} // namespace rankscope
