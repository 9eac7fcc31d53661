// The main window's Collectives tab: loading the bundle's collective records and their analysis
// off the UI thread after each import (with the status bar's progress and cancel), the shared
// rank selection between the tab and the other views, and its picture export. MainWindow.cpp
// holds the window; MainWindowTraces.cpp the trace and log views.
#include "MainWindow.h"

#include "views/annotations/NoteLayer.h"

#include "CollectiveResults.h"
#include "views/collectives/CollectivesView.h"
#include "views/common/ElidedLabel.h"
#include "views/common/EmptyStateStack.h"
#include "views/flamegraph/FlameGraphText.h"
#include "views/flamegraph/FlameGraphWidget.h"
#include "views/heatmap/HeatmapView.h"
#include "views/heatmap/HeatmapWidget.h"
#include "views/stacks/RankListPanel.h"

#include <QAction>
#include <QFileInfo>
#include <QLabel>
#include <QProgressBar>
#include <QTabWidget>
#include <QToolButton>

using namespace rankscope;

void MainWindow::createCollectives()
{
    m_collectivesView = new CollectivesView(m_tabs);
    m_collectivesView->setObjectName(QStringLiteral("collectivesView"));
    m_tabs->addTab(withEmptyState(CentralView::Collectives, m_collectivesView), QString());
    m_collectiveLoader = new CollectiveLoader(this);

    connect(m_collectiveLoader, &CollectiveLoader::progress, this,
            [this](double fraction, const QString &phase) {
                if (m_session->isImporting())
                    return; // the import owns the progress bar
                m_progress->setVisible(true);
                m_cancel->setVisible(true);
                m_progress->setValue(int(fraction * 1000));
                m_collectivesView->clear(tr("%1…").arg(phase));
            });
    connect(m_collectiveLoader, &CollectiveLoader::ready, this, &MainWindow::onCollectivesReady);
    connect(m_collectiveLoader, &CollectiveLoader::failed, this, [this](const QString &message) {
        hideCollectiveProgress();
        m_collectivesView->clear(
            tr("The collectives could not be read from the cache: %1").arg(message));
        showBanner(tr("Collectives view: %1").arg(message), true);
    });
    // A damaged blob: the bundle is still the truth, so the cache is rebuilt from it once per
    // bundle, as the CLI does; a second failure is shown as any other.
    connect(
        m_collectiveLoader, &CollectiveLoader::cacheDamaged, this, [this](const QString &message) {
            hideCollectiveProgress();
            if (m_rebuiltDamagedCacheOf == m_session->bundlePath()) {
                m_collectivesView->clear(
                    tr("The collectives could not be read from the cache: %1").arg(message));
                showBanner(tr("Collectives view: %1").arg(message), true);
                return;
            }
            m_rebuiltDamagedCacheOf = m_session->bundlePath();
            showBanner(tr("The cache was damaged; rebuilding it from the bundle (%1)").arg(message),
                       false);
            m_session->open(m_session->bundlePath(), true);
        });
    connect(m_collectiveLoader, &CollectiveLoader::cancelled, this, [this] {
        hideCollectiveProgress();
        m_collectivesView->clear(
            tr("Loading the collectives was cancelled. Reimport the bundle to see them."));
    });
    // The status bar's Cancel stops whichever job shows its progress.
    connect(m_cancel, &QToolButton::clicked, this, [this] {
        if (!m_session->isImporting())
            m_collectiveLoader->cancel();
    });
    connect(m_session, &BundleSession::importStarted, this, [this] {
        m_collectiveLoader->cancel(); // the old bundle's collectives are stale
        emptyState(CentralView::Collectives)->showContent();
        m_collectivesView->clear(tr("Importing…"));
    });
    // A finding's ranks (or a clicked cell's) become the selected ranks of the other views.
    connect(m_collectivesView, &CollectivesView::ranksSelected, this,
            &MainWindow::selectRanksFromCollectives);
}

void MainWindow::hideCollectiveProgress()
{
    if (m_session->isImporting())
        return;
    m_progress->setVisible(false);
    m_cancel->setVisible(false);
}

void MainWindow::requestCollectives()
{
    if (m_session->summary().cacheFile.empty()) {
        showNoCollectives();
        return;
    }
    emptyState(CentralView::Collectives)->showContent();
    m_collectivesView->clear(tr("Reading the collectives…"));
    m_collectiveLoader->request(m_session->summary().cacheFile,
                                m_session->data() ? m_session->data()->job : rankscope::JobInfo());
}

void MainWindow::onCollectivesReady(std::shared_ptr<const CollectiveViewData> view)
{
    hideCollectiveProgress();
    if (!view) {
        showNoCollectives();
        return;
    }
    emptyState(CentralView::Collectives)->showContent();
    m_collectivesView->setData(view);
    m_session->setCallSiteStacks(view->callSites);
    updateStackSourceChoice();
    requestOverview(); // the collectives join the verdict
    if (currentCentralView() == CentralView::Collectives)
        m_export->setEnabled(m_collectivesView->hasData());
}

void MainWindow::activateTopCollectiveFinding()
{
    const CollectiveViewData *data = m_collectivesView->data();
    if (data && data->report && !data->report->suspects.empty())
        m_collectivesView->activateFinding(0);
}

// The flame graph, the heatmap and the Ranks panel follow all of a finding's ranks: the frames
// any of them runs through stay bright, each of their heatmap rows is outlined.
void MainWindow::selectRanksFromCollectives(const RankSet &ranks)
{
    if (ranks.empty())
        return;
    m_flame->highlightRanks(ranks);
    m_heatmap->heatmap()->setSelectedRanks(ranks);
    m_ranks->setFilterText(QString::fromStdString(ranks.toString()));
    m_status->setText(ranks.count() == 1
                          ? tr("Highlighting the path of rank %1").arg(ranks.first())
                          : tr("Highlighting the paths of ranks %1 (the Ranks panel lists them)")
                                .arg(FlameGraphText::rankRanges(ranks, 80)));
}

bool MainWindow::exportCollectives(const QString &file, QString *error)
{
    QString job;
    if (m_session->data())
        job = QString::fromStdString(m_session->data()->job.jobId);
    if (job.isEmpty())
        job = QFileInfo(m_session->bundlePath()).fileName();
    const NoteLayer notes = noteLayer(NoteView::Collectives);
    return m_collectivesView->exportImage(file, job, error, &notes);
}
