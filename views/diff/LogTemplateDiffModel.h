#pragma once

#include "core/diff/LogDiff.h"

#include <QAbstractTableModel>

#include <memory>

namespace rankscope {

// The log templates of two runs as a table, one row per LogDiff::changes entry (row = index):
// change, template, count and rate in each run, ratio, the target's ranks and nodes, and the
// first target iteration. DiffTableRoles give the raw sort values, the change index and whether
// the change is significant.
class LogTemplateDiffModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        ChangeColumn,
        TemplateColumn,
        BaselineCountColumn,
        BaselineRateColumn,
        TargetCountColumn,
        TargetRateColumn,
        RatioColumn,
        TargetRanksColumn,
        TargetNodesColumn,
        FirstIterationColumn,
        ColumnCount
    };

    explicit LogTemplateDiffModel(QObject *parent = nullptr);

    void setDiff(std::shared_ptr<const LogDiff> diff);
    const LogDiff *diff() const { return m_diff.get(); }
    const LogTemplateChange *change(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVariant displayData(const LogTemplateChange &change, int column) const;
    QVariant sortData(const LogTemplateChange &change, int column) const;
    QString tooltip(const LogTemplateChange &change) const;

    std::shared_ptr<const LogDiff> m_diff;
};

} // namespace rankscope
