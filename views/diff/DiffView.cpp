#include "views/diff/DiffView.h"

#include "core/diff/DiffWording.h"

#include "views/common/MessageText.h"
#include "views/diff/DiffSummaryPanel.h"
#include "views/diff/LogTemplateDiffTable.h"
#include "views/diff/OpDiffTable.h"
#include "views/diff/StackComparisonView.h"
#include "views/diff/StepTimeDistributionWidget.h"
#include "views/export/ViewExporter.h"
#include "views/logs/StepSeriesChart.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLayout>
#include <QPainter>
#include <QResizeEvent>
#include <QStackedWidget>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace rankscope {

namespace {

QLabel *messageLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setAlignment(Qt::AlignCenter);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setContentsMargins(24, 24, 24, 24);
    return label;
}

// Lays out a widget that is not shown (the Diff view in a background tab): Qt defers the resize
// events and layout requests of hidden widgets until they are shown, but a picture needs the
// geometry now. Hidden children (other pages of a stack) are left alone.
void layOutHidden(QWidget *widget)
{
    QResizeEvent resize(widget->size(), widget->size());
    QCoreApplication::sendEvent(widget, &resize);
    if (QLayout *layout = widget->layout()) {
        layout->invalidate();
        layout->activate();
    }
    for (QWidget *child : widget->findChildren<QWidget *>(Qt::FindDirectChildrenOnly)) {
        if (!child->isHidden())
            layOutHidden(child);
    }
}

// Which run lacks traces, from what the op diff still knows about each side.
QString missingTracesMessage(const OpDiff &ops)
{
    bool baseline = ops.baselineSteps.samples > 0;
    bool target = ops.targetSteps.samples > 0;
    for (const OpChange &op : ops.ops) {
        baseline = baseline || op.baseline.ranks > 0;
        target = target || op.target.ranks > 0;
    }
    if (baseline && !target)
        return DiffView::tr("The target has no profiler traces (traces/ folder), so there is no "
                            "per-op timing to compare.");
    if (target && !baseline)
        return DiffView::tr("The baseline has no profiler traces (traces/ folder), so there is "
                            "no per-op timing to compare.");
    return DiffView::tr("No per-op timing to compare: both runs need profiler traces (traces/ "
                        "folder).");
}

} // namespace

