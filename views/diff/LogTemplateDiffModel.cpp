#include "views/diff/LogTemplateDiffModel.h"

#include "views/diff/DiffPalette.h"
#include "views/diff/DiffTableRoles.h"
#include "views/diff/DiffText.h"

#include <QFontDatabase>
#include <QStringList>

namespace rankscope {

namespace {

QString nodesText(const std::vector<std::string> &nodes)
{
    QStringList names;
    for (const std::string &node : nodes)
        names << QString::fromStdString(node);
    return names.isEmpty() ? QStringLiteral("–") : names.join(QStringLiteral(", "));
}

// The template on one line: the table row stays one line tall.
QString oneLine(const std::string &text)
{
    QString line = QString::fromStdString(text);
    line.replace(QLatin1Char('\n'), QStringLiteral(" ⏎ "));
    return line;
}

} // namespace

LogTemplateDiffModel::LogTemplateDiffModel(QObject *parent) : QAbstractTableModel(parent) {}

void LogTemplateDiffModel::setDiff(std::shared_ptr<const LogDiff> diff)
{
    beginResetModel();
    m_diff = std::move(diff);
    endResetModel();
}

const LogTemplateChange *LogTemplateDiffModel::change(int row) const
{
    if (!m_diff || row < 0 || row >= int(m_diff->changes.size()))
        return nullptr;
    return &m_diff->changes[std::size_t(row)];
}

int LogTemplateDiffModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_diff ? 0 : int(m_diff->changes.size());
}

int LogTemplateDiffModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LogTemplateDiffModel::data(const QModelIndex &index, int role) const
{
    const LogTemplateChange *row = change(index.row());
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
        return row->kind != LogTemplateChangeKind::Unchanged;
    case DiffTableRoles::ChipBackground:
        if (column == ChangeColumn)
            return DiffPalette::logChange(row->kind).background;
        return {};
    case DiffTableRoles::ChipText:
        if (column == ChangeColumn)
            return DiffPalette::logChange(row->kind).text;
        return {};
    case Qt::ToolTipRole:
        return tooltip(*row);
    case Qt::FontRole:
        if (column == TemplateColumn)
            return QFontDatabase::systemFont(QFontDatabase::FixedFont);
        return {};
    case Qt::TextAlignmentRole:
        if (column == TemplateColumn || column == TargetRanksColumn ||
            column == TargetNodesColumn || column == ChangeColumn)
            return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant LogTemplateDiffModel::displayData(const LogTemplateChange &change, int column) const
{
    const LogRateUnit unit = m_diff->unit;
    switch (column) {
    case ChangeColumn:
        return DiffText::logChangeName(change.kind);
    case TemplateColumn:
        return oneLine(change.text);
    case BaselineCountColumn:
        return QString::number(change.baselineCount);
    case BaselineRateColumn:
        return DiffText::rate(change.baselineRate, unit);
    case TargetCountColumn:
        return QString::number(change.targetCount);
    case TargetRateColumn:
        return DiffText::rate(change.targetRate, unit);
    case RatioColumn:
        if (change.kind == LogTemplateChangeKind::New)
            return tr("new");
        return DiffText::ratio(change.ratio);
    case TargetRanksColumn:
        return DiffText::ranks(change.targetRanks);
    case TargetNodesColumn:
        return nodesText(change.targetNodes);
    case FirstIterationColumn:
        return change.firstTargetIteration >= 0 ? QString::number(change.firstTargetIteration)
                                                : QStringLiteral("–");
    default:
        return {};
    }
}

QVariant LogTemplateDiffModel::sortData(const LogTemplateChange &change, int column) const
{
    switch (column) {
    case ChangeColumn:
        return change.score; // most important change first when sorted descending
    case TemplateColumn:
        return QString::fromStdString(change.text);
    case BaselineCountColumn:
        return qlonglong(change.baselineCount);
    case BaselineRateColumn:
        return change.baselineRate;
    case TargetCountColumn:
        return qlonglong(change.targetCount);
    case TargetRateColumn:
        return change.targetRate;
    case RatioColumn:
        // New templates have no ratio but the largest change: they sort above every ratio.
        return change.kind == LogTemplateChangeKind::New ? 1e300 : change.ratio;
    case TargetRanksColumn:
        return change.targetRanks.count();
    case TargetNodesColumn:
        return int(change.targetNodes.size());
    case FirstIterationColumn:
        return qlonglong(change.firstTargetIteration);
    default:
        return {};
    }
}

QString LogTemplateDiffModel::tooltip(const LogTemplateChange &change) const
{
    QString text = QStringLiteral("<b>") + DiffText::logChangeName(change.kind).toHtmlEscaped() +
                   QStringLiteral("</b>: ") +
                   DiffText::logChangeDescription(
                       change.kind, m_diff ? m_diff->unit : LogRateUnit::PerRankIteration)
                       .toHtmlEscaped();
    text += QStringLiteral("<br/><code>") + QString::fromStdString(change.text).toHtmlEscaped() +
            QStringLiteral("</code>");
    if (!change.baselineText.empty() && change.baselineText != change.text)
        text += QStringLiteral("<br/>") +
                tr("in the baseline: %1")
                    .arg(QStringLiteral("<code>") +
                         QString::fromStdString(change.baselineText).toHtmlEscaped() +
                         QStringLiteral("</code>"));
    text += QStringLiteral("<br/>") +
            tr("baseline: %1 events on ranks %2 · target: %3 events on ranks %4")
                .arg(change.baselineCount)
                .arg(DiffText::ranks(change.baselineRanks))
                .arg(change.targetCount)
                .arg(DiffText::ranks(change.targetRanks));
    if (change.firstTargetRank >= 0)
        text += QStringLiteral("<br/>") +
                tr("first in the target on rank %1").arg(change.firstTargetRank);
    if (change.targetTemplate != kNoTemplate)
        text += QStringLiteral("<br/><i>") + tr("Double-click to show its lines in the target.") +
                QStringLiteral("</i>");
    return text;
}

QVariant LogTemplateDiffModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case BaselineRateColumn:
        case TargetRateColumn:
            return m_diff && m_diff->unit == LogRateUnit::PerRankHour
                       ? tr("Events per rank per hour (the run has no iteration lines).")
                       : tr("Events per rank per iteration.");
        case RatioColumn:
            return tr("Target rate divided by baseline rate.");
        case FirstIterationColumn:
            return tr("The iteration of its first event in the target.");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ChangeColumn:
        return tr("Change");
    case TemplateColumn:
        return tr("Template");
    case BaselineCountColumn:
        return tr("Baseline");
    case BaselineRateColumn:
        return tr("Baseline rate");
    case TargetCountColumn:
        return tr("Target");
    case TargetRateColumn:
        return tr("Target rate");
    case RatioColumn:
        return tr("Ratio");
    case TargetRanksColumn:
        return tr("Target ranks");
    case TargetNodesColumn:
        return tr("Nodes");
    case FirstIterationColumn:
        return tr("First iter");
    default:
        return {};
    }
}

} // namespace rankscope
