#pragma once

#include "core/traces/OpBreakdown.h"

#include <QTableView>

#include <vector>

class QSortFilterProxyModel;

namespace rankscope {

class OpBreakdownModel;

// The op breakdown of one rank's window against its peers: op, kind, rank total, count, peer
// median and the ratio (tinted above 1.1 and below 0.9). Sortable by every column; starts in
// the order given (largest difference from the peers first).
class OpBreakdownTable : public QTableView
{
    Q_OBJECT

public:
    explicit OpBreakdownTable(QWidget *parent = nullptr);

    void setComparisons(std::vector<OpComparison> comparisons);
    OpBreakdownModel *sourceModel() const { return m_model; }
    QSortFilterProxyModel *proxyModel() const { return m_proxy; }

private:
    OpBreakdownModel *m_model = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
};

} // namespace rankscope
