#pragma once

#include <Qt>

class QAbstractItemModel;
class QTableView;

namespace rankscope {

class SignificantRowFilter;

// What the Diff view's tables (log templates, ops) share: `model` behind the significance filter,
// a chip delegate in the change column, sorting that starts in the diff's own order (most
// important change first) until a header is clicked, single row selection, compact rows, and
// `stretchColumn` taking the spare width.
void setUpDiffTable(QTableView &table, QAbstractItemModel *model, SignificantRowFilter *proxy,
                    int chipColumn, int stretchColumn, Qt::TextElideMode elide);

} // namespace rankscope
