#pragma once

#include "core/stacks/FunctionTable.h"

#include <QAbstractTableModel>

#include <memory>

namespace rankscope {

// The rows of the Functions table: one per frame identity of the merged tree (FunctionTable),
// with the ranks that have it (count and share of the ranks with data), the ranks where it is
// the stack's top, samples in total and at the top, and the best suspect whose path it lies on.
// kSortRole gives every cell a sort key; kFunctionRole the row's index in the FunctionTable.
class FunctionTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        NameColumn,
        RanksColumn, // count and share of the ranks with data
        SelfRanksColumn,
        SamplesColumn,
        SelfSamplesColumn,
        SuspectColumn,
        ColumnCount
    };
    static constexpr int kSortRole = Qt::UserRole;
    static constexpr int kFunctionRole = Qt::UserRole + 1;

    explicit FunctionTableModel(QObject *parent = nullptr);

    // `ranksWithData` is the denominator of the share in the ranks column.
    void setTable(std::shared_ptr<const FunctionTable> table, int ranksWithData);
    const FunctionTable *table() const { return m_table.get(); }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVariant display(const FunctionEntry &entry, int column) const;
    QVariant sortKey(const FunctionEntry &entry, int column) const;
    QString toolTip(const FunctionEntry &entry, int column) const;
    QString shareText(int ranks) const; // of m_ranksWithData, in percent without the sign

    std::shared_ptr<const FunctionTable> m_table;
    int m_ranksWithData = 0;
};

} // namespace rankscope
