#pragma once

#include <QSortFilterProxyModel>

namespace rankscope {

// The template table's sorting (by LogTemplateModel::SortRole) and filtering: a text that the
// template or its built-in name must contain, and "suspicious only".
class LogTemplateFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit LogTemplateFilterProxy(QObject *parent = nullptr);

    void setText(const QString &text);
    QString text() const { return m_text; }
    void setSuspiciousOnly(bool on);
    bool suspiciousOnly() const { return m_suspiciousOnly; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_text;
    bool m_suspiciousOnly = false;
};

} // namespace rankscope
