#pragma once

#include <QSortFilterProxyModel>

namespace rankscope {

// Sorts a Diff view table by DiffTableRoles::Sort and, while "significant only" is on, hides the
// rows whose DiffTableRoles::Significant is false.
class SignificantRowFilter : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit SignificantRowFilter(QObject *parent = nullptr);

    void setSignificantOnly(bool on);
    bool significantOnly() const { return m_significantOnly; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    bool m_significantOnly = false;
};

} // namespace rankscope
