// View > Language at once, without a restart. Every panel builds its words (and the analysis'
// sentences, through messageText()) when it is made or filled, so the one way that reaches them
// all is to build the window again in the new language: a new window opens the same bundle and
// baseline (the import cache makes that quick), and takes over the old one's view, selection,
// choices, geometry and docks; the old one closes.
#include "MainWindow.h"

#include "AppTranslations.h"
#include "CollectiveResults.h"
#include "views/collectives/CollectivesView.h"
#include "views/flamegraph/FlameGraphWidget.h"
#include "views/heatmap/HeatmapView.h"
#include "views/heatmap/HeatmapWidget.h"
#include "views/logs/LogsView.h"
#include "views/traces/RankDetailView.h"

#include <QApplication>
#include <QComboBox>

#include <memory>

using namespace rankscope;

struct MainWindow::ViewState
{
    QString bundle;
    QString baseline; // only one the user chose: a manifest's comes with the bundle again
    bool startPage = true;
    QByteArray geometry;
    QByteArray docks; // as the user left them (not the start page's hidden docks)
    CentralView view = CentralView::Stacks;
    bool rankDetailExpanded = false;

    // The toolbar's stack choices.
    int frames = 0;
    int samples = 0;
    int stackSource = 0;
    QString thread;
    QString threadText;
    QString role;
    QString roleText;
    bool callSiteStacks = false; // the tree the frame below belongs to

    // The selection.
    std::vector<std::string> framePath; // the selected frame's labels from the root's child
    RankSet ranks;

    TraceMetric metric = TraceMetric::StepTime;
    WindowAxis axis = WindowAxis::Iteration;
    bool heatmapDifference = false;
    int detailRank = -1; // Rank Detail's rank and window
    qint64 detailWindow = -1;

    int collectiveGroup = -1;
    int collectiveFinding = -1;

    LogLineFilter logFilter;
    bool stepSeries = false;
};

MainWindow::ViewState MainWindow::viewState() const
{
    ViewState state;
    state.bundle = m_session->bundlePath();
    if (m_comparison->hasBaseline() && !m_comparison->isBaselineFromManifest())
        state.baseline = m_comparison->baselinePath();
    state.startPage = isShowingStartPage() || state.bundle.isEmpty();
    state.geometry = saveGeometry();
    state.rankDetailExpanded = isRankDetailExpanded();
    state.docks = isShowingStartPage() ? m_stateBeforeStartPage : saveState();
    state.view = currentCentralView();

    state.frames = m_frames->currentIndex();
    state.samples = m_samples->currentIndex();
    state.stackSource = m_stackSource->currentIndex();
    state.thread = m_threads->currentData().toString();
    state.threadText = m_threads->currentText();
    state.role = m_role->currentData().toString();
    state.roleText = m_role->currentText();
    state.callSiteStacks = m_session->usesCallSiteStacks();

    const auto &tree = m_session->results().tree;
    const int node = m_flame->selectedNode();
    if (tree && node > 0 && node < int(tree->size()))
        state.framePath = tree->pathLabels(node);
    state.ranks = m_flame->highlightedRanks();

    state.metric = m_heatmap->metric();
    state.axis = m_heatmap->axis();
    state.heatmapDifference = m_heatmap->isDifferenceRequested();
    state.detailRank = m_rankDetail->rank();
    if (state.detailRank >= 0)
        state.detailWindow = m_heatmap->heatmap()->selectedWindow();

    state.collectiveGroup = m_collectivesView->currentGroup();
    state.collectiveFinding = m_collectivesView->activeFinding();

    state.logFilter = m_logsView->filter();
    state.stepSeries = m_logsView->isStepSeriesShown();
    return state;
}

