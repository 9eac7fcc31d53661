#pragma once

#include "core/diff/StackDiff.h"

#include <QTreeView>

#include <memory>
#include <vector>

class QSortFilterProxyModel;

namespace rankscope {

class StackChangeModel;

// The paths new, gone and changed between a baseline and a target run (StackDiff::changes), one
// row each: the kind with a chip in the differential graph's colours, the path (its last frames;
// the whole path in the tooltip), the ranks and share of ranks in each run, and the change in
// points of the ranks, and why it is suspicious. Sortable by any column; most suspicious first
// initially (setOrder). Activating a row
// (double-click, Enter) or making it current (click, arrow keys) emits the index of its change in
// StackDiff::changes.
class StackChangeList : public QTreeView
{
    Q_OBJECT

public:
    enum Column
    {
        KindColumn,
        PathColumn,
        BaselineColumn,
        TargetColumn,
        ChangeColumn,
        SuspicionColumn, // why the path is suspicious; sorts by StackPathChange::suspicion
        ColumnCount
    };
    // The two orders the list offers besides sorting by a column: most suspicious first (new
    // paths of a few ranks doing their own work before the shifts of the ranks that wait), or
    // largest change first (the diff's own order).
    enum class Order
    {
        BySuspicion,
        BySize
    };

    explicit StackChangeList(QWidget *parent = nullptr);

    // Rank counts of each run with data, to say "12 of 64" where a share is zero. Null clears.
    void setDiff(std::shared_ptr<const StackDiff> diff, int baselineRanksWithData,
                 int targetRanksWithData);
    const StackDiff *diff() const { return m_diff.get(); }
    // Shown when there are no rows ("No stacks to compare", "No path changed by …").
    void setEmptyMessage(const QString &message);

    int rowCount() const;
    int changeAtRow(int row) const; // index into diff()->changes of a (sorted) row, -1 if none
    int rowOfChange(int change) const;
    int currentChange() const;         // -1 when no row is current
    void setCurrentChange(int change); // -1 clears; does not emit changeActivated
    int findChange(const std::vector<std::string> &frames) const; // -1 when not listed
    void setOrder(Order order);
    static QString orderToolTip(); // what "by suspicion" weighs, for the order chooser

signals:
    void changeActivated(int change);

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    std::shared_ptr<const StackDiff> m_diff;
    StackChangeModel *m_model = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    QString m_emptyMessage;
    bool m_settingCurrent = false; // setCurrentChange: the owner already knows
};

} // namespace rankscope
