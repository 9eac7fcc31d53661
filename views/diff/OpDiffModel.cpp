#include "views/diff/OpDiffModel.h"

#include "views/common/DurationText.h"
#include "views/diff/DiffPalette.h"
#include "views/diff/DiffTableRoles.h"
#include "views/diff/DiffText.h"
#include "views/timeline/TimelineStyle.h"

#include <cmath>

namespace rankscope {

OpDiffModel::OpDiffModel(QObject *parent) : QAbstractTableModel(parent) {}

void OpDiffModel::setDiff(std::shared_ptr<const OpDiff> diff)
{
    beginResetModel();
    m_diff = std::move(diff);
    endResetModel();
}

const OpChange *OpDiffModel::op(int row) const
{
    if (!m_diff || row < 0 || row >= int(m_diff->ops.size()))
        return nullptr;
    return &m_diff->ops[std::size_t(row)];
}

int OpDiffModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_diff ? 0 : int(m_diff->ops.size());
}

int OpDiffModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OpDiffModel::data(const QModelIndex &index, int role) const
{
    const OpChange *row = op(index.row());
    if (!row)
        return {};
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return displayData(*row, column);
    case DiffTableRoles::Sort:
        return sortData(*row, column);
    case DiffTableRoles::ChangeIndex:
        return index.row();
    case DiffTableRoles::Significant:
        return row->significant;
    case DiffTableRoles::ChipBackground:
        if (column == ChangeColumn)
            return DiffPalette::opChange(row->change).background;
        return {};
    case DiffTableRoles::ChipText:
        if (column == ChangeColumn)
            return DiffPalette::opChange(row->change).text;
        return {};
    case Qt::BackgroundRole:
        if (column == RatioColumn || column == DeltaColumn) {
            const QColor tint = DiffPalette::opRowTint(row->change);
            if (tint.isValid())
                return tint;
        }
        return {};
    case Qt::ForegroundRole:
        if (column == KindColumn)
            return TimelineStyle::kindColour(row->kind).darker(140);
        return {};
    case Qt::ToolTipRole:
        return tooltip(*row);
    case Qt::TextAlignmentRole:
        if (column == OpColumn || column == KindColumn || column == ChangeColumn)
            return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant OpDiffModel::displayData(const OpChange &op, int column) const
{
    switch (column) {
    case ChangeColumn:
        return DiffText::opChangeName(op.change);
    case OpColumn:
        return QString::fromStdString(op.name);
    case KindColumn:
        return TimelineStyle::kindName(op.kind);
    case BaselineColumn:
        return DiffText::medianWithSpread(op.baseline);
    case TargetColumn:
        return DiffText::medianWithSpread(op.target);
    case RatioColumn:
        if (op.change == OpChangeKind::New)
            return tr("new");
        if (op.change == OpChangeKind::Gone)
            return tr("gone");
        return DiffText::ratio(op.ratio);
    case DeltaColumn:
        return DurationText::offset(op.deltaNsPerUnit);
    case BaselineCallsColumn:
        return op.baseline.ranksWithOp > 0 ? DiffText::calls(op.baseline.countPerUnit)
                                           : QStringLiteral("–");
    case TargetCallsColumn:
        return op.target.ranksWithOp > 0 ? DiffText::calls(op.target.countPerUnit)
                                         : QStringLiteral("–");
    default:
        return {};
    }
}

QVariant OpDiffModel::sortData(const OpChange &op, int column) const
{
    switch (column) {
    case ChangeColumn:
        return std::fabs(op.deltaNsPerUnit);
    case OpColumn:
        return QString::fromStdString(op.name);
    case KindColumn:
        return TimelineStyle::kindName(op.kind);
    case BaselineColumn:
        return op.baseline.medianNsPerUnit;
    case TargetColumn:
        return op.target.medianNsPerUnit;
    case RatioColumn:
        // New ops have no ratio but are the largest change upward; gone ones downward.
        return op.change == OpChangeKind::New ? 1e300 : op.ratio;
    case DeltaColumn:
        return op.deltaNsPerUnit;
    case BaselineCallsColumn:
        return op.baseline.countPerUnit;
    case TargetCallsColumn:
        return op.target.countPerUnit;
    default:
        return {};
    }
}

QString OpDiffModel::tooltip(const OpChange &op) const
{
    const QString unit = DiffText::perUnit(m_diff->perIteration);
    QString text = QStringLiteral("<b>") + QString::fromStdString(op.name).toHtmlEscaped() +
                   QStringLiteral("</b> · ") + TimelineStyle::kindName(op.kind).toHtmlEscaped();
    auto side = [&](const QString &name, const OpRunStats &stats) {
        if (stats.ranksWithOp == 0)
            return tr("%1: not run").arg(name);
        return tr("%1: median %2%3 over %4 of %5 ranks (p10 %6, p90 %7), %8 calls%3, %9 per call")
            .arg(name, DurationText::duration(stats.medianNsPerUnit), unit)
            .arg(stats.ranksWithOp)
            .arg(stats.ranks)
            .arg(DurationText::duration(stats.p10NsPerUnit),
                 DurationText::duration(stats.p90NsPerUnit), DiffText::calls(stats.countPerUnit),
                 DurationText::duration(stats.medianNsPerCall));
    };
    text += QStringLiteral("<br/>") + side(tr("baseline"), op.baseline).toHtmlEscaped();
    text += QStringLiteral("<br/>") + side(tr("target"), op.target).toHtmlEscaped();
    if (op.baseline.ranksWithOp > 0 && op.target.ranksWithOp > 0)
        text += QStringLiteral("<br/>") +
                tr("change: %1%2 (%3)")
                    .arg(DurationText::offset(op.deltaNsPerUnit), unit, DiffText::ratio(op.ratio))
                    .toHtmlEscaped();
    return text;
}

QVariant OpDiffModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    const bool perIteration = !m_diff || m_diff->perIteration;
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case BaselineColumn:
        case TargetColumn:
            return perIteration ? tr("Median time per iteration over the ranks that ran the op, "
                                     "with the p10–p90 spread over those ranks.")
                                : tr("Median time per second of trace over the ranks that ran "
                                     "the op (no ProfilerStep ranges), with the p10–p90 spread.");
        case RatioColumn:
            return tr("Target median divided by baseline median.");
        case DeltaColumn:
            return tr("Target median minus baseline median.");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    const QString unit = DiffText::perUnit(perIteration);
    switch (section) {
    case ChangeColumn:
        return tr("Change");
    case OpColumn:
        return tr("Op");
    case KindColumn:
        return tr("Kind");
    case BaselineColumn:
        return tr("Baseline %1 (p10–p90)").arg(unit);
    case TargetColumn:
        return tr("Target %1 (p10–p90)").arg(unit);
    case RatioColumn:
        return tr("Ratio");
    case DeltaColumn:
        return tr("Δ %1").arg(unit);
    case BaselineCallsColumn:
        return tr("Baseline calls %1").arg(unit);
    case TargetCallsColumn:
        return tr("Target calls %1").arg(unit);
    default:
        return {};
    }
}

} // namespace rankscope
