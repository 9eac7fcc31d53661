#include "views/diff/StackChangeList.h"

#include "views/diff/StackChangeModel.h"

#include <QHeaderView>
#include <QPainter>
#include <QScopeGuard>
#include <QSortFilterProxyModel>

namespace rankscope {

StackChangeList::StackChangeList(QWidget *parent)
    : QTreeView(parent), m_model(new StackChangeModel(this)),
      m_proxy(new QSortFilterProxyModel(this))
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(StackChangeModel::kSortRole);
    setModel(m_proxy);
    setRootIsDecorated(false);
    setUniformRowHeights(true);
    setAlternatingRowColors(true);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setAllColumnsShowFocus(true);
    setSortingEnabled(true);
    setOrder(Order::BySuspicion);
    header()->setStretchLastSection(false);
    header()->setSectionResizeMode(PathColumn, QHeaderView::Stretch);
    for (const int column :
         {KindColumn, BaselineColumn, TargetColumn, ChangeColumn, SuspicionColumn})
        header()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    setAccessibleName(tr("Changed stack paths"));
    m_emptyMessage = tr("No stacks compared.");

    connect(this, &QTreeView::activated, this, [this](const QModelIndex &index) {
        const int change = changeAtRow(index.row());
        if (change >= 0)
            emit changeActivated(change);
    });
    connect(selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                const int change = current.isValid() ? changeAtRow(current.row()) : -1;
                if (!m_settingCurrent && change >= 0)
                    emit changeActivated(change);
            });
}

void StackChangeList::setDiff(std::shared_ptr<const StackDiff> diff, int baselineRanksWithData,
                              int targetRanksWithData)
{
    m_diff = diff;
    m_model->setDiff(std::move(diff), baselineRanksWithData, targetRanksWithData);
    viewport()->update();
}

void StackChangeList::setEmptyMessage(const QString &message)
{
    m_emptyMessage = message;
    viewport()->update();
}

int StackChangeList::rowCount() const
{
    return m_proxy->rowCount();
}

int StackChangeList::changeAtRow(int row) const
{
    const QModelIndex index = m_proxy->index(row, 0);
    return index.isValid() ? index.data(StackChangeModel::kChangeIndexRole).toInt() : -1;
}

int StackChangeList::rowOfChange(int change) const
{
    if (change < 0 || change >= m_model->rowCount())
        return -1;
    return m_proxy->mapFromSource(m_model->index(change, 0)).row();
}

int StackChangeList::currentChange() const
{
    const QModelIndex index = currentIndex();
    return index.isValid() ? changeAtRow(index.row()) : -1;
}

void StackChangeList::setCurrentChange(int change)
{
    m_settingCurrent = true;
    const QScopeGuard reset([this] { m_settingCurrent = false; });
    const int row = rowOfChange(change);
    if (row < 0) {
        clearSelection();
        setCurrentIndex(QModelIndex());
        return;
    }
    const QModelIndex index = m_proxy->index(row, 0);
    setCurrentIndex(index);
    selectionModel()->select(index,
                             QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    scrollTo(index);
}

int StackChangeList::findChange(const std::vector<std::string> &frames) const
{
    if (!m_diff)
        return -1;
    for (std::size_t i = 0; i < m_diff->changes.size(); ++i) {
        if (m_diff->changes[i].frames == frames)
            return int(i);
    }
    return -1;
}

void StackChangeList::setOrder(Order order)
{
    if (order == Order::BySuspicion) {
        // The proxy's sort is stable over the diff's order, so equal suspicion keeps the larger
        // change first, as stackChangesBySuspicion does.
        sortByColumn(SuspicionColumn, Qt::DescendingOrder);
    } else {
        // No sort column: the diff's own order, largest change first.
        header()->setSortIndicator(-1, Qt::AscendingOrder);
        m_proxy->sort(-1);
    }
}

QString StackChangeList::orderToolTip()
{
    return tr("By suspicion: paths new in the target on a minority of its ranks first, then paths "
              "few ranks are on, and among them those whose stacks do their own work (data "
              "loader, I/O, compute) before those waiting in a collective, which is what the "
              "ranks waiting for a culprit do; paths the target lost come last.\n"
              "By size: the largest change in share of ranks first.");
}

void StackChangeList::paintEvent(QPaintEvent *event)
{
    QTreeView::paintEvent(event);
    if (rowCount() > 0 || m_emptyMessage.isEmpty())
        return;
    QPainter painter(viewport());
    painter.setPen(palette().color(QPalette::PlaceholderText));
    painter.drawText(viewport()->rect().adjusted(12, 12, -12, -12),
                     Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, m_emptyMessage);
}

} // namespace rankscope
