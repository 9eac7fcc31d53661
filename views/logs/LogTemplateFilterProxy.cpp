#include "views/logs/LogTemplateFilterProxy.h"

#include "views/logs/LogTemplateModel.h"

namespace rankscope {

LogTemplateFilterProxy::LogTemplateFilterProxy(QObject *parent) : QSortFilterProxyModel(parent)
{
    setSortRole(LogTemplateModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

void LogTemplateFilterProxy::setText(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed == m_text)
        return;
    m_text = trimmed;
    invalidateRowsFilter();
}

void LogTemplateFilterProxy::setSuspiciousOnly(bool on)
{
    if (on == m_suspiciousOnly)
        return;
    m_suspiciousOnly = on;
    invalidateRowsFilter();
}

bool LogTemplateFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (m_suspiciousOnly && !index.data(LogTemplateModel::SuspiciousRole).toBool())
        return false;
    if (!m_text.isEmpty() && !index.data(LogTemplateModel::SearchTextRole)
                                  .toString()
                                  .contains(m_text, Qt::CaseInsensitive))
        return false;
    return true;
}

} // namespace rankscope
