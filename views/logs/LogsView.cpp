#include "views/logs/LogsView.h"

#include "views/common/ElidedLabel.h"
#include "views/common/FlowLayout.h"
#include "views/common/MessageText.h"

#include "views/logs/LogFilterBar.h"
#include "views/logs/LogLineView.h"
#include "views/logs/LogTemplateFilterProxy.h"
#include "views/logs/LogTemplateModel.h"
#include "views/logs/LogTemplateTable.h"
#include "views/logs/StepSeriesChart.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace rankscope {

LogsView::LogsView(QWidget *parent)
    : QWidget(parent), m_summary(new QLabel(this)), m_search(new QLineEdit(this)),
      m_suspiciousOnly(new QCheckBox(tr("Suspicious only"), this)),
      m_templateStatus(new ElidedLabel(this)), m_table(new LogTemplateTable(this)),
      m_pages(new QTabWidget(this)), m_chart(new StepSeriesChart(this)),
      m_bar(new LogFilterBar(this)), m_lines(new LogLineView(this)),
      m_splitter(new QSplitter(Qt::Vertical, this))
{
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setContentsMargins(6, 4, 6, 2);
    m_search->setPlaceholderText(tr("Filter templates"));
    m_search->setClearButtonEnabled(true);
    m_search->setToolTip(tr("Show the templates whose text or built-in name contains this."));
    m_suspiciousOnly->setToolTip(tr("Show only the templates the analysis lists as suspects "
                                    "(the ones its summary and rankscope-cli logs count)."));
    // The count takes the rest of the row (or a row of its own), cut with "…" rather than
    // widening the window.
    m_templateStatus->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_templateStatus->setAlignment(Qt::AlignRight);
    m_templateStatus->setMinimumWidth(120);
    m_search->setMinimumWidth(160);

    auto *templateControls = new FlowLayout;
    templateControls->setContentsMargins(4, 2, 4, 2);
    templateControls->addWidget(m_search);
    templateControls->addWidget(m_suspiciousOnly);
    templateControls->addWidget(m_templateStatus);
    auto *templates = new QWidget(this);
    auto *templatesLayout = new QVBoxLayout(templates);
    templatesLayout->setContentsMargins(0, 0, 0, 0);
    templatesLayout->setSpacing(2);
    templatesLayout->addLayout(templateControls);
    templatesLayout->addWidget(m_table, 1);
    m_pages->setDocumentMode(true);
    m_pages->addTab(templates, tr("Templates"));
    m_pages->addTab(m_chart, tr("Step time and loss"));
    auto *top = new QWidget(this);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->setSpacing(2);
    topLayout->addWidget(m_summary);
    topLayout->addWidget(m_pages, 1);

    auto *bottom = new QWidget(this);
    auto *bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    bottomLayout->setSpacing(2);
    bottomLayout->addWidget(m_bar);
    bottomLayout->addWidget(m_lines, 1);

    m_splitter->addWidget(top);
    m_splitter->addWidget(bottom);
    // The lines are what one reads: they take most of a taller window. Until the user moves
    // the handle, the split is kept at 2:3 (resizeEvent); the summary and the table's size hints
    // would otherwise give the top the larger half.
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setChildrenCollapsible(false);
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] { m_splitMoved = true; });
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);

    connect(m_search, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_table->setTextFilter(text);
        updateTemplateStatus();
    });
    connect(m_suspiciousOnly, &QCheckBox::toggled, this, [this](bool on) {
        m_table->setSuspiciousOnly(on);
        updateTemplateStatus();
    });
    connect(m_table, &LogTemplateTable::templateActivated, this, &LogsView::showTemplate);
    connect(m_bar, &LogFilterBar::filterChanged, this, &LogsView::applyFilterFromBar);
    connect(m_lines, &LogLineView::filterToTemplateRequested, this, &LogsView::showTemplate);
    connect(m_lines, &LogLineView::filterToRankRequested, this, [this](int rank) {
        LogLineFilter f = m_filter;
        f.ranks = RankSet::fromVector({rank});
        setFilter(f);
    });
    connect(m_lines, &LogLineView::rankActivated, this, &LogsView::rankActivated);
    connect(m_lines, &LogLineView::timeActivated, this, &LogsView::timeActivated);
    setAnalysis(nullptr, nullptr);
}

