// The Overview tab: one verdict joined over every layer the window holds (core/findings), and
// the way from each piece of its evidence to the view that shows it.

#include "MainWindow.h"
#include "ProblemsPanel.h"

#include "views/collectives/CollectivesView.h"
#include "views/common/EmptyStateStack.h"
#include "views/diff/DiffView.h"
#include "views/heatmap/HeatmapView.h"
#include "views/logs/LogsView.h"
#include "views/overview/OverviewView.h"

#include <QDockWidget>
#include <QTabWidget>

using namespace rankscope;

void MainWindow::createOverview()
{
    m_overview = new OverviewView(m_tabs);
    m_overview->setObjectName(QStringLiteral("overviewView"));
    m_tabs->insertTab(0, withEmptyState(CentralView::Overview, m_overview), QString());
    m_overviewLoader = new OverviewLoader(this);
    connect(m_overviewLoader, &OverviewLoader::ready, this, &MainWindow::onOverviewReady);
    connect(m_overview, &OverviewView::evidenceActivated, this, &MainWindow::openEvidence);
    connect(m_overview, &OverviewView::rankActivated, this, &MainWindow::chooseRank);
    connect(m_overview, &OverviewView::problemsRequested, this, [this] {
        if (auto *dock = findChild<QDockWidget *>(QStringLiteral("problemsDock"))) {
            dock->show();
            dock->raise();
        }
    });
}

int MainWindow::tabIndexOf(CentralView view) const
{
    return m_tabs->indexOf(emptyState(view));
}

void MainWindow::requestOverview()
{
    if (!m_overviewLoader || !m_session->data())
        return;
    OverviewInputs in;
    in.job = m_session->data()->job;
    // The logs complete the job with the ranks they name (and their nodes).
    if (m_session->logs().job && m_session->logs().job->worldSize >= in.job.worldSize)
        in.job = *m_session->logs().job;
    in.problems = m_session->data()->problems;
    const StackResults &stacks = m_session->results();
    if (!m_session->usesCallSiteStacks()) { // the call sites are the collectives' evidence
        in.stacks = stacks.data;
        in.tree = stacks.tree;
        in.stackAnalysis = stacks.analysis;
    }
    const TraceResults &traces = m_session->traces();
    in.stragglers = traces.stragglers;
    in.stragglersFromLogs = traces.timing.fromLogs;
    in.logs = m_logsView->analysis() ? m_logsView->analysis() : m_session->logs().analysis;
    if (const CollectiveViewData *collectives = m_collectivesView->data())
        in.collectives = collectives->report;
    in.diff = m_comparison->hasBaseline() ? m_comparison->diff() : nullptr;
    m_overviewLoader->request(std::move(in));
}

void MainWindow::onOverviewReady(std::shared_ptr<const OverviewData> data)
{
    if (!data) {
        m_overview->clear(tr("The layers could not be joined (out of memory); each view still "
                             "shows its own layer."));
        return;
    }
    emptyState(CentralView::Overview)->showContent();
    m_overview->setData(std::move(data));
    m_exportReport->setEnabled(true);
    if (currentCentralView() == CentralView::Overview) {
        m_export->setEnabled(true);
        m_addToReport->setEnabled(true);
    }
}

void MainWindow::openEvidence(const Evidence &evidence)
{
    const EvidenceRef &ref = evidence.ref;
    switch (ref.target) {
    case EvidenceTarget::Frame:
        showCentralView(CentralView::Stacks);
        if (ref.id > 0)
            selectFrame(ref.id);
        break;
    case EvidenceTarget::Template:
        if (ref.id >= 0) {
            showCentralView(CentralView::Logs);
            LogLineFilter filter;
            filter.templ = TemplateId(ref.id);
            m_logsView->setFilter(filter);
        }
        break;
    case EvidenceTarget::Cell: {
        showCentralView(CentralView::Heatmap);
        const WindowAxis axis =
            ref.group == "time_bin" ? WindowAxis::TimeBin : WindowAxis::Iteration;
        if (ref.rank >= 0)
            openRankDetail(ref.rank, axis, ref.window);
        break;
    }
    case EvidenceTarget::Collective:
        showCentralView(CentralView::Collectives);
        if (ref.id >= 0)
            m_collectivesView->activateFinding(ref.id);
        break;
    case EvidenceTarget::DiffLine:
        showCentralView(CentralView::Diff);
        break;
    case EvidenceTarget::None:
        break;
    }
    if (ref.target != EvidenceTarget::Collective && evidence.ranks.count() == 1)
        chooseRank(evidence.ranks.first());
}
