#include "views/stacks/FunctionTableModel.h"

#include "views/flamegraph/FlameGraphText.h"

#include <QLocale>

#include <limits>

namespace rankscope {

FunctionTableModel::FunctionTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void FunctionTableModel::setTable(std::shared_ptr<const FunctionTable> table, int ranksWithData)
{
    beginResetModel();
    m_table = std::move(table);
    m_ranksWithData = ranksWithData;
    endResetModel();
}

int FunctionTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_table ? 0 : m_table->size();
}

int FunctionTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FunctionTableModel::data(const QModelIndex &index, int role) const
{
    if (!m_table || !index.isValid() || index.row() >= m_table->size())
        return {};
    const FunctionEntry &entry = m_table->function(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return display(entry, index.column());
    case kSortRole:
        return sortKey(entry, index.column());
    case kFunctionRole:
        return index.row();
    case Qt::ToolTipRole:
        return toolTip(entry, index.column());
    case Qt::TextAlignmentRole:
        return index.column() == NameColumn ? QVariant()
                                            : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant FunctionTableModel::display(const FunctionEntry &entry, int column) const
{
    const QLocale locale;
    switch (column) {
    case NameColumn:
        return QString::fromStdString(entry.label);
    case RanksColumn:
        return m_ranksWithData > 0
                   ? tr("%1 (%2%)").arg(entry.ranks.count()).arg(shareText(entry.ranks.count()))
                   : QString::number(entry.ranks.count());
    case SelfRanksColumn:
        return entry.selfRanks.empty() ? QString() : QString::number(entry.selfRanks.count());
    case SamplesColumn:
        return locale.toString(qulonglong(entry.samples));
    case SelfSamplesColumn:
        return entry.selfSamples == 0 ? QString() : locale.toString(qulonglong(entry.selfSamples));
    case SuspectColumn:
        return entry.suspect < 0 ? QString() : tr("#%1").arg(entry.suspect + 1);
    default:
        return {};
    }
}

// One decimal, but never "0.0%" for a rank that has it nor "100.0%" for a rank that lacks it:
// one rank of 2,048 is exactly what the table must not round away.
QString FunctionTableModel::shareText(int ranks) const
{
    const QLocale locale;
    const double value = 100.0 * ranks / m_ranksWithData;
    if (ranks > 0 && value < 0.05)
        return QStringLiteral("<") + locale.toString(0.1, 'f', 1);
    if (ranks < m_ranksWithData && value > 99.95)
        return QStringLiteral(">") + locale.toString(99.9, 'f', 1);
    return locale.toString(value, 'f', 1);
}

QVariant FunctionTableModel::sortKey(const FunctionEntry &entry, int column) const
{
    switch (column) {
    case NameColumn:
        return QString::fromStdString(entry.label);
    case RanksColumn:
        return entry.ranks.count();
    case SelfRanksColumn:
        return entry.selfRanks.count();
    case SamplesColumn:
        return qulonglong(entry.samples);
    case SelfSamplesColumn:
        return qulonglong(entry.selfSamples);
    case SuspectColumn:
        // The best suspect first when sorted ascending; frames on no suspect path last.
        return entry.suspect < 0 ? std::numeric_limits<int>::max() : entry.suspect;
    default:
        return {};
    }
}

QString FunctionTableModel::toolTip(const FunctionEntry &entry, int column) const
{
    switch (column) {
    case NameColumn:
        return tr("%1\nin %n place(s) of the merged tree", nullptr, int(entry.nodes.size()))
            .arg(QString::fromStdString(entry.label));
    case RanksColumn:
        return tr("Ranks with a sample through this frame: %1")
            .arg(FlameGraphText::rankRanges(entry.ranks));
    case SelfRanksColumn:
        return entry.selfRanks.empty()
                   ? tr("No rank's stack ends in this frame.")
                   : tr("Ranks whose stack ends in this frame (it is the top): %1")
                         .arg(FlameGraphText::rankRanges(entry.selfRanks));
    case SamplesColumn:
        return tr("Samples through this frame; a recursive frame counts each stack once.");
    case SelfSamplesColumn:
        return tr("Samples whose stack ends in this frame.");
    case SuspectColumn:
        return entry.suspect < 0 ? tr("On no suspect's path.")
                                 : tr("At or below the frame of suspect #%1 (Suspects panel).")
                                       .arg(entry.suspect + 1);
    default:
        return {};
    }
}

QVariant FunctionTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn:
            return tr("Function");
        case RanksColumn:
            return tr("Ranks");
        case SelfRanksColumn:
            return tr("Self ranks");
        case SamplesColumn:
            return tr("Samples");
        case SelfSamplesColumn:
            return tr("Self samples");
        case SuspectColumn:
            return tr("Suspect");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case RanksColumn:
            return tr("Ranks with a sample through the frame anywhere in the tree, and their "
                      "share of the ranks with data.");
        case SelfRanksColumn:
            return tr("Ranks whose stack ends in the frame: what they were doing when sampled.");
        case SuspectColumn:
            return tr("The best suspect whose frame is this one or one of its callers.");
        default:
            return {};
        }
    }
    return {};
}

} // namespace rankscope
