#include "views/diff/OpDiffTable.h"

#include "views/diff/DiffTableRoles.h"
#include "views/diff/DiffTableSetup.h"
#include "views/diff/OpDiffModel.h"
#include "views/diff/SignificantRowFilter.h"

#include <QHeaderView>

namespace rankscope {

OpDiffTable::OpDiffTable(QWidget *parent)
    : QTableView(parent), m_model(new OpDiffModel(this)), m_proxy(new SignificantRowFilter(this))
{
    setUpDiffTable(*this, m_model, m_proxy, OpDiffModel::ChangeColumn, OpDiffModel::OpColumn,
                   Qt::ElideMiddle);
    setAccessibleName(tr("Per-op timing against the baseline"));
    connect(this, &QAbstractItemView::activated, this, [this](const QModelIndex &index) {
        if (const OpChange *op = m_model->op(index.data(DiffTableRoles::ChangeIndex).toInt()))
            emit heatmapDifferenceRequested(metricOf(op->kind));
    });
}

void OpDiffTable::setDiff(std::shared_ptr<const OpDiff> diff)
{
    m_model->setDiff(std::move(diff));
}

const OpDiff *OpDiffTable::diff() const
{
    return m_model->diff();
}

void OpDiffTable::setSignificantOnly(bool on)
{
    m_proxy->setSignificantOnly(on);
}

bool OpDiffTable::significantOnly() const
{
    return m_proxy->significantOnly();
}

bool OpDiffTable::selectOp(int index)
{
    if (!m_model->op(index))
        return false;
    QModelIndex row = m_proxy->mapFromSource(m_model->index(index, 0));
    if (!row.isValid()) {
        setSignificantOnly(false);
        row = m_proxy->mapFromSource(m_model->index(index, 0));
    }
    if (!row.isValid())
        return false;
    setCurrentIndex(row);
    selectRow(row.row());
    scrollTo(row, QAbstractItemView::PositionAtCenter);
    return true;
}

int OpDiffTable::currentOp() const
{
    const QModelIndex current = currentIndex();
    return current.isValid() ? current.data(DiffTableRoles::ChangeIndex).toInt() : -1;
}

TraceMetric OpDiffTable::metricOf(TraceEventKind kind)
{
    if (isCommunication(kind))
        return TraceMetric::CommunicationTime;
    if (isGpuWork(kind))
        return TraceMetric::ComputeTime;
    return TraceMetric::CpuOpTime;
}

} // namespace rankscope
