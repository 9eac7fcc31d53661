#include "views/stacks/RankListPanel.h"

#include "views/common/CoverageText.h"

#include "core/model/RankSet.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTreeView>
#include <QVBoxLayout>

#include <optional>

namespace rankscope {

namespace {

constexpr int kRankRole = Qt::UserRole + 1;

// A rank list ("0-7,37") filters by rank; anything else is a case-insensitive substring over
// every column.
class RankFilterProxy : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

    void setFilter(const QString &text)
    {
        m_text = text.trimmed();
        m_ranks.reset();
        bool hasDigit = false;
        for (QChar c : m_text)
            hasDigit = hasDigit || c.isDigit();
        if (hasDigit)
            m_ranks = RankSet::parse(m_text.toStdString());
        invalidateFilter();
    }

protected:
    bool filterAcceptsRow(int row, const QModelIndex &parent) const override
    {
        if (m_text.isEmpty())
            return true;
        const QModelIndex rankIndex = sourceModel()->index(row, 0, parent);
        if (m_ranks)
            return m_ranks->contains(rankIndex.data(kRankRole).toInt());
        for (int c = 0; c < sourceModel()->columnCount(parent); ++c) {
            if (sourceModel()
                    ->index(row, c, parent)
                    .data()
                    .toString()
                    .contains(m_text, Qt::CaseInsensitive))
                return true;
        }
        return false;
    }

private:
    QString m_text;
    std::optional<RankSet> m_ranks;
};

QString progressText(RankProgress progress)
{
    switch (progress) {
    case RankProgress::SingleSample:
        return RankListPanel::tr("one sample");
    case RankProgress::Stuck:
        return RankListPanel::tr("stuck");
    case RankProgress::Progressing:
        return RankListPanel::tr("progressing");
    case RankProgress::Oscillating:
        return RankListPanel::tr("oscillating");
    }
    return QString();
}

} // namespace

RankListPanel::RankListPanel(QWidget *parent)
    : QWidget(parent), m_filter(new QLineEdit(this)), m_view(new QTreeView(this)),
      m_model(new QStandardItemModel(0, ColumnCount, this)), m_proxy(new RankFilterProxy(this))
{
    m_model->setHorizontalHeaderLabels(
        {tr("Rank"), tr("Stacks"), tr("Node"), tr("Role"), tr("Progress"), tr("Latest stack")});
    m_proxy->setSourceModel(m_model);
    m_filter->setPlaceholderText(tr("Filter: ranks (0-7,37) or text"));
    m_filter->setClearButtonEnabled(true);
    m_view->setModel(m_proxy);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(RankColumn, Qt::AscendingOrder);
    m_view->setAccessibleName(tr("Ranks"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_filter);
    layout->addWidget(m_view, 1);

    connect(m_filter, &QLineEdit::textChanged, this, &RankListPanel::setFilterText);
    connect(m_view, &QTreeView::clicked, this, &RankListPanel::chooseRow);
    connect(m_view, &QTreeView::activated, this, &RankListPanel::chooseRow);
}

void RankListPanel::setRanks(const JobInfo &job, std::shared_ptr<const StackTree> tree,
                             std::shared_ptr<const StackAnalysis> analysis)
{
    m_model->removeRows(0, m_model->rowCount());
    RankSet compared;
    RankSet withData;
    if (tree) {
        compared = tree->expectedRanks() | tree->ranksWithData();
        withData = tree->ranksWithData();
    }
    int count = std::max(job.worldSize, compared.last() + 1);
    std::vector<const RankStackSummary *> summaries(std::size_t(std::max(count, 0)), nullptr);
    if (analysis) {
        for (const RankStackSummary &s : analysis->ranks) {
            if (s.rank >= 0 && s.rank < count)
                summaries[std::size_t(s.rank)] = &s;
        }
    }
    const QColor muted = palette().color(QPalette::PlaceholderText);
    const QColor warm(0xc6, 0x28, 0x28);
    for (int rank = 0; rank < count; ++rank) {
        auto *rankItem = new QStandardItem;
        rankItem->setData(rank, Qt::DisplayRole); // numeric, so sorting is 2 < 10
        rankItem->setData(rank, kRankRole);
        // A rank without stacks says what it has instead ("no stacks · traces, logs"); only a
        // rank missing from a bundle that has stacks is marked warm.
        QString status;
        const bool cut = analysis && analysis->cutRanks.contains(rank);
        const bool bundleHasStacks = !job.layers.stacks.empty();
        if (withData.contains(rank))
            status = tr("yes");
        else if (cut)
            status = tr("cut");
        else if (!job.layers.traces.contains(rank) && !job.layers.logs.contains(rank))
            status =
                compared.contains(rank) || !bundleHasStacks ? tr("no data") : tr("not compared");
        else if (!bundleHasStacks || compared.contains(rank))
            status = tr("no stacks · %1").arg(CoverageText::layersOf(job, rank));
        else
            status = tr("not compared");
        auto *statusItem = new QStandardItem(status);
        statusItem->setData(rank, kRankRole);
        if (!withData.contains(rank))
            statusItem->setForeground(bundleHasStacks && compared.contains(rank) ? warm : muted);
        if (!compared.contains(rank))
            statusItem->setToolTip(tr("Another process type, or outside the compared ranks."));
        else if (cut && !withData.contains(rank))
            statusItem->setToolTip(tr("The dump was cut inside this rank's stack: it is listed "
                                      "under the import problems and not compared."));

        const RankInfo *info = job.rankInfo(rank);
        auto *node = new QStandardItem(info ? QString::fromStdString(info->node) : QString());
        auto *role = new QStandardItem(info ? QString::fromStdString(info->role) : QString());
        const RankStackSummary *summary = summaries[std::size_t(rank)];
        auto *progress = new QStandardItem(summary ? progressText(summary->progress) : QString());
        auto *cls = new QStandardItem(
            summary ? QString::fromUtf8(stackClassName(summary->latest.cls)) +
                          (summary->latest.operation.empty()
                               ? QString()
                               : QStringLiteral(" (") +
                                     QString::fromStdString(summary->latest.operation) +
                                     QStringLiteral(")"))
                    : QString());
        // A waiter that does not move is the expected picture of a hang; a rank stuck
        // outside any wait is the one to look at.
        if (summary && summary->progress == RankProgress::Stuck &&
            !isWaitClass(summary->latest.cls))
            progress->setForeground(warm);
        for (QStandardItem *item : {node, role, progress, cls})
            item->setData(rank, kRankRole);
        m_model->appendRow({rankItem, statusItem, node, role, progress, cls});
    }
    for (int c = 0; c < ColumnCount; ++c)
        m_view->resizeColumnToContents(c);
}

void RankListPanel::setFilterText(const QString &text)
{
    if (m_filter->text() != text)
        m_filter->setText(text); // emits textChanged, which comes back here once
    static_cast<RankFilterProxy *>(m_proxy)->setFilter(text);
}

int RankListPanel::visibleRankCount() const
{
    return m_proxy->rowCount();
}

int RankListPanel::visibleRank(int row) const
{
    return m_proxy->index(row, RankColumn).data(kRankRole).toInt();
}

void RankListPanel::chooseRow(const QModelIndex &index)
{
    if (!index.isValid())
        return;
    emit rankChosen(index.data(kRankRole).toInt());
}

} // namespace rankscope
