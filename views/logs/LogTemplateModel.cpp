#include "views/logs/LogTemplateModel.h"

#include "views/flamegraph/FlameGraphText.h"
#include "views/logs/LogSeverityStyle.h"
#include "views/logs/LogTimeText.h"

#include <QFontDatabase>
#include <QLocale>

#include <bit>
#include <limits>

namespace rankscope {

namespace {

// Flags in the order their words are listed.
constexpr std::uint32_t kFlagOrder[] = {
    LogTemplateFlag::Cause,         LogTemplateFlag::Echo,         LogTemplateFlag::MinorityHas,
    LogTemplateFlag::MinorityLacks, LogTemplateFlag::NewLate,      LogTemplateFlag::Burst,
    LogTemplateFlag::RankZeroOnly,  LogTemplateFlag::ControlPlane,
};

constexpr int kRangeChars = 40; // rank ranges are cut (at a comma) beyond this in the cells

} // namespace

LogTemplateModel::LogTemplateModel(QObject *parent) : QAbstractTableModel(parent) {}

void LogTemplateModel::setAnalysis(std::shared_ptr<const LogAnalysis> analysis,
                                   std::shared_ptr<const JobInfo> job)
{
    beginResetModel();
    m_analysis = std::move(analysis);
    m_job = std::move(job);
    m_suspectTemplates.clear();
    if (m_analysis) {
        for (const LogSuspect &s : m_analysis->suspects) {
            if (s.kind == LogSuspectKind::Template && s.templ != kNoTemplate)
                m_suspectTemplates.insert(s.templ);
        }
    }
    endResetModel();
}

const LogTemplateSummary *LogTemplateModel::summary(int row) const
{
    if (!m_analysis || row < 0 || row >= int(m_analysis->templates.size()))
        return nullptr;
    return &m_analysis->templates[std::size_t(row)];
}

int LogTemplateModel::rowOf(TemplateId id) const
{
    if (!m_analysis)
        return -1;
    const auto &templates = m_analysis->templates;
    for (std::size_t i = 0; i < templates.size(); ++i) {
        if (templates[i].id == id)
            return int(i);
    }
    return -1;
}

bool LogTemplateModel::isSuspicious(const LogTemplateSummary &summary)
{
    // The analysis' own mark: what its summary and rankscope-cli logs count as suspicious.
    return (summary.flags & LogTemplateFlag::Suspect) != 0;
}

QStringList LogTemplateModel::flagWords(std::uint32_t flags)
{
    QStringList words;
    for (const std::uint32_t flag : kFlagOrder) {
        if (!(flags & flag))
            continue;
        switch (flag) {
        case LogTemplateFlag::Cause:
            words << tr("cause");
            break;
        case LogTemplateFlag::Echo:
            words << tr("echo");
            break;
        case LogTemplateFlag::MinorityHas:
            words << tr("minority has");
            break;
        case LogTemplateFlag::MinorityLacks:
            words << tr("minority lacks");
            break;
        case LogTemplateFlag::NewLate:
            words << tr("new late");
            break;
        case LogTemplateFlag::Burst:
            words << tr("burst");
            break;
        case LogTemplateFlag::RankZeroOnly:
            words << tr("rank 0 only");
            break;
        case LogTemplateFlag::ControlPlane:
            words << tr("control plane");
            break;
        }
    }
    return words;
}

QString LogTemplateModel::flagsText(std::uint32_t flags)
{
    return flagWords(flags).join(QStringLiteral(", "));
}

QString LogTemplateModel::flagDescription(std::uint32_t flag)
{
    switch (flag) {
    case LogTemplateFlag::Cause:
        return tr("A local fault (CUDA, Xid, ECC, NCCL, a crash or an exception): when few ranks "
                  "or one node logged it before the echoes, it is where the trouble started.");
    case LogTemplateFlag::Echo:
        return tr("What ranks and the launcher print after a fault elsewhere (watchdog timeouts, "
                  "terminate called, SIGTERM, failure reports): a consequence, not a cause.");
    case LogTemplateFlag::MinorityHas:
        return tr("Only a minority of the comparable ranks logged it.");
    case LogTemplateFlag::MinorityLacks:
        return tr("All but a few comparable ranks logged it: the few may have stopped early.");
    case LogTemplateFlag::NewLate:
        return tr("It first appeared after the job's early phase.");
    case LogTemplateFlag::Burst:
        return tr("A rank logged it far more often than in its own history.");
    case LogTemplateFlag::RankZeroOnly:
        return tr("Logged by rank 0 or the launcher only: compared within that role.");
    case LogTemplateFlag::ControlPlane:
        return tr("Control-plane noise (progress bars, HTTP, downloads, checkpoint metadata).");
    }
    return QString();
}

QString LogTemplateModel::firstSeenText(const LogTemplateSummary &summary)
{
    const QString time = LogTimeText::clock(summary.firstTimeNs);
    if (summary.firstIteration < 0)
        return time;
    return tr("%1 · iter %2").arg(time).arg(summary.firstIteration);
}

int LogTemplateModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_analysis ? 0 : int(m_analysis->templates.size());
}

int LogTemplateModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LogTemplateModel::displayData(const LogTemplateSummary &row, int column) const
{
    switch (column) {
    case TemplateColumn:
        return QString::fromStdString(row.text);
    case SeverityColumn:
        return LogSeverityStyle::shortName(row.severity);
    case CountColumn:
        return QLocale().toString(qlonglong(row.count));
    case HasColumn:
        return row.has.empty() ? QStringLiteral("–")
                               : FlameGraphText::rankRanges(row.has, kRangeChars);
    case MissingColumn:
        return row.missing.empty() ? QStringLiteral("–")
                                   : FlameGraphText::rankRanges(row.missing, kRangeChars);
    case FirstSeenColumn:
        return firstSeenText(row);
    case FlagsColumn:
        return flagsText(row.flags);
    }
    return {};
}

