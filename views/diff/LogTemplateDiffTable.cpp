#include "views/diff/LogTemplateDiffTable.h"

#include "views/diff/DiffTableRoles.h"
#include "views/diff/DiffTableSetup.h"
#include "views/diff/LogTemplateDiffModel.h"
#include "views/diff/SignificantRowFilter.h"

#include <QHeaderView>

namespace rankscope {

LogTemplateDiffTable::LogTemplateDiffTable(QWidget *parent)
    : QTableView(parent), m_model(new LogTemplateDiffModel(this)),
      m_proxy(new SignificantRowFilter(this))
{
    m_proxy->setSignificantOnly(true);
    setUpDiffTable(*this, m_model, m_proxy, LogTemplateDiffModel::ChangeColumn,
                   LogTemplateDiffModel::TemplateColumn, Qt::ElideRight);
    QHeaderView *header = horizontalHeader();
    header->setSectionResizeMode(LogTemplateDiffModel::TargetRanksColumn, QHeaderView::Interactive);
    header->resizeSection(LogTemplateDiffModel::TargetRanksColumn, 120);
    setAccessibleName(tr("Log templates new, gone and changed against the baseline"));
    connect(this, &QAbstractItemView::activated, this, &LogTemplateDiffTable::activate);
}

void LogTemplateDiffTable::setDiff(std::shared_ptr<const LogDiff> diff)
{
    m_model->setDiff(std::move(diff));
}

const LogDiff *LogTemplateDiffTable::diff() const
{
    return m_model->diff();
}

void LogTemplateDiffTable::setSignificantOnly(bool on)
{
    if (on == m_proxy->significantOnly())
        return;
    m_proxy->setSignificantOnly(on);
    emit significantOnlyChanged(on);
}

bool LogTemplateDiffTable::significantOnly() const
{
    return m_proxy->significantOnly();
}

int LogTemplateDiffTable::visibleRowCount() const
{
    return m_proxy->rowCount();
}

bool LogTemplateDiffTable::selectChange(int index)
{
    const LogTemplateChange *change = m_model->change(index);
    if (!change)
        return false;
    QModelIndex row = m_proxy->mapFromSource(m_model->index(index, 0));
    if (!row.isValid()) {
        setSignificantOnly(false); // the summary points at it: show it even if unchanged
        row = m_proxy->mapFromSource(m_model->index(index, 0));
    }
    if (!row.isValid())
        return false;
    setCurrentIndex(row);
    selectRow(row.row());
    scrollTo(row, QAbstractItemView::PositionAtCenter);
    return true;
}

int LogTemplateDiffTable::currentChange() const
{
    const QModelIndex current = currentIndex();
    if (!current.isValid())
        return -1;
    return current.data(DiffTableRoles::ChangeIndex).toInt();
}

void LogTemplateDiffTable::activate(const QModelIndex &index)
{
    const LogTemplateChange *change =
        m_model->change(index.data(DiffTableRoles::ChangeIndex).toInt());
    if (!change || change->targetTemplate == kNoTemplate)
        return; // gone templates have no lines in the target
    emit logTemplateRequested(qint64(change->targetTemplate));
}

} // namespace rankscope