void LogsView::setAnalysis(std::shared_ptr<const LogAnalysis> analysis,
                           std::shared_ptr<const JobInfo> job)
{
    m_analysis = std::move(analysis);
    m_table->setAnalysis(m_analysis, job);
    m_lines->setJob(job);
    std::vector<std::pair<TemplateId, QString>> templates;
    qint64 reference = 0;
    if (m_analysis) {
        for (const LogTemplateSummary &t : m_analysis->templates) {
            templates.emplace_back(t.id, QString::fromStdString(t.text));
            if (t.firstTimeNs != 0 && (reference == 0 || t.firstTimeNs < reference))
                reference = t.firstTimeNs;
        }
        if (m_analysis->anchorTimeNs != 0)
            reference = m_analysis->anchorTimeNs;
    }
    m_bar->setReferenceTime(reference);
    m_bar->setTemplates(templates);
    m_bar->setFilter(m_filter);
    m_table->selectTemplate(m_filter.templ);
    if (!m_analysis)
        m_summary->setText(tr("No logs analysed yet."));
    else if (!m_analysis->summary.empty())
        m_summary->setText(messageText(m_analysis->summaryMessage, m_analysis->summary));
    else
        m_summary->setText(tr("The logs were analysed; nothing stands out."));
    updateTemplateStatus();
}

void LogsView::setStepSeries(std::shared_ptr<const JobStepSeries> series, const QString &name)
{
    m_chart->setSeries(std::move(series), name);
}

void LogsView::setBaselineStepSeries(std::shared_ptr<const JobStepSeries> series,
                                     const QString &name)
{
    m_chart->setBaseline(std::move(series), name);
}

void LogsView::showStepSeries()
{
    m_pages->setCurrentWidget(m_chart);
}

void LogsView::showTemplates()
{
    m_pages->setCurrentIndex(0);
}

bool LogsView::isStepSeriesShown() const
{
    return m_pages->currentWidget() == m_chart;
}

void LogsView::setLineSource(std::shared_ptr<LogLineSource> source)
{
    m_lines->setSource(std::move(source));
    updateEmptyMessage();
}

void LogsView::setFilter(const LogLineFilter &link)
{
    LogLineFilter filter = link;
    filter.copies = m_filter.copies;
    m_bar->setFilter(filter);
    m_table->selectTemplate(filter.templ);
    if (filter == m_filter)
        return;
    m_filter = filter;
    updateEmptyMessage();
    emit filterChanged(m_filter);
}

void LogsView::setCopyCount(qint64 copies)
{
    m_bar->setCopyCount(copies);
}

void LogsView::setSelectedWindow(qint64 fromNs, qint64 toNs, const QString &label)
{
    m_bar->setSelectedWindow(fromNs, toNs, label);
}

void LogsView::applyFilterFromBar(const LogLineFilter &filter)
{
    m_table->selectTemplate(filter.templ);
    if (filter == m_filter)
        return;
    m_filter = filter;
    updateEmptyMessage();
    emit filterChanged(m_filter);
}

void LogsView::showTemplate(TemplateId id)
{
    LogLineFilter f = m_filter;
    f.templ = id;
    setFilter(f);
}

QString LogsView::summaryText() const
{
    return m_summary->text();
}

QString LogsView::templateStatusText() const
{
    return m_templateStatus->text();
}

void LogsView::updateTemplateStatus()
{
    const LogTemplateModel *model = m_table->sourceModel();
    const int total = model->rowCount();
    int suspicious = 0;
    for (int r = 0; r < total; ++r)
        suspicious += model->isSuspicious(*model->summary(r)) ? 1 : 0;
    m_pages->setTabText(0, tr("Templates (%1)").arg(total));
    QString text =
        total == 1 ? tr("%n template", nullptr, total) : tr("%n templates", nullptr, total);
    text += QStringLiteral(" · ") + tr("%n suspicious", nullptr, suspicious);
    const int shown = m_table->visibleTemplateCount();
    if (shown != total)
        text += QStringLiteral(" · ") + tr("showing %1").arg(shown);
    m_templateStatus->setText(text);
}

void LogsView::updateEmptyMessage()
{
    m_lines->setEmptyMessage(m_filter.isEmpty() ? tr("No log lines.")
                                                : tr("No lines match the filter."));
}

void LogsView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (m_splitMoved)
        return;
    const int total = m_splitter->height() - m_splitter->handleWidth();
    if (total > 0)
        m_splitter->setSizes({total * 2 / 5, total - total * 2 / 5});
}

} // namespace rankscope
