#pragma once

#include "core/diff/OpDiff.h"

#include <QAbstractTableModel>

#include <memory>

namespace rankscope {

// The per-op comparison (OpDiff::ops, row = index) as a table: change, op, kind, the median
// time per iteration over the ranks with its p10–p90 spread in each run, ratio, the change per
// iteration, calls per iteration in each run. Slower and new ops are tinted red, faster and gone
// ones blue. DiffTableRoles give raw sort values, the op index and significance.
class OpDiffModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        ChangeColumn,
        OpColumn,
        KindColumn,
        BaselineColumn,
        TargetColumn,
        RatioColumn,
        DeltaColumn,
        BaselineCallsColumn,
        TargetCallsColumn,
        ColumnCount
    };

    explicit OpDiffModel(QObject *parent = nullptr);

    void setDiff(std::shared_ptr<const OpDiff> diff);
    const OpDiff *diff() const { return m_diff.get(); }
    const OpChange *op(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVariant displayData(const OpChange &op, int column) const;
    QVariant sortData(const OpChange &op, int column) const;
    QString tooltip(const OpChange &op) const;

    std::shared_ptr<const OpDiff> m_diff;
};

} // namespace rankscope