QVariant LogTemplateModel::sortData(const LogTemplateSummary &row, int column) const
{
    switch (column) {
    case TemplateColumn:
        return QString::fromStdString(row.text);
    case SeverityColumn:
        return int(row.severity);
    case CountColumn:
        return qlonglong(row.count);
    case HasColumn:
        return row.has.count();
    case MissingColumn:
        return row.missing.count();
    case FirstSeenColumn:
        // No timestamp sorts last in ascending order: it says nothing about "when".
        return row.firstTimeNs == 0 ? std::numeric_limits<qlonglong>::max()
                                    : qlonglong(row.firstTimeNs);
    case FlagsColumn:
        // The flags are what make a template suspicious: more anomaly flags first, then score.
        return double(std::popcount(row.flags & kAnomalyFlags)) * 1e12 + row.score;
    }
    return {};
}

QString LogTemplateModel::ranksTooltip(const RankSet &ranks) const
{
    if (ranks.empty())
        return tr("none");
    const int n = ranks.count();
    QString text = (n == 1 ? tr("%n rank: %1", nullptr, n) : tr("%n ranks: %1", nullptr, n))
                       .arg(FlameGraphText::rankRanges(ranks, 2000));
    // A few ranks: name their nodes, the first thing one checks ("is it one host?").
    if (m_job && n <= 8) {
        QStringList places;
        ranks.forEach([&](int rank) {
            const std::string node = m_job->nodeOf(rank);
            if (!node.empty())
                places << tr("rank %1 on %2").arg(rank).arg(QString::fromStdString(node));
        });
        if (!places.isEmpty())
            text += QLatin1Char('\n') + places.join(QLatin1Char('\n'));
    }
    return text;
}

QString LogTemplateModel::toolTip(const LogTemplateSummary &row, int column) const
{
    switch (column) {
    case TemplateColumn: {
        QString text = QString::fromStdString(row.text);
        if (!row.builtinName.empty())
            text += QLatin1Char('\n') +
                    tr("Built-in template: %1").arg(QString::fromStdString(row.builtinName));
        if (!row.role.empty())
            text += QLatin1Char('\n') +
                    tr("Compared within role: %1").arg(QString::fromStdString(row.role));
        text += QLatin1Char('\n') + tr("Template id %1. Click to show its lines.").arg(row.id);
        return text;
    }
    case SeverityColumn:
        return LogSeverityStyle::name(row.severity);
    case HasColumn:
        return tr("Has it: %1").arg(ranksTooltip(row.has));
    case MissingColumn:
        return tr("Comparable ranks without it: %1").arg(ranksTooltip(row.missing));
    case FirstSeenColumn: {
        QString text = tr("First seen %1").arg(LogTimeText::dateTime(row.firstTimeNs));
        if (row.firstRank >= 0)
            text += QLatin1Char('\n') + tr("on rank %1").arg(row.firstRank);
        if (row.firstIteration >= 0)
            text += QLatin1Char('\n') + tr("in iteration %1").arg(row.firstIteration);
        return text;
    }
    case FlagsColumn: {
        QStringList lines;
        for (const std::uint32_t flag : kFlagOrder) {
            if (row.flags & flag)
                lines << flagWords(flag).value(0) + QStringLiteral(": ") + flagDescription(flag);
        }
        if (isSuspicious(row))
            lines << tr("Listed among the suspects of the analysis.");
        return lines.join(QLatin1Char('\n'));
    }
    }
    return {};
}

QVariant LogTemplateModel::data(const QModelIndex &index, int role) const
{
    const LogTemplateSummary *row = summary(index.row());
    if (!index.isValid() || !row)
        return {};
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return displayData(*row, column);
    case SortRole:
        return sortData(*row, column);
    case TemplateIdRole:
        return uint(row->id);
    case SeverityRole:
        return int(row->severity);
    case FlagsRole:
        return uint(row->flags);
    case SuspiciousRole:
        return isSuspicious(*row);
    case SearchTextRole:
        return QString(QString::fromStdString(row->text) + QLatin1Char('\n') +
                       QString::fromStdString(row->builtinName));
    case Qt::ToolTipRole:
        return toolTip(*row, column);
    case Qt::FontRole:
        if (column == TemplateColumn)
            return QFontDatabase::systemFont(QFontDatabase::FixedFont);
        return {};
    case Qt::TextAlignmentRole:
        if (column == CountColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return int(Qt::AlignLeft | Qt::AlignVCenter);
    }
    return {};
}

QVariant LogTemplateModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case TemplateColumn:
            return tr("Template");
        case SeverityColumn:
            return tr("Severity");
        case CountColumn:
            return tr("Count");
        case HasColumn:
            return tr("Has ranks");
        case MissingColumn:
            return tr("Missing ranks");
        case FirstSeenColumn:
            return tr("First seen");
        case FlagsColumn:
            return tr("Flags");
        }
    } else if (role == Qt::ToolTipRole) {
        switch (section) {
        case TemplateColumn:
            return tr("The event with its variable parts replaced by <*> (or by the kind of "
                      "value: <NUM>, <HEX>, <PATH> …).");
        case CountColumn:
            return tr("Events of this template over all ranks.");
        case HasColumn:
            return tr("Ranks with at least one event of this template.");
        case MissingColumn:
            return tr("Ranks of the same role without it.");
        case FirstSeenColumn:
            return tr("Earliest event (UTC) and the iteration its rank was in.");
        case FlagsColumn:
            return tr("Why the template may matter. Sorting by this column puts the templates "
                      "with the most warning flags first.");
        }
    }
    return {};
}

} // namespace rankscope
