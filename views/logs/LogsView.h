#pragma once

#include "core/logs/JobStepSeries.h"
#include "core/logs/LogAnalysis.h"
#include "views/logs/LogLineFilter.h"
#include "views/logs/LogLineSource.h"

#include <QWidget>

#include <memory>

class QCheckBox;
class QLabel;
class QLineEdit;
class QSplitter;
class QTabWidget;

namespace rankscope {

class ElidedLabel;
class LogFilterBar;
class LogLineView;
class LogTemplateTable;
class StepSeriesChart;

// The Logs tab: the analysis' one-sentence summary, then two pages: the template table (with its
// own text filter and "suspicious only") and the job's step time and loss per iteration
// (StepSeriesChart, with the baseline's beside it); below them the filter bar over the line
// view. Clicking a
// template filters the lines to it. The view never filters lines itself: it emits
// filterChanged and the owner gives it the filtered source (setLineSource).
class LogsView : public QWidget
{
    Q_OBJECT

public:
    explicit LogsView(QWidget *parent = nullptr);

    void setAnalysis(std::shared_ptr<const LogAnalysis> analysis,
                     std::shared_ptr<const JobInfo> job);
    // The analysis shown (null before one is set): its English beside what the view shows.
    const std::shared_ptr<const LogAnalysis> &analysis() const { return m_analysis; }
    // The lines matching the current filter (the owner applies filterChanged's filter).
    void setLineSource(std::shared_ptr<LogLineSource> source);
    // Shows `filter` in the bar and the table and, when it differs from the current one, emits
    // filterChanged once so the owner applies every filter on one path (links from the heatmap
    // and the rank detail use this). Whether copies are shown stays as the user set it.
    void setFilter(const LogLineFilter &filter);
    LogLineFilter filter() const { return m_filter; }
    // How many lines of the job copy another file's (the filter bar's "Copies" switch).
    void setCopyCount(qint64 copies);
    // The window selected in the heatmap, offered by the filter bar's "Heatmap window".
    void setSelectedWindow(qint64 fromNs, qint64 toNs, const QString &label);

    // The job's step-time and loss series from its iteration lines, and the baseline's.
    void setStepSeries(std::shared_ptr<const JobStepSeries> series, const QString &name);
    void setBaselineStepSeries(std::shared_ptr<const JobStepSeries> series, const QString &name);
    // Shows the chart page (the Diff view's step-time line links here).
    void showStepSeries();
    void showTemplates();
    bool isStepSeriesShown() const;

    LogTemplateTable *templateTable() const { return m_table; }
    StepSeriesChart *stepChart() const { return m_chart; }
    QTabWidget *pages() const { return m_pages; }
    LogFilterBar *filterBar() const { return m_bar; }
    LogLineView *lineView() const { return m_lines; }
    QLineEdit *templateSearch() const { return m_search; }
    QCheckBox *suspiciousOnlyBox() const { return m_suspiciousOnly; }
    QSplitter *splitter() const { return m_splitter; }
    // The summary sentence (the CLI's "Summary:" line) and the "N templates · M suspicious"
    // line as shown.
    QString summaryText() const;
    QString templateStatusText() const;

signals:
    void filterChanged(const rankscope::LogLineFilter &filter);
    void rankActivated(int rank);
    void timeActivated(qint64 timeNs);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void applyFilterFromBar(const LogLineFilter &filter);
    void showTemplate(TemplateId id);
    void updateTemplateStatus();
    void updateEmptyMessage();

    std::shared_ptr<const LogAnalysis> m_analysis;
    LogLineFilter m_filter;
    QLabel *m_summary = nullptr;
    QLineEdit *m_search = nullptr;
    QCheckBox *m_suspiciousOnly = nullptr;
    ElidedLabel *m_templateStatus = nullptr;
    LogTemplateTable *m_table = nullptr;
    QTabWidget *m_pages = nullptr;
    StepSeriesChart *m_chart = nullptr;
    LogFilterBar *m_bar = nullptr;
    LogLineView *m_lines = nullptr;
    QSplitter *m_splitter = nullptr;
    bool m_splitMoved = false; // the user moved the handle: their split stays
};

} // namespace rankscope
