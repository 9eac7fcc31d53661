#pragma once

#include "core/logs/LogAnalysis.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <memory>
#include <unordered_set>

namespace rankscope {

// The templates of a log analysis as a table, in the analysis' order (most suspicious first).
// Qt::DisplayRole gives the text, SortRole the number each column sorts by.
class LogTemplateModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        TemplateColumn,
        SeverityColumn,
        CountColumn,
        HasColumn,
        MissingColumn,
        FirstSeenColumn,
        FlagsColumn,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole,
        TemplateIdRole, // TemplateId as uint
        SeverityRole,   // LogSeverity as int
        FlagsRole,      // LogTemplateFlag bits as uint
        SuspiciousRole, // bool: see isSuspicious()
        SearchTextRole, // what the text filter looks in: template text and built-in name
    };
    // The flags that mark a template worth reading (the others say which role it belongs to).
    static constexpr std::uint32_t kAnomalyFlags =
        LogTemplateFlag::MinorityHas | LogTemplateFlag::MinorityLacks | LogTemplateFlag::NewLate |
        LogTemplateFlag::Burst;

    explicit LogTemplateModel(QObject *parent = nullptr);

    void setAnalysis(std::shared_ptr<const LogAnalysis> analysis,
                     std::shared_ptr<const JobInfo> job = {});
    const LogAnalysis *analysis() const { return m_analysis.get(); }
    const LogTemplateSummary *summary(int row) const;
    int rowOf(TemplateId id) const; // -1 when absent

    // A template the analysis marks as suspect (LogTemplateFlag::Suspect): the ones its summary
    // and rankscope-cli logs count, so the counts beside the summary agree with it.
    static bool isSuspicious(const LogTemplateSummary &summary);

    // The short words of the flags column, in a fixed order ("minority lacks", "new late").
    // ErrorSeverity has no word: the severity column shows it.
    static QStringList flagWords(std::uint32_t flags);
    static QString flagsText(std::uint32_t flags);
    static QString flagDescription(std::uint32_t flag); // one sentence, for tooltips
    static QString firstSeenText(const LogTemplateSummary &summary);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVariant displayData(const LogTemplateSummary &row, int column) const;
    QVariant sortData(const LogTemplateSummary &row, int column) const;
    QString toolTip(const LogTemplateSummary &row, int column) const;
    QString ranksTooltip(const RankSet &ranks) const;

    std::shared_ptr<const LogAnalysis> m_analysis;
    std::shared_ptr<const JobInfo> m_job;
    std::unordered_set<TemplateId> m_suspectTemplates;
};

} // namespace rankscope