void MainWindow::restoreViewState(const ViewState &state)
{
    restoreGeometry(state.geometry);
    m_stateBeforeStartPage = state.docks;
    m_firstRun = false; // the docks have their sizes
    if (state.startPage) {
        if (!state.baseline.isEmpty())
            openBaseline(state.baseline);
        return;
    }

    m_populating = true; // the import's optionsChanged() builds the tree with all of them
    m_frames->setCurrentIndex(std::max(0, state.frames));
    m_samples->setCurrentIndex(std::max(0, state.samples));
    m_stackSource->setCurrentIndex(std::max(0, state.stackSource));
    // The bundle's thread and role names are known after its import: placed now, they stay
    // chosen when the import fills the choosers (populateChoices keeps the current one).
    const auto choose = [](QComboBox *box, const QString &data, const QString &text) {
        if (box->findData(data) < 0)
            box->addItem(text, data);
        box->setCurrentIndex(box->findData(data));
    };
    choose(m_threads, state.thread, state.threadText);
    choose(m_role, state.role, state.roleText);
    m_populating = false;
    m_heatmap->setMetric(state.metric);
    m_heatmap->setAxis(state.axis);

    // What arrives once the bundle is open again; each part restores itself once.
    struct Pending
    {
        QMetaObject::Connection frame;
        QMetaObject::Connection finding;
        bool frameDone = false;
    };
    auto pending = std::make_shared<Pending>();
    const auto restoreRanks = [this, ranks = state.ranks] {
        if (ranks.count() == 1)
            chooseRank(ranks.first());
        else if (!ranks.empty())
            selectRanksFromCollectives(ranks);
    };
    connect(
        m_session, &BundleSession::importFinished, this,
        [this, state] {
            restoreState(state.docks); // the import fitted the bottom docks to its problems
            showCentralView(state.view);
            m_logsView->setFilter(state.logFilter); // its templates are the same cache's
            if (state.stepSeries)
                m_logsView->showStepSeries();
            if (state.detailRank >= 0)
                openRankDetail(state.detailRank, state.axis, state.detailWindow);
            if (state.rankDetailExpanded)
                setRankDetailExpanded(true);
        },
        Qt::SingleShotConnection);
    // The frame belongs to the tree of the old window's stack source: the call sites' tree
    // comes after the collectives.
    pending->frame = connect(m_session, &BundleSession::resultsReady, this,
                             [this, state, pending, restoreRanks](const StackResults &results) {
                                 if (m_session->usesCallSiteStacks() != state.callSiteStacks)
                                     return;
                                 disconnect(pending->frame);
                                 pending->frameDone = true;
                                 if (!state.framePath.empty() && results.tree) {
                                     const int node = results.tree->findPath(state.framePath);
                                     if (node > 0)
                                         selectFrame(node);
                                 }
                                 restoreRanks();
                             });
    pending->finding = connect(
        m_collectiveLoader, &CollectiveLoader::ready, this, [this, state, pending, restoreRanks] {
            disconnect(pending->finding);
            if (state.collectiveGroup >= 0)
                m_collectivesView->showGroup(state.collectiveGroup);
            if (state.collectiveFinding >= 0)
                m_collectivesView->activateFinding(state.collectiveFinding);
            showCentralView(state.view); // a bundle of only collectives would open on them
            if (pending->frameDone)
                restoreRanks(); // the finding selected its own ranks
        });
    if (state.heatmapDifference)
        connect(
            m_comparison, &BaselineComparison::diffReady, this,
            [this, metric = state.metric] { showHeatmapDifference(metric); },
            Qt::SingleShotConnection);

    if (!state.baseline.isEmpty())
        openBaseline(state.baseline);
    openBundle(state.bundle);
    showCentralView(state.view);
}

MainWindow *MainWindow::switchLanguage(const QString &language)
{
    const ViewState state = viewState();
    AppTranslations::install(*QCoreApplication::instance(), language);
    auto *next = new MainWindow;
    next->setAttribute(Qt::WA_DeleteOnClose);
    next->restoreViewState(state);
    next->show();
    emit replaced(next);
    close(); // deleted when it was made to be (main's window, a replaced one)
    return next;
}