DiffView::DiffView(QWidget *parent)
    : QWidget(parent), m_summary(new DiffSummaryPanel(this)), m_pages(new QTabWidget(this)),
      m_stacks(new StackComparisonView(this)), m_stepChart(new StepSeriesChart(this))
{
    m_pages->setDocumentMode(true);
    m_pages->addTab(m_stacks, tr("Stacks"));
    m_pages->addTab(buildLogsPage(), tr("Logs"));
    m_pages->addTab(buildOpsPage(), tr("Ops"));
    m_pages->addTab(m_stepChart, tr("Step time"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_summary);
    layout->addWidget(m_pages, 1);

    connect(m_summary, &DiffSummaryPanel::evidenceActivated, this, &DiffView::onSummaryEvidence);
    connect(m_stacks, &StackComparisonView::rankHighlighted, this, &DiffView::rankHighlighted);
    connect(m_logTable, &LogTemplateDiffTable::logTemplateRequested, this,
            &DiffView::logTemplateRequested);
    connect(m_opTable, &OpDiffTable::heatmapDifferenceRequested, this,
            &DiffView::heatmapDifferenceRequested);
    connect(m_steps, &StepTimeDistributionWidget::activated, this,
            [this] { emit heatmapDifferenceRequested(TraceMetric::StepTime); });
    clear();
}

QWidget *DiffView::buildLogsPage()
{
    auto *page = new QWidget(this);
    m_logStack = new QStackedWidget(page);
    auto *content = new QWidget(m_logStack);
    m_logTable = new LogTemplateDiffTable(content);
    m_significantOnly = new QCheckBox(tr("Significant changes only"), content);
    m_significantOnly->setChecked(m_logTable->significantOnly());
    m_significantOnly->setToolTip(tr("Hide templates both runs log at a comparable rate."));
    m_logStatus = new QLabel(content);
    m_logStatus->setTextFormat(Qt::PlainText);
    m_logStatus->setWordWrap(true); // in one line it set the window's minimum width
    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(6, 4, 6, 2);
    bar->addWidget(m_significantOnly);
    bar->addSpacing(12);
    bar->addWidget(m_logStatus, 1);
    auto *contentLayout = new QVBoxLayout(content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    contentLayout->setSpacing(2);
    contentLayout->addLayout(bar);
    contentLayout->addWidget(m_logTable, 1);
    m_logMessage = messageLabel(m_logStack);
    m_logStack->addWidget(content);
    m_logStack->addWidget(m_logMessage);
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_logStack);

    connect(m_significantOnly, &QCheckBox::toggled, m_logTable,
            &LogTemplateDiffTable::setSignificantOnly);
    connect(m_logTable, &LogTemplateDiffTable::significantOnlyChanged, this, [this](bool on) {
        m_significantOnly->setChecked(on);
        updateLogStatus();
    });
    return page;
}

QWidget *DiffView::buildOpsPage()
{
    auto *page = new QWidget(this);
    m_opStack = new QStackedWidget(page);
    auto *content = new QWidget(m_opStack);
    m_opStatus = new QLabel(content);
    m_opStatus->setTextFormat(Qt::PlainText);
    m_opStatus->setWordWrap(true); // in one line (747 px) it set the window's minimum width
    m_opStatus->setContentsMargins(6, 4, 6, 0);
    m_steps = new StepTimeDistributionWidget(content);
    m_opTable = new OpDiffTable(content);
    auto *contentLayout = new QVBoxLayout(content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    contentLayout->setSpacing(2);
    contentLayout->addWidget(m_steps);
    contentLayout->addWidget(m_opStatus);
    contentLayout->addWidget(m_opTable, 1);
    m_opMessage = messageLabel(m_opStack);
    m_opStack->addWidget(content);
    m_opStack->addWidget(m_opMessage);
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_opStack);
    return page;
}

void DiffView::setDiff(std::shared_ptr<const BundleDiff> diff)
{
    if (!diff) {
        clear();
        return;
    }
    m_diff = std::move(diff);
    m_summary->setDiff(*m_diff);
    showStacks(*m_diff);
    showLogs(*m_diff);
    showOps(*m_diff);
    showSteps(*m_diff);
    // Open on the evidence of what changed most (a traced slowdown often leaves the stacks alone).
    if (!m_diff->summary.empty())
        showEvidence(m_diff->summary.front().evidence);
}

void DiffView::showStacks(const BundleDiff &diff)
{
    const QString baselineName = QString::fromStdString(diff.baselineName);
    const QString targetName = QString::fromStdString(diff.targetName);
    if (!diff.baselineTree && !diff.targetTree) {
        m_stacks->clear(tr("Neither run has stack samples (stacks/ folder)."));
        m_pages->setTabText(int(Page::Stacks), tr("Stacks"));
    } else {
        // The stack diff lives inside the bundle diff: alias it, so it lives as long.
        m_stacks->setData(diff.baselineTree, diff.baselineStacks, diff.targetTree,
                          diff.targetStacks,
                          std::shared_ptr<const StackDiff>(m_diff, &m_diff->stacks), baselineName,
                          targetName, diff.targetNodeChanges, diff.baselineNodeChanges);
        m_pages->setTabText(int(Page::Stacks),
                            tr("Stacks (%1)").arg(int(diff.stacks.changes.size())));
    }
}

void DiffView::showLogs(const BundleDiff &diff)
{
    m_logTable->setDiff(std::shared_ptr<const LogDiff>(m_diff, &m_diff->logs));
    const int significant = int(std::count_if(
        diff.logs.changes.begin(), diff.logs.changes.end(),
        [](const LogTemplateChange &c) { return c.kind != LogTemplateChangeKind::Unchanged; }));
    m_pages->setTabText(int(Page::Logs),
                        diff.hasLogs ? tr("Logs (%1)").arg(significant) : tr("Logs"));
    if (!diff.hasLogs) {
        m_logMessage->setText(
            diff.baselineHasLogs
                ? tr("The target has no logs (logs/ folder): its templates cannot be compared.")
            : diff.targetHasLogs
                ? tr("The baseline has no logs (logs/ folder): against it every template of the "
                     "target would look new, so the logs are not compared.")
                : tr("Neither run has logs (logs/ folder), so there are no log templates to "
                     "compare."));
        m_logStack->setCurrentWidget(m_logMessage);
    } else if (diff.logs.changes.empty()) {
        m_logMessage->setText(tr("The logs of both runs hold no templates to compare."));
        m_logStack->setCurrentWidget(m_logMessage);
    } else {
        m_logStack->setCurrentIndex(0);
    }
    updateLogStatus();
}

void DiffView::updateLogStatus()
{
    const LogDiff *logs = m_logTable->diff();
    if (!logs) {
        m_logStatus->clear();
        return;
    }
    const int total = int(logs->changes.size());
    int significant = 0;
    for (const LogTemplateChange &change : logs->changes)
        significant += change.kind != LogTemplateChangeKind::Unchanged ? 1 : 0;
    const QString unit = logs->unit == LogRateUnit::PerRankIteration
                             ? tr("rates per rank per iteration")
                             : tr("rates per rank per hour (no iteration lines)");
    QString text;
    if (significant == 0 && m_logTable->significantOnly())
        text = tr("No template changed significantly; clear \"Significant changes only\" to see "
                  "all %1.")
                   .arg(total);
    else
        text =
            tr("%1 of %2 templates new, gone or changed in frequency").arg(significant).arg(total);
    m_logStatus->setText(text + QStringLiteral(" · ") + unit);
}

void DiffView::showOps(const BundleDiff &diff)
{
    m_opTable->setDiff(std::shared_ptr<const OpDiff>(m_diff, &m_diff->ops));
    int slower = 0;
    int faster = 0;
    for (const OpChange &op : diff.ops.ops) {
        if (!op.significant)
            continue;
        slower += op.change == OpChangeKind::Slower || op.change == OpChangeKind::New ? 1 : 0;
        faster += op.change == OpChangeKind::Faster || op.change == OpChangeKind::Gone ? 1 : 0;
    }
    m_pages->setTabText(int(Page::Ops),
                        diff.hasOps ? tr("Ops (%1)").arg(slower + faster) : tr("Ops"));
    if (!diff.hasOps) {
        m_steps->clear();
        m_opMessage->setText(missingTracesMessage(diff.ops));
        m_opStack->setCurrentWidget(m_opMessage);
        m_opStatus->clear();
        return;
    }
    m_steps->setDistributions(diff.ops.baselineSteps, diff.ops.targetSteps,
                              QString::fromStdString(diff.baselineName),
                              QString::fromStdString(diff.targetName));
    m_opStack->setCurrentIndex(0);
    const QString basis =
        diff.ops.perIteration
            ? tr("Time per iteration: median over the ranks that ran each op, p10–p90 spread.")
            : tr("Time per second of trace (no ProfilerStep ranges): median over the ranks, "
                 "p10–p90 spread.");
    m_opStatus->setText(basis + QLatin1Char(' ') +
                        tr("Of %3 ops: %1 slower or new, %2 faster or gone.")
                            .arg(slower)
                            .arg(faster)
                            .arg(int(diff.ops.ops.size())));
}

void DiffView::showSteps(const BundleDiff &diff)
{
    // Aliases into the diff, so the series live as long as it.
    m_stepChart->setBaseline(diff.baselineSeries.empty() ? nullptr
                                                         : std::shared_ptr<const JobStepSeries>(
                                                               m_diff, &m_diff->baselineSeries),
                             QString::fromStdString(diff.baselineName));
    m_stepChart->setSeries(std::shared_ptr<const JobStepSeries>(m_diff, &m_diff->targetSeries),
                           QString::fromStdString(diff.targetName));
    const StepTimeComparison &steps = diff.stepTimes;
    m_pages->setTabText(int(Page::Steps),
                        steps.comparable ? tr("Step time (%1)")
                                               .arg(QString::fromStdString(percentChange(
                                                   steps.baseline.medianMs, steps.target.medianMs)))
                                         : tr("Step time"));
}

std::shared_ptr<const BundleDiff> DiffView::diff() const
{
    return m_diff;
}

void DiffView::clear(const QString &message)
{
    m_diff.reset();
    const QString text =
        message.isEmpty() ? tr("No baseline: File > Compare with Baseline…") : message;
    m_summary->setMessage(text);
    m_stacks->clear(text);
    m_logTable->setDiff({});
    m_logMessage->setText(text);
    m_logStack->setCurrentWidget(m_logMessage);
    m_opTable->setDiff({});
    m_steps->clear();
    m_opMessage->setText(text);
    m_opStack->setCurrentWidget(m_opMessage);
    m_pages->setTabText(int(Page::Stacks), tr("Stacks"));
    m_pages->setTabText(int(Page::Logs), tr("Logs"));
    m_pages->setTabText(int(Page::Ops), tr("Ops"));
    m_stepChart->setBaseline(nullptr, QString());
    m_stepChart->setSeries(nullptr, QString());
    m_pages->setTabText(int(Page::Steps), tr("Step time"));
    updateLogStatus();
}

void DiffView::showPage(Page page)
{
    m_pages->setCurrentIndex(int(page));
}

DiffView::Page DiffView::currentPage() const
{
    return Page(std::clamp(m_pages->currentIndex(), 0, int(Page::Steps)));
}

void DiffView::showEvidence(const DiffEvidence &evidence)
{
    if (!m_diff)
        return;
    switch (evidence.kind) {
    case DiffEvidence::Kind::StackPath:
        showPage(Page::Stacks);
        if (evidence.index >= 0 && evidence.index < int(m_diff->stacks.changes.size()))
            m_stacks->showPath(m_diff->stacks.changes[std::size_t(evidence.index)].frames);
        break;
    case DiffEvidence::Kind::LogTemplate:
        showPage(Page::Logs);
        m_logTable->selectChange(evidence.index);
        break;
    case DiffEvidence::Kind::Op:
        showPage(Page::Ops);
        m_opTable->selectOp(evidence.index);
        break;
    case DiffEvidence::Kind::StepTime:
        showPage(Page::Ops);
        m_steps->setFocus(Qt::OtherFocusReason);
        break;
    case DiffEvidence::Kind::StepSeries:
        showPage(Page::Steps);
        break;
    case DiffEvidence::Kind::None:
        break;
    }
}

void DiffView::onSummaryEvidence(const DiffEvidence &evidence)
{
    showEvidence(evidence);
    // Step time is best seen rank by rank and iteration by iteration: ask for the heatmap too.
    if (evidence.kind == DiffEvidence::Kind::StepTime)
        emit heatmapDifferenceRequested(evidence.metric);
}

bool DiffView::exportImage(const QString &file, QString *error, const QStringList &notes) const
{
    ExportCaption caption;
    caption.view = tr("Diff");
    caption.notes = notes;
    if (m_diff) {
        caption.job = QString::fromStdString(m_diff->targetName);
        if (!m_diff->summary.empty())
            caption.verdict =
                messageText(m_diff->summary.front().message, m_diff->summary.front().text);
        caption.selection = tr("baseline %1 vs target %2")
                                .arg(QString::fromStdString(m_diff->baselineName),
                                     QString::fromStdString(m_diff->targetName));
    }
    DiffSummaryPanel *summary = m_summary;
    QTabWidget *pages = m_pages;
    // A view that is not shown may have no layout yet: lay it out (at a sensible size when it
    // never had one) before painting it.
    if (!isVisible()) {
        auto *self = const_cast<DiffView *>(this);
        if (!testAttribute(Qt::WA_Resized)) // never placed anywhere: its size is a guess
            self->resize(1400, 900);
        self->ensurePolished();
        layOutHidden(self);
    }
    const QSize summarySize = summary->size();
    const QSize pagesSize = pages->size();
    const QSize viewSize(std::max(summarySize.width(), pagesSize.width()),
                         summarySize.height() + pagesSize.height());
    return ViewExporter::exportView(
        [summary, pages, summarySize](QPainter &painter, QSize) {
            summary->render(&painter, QPoint(0, 0), QRegion(),
                            QWidget::DrawWindowBackground | QWidget::DrawChildren);
            pages->render(&painter, QPoint(0, summarySize.height()), QRegion(),
                          QWidget::DrawWindowBackground | QWidget::DrawChildren);
        },
        viewSize, caption, file, error);
}

DiffSummaryPanel *DiffView::summaryPanel() const
{
    return m_summary;
}

StackComparisonView *DiffView::stacks() const
{
    return m_stacks;
}

LogTemplateDiffTable *DiffView::logTable() const
{
    return m_logTable;
}

OpDiffTable *DiffView::opTable() const
{
    return m_opTable;
}

QTabWidget *DiffView::pages() const
{
    return m_pages;
}

} // namespace rankscope
