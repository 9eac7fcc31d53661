#pragma once

#include "core/model/JobInfo.h"
#include "core/stacks/StackAnalysis.h"

#include <QWidget>

#include <memory>

class QLineEdit;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTreeView;

namespace rankscope {

// Every rank of the job: whether it sent stacks, its node and role, and (when the analysis is
// given) its progress across samples and the class of its latest stack. The filter box takes a
// rank list ("0-7,37") or any text (node name, "stuck", "no data"). Choosing a rank asks the
// other views to show it.
class RankListPanel : public QWidget
{
    Q_OBJECT

public:
    enum Column
    {
        RankColumn,
        StatusColumn,
        NodeColumn,
        RoleColumn,
        ProgressColumn,
        ClassColumn,
        ColumnCount
    };

    explicit RankListPanel(QWidget *parent = nullptr);

    void setRanks(const JobInfo &job, std::shared_ptr<const StackTree> tree,
                  std::shared_ptr<const StackAnalysis> analysis = {});
    void setFilterText(const QString &text);

    int visibleRankCount() const;
    int visibleRank(int row) const; // rank shown in a row of the (filtered) list
    QTreeView *view() const { return m_view; }

signals:
    void rankChosen(int rank);

private:
    void chooseRow(const QModelIndex &index);

    QLineEdit *m_filter = nullptr;
    QTreeView *m_view = nullptr;
    QStandardItemModel *m_model = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
};

} // namespace rankscope
