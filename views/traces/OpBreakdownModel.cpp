#include "views/traces/OpBreakdownModel.h"

#include "views/common/DurationText.h"
#include "views/timeline/TimelineStyle.h"

#include <QColor>

namespace rankscope {

OpBreakdownModel::OpBreakdownModel(QObject *parent) : QAbstractTableModel(parent) {}

void OpBreakdownModel::setComparisons(std::vector<OpComparison> comparisons)
{
    beginResetModel();
    m_rows = std::move(comparisons);
    endResetModel();
}

int OpBreakdownModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int OpBreakdownModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OpBreakdownModel::displayData(const OpComparison &row, int column) const
{
    switch (column) {
    case OpColumn:
        return QString::fromStdString(row.name);
    case KindColumn:
        return TimelineStyle::kindName(row.kind);
    case RankTotalColumn:
        return DurationText::milliseconds(double(row.rankTotalNs));
    case CountColumn:
        return QString::number(row.rankCount);
    case PeerMedianColumn:
        return row.peers > 0 ? DurationText::milliseconds(row.peerMedianNs) : tr("n/a");
    case RatioColumn:
        if (row.peerMedianNs <= 0)
            return row.rankTotalNs > 0 ? tr("only this rank") : QStringLiteral("–");
        if (row.rankTotalNs == 0)
            return tr("not run");
        return QStringLiteral("×%1").arg(row.ratio, 0, 'f', 2);
    }
    return {};
}

QVariant OpBreakdownModel::sortData(const OpComparison &row, int column) const
{
    switch (column) {
    case OpColumn:
        return QString::fromStdString(row.name);
    case KindColumn:
        return TimelineStyle::kindName(row.kind);
    case RankTotalColumn:
        return qlonglong(row.rankTotalNs);
    case CountColumn:
        return qlonglong(row.rankCount);
    case PeerMedianColumn:
        return row.peerMedianNs;
    case RatioColumn:
        // An op only this rank runs sorts above every ratio: it is the most unusual.
        return row.peerMedianNs <= 0 ? (row.rankTotalNs > 0 ? 1e9 : 0.0) : row.ratio;
    }
    return {};
}

QString OpBreakdownModel::ratioTooltip(const OpComparison &row) const
{
    QString text = tr("%1 on this rank against a peer median of %2")
                       .arg(DurationText::duration(double(row.rankTotalNs)),
                            DurationText::duration(row.peerMedianNs));
    text += QLatin1Char('\n') + tr("%1 of %2 peers ran it").arg(row.peersWithOp).arg(row.peers);
    return text;
}

QVariant OpBreakdownModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const OpComparison &row = m_rows[std::size_t(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return displayData(row, column);
    case SortRole:
        return sortData(row, column);
    case Qt::TextAlignmentRole:
        if (column >= RankTotalColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return int(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::BackgroundRole:
        if (column == RatioColumn && row.peerMedianNs > 0) {
            if (row.ratio > kSlowerRatio)
                return slowerColour();
            if (row.ratio < kFasterRatio)
                return fasterColour();
        }
        return {};
    case Qt::ForegroundRole:
        if (column == RatioColumn && row.peerMedianNs > 0 &&
            (row.ratio > kSlowerRatio || row.ratio < kFasterRatio))
            return QColor(Qt::black); // readable on the tint in dark themes too
        return {};
    case Qt::DecorationRole:
        if (column == KindColumn)
            return TimelineStyle::kindColour(row.kind);
        return {};
    case Qt::ToolTipRole:
        if (column == OpColumn)
            return QString::fromStdString(row.name);
        if (column == RatioColumn || column == PeerMedianColumn)
            return ratioTooltip(row);
        return {};
    }
    return {};
}

QVariant OpBreakdownModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case OpColumn:
            return tr("Operation");
        case KindColumn:
            return tr("Kind");
        case RankTotalColumn:
            return tr("Rank total (ms)");
        case CountColumn:
            return tr("Count");
        case PeerMedianColumn:
            return tr("Peer median (ms)");
        case RatioColumn:
            return tr("Ratio");
        }
    } else if (role == Qt::ToolTipRole) {
        switch (section) {
        case RankTotalColumn:
            return tr("Time this rank spent in the operation inside the window.");
        case PeerMedianColumn:
            return tr("Median of the same total over the rank's peers (a peer that did not run "
                      "it counts 0).");
        case RatioColumn:
            return tr("Rank total / peer median. Above %1 is tinted warm, below %2 cool.")
                .arg(kSlowerRatio)
                .arg(kFasterRatio);
        }
    }
    return {};
}

QColor OpBreakdownModel::slowerColour()
{
    return QColor(0xfc, 0xc5, 0xa8);
}

QColor OpBreakdownModel::fasterColour()
{
    return QColor(0xc6, 0xdb, 0xef);
}

} // namespace rankscope
