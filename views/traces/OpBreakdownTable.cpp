#include "views/traces/OpBreakdownTable.h"

#include "views/traces/OpBreakdownModel.h"

#include <QHeaderView>
#include <QSortFilterProxyModel>

namespace rankscope {

OpBreakdownTable::OpBreakdownTable(QWidget *parent)
    : QTableView(parent), m_model(new OpBreakdownModel(this)),
      m_proxy(new QSortFilterProxyModel(this))
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(OpBreakdownModel::SortRole);
    m_proxy->setSortCaseSensitivity(Qt::CaseInsensitive);
    setModel(m_proxy);
    setSortingEnabled(true);
    // No sort indicator at first: the model's own order (largest difference first) is the
    // useful one, and a click on a header sorts from there.
    horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_proxy->sort(-1);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setAlternatingRowColors(true);
    setWordWrap(false);
    setTextElideMode(Qt::ElideMiddle);
    verticalHeader()->hide();
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    horizontalHeader()->setSectionResizeMode(OpBreakdownModel::OpColumn, QHeaderView::Stretch);
    for (int c = OpBreakdownModel::KindColumn; c < OpBreakdownModel::ColumnCount; ++c)
        horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    setAccessibleName(tr("Operation breakdown against the peer median"));
}

void OpBreakdownTable::setComparisons(std::vector<OpComparison> comparisons)
{
    m_model->setComparisons(std::move(comparisons));
}

} // namespace rankscope
