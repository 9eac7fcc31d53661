#include "views/diff/StackChangeModel.h"

#include "core/diff/StackChangeSuspicion.h"
#include "views/diff/StackChangeList.h"
#include "views/flamegraph/FlameGraphPalette.h"
#include "views/flamegraph/FlameGraphText.h"

#include <QColor>

#include <algorithm>
#include <cmath>

namespace rankscope {

namespace {
// Same floor as the differential graph (FlameGraphScene), so a chip and a frame of the same
// change have the same colour.
constexpr double kMinimumScale = 0.05;
} // namespace

StackChangeModel::StackChangeModel(QObject *parent) : QAbstractTableModel(parent) {}

void StackChangeModel::setDiff(std::shared_ptr<const StackDiff> diff, int baselineRanksWithData,
                               int targetRanksWithData)
{
    beginResetModel();
    m_diff = std::move(diff);
    m_baselineRanks = baselineRanksWithData;
    m_targetRanks = targetRanksWithData;
    m_scale = kMinimumScale;
    if (m_diff) {
        for (const StackPathChange &change : m_diff->changes)
            m_scale = std::max(m_scale, std::abs(change.change()));
    }
    endResetModel();
}

int StackChangeModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_diff ? 0 : int(m_diff->changes.size());
}

int StackChangeModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : StackChangeList::ColumnCount;
}

QString StackChangeModel::kindText(StackPathChangeKind kind)
{
    switch (kind) {
    case StackPathChangeKind::New:
        return tr("new");
    case StackPathChangeKind::Gone:
        return tr("gone");
    case StackPathChangeKind::Changed:
        break;
    }
    return tr("changed");
}

QString StackChangeModel::shortPath(const std::vector<std::string> &frames)
{
    const QString separator = QStringLiteral(" \u203a ");
    QString text;
    const std::size_t first =
        frames.size() > std::size_t(kShownFrames) ? frames.size() - kShownFrames : 0;
    if (first > 0)
        text = QStringLiteral("\u2026") + separator;
    for (std::size_t i = first; i < frames.size(); ++i) {
        if (i > first)
            text += separator;
        text += QString::fromStdString(frames[i]);
    }
    return text;
}

QString StackChangeModel::fullPath(const std::vector<std::string> &frames)
{
    QStringList lines;
    for (std::size_t i = 0; i < frames.size(); ++i)
        lines << QString(int(i) * 2, QLatin1Char(' ')) + QString::fromStdString(frames[i]);
    return lines.join(QLatin1Char('\n'));
}

QString StackChangeModel::ranksText(const RankSet &ranks, double share, int ranksWithData) const
{
    return tr("%1 of %2 (%3)")
        .arg(QString::number(ranks.count()), QString::number(ranksWithData),
             FlameGraphText::percent(share));
}

QVariant StackChangeModel::display(const StackPathChange &change, int column) const
{
    switch (column) {
    case StackChangeList::KindColumn:
        return kindText(change.kind);
    case StackChangeList::PathColumn:
        return shortPath(change.frames);
    case StackChangeList::BaselineColumn:
        return ranksText(change.baselineRanks, change.baselineShare, m_baselineRanks);
    case StackChangeList::TargetColumn:
        return ranksText(change.targetRanks, change.targetShare, m_targetRanks);
    case StackChangeList::ChangeColumn:
        return FlameGraphText::points(change.change());
    case StackChangeList::SuspicionColumn:
        return suspicionText(change);
    default:
        return {};
    }
}

