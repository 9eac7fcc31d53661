#pragma once

#include "core/traces/OpBreakdown.h"

#include <QAbstractTableModel>

#include <vector>

namespace rankscope {

// A rank's per-operation totals in one window against the peer median, as a table. Display
// values are in milliseconds; Qt::UserRole gives the raw number each column sorts by.
class OpBreakdownModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        OpColumn,
        KindColumn,
        RankTotalColumn,
        CountColumn,
        PeerMedianColumn,
        RatioColumn,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole;
    // Ratios beyond these are coloured: the rank spends notably more (less) than its peers.
    static constexpr double kSlowerRatio = 1.1;
    static constexpr double kFasterRatio = 0.9;

    explicit OpBreakdownModel(QObject *parent = nullptr);

    void setComparisons(std::vector<OpComparison> comparisons);
    const std::vector<OpComparison> &comparisons() const { return m_rows; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    static QColor slowerColour(); // background of ratios above kSlowerRatio
    static QColor fasterColour(); // background of ratios below kFasterRatio

private:
    QVariant displayData(const OpComparison &row, int column) const;
    QVariant sortData(const OpComparison &row, int column) const;
    QString ratioTooltip(const OpComparison &row) const;

    std::vector<OpComparison> m_rows;
};

} // namespace rankscope
