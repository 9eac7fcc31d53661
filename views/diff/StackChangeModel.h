#pragma once

#include "core/diff/StackDiff.h"

#include <QAbstractTableModel>

#include <memory>

namespace rankscope {

// The rows of StackChangeList: one per StackDiff::changes entry, in the diff's order. Columns
// as StackChangeList::Column; kSortRole gives each cell's sort key, kChangeIndexRole the
// change's index in the diff.
class StackChangeModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    static constexpr int kSortRole = Qt::UserRole;
    static constexpr int kChangeIndexRole = Qt::UserRole + 1;
    // How many trailing frames the path column shows; the tooltip has them all.
    static constexpr int kShownFrames = 3;

    explicit StackChangeModel(QObject *parent = nullptr);

    void setDiff(std::shared_ptr<const StackDiff> diff, int baselineRanksWithData,
                 int targetRanksWithData);

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    static QString kindText(StackPathChangeKind kind);
    static QString shortPath(const std::vector<std::string> &frames); // "… › a › b › c"
    static QString fullPath(const std::vector<std::string> &frames);  // one frame per line
    // Why a change ranks where it does in the suspicion order: "new on a minority, own work
    // (dataloader)", "gained ranks, waiting (collective-wait)", "vanished".
    static QString suspicionText(const StackPathChange &change);

private:
    QVariant display(const StackPathChange &change, int column) const;
    QVariant sortKey(const StackPathChange &change, int column) const;
    QString ranksText(const RankSet &ranks, double share, int ranksWithData) const;

    std::shared_ptr<const StackDiff> m_diff;
    int m_baselineRanks = 0;
    int m_targetRanks = 0;
    double m_scale = 0; // |change| that gets the full chip colour, as in the differential graph
};

} // namespace rankscope