QString StackChangeModel::suspicionText(const StackPathChange &change)
{
    const StackChangeSuspicionParts parts = stackChangeSuspicionParts(change);
    if (parts.lost)
        return change.kind == StackPathChangeKind::Gone ? tr("vanished") : tr("lost ranks");
    QStringList reasons;
    if (parts.newOnMinority)
        reasons << tr("new on a minority");
    else if (change.kind == StackPathChangeKind::New)
        reasons << tr("new on most ranks");
    else
        reasons << tr("gained ranks");
    if (parts.working)
        reasons << tr("own work (%1)").arg(QString::fromLatin1(stackClassName(change.leafClass)));
    else if (parts.waiting)
        reasons << tr("waiting (%1)").arg(QString::fromLatin1(stackClassName(change.leafClass)));
    return reasons.join(QStringLiteral(", "));
}

QVariant StackChangeModel::sortKey(const StackPathChange &change, int column) const
{
    switch (column) {
    case StackChangeList::KindColumn:
        return int(change.kind);
    case StackChangeList::PathColumn:
        return fullPath(change.frames);
    case StackChangeList::BaselineColumn:
        return change.baselineShare;
    case StackChangeList::TargetColumn:
        return change.targetShare;
    case StackChangeList::ChangeColumn:
        return change.change();
    case StackChangeList::SuspicionColumn:
        return change.suspicion;
    default:
        return {};
    }
}

QVariant StackChangeModel::data(const QModelIndex &index, int role) const
{
    if (!m_diff || !index.isValid() || index.row() >= rowCount())
        return {};
    const StackPathChange &change = m_diff->changes[std::size_t(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return display(change, column);
    case kSortRole:
        return sortKey(change, column);
    case kChangeIndexRole:
        return index.row();
    case Qt::DecorationRole:
        if (column == StackChangeList::KindColumn) {
            // A path only one run has gets the full colour, as its marker in the differential
            // graph: two new ranks of 2,048 are a tenth of a point, yet the news of the run.
            const double shown = change.kind == StackPathChangeKind::New    ? m_scale
                                 : change.kind == StackPathChangeKind::Gone ? -m_scale
                                                                            : change.change();
            return FlameGraphPalette::differenceStepColour(
                FlameGraphPalette::differenceStep(shown, m_scale));
        }
        return {};
    case Qt::ForegroundRole:
        if (column == StackChangeList::ChangeColumn)
            return change.change() > 0 ? QColor(0xa8, 0x14, 0x14) : QColor(0x1a, 0x4e, 0x94);
        return {};
    case Qt::TextAlignmentRole:
        if (column >= StackChangeList::BaselineColumn && column <= StackChangeList::ChangeColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ToolTipRole:
        if (column == StackChangeList::PathColumn)
            return fullPath(change.frames);
        if (column == StackChangeList::BaselineColumn && !change.baselineRanks.empty())
            return tr("baseline ranks: %1").arg(FlameGraphText::rankRanges(change.baselineRanks));
        if (column == StackChangeList::TargetColumn && !change.targetRanks.empty())
            return tr("target ranks: %1").arg(FlameGraphText::rankRanges(change.targetRanks));
        if (column == StackChangeList::KindColumn) {
            switch (change.kind) {
            case StackPathChangeKind::New:
                return tr("No baseline rank took this path.");
            case StackPathChangeKind::Gone:
                return tr("No target rank takes this path any more.");
            case StackPathChangeKind::Changed:
                break;
            }
            return tr("Both runs have this path, with a different share of their ranks.");
        }
        if (column == StackChangeList::ChangeColumn)
            return tr("Target share minus baseline share of each run's ranks with data.");
        if (column == StackChangeList::SuspicionColumn)
            return StackChangeList::orderToolTip();
        return {};
    default:
        return {};
    }
}

QVariant StackChangeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case StackChangeList::KindColumn:
        return tr("Kind");
    case StackChangeList::PathColumn:
        return tr("Path");
    case StackChangeList::BaselineColumn:
        return tr("Baseline ranks");
    case StackChangeList::TargetColumn:
        return tr("Target ranks");
    case StackChangeList::ChangeColumn:
        return tr("Change");
    case StackChangeList::SuspicionColumn:
        return tr("Suspicion");
    default:
        return {};
    }
}

} // namespace rankscope
