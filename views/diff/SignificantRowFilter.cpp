#include "views/diff/SignificantRowFilter.h"

#include "views/diff/DiffTableRoles.h"

namespace rankscope {

SignificantRowFilter::SignificantRowFilter(QObject *parent) : QSortFilterProxyModel(parent)
{
    setSortRole(DiffTableRoles::Sort);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

void SignificantRowFilter::setSignificantOnly(bool on)
{
    if (on == m_significantOnly)
        return;
    m_significantOnly = on;
    invalidateFilter();
}

bool SignificantRowFilter::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (!m_significantOnly)
        return true;
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    return index.data(DiffTableRoles::Significant).toBool();
}

} // namespace rankscope
