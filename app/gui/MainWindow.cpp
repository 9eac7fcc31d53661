#include "MainWindow.h"

#include "views/common/CoverageText.h"
#include "views/common/ElidedLabel.h"

#include "FrameDetailsPanel.h"
#include "LanguageMenu.h"
#include "ProblemsPanel.h"
#include "StackViewExport.h"
#include "StartPage.h"
#include "StragglersPanel.h"
#include "views/annotations/NoteLayer.h"
#include "views/collectives/CollectivesView.h"
#include "views/common/MessageText.h"
#include "views/diff/DiffView.h"
#include "views/flamegraph/FlameGraphView.h"
#include "views/flamegraph/FlameGraphWidget.h"
#include "views/heatmap/HeatmapView.h"
#include "views/heatmap/HeatmapWidget.h"
#include "views/logs/LogLineView.h"
#include "views/logs/LogsView.h"
#include "views/logs/StepSeriesChart.h"
#include "views/overview/OverviewView.h"
#include "views/stacks/FunctionsPanel.h"
#include "views/stacks/RankListPanel.h"
#include "views/stacks/SuspectsPanel.h"
#include "views/traces/RankDetailView.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QIcon>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

using namespace rankscope;

namespace {
constexpr int kMaxRecent = 10;
} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), m_session(new BundleSession(this)),
      m_comparison(new BaselineComparison(m_session, this))
{
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);
    createActions();
    createMenus();
    createCentral();
    createToolBar();
    createDocks();
    createStatusBar();
    createCollectives(); // the sixth tab; uses the status bar's progress and cancel
    createOverview();    // the first tab
    createRankDetailExpansion();
    createNotes();
    retranslate();
    restoreSettings();
    showStartPage();

    connect(m_session, &BundleSession::importStarted, this, &MainWindow::onImportStarted);
    connect(m_session, &BundleSession::importProgress, this, &MainWindow::onImportProgress);
    connect(m_session, &BundleSession::importFinished, this, &MainWindow::onImportFinished);
    connect(m_session, &BundleSession::importFailed, this, &MainWindow::onImportFailed);
    connect(m_session, &BundleSession::importCancelled, this, &MainWindow::onImportCancelled);
    connect(m_session, &BundleSession::treeBuilding, this,
            [this] { m_status->setText(tr("Merging stacks…")); });
    connect(m_session, &BundleSession::resultsReady, this, &MainWindow::onResultsReady);
    connect(m_session, &BundleSession::heatmapReady, this, &MainWindow::onHeatmapReady);
    connect(m_session, &BundleSession::rankDetailReady, this, &MainWindow::onRankDetailReady);
    connect(m_session, &BundleSession::logLinesReady, this,
            [this](std::shared_ptr<const LogSelection> selection) {
                if (selection->filter != m_logsView->filter())
                    return; // an older filter's answer
                m_logsView->setLineSource(std::make_shared<CachedLogLineSource>(
                    m_session->logs().store, selection->events));
            });
    connectBaseline();
    connect(m_session, &BundleSession::traceJobFailed, this, [this](const QString &message) {
        m_rankDetail->setLoading(false);
        showBanner(tr("Trace view: %1").arg(message), true);
    });
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions()
{
    m_openFolder = new QAction(this);
    m_openFolder->setShortcut(QKeySequence::Open);
    connect(m_openFolder, &QAction::triggered, this, &MainWindow::openFolderDialog);
    m_openArchive = new QAction(this);
    m_openArchive->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    connect(m_openArchive, &QAction::triggered, this, &MainWindow::openArchiveDialog);
    m_reimport = new QAction(this);
    m_reimport->setShortcut(QKeySequence::Refresh);
    connect(m_reimport, &QAction::triggered, this, [this] {
        if (!m_session->bundlePath().isEmpty())
            m_session->open(m_session->bundlePath(), true);
    });
    m_openBaseline = new QAction(this);
    m_openBaseline->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    m_openBaseline->setEnabled(false);
    connect(m_openBaseline, &QAction::triggered, this, &MainWindow::openBaselineDialog);
    m_swapBaseline = new QAction(this);
    m_swapBaseline->setEnabled(false);
    connect(m_swapBaseline, &QAction::triggered, m_comparison, &BaselineComparison::swap);
    m_closeBaseline = new QAction(this);
    m_closeBaseline->setEnabled(false);
    connect(m_closeBaseline, &QAction::triggered, m_comparison, &BaselineComparison::closeBaseline);
    m_export = new QAction(this);
    m_export->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_export->setEnabled(false);
    connect(m_export, &QAction::triggered, this, &MainWindow::exportDialog);
    m_exportReport = new QAction(this);
    m_exportReport->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    m_exportReport->setEnabled(false);
    connect(m_exportReport, &QAction::triggered, this, &MainWindow::exportReportDialog);
    m_addToReport = new QAction(this);
    m_addToReport->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_addToReport->setEnabled(false);
    connect(m_addToReport, &QAction::triggered, this, &MainWindow::addCurrentViewToReport);
    m_quit = new QAction(this);
    m_quit->setShortcut(QKeySequence::Quit);
    connect(m_quit, &QAction::triggered, this, &QWidget::close);
    m_about = new QAction(this);
    connect(m_about, &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About rankscope"),
                           tr("<b>rankscope %1</b><br>Finds the rank, node or group that stalls or "
                              "slows a distributed training job by comparing every rank's stacks, "
                              "logs, profiler traces and collectives.<br>"
                              "Candidates and evidence, not proven causes.")
                               .arg(QApplication::applicationVersion()));
    });
    m_zoomOut = new QAction(this);
    m_zoomOut->setShortcut(QKeySequence(Qt::Key_Backspace));
    m_resetZoom = new QAction(this);
    m_resetZoom->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    m_findAction = new QAction(this);
    m_findAction->setShortcut(QKeySequence::Find);
    m_logsOfWindow = new QAction(this);
    m_logsOfWindow->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    m_logsOfWindow->setEnabled(false);
    connect(m_logsOfWindow, &QAction::triggered, this, &MainWindow::showLogsOfSelectedWindow);
    createNavigationActions();
}

void MainWindow::createMenus()
{
    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(m_openFolder);
    m_fileMenu->addAction(m_openArchive);
    m_recentMenu = m_fileMenu->addMenu(QString());
    m_fileMenu->addAction(m_reimport);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_openBaseline);
    m_fileMenu->addAction(m_swapBaseline);
    m_fileMenu->addAction(m_closeBaseline);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_export);
    m_fileMenu->addAction(m_addToReport);
    m_fileMenu->addAction(m_exportReport);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_quit);
    m_viewMenu = menuBar()->addMenu(QString());
    m_viewMenu->addAction(m_zoomOut);
    m_viewMenu->addAction(m_resetZoom);
    m_viewMenu->addAction(m_findAction);
    m_viewMenu->addAction(m_logsOfWindow);
    m_viewMenu->addSeparator();
    // A new language shows at once: the window builds itself again in it.
    auto *languages = new LanguageMenu(this);
    connect(languages, &LanguageMenu::languageChosen, this, &MainWindow::switchLanguage);
    m_viewMenu->addMenu(languages);
    m_viewMenu->addSeparator();
    m_helpMenu = menuBar()->addMenu(QString());
    m_helpMenu->addAction(m_about);
}

void MainWindow::createCentral()
{
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    m_banner = new QLabel(central);
    m_banner->setWordWrap(true);
    m_banner->setVisible(false);
    m_banner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdict = new QLabel(central);
    m_verdict->setWordWrap(true);
    m_verdict->setContentsMargins(6, 2, 6, 2);
    m_tabs = new QTabWidget(central);
    m_tabs->setDocumentMode(true);
    m_stacksPage = new QWidget(m_tabs);
    auto *stacksLayout = new QVBoxLayout(m_stacksPage);
    stacksLayout->setContentsMargins(0, 0, 0, 0);
    stacksLayout->setSpacing(2);
    m_graphView = new FlameGraphView(m_stacksPage);
    m_flame = m_graphView->flameGraph();
    m_verdict->setParent(m_stacksPage);
    stacksLayout->addWidget(m_verdict);
    stacksLayout->addWidget(m_graphView, 1);
    m_heatmap = new HeatmapView(m_tabs);
    m_heatmap->setObjectName(QStringLiteral("heatmapView"));
    m_logsView = new LogsView(m_tabs);
    m_logsView->setObjectName(QStringLiteral("logsView"));
    m_tabs->addTab(withEmptyState(CentralView::Stacks, m_stacksPage), QString());
    m_tabs->addTab(withEmptyState(CentralView::Heatmap, m_heatmap), QString());
    m_tabs->addTab(withEmptyState(CentralView::Logs, m_logsView), QString());
    m_diffView = new DiffView(m_tabs);
    m_diffView->setObjectName(QStringLiteral("diffView"));
    m_tabs->addTab(withEmptyState(CentralView::Diff, m_diffView), QString());
    layout->addWidget(m_banner);
    layout->addWidget(m_tabs, 1);
    createStartPage(central);

    connect(m_heatmap, &HeatmapView::metricChanged, this, &MainWindow::requestHeatmap);
    connect(m_heatmap, &HeatmapView::axisChanged, this, &MainWindow::requestHeatmap);
    connect(m_heatmap, &HeatmapView::cellActivated, this, [this](int rank, qint64 window) {
        // Windows of logs alone: the rank's log lines of that window are its detail.
        if (m_session->traces().reportedTimingsOnly)
            openLogsOfLogWindow(rank, m_heatmap->axis(), window);
        else
            openRankDetail(rank, m_heatmap->axis(), window);
    });
    connect(m_heatmap, &HeatmapView::selectionChanged, this, [this](int rank, qint64) {
        if (rank >= 0 && rank != m_flame->highlightedRank())
            m_flame->highlightRank(rank);
    });
    connect(m_logsView, &LogsView::filterChanged, this,
            [this](const LogLineFilter &filter) { m_session->requestLogLines(filter); });
    connect(m_logsView, &LogsView::rankActivated, this, &MainWindow::chooseRank);
    // A line's time opens the heatmap window it fell in, for the line's rank (or the rank
    // selected elsewhere when the line is the launcher's).
    connect(m_logsView, &LogsView::timeActivated, this, [this](qint64 timeNs) {
        const LogLineView *lines = m_logsView->lineView();
        int rank = -1;
        if (lines->source() && lines->currentRow() >= 0)
            rank = lines->source()->line(lines->currentRow()).rank;
        openWindowAtTime(rank >= 0 ? rank : m_flame->highlightedRank(), timeNs);
    });
    const auto updateExport = [this] {
        const CentralView view = currentCentralView();
        m_export->setEnabled(
            view == CentralView::Heatmap       ? m_heatmap->heatmap()->matrix() != nullptr
            : view == CentralView::Stacks      ? m_session->results().tree != nullptr
            : view == CentralView::Diff        ? m_diffView->diff() != nullptr
            : view == CentralView::Collectives ? m_collectivesView->hasData()
            : view == CentralView::Overview    ? m_overview->hasData()
            : view == CentralView::Logs
                ? (m_logsView->isStepSeriesShown() ? m_logsView->stepChart()->hasData()
                                                   : m_logsView->lineView()->rowCount() > 0)
                : false);
        m_addToReport->setEnabled(m_export->isEnabled());
    };
    connect(m_tabs, &QTabWidget::currentChanged, this, updateExport);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::updateStackChoices);
    // In the Logs tab, the step-time chart is what exports.
    connect(m_logsView->pages(), &QTabWidget::currentChanged, this, updateExport);

    connect(m_flame, &FlameGraphWidget::frameSelected, this,
            [this](int node) { m_details->showNode(node); });
    connect(m_zoomOut, &QAction::triggered, m_flame, &FlameGraphWidget::zoomOut);
    connect(m_resetZoom, &QAction::triggered, m_flame, &FlameGraphWidget::resetZoom);
    addNavigationMenus();
}

void MainWindow::createToolBar()
{
    QToolBar *bar = addToolBar(QString());
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setMovable(false);
    bar->addAction(m_openFolder);
    bar->addAction(m_export);
    m_stackChoices.push_back(bar->addSeparator());
    m_stackChoicesLabel = new QLabel(bar);
    m_stackChoicesLabel->setContentsMargins(4, 0, 4, 0);
    m_stackChoices.push_back(bar->addWidget(m_stackChoicesLabel));
    m_frames = new QComboBox(bar);
    m_threads = new QComboBox(bar);
    m_role = new QComboBox(bar);
    m_samples = new QComboBox(bar);
    m_stackSource = new QComboBox(bar);
    m_stackSource->setObjectName(QStringLiteral("stackSource"));
    for (QComboBox *box : {m_stackSource, m_frames, m_threads, m_role, m_samples}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        // Whole or not at all: a tool bar squeezes its widgets to their minimum before it moves
        // them behind its "»" button, and a combo box cuts its text without an ellipsis.
        box->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
        QAction *action = bar->addWidget(box);
        if (box == m_stackSource)
            m_stackSourceAction = action;
        else
            m_stackChoices.push_back(action);
        connect(box, &QComboBox::currentIndexChanged, this, &MainWindow::optionsChanged);
    }
}

void MainWindow::createDocks()
{
    auto makeDock = [this](QWidget *content, const QString &name, Qt::DockWidgetArea area) {
        auto *dock = new QDockWidget(this);
        dock->setObjectName(name);
        dock->setWidget(content);
        addDockWidget(area, dock);
        m_viewMenu->addAction(dock->toggleViewAction());
        return dock;
    };
    m_suspects = new SuspectsPanel(this);
    m_ranks = new RankListPanel(this);
    m_details = new FrameDetailsPanel(this);
    m_problems = new ProblemsPanel(this);
    m_stragglers = new StragglersPanel(this);
    m_rankDetail = new RankDetailView(this);
    QDockWidget *suspects =
        makeDock(m_suspects, QStringLiteral("suspectsDock"), Qt::RightDockWidgetArea);
    QDockWidget *stragglers =
        makeDock(m_stragglers, QStringLiteral("stragglersDock"), Qt::RightDockWidgetArea);
    tabifyDockWidget(suspects, stragglers);
    m_functions = new FunctionsPanel(this);
    tabifyDockWidget(
        suspects, makeDock(m_functions, QStringLiteral("functionsDock"), Qt::RightDockWidgetArea));
    suspects->raise();
    QDockWidget *details =
        makeDock(m_details, QStringLiteral("detailsDock"), Qt::RightDockWidgetArea);
    QDockWidget *ranks = makeDock(m_ranks, QStringLiteral("ranksDock"), Qt::RightDockWidgetArea);
    QDockWidget *problems =
        makeDock(m_problems, QStringLiteral("problemsDock"), Qt::BottomDockWidgetArea);
    QDockWidget *detail =
        makeDock(m_rankDetail, QStringLiteral("rankDetailDock"), Qt::BottomDockWidgetArea);
    tabifyDockWidget(problems, detail);
    problems->raise();
    tabifyDockWidget(details, ranks);
    details->raise();

    connect(m_stragglers, &StragglersPanel::suspectActivated, this,
            [this](int rank, WindowAxis axis, qint64 window) {
                if (rank < 0)
                    return;
                showCentralView(CentralView::Heatmap);
                openRankDetail(rank, axis, window);
            });

    connect(m_suspects, &SuspectsPanel::suspectActivated, this,
            [this](int node, const RankSet &ranks) {
                if (node >= 0)
                    selectFrame(node);
                if (ranks.count() == 1)
                    chooseRank(ranks.first());
            });
    // A function of the table opens in the flame graph: every place highlighted, the widest one
    // selected and zoomed to.
    connect(m_functions, &FunctionsPanel::functionActivated, this, [this](int function, int node) {
        showCentralView(CentralView::Stacks);
        m_graphView->showFrame(
            QString::fromStdString(m_functions->table()->function(function).label), node);
        m_details->showNode(node);
    });
    connect(m_ranks, &RankListPanel::rankChosen, this, &MainWindow::chooseRank);
    connect(m_details, &FrameDetailsPanel::rankChosen, this, &MainWindow::chooseRank);
}

void MainWindow::createStatusBar()
{
    // A long status ("Importing /a/very/long/path…") is cut with "…", never widens the window.
    m_status = new ElidedLabel(this);
    m_status->setObjectName(QStringLiteral("statusLine"));
    // The one clickable status: the comparison sentence (onDiffReady) leads to its Diff.
    connect(m_status, &ElidedLabel::clicked, this, [this] { showCentralView(CentralView::Diff); });
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(240);
    m_progress->setVisible(false);
    m_cancel = new QToolButton(this);
    m_cancel->setVisible(false);
    connect(m_cancel, &QToolButton::clicked, m_session, &BundleSession::cancelImport);
    m_problemsBadge = new QToolButton(this);
    m_problemsBadge->setObjectName(QStringLiteral("problemsBadge"));
    m_problemsBadge->setAutoRaise(true);
    connect(m_problemsBadge, &QToolButton::clicked, this, [this] {
        auto *dock = findChild<QDockWidget *>(QStringLiteral("problemsDock"));
        if (!dock)
            return;
        if (dock->isVisible() && !dock->visibleRegion().isEmpty()) {
            dock->hide();
        } else {
            dock->show();
            dock->raise();
        }
    });
    statusBar()->addWidget(m_status, 1);
    statusBar()->addPermanentWidget(m_problemsBadge);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancel);
    updateProblemsBadge();
}

void MainWindow::updateProblemsBadge()
{
    const int count = m_problems ? m_problems->count() : 0;
    m_problemsBadge->setText(count == 0 ? tr("No import problems")
                                        : tr("%n import problem(s)", nullptr, count));
    m_problemsBadge->setIcon(count == 0 ? QIcon()
                                        : style()->standardIcon(QStyle::SP_MessageBoxWarning));
    m_problemsBadge->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_problemsBadge->setToolTip(tr("Show or hide the Import Problems panel"));
    m_problemsBadge->setVisible(!isShowingStartPage());
}

void MainWindow::fitBottomDocksToProblems()
{
    auto *problems = findChild<QDockWidget *>(QStringLiteral("problemsDock"));
    auto *detail = findChild<QDockWidget *>(QStringLiteral("rankDetailDock"));
    if (!problems)
        return;
    if (m_problems->count() > 0) {
        problems->show();
        problems->raise();
        return;
    }
    problems->hide();
    // Rank Detail opens itself when a rank is chosen; empty, it only takes room.
    if (detail && m_rankDetail->rank() < 0 && !m_rankDetail->isLoading())
        detail->hide();
}

void MainWindow::retranslate()
{
    if (m_problemsBadge)
        updateProblemsBadge();
    setWindowTitle(m_session->bundlePath().isEmpty()
                       ? tr("rankscope")
                       : tr("%1 - rankscope").arg(QFileInfo(m_session->bundlePath()).fileName()));
    m_fileMenu->setTitle(tr("&File"));
    m_recentMenu->setTitle(tr("Open &Recent"));
    m_viewMenu->setTitle(tr("&View"));
    m_helpMenu->setTitle(tr("&Help"));
    m_openFolder->setText(tr("&Open Bundle Folder…"));
    m_openArchive->setText(tr("Open Bundle &Archive or File…"));
    m_reimport->setText(tr("Re&import Bundle"));
    m_openBaseline->setText(tr("Compare with &Baseline…"));
    m_swapBaseline->setText(tr("S&wap Baseline and Bundle"));
    m_closeBaseline->setText(tr("&Close Baseline"));
    m_export->setText(tr("&Export Image…"));
    m_exportReport->setText(tr("Export &Report…"));
    m_addToReport->setText(tr("&Add View to Report"));
    m_quit->setText(tr("&Quit"));
    m_about->setText(tr("&About rankscope"));
    m_zoomOut->setText(tr("Zoom &Out"));
    m_resetZoom->setText(tr("&Reset Zoom"));
    m_cancel->setText(tr("Cancel"));
    const auto dockTitle = [this](const char *name, const QString &title) {
        if (auto *dock = findChild<QDockWidget *>(QString::fromLatin1(name)))
            dock->setWindowTitle(title);
    };
    dockTitle("suspectsDock", tr("Suspects"));
    dockTitle("functionsDock", tr("Functions"));
    dockTitle("detailsDock", tr("Frame"));
    dockTitle("ranksDock", tr("Ranks"));
    dockTitle("problemsDock", tr("Import Problems"));
    dockTitle("stragglersDock", tr("Stragglers"));
    dockTitle("rankDetailDock", tr("Rank Detail"));
    m_tabs->setTabText(tabIndexOf(CentralView::Overview), tr("Overview"));
    m_tabs->setTabText(tabIndexOf(CentralView::Stacks), tr("Stacks"));
    m_tabs->setTabText(tabIndexOf(CentralView::Heatmap), tr("Heatmap"));
    m_tabs->setTabText(tabIndexOf(CentralView::Logs), tr("Logs"));
    m_tabs->setTabText(tabIndexOf(CentralView::Collectives), tr("Collectives"));
    m_tabs->setTabText(
        tabIndexOf(CentralView::Diff),
        m_comparison->hasBaseline()
            ? tr("Diff vs %1").arg(BaselineComparison::runName(m_comparison->baselinePath()))
            : tr("Diff"));
    m_logsOfWindow->setText(tr("&Logs of the Selected Window"));
    retranslateNavigation();
    retranslateNotes();

    const int frames = m_frames->currentIndex();
    m_populating = true;
    m_frames->clear();
    m_frames->addItems({tr("Function"), tr("Function + file"), tr("Function + file + line")});
    m_frames->setCurrentIndex(std::max(frames, 0));
    const int samples = m_samples->currentIndex();
    m_samples->clear();
    m_samples->addItems({tr("All samples"), tr("Latest sample")});
    m_samples->setCurrentIndex(std::max(samples, 0));
    const int source = m_stackSource->currentIndex();
    m_stackSource->clear();
    m_stackSource->addItems({tr("Stack dumps"), tr("Collective call sites")});
    m_stackSource->setItemData(
        1,
        tr("The Python frames each rank's Flight Recorder dump recorded for the collective it "
           "blocks in (its earliest entry that did not complete), merged across ranks"),
        Qt::ToolTipRole);
    m_stackSource->setCurrentIndex(std::max(source, 0));
    m_stackSource->setToolTip(tr("Which stacks the flame graph merges: the py-spy dumps, or the "
                                 "call sites the Flight Recorder dumps recorded"));
    m_stackChoicesLabel->setText(tr("Stacks:"));
    m_stackChoicesLabel->setToolTip(tr("How the stacks are merged, for the flame graph, the "
                                       "suspects and the Diff's stack paths"));
    m_frames->setToolTip(tr("Frame identity: frames with the same function merge, or only those "
                            "with the same file, or the same file and line"));
    m_threads->setToolTip(tr("Which threads of each process: the main thread (where training "
                             "code runs), all threads, or one thread by name"));
    m_role->setToolTip(tr("Which processes: the training ranks, or also helpers such as "
                          "DataLoader workers, by role"));
    m_samples->setToolTip(tr("All samples of each rank merged, or only each rank's latest dump "
                             "(where it is now)"));
    updateStackSourceChoice();
    m_populating = false;
    populateChoices();
    if (m_verdict->text().isEmpty())
        m_verdict->setText(tr("Open a job bundle (File > Open, or drop a folder, an archive or "
                              "a single trace here) to merge the stacks of every rank."));
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(event);
}

// Thread and role choices depend on the bundle: names seen in its samples.
void MainWindow::populateChoices()
{
    const QString thread = m_threads->currentData().toString();
    const QString role = m_role->currentData().toString();
    m_populating = true;
    m_threads->clear();
    m_threads->addItem(tr("Main thread"), QStringLiteral("main"));
    m_threads->addItem(tr("All threads"), QStringLiteral("all"));
    m_role->clear();
    m_role->addItem(tr("Main processes"), QString());
    m_role->addItem(tr("All process types"), QStringLiteral("*"));
    // Beyond a few hundred, per-thread names are noise in a menu.
    for (const QString &name : m_session->threadNames().mid(0, 200))
        m_threads->addItem(tr("Thread: %1").arg(name), name);
    for (const QString &name : m_session->roles())
        m_role->addItem(tr("Role: %1").arg(name), name);
    m_threads->setCurrentIndex(std::max(0, m_threads->findData(thread)));
    m_role->setCurrentIndex(std::max(0, m_role->findData(role)));
    m_populating = false;
}

// The source chooser shows only when the bundle's dumps recorded call sites; without them the
// tree is the stack dumps' whatever the chooser says.
void MainWindow::updateStackSourceChoice()
{
    updateStackChoices();
}

// The stack choices change the merged tree: the flame graph and the Diff's stack paths. On the
// other views (and the start page) they would only take room and suggest they do something.
void MainWindow::updateStackChoices()
{
    const CentralView view = currentCentralView();
    const bool shown =
        !isShowingStartPage() && (view == CentralView::Stacks || view == CentralView::Diff);
    for (QAction *action : m_stackChoices)
        action->setVisible(shown);
    if (m_stackSourceAction)
        m_stackSourceAction->setVisible(shown && m_session && m_session->hasCallSiteStacks());
}

void MainWindow::optionsChanged()
{
    if (m_populating)
        return;
    StackTreeOptions options;
    options.identity = static_cast<FrameIdentityMode>(std::max(0, m_frames->currentIndex()));
    options.threads = ThreadSelection::fromText(m_threads->currentData().toString().toStdString());
    options.role = m_role->currentData().toString().toStdString();
    options.samples = m_samples->currentIndex() == 1 ? SampleChoice::Latest : SampleChoice::All;
    m_session->setUseCallSiteStacks(m_stackSource->currentIndex() == 1);
    m_session->setTreeOptions(options);
}

void MainWindow::openBundle(const QString &path)
{
    setRankDetailExpanded(false);
    leaveStartPage();
    if (QFileInfo(path).absoluteFilePath() != QFileInfo(m_session->bundlePath()).absoluteFilePath())
        m_reportPictures.clear(); // they were of another bundle
    m_session->open(path);
}

void MainWindow::openFolderDialog()
{
    const QString dir =
        QFileDialog::getExistingDirectory(this, tr("Open Job Bundle Folder"), m_recent.value(0));
    if (!dir.isEmpty())
        openBundle(dir);
}

void MainWindow::openArchiveDialog()
{
    // A trace, dump or log opens as a bundle of that one file (the content decides which).
    const QString file = QFileDialog::getOpenFileName(
        this, tr("Open Job Bundle Archive or File"), m_recent.value(0),
        tr("Bundles, traces and logs (*.rankscope *.rscache *.tar *.tar.gz *.tgz *.tar.zst *.json "
           "*.json.gz *.json.zst *.txt *.log *.out *.err *.gz *.zst);;Bundle archives (*.tar "
           "*.tar.gz *.tgz *.tar.zst *.rankscope);;Merged caches (*.rscache);;All files (*)"));
    if (!file.isEmpty())
        openBundle(file);
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls() && event->mimeData()->urls().value(0).isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile()) {
        openBundle(urls.first().toLocalFile());
        event->acceptProposedAction();
    }
}

void MainWindow::onImportStarted(const QString &path)
{
    m_banner->setVisible(false);
    m_progress->setValue(0);
    m_progress->setVisible(true);
    m_cancel->setVisible(true);
    m_status->setText(tr("Importing %1…").arg(QDir::toNativeSeparators(path)));
}

void MainWindow::onImportProgress(double fraction, const QString &text)
{
    m_progress->setValue(static_cast<int>(fraction * 1000));
    m_status->setText(tr("Importing: %1").arg(text));
}

void MainWindow::onImportFinished()
{
    updateStackSourceChoice(); // the new bundle's call sites come with its collectives
    m_progress->setVisible(false);
    m_cancel->setVisible(false);
    addRecent(m_session->bundlePath());
    m_openBaseline->setEnabled(true);
    retranslate(); // window title, and the thread and role choices of the new bundle
    const ImportSummary &s = m_session->summary();
    const auto data = m_session->data();
    m_problems->setProblems(data->problems);
    updateProblemsBadge();
    fitBottomDocksToProblems();
    m_status->setText(tr("%1 files (%2 parsed, %3 from cache), %4 samples, %5 s")
                          .arg(s.filesSeen)
                          .arg(s.filesParsed)
                          .arg(s.filesReused)
                          .arg(s.samples)
                          .arg(s.seconds, 0, 'f', 2));
    if (!data->problems.empty())
        showBanner(tr("%n file problem(s) during import; everything else was imported. "
                      "See Import Problems.",
                      nullptr, static_cast<int>(data->problems.size())),
                   false);
    optionsChanged();
    openNotes();
    onTracesLoaded();
    onLogsLoaded();
    updateLayerEmptyStates();
    requestCollectives();
    // The first view after an import: one verdict over every layer, joined as each arrives.
    m_overview->clear(tr("Joining the layers…"));
    requestOverview();
    showCentralView(CentralView::Overview);
}

void MainWindow::onImportFailed(const QString &message)
{
    m_progress->setVisible(false);
    m_cancel->setVisible(false);
    m_status->clear();
    showBanner(tr("Cannot open the bundle: %1").arg(message), true);
}

void MainWindow::onImportCancelled()
{
    m_progress->setVisible(false);
    m_cancel->setVisible(false);
    m_status->setText(tr("Import cancelled; the cache keeps its previous state."));
}

void MainWindow::onResultsReady(const StackResults &results)
{
    m_graphView->setTree(results.tree, results.data);
    m_graphView->setEquivalenceClasses(results.analysis->classes);
    m_graphView->setEmphasisedNodes(results.emphasisedNodes());
    m_details->setResults(results);
    m_suspects->setAnalysis(results.analysis);
    m_functions->setTable(results.functions, results.tree->ranksWithData().count());
    m_ranks->setRanks(results.data->job, results.tree, results.analysis);
    m_verdict->setText(
        messageText(results.analysis->verdict.summaryMessage, results.analysis->verdict.summary));
    m_export->setEnabled(true);
    updateStuckRanks();
    requestOverview();
    // The same world size and coverage as rankscope-cli import prints.
    const JobInfo &job = results.data->job;
    m_status->setText(
        job.layers.stacks.empty()
            ? tr("%1; %2").arg(CoverageText::worldSize(job), CoverageText::coverage(job, 120))
            : tr("%1 ranks with stacks, %2 without, %3 frames merged; %4")
                  .arg(results.tree->ranksWithData().count())
                  .arg(results.tree->noData().count())
                  .arg(results.tree->size() - 1)
                  .arg(CoverageText::coverage(job, 120)));
}

void MainWindow::showTopSuspectFunction(const StackResults &results)
{
    if (auto *dock = findChild<QDockWidget *>(QStringLiteral("functionsDock"))) {
        dock->show();
        dock->raise();
        // Its columns need more room than the suspects' list.
        resizeDocks({dock}, {width() * 2 / 5}, Qt::Horizontal);
    }
    if (!results.functions || !results.analysis || results.analysis->suspects.empty())
        return;
    const int node = results.analysis->suspects.front().node;
    m_functions->activate(results.functions->functionOfNode(node));
}

void MainWindow::activateTopSuspect()
{
    const StackResults::Focus focus = m_session->results().topSuspect();
    if (focus.node >= 0) {
        showCentralView(CentralView::Stacks); // the suspect is a frame: show the flame graph
        selectFrame(focus.node);
    }
    if (focus.rank >= 0)
        chooseRank(focus.rank);
}

void MainWindow::showBanner(const QString &text, bool error)
{
    m_banner->setText(text);
    m_banner->setStyleSheet(error
                                ? QStringLiteral("background:#fde2e1;color:#7a1410;padding:6px;")
                                : QStringLiteral("background:#fff4d6;color:#5c4400;padding:6px;"));
    m_banner->setVisible(true);
}

void MainWindow::selectFrame(int node)
{
    m_flame->selectNode(node);
    m_details->showNode(node);
}

void MainWindow::chooseRank(int rank)
{
    m_flame->highlightRank(rank);
    m_heatmap->heatmap()->setSelectedRank(rank);
    m_heatmap->lineChart()->setSelectedRank(rank); // the few-ranks view follows it too
    if (rank >= 0)
        m_collectivesView->selectRanks(RankSet::fromVector({rank}));
    m_status->setText(rank >= 0 ? tr("Highlighting the path of rank %1").arg(rank) : QString());
}

void MainWindow::exportDialog()
{
    QString selectedFilter;
    const CentralView view = currentCentralView();
    const QString suggested =
        view == CentralView::Heatmap       ? QStringLiteral("rankscope-heatmap.png")
        : view == CentralView::Diff        ? QStringLiteral("rankscope-diff.png")
        : view == CentralView::Collectives ? QStringLiteral("rankscope-collectives.png")
        : view == CentralView::Logs        ? QStringLiteral("rankscope-step-time.png")
        : view == CentralView::Overview    ? QStringLiteral("rankscope-overview.png")
                                           : QStringLiteral("rankscope-flamegraph.png");
    const QString file =
        QFileDialog::getSaveFileName(this, tr("Export Image"), suggested,
                                     tr("PNG image (*.png);;SVG image (*.svg)"), &selectedFilter);
    if (file.isEmpty())
        return;
    QString error;
    if (!exportImage(file, &error))
        showBanner(tr("Export failed: %1").arg(error), true);
    else
        m_status->setText(tr("Exported %1").arg(QDir::toNativeSeparators(file)));
}

bool MainWindow::exportImage(const QString &file, QString *error)
{
    if (currentCentralView() == CentralView::Heatmap)
        return exportHeatmap(file, error);
    if (currentCentralView() == CentralView::Diff)
        return m_diffView->exportImage(file, error, diffNoteCaption());
    if (currentCentralView() == CentralView::Collectives)
        return exportCollectives(file, error);
    if (currentCentralView() == CentralView::Overview) {
        const NoteLayer notes = noteLayer(NoteView::Overview);
        return m_overview->exportImage(file, error, &notes);
    }
    if (currentCentralView() == CentralView::Logs) {
        if (m_logsView->isStepSeriesShown())
            return m_logsView->stepChart()->exportImage(file, error);
        return exportLogLines(file, error);
    }
    if (!m_session->results().tree) {
        if (error)
            *error = tr("nothing to export yet");
        return false;
    }
    const NoteLayer notes = noteLayer(NoteView::FlameGraph);
    return StackViewExport::write(m_flame->scene(), m_session->results(),
                                  QFileInfo(m_session->bundlePath()).fileName(),
                                  m_flame->selectedNode(), m_flame->highlightedRanks(), file,
                                  m_flame->viewport()->width(), error, &notes);
}

void MainWindow::addRecent(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_recent.removeAll(absolute);
    m_recent.prepend(absolute);
    while (m_recent.size() > kMaxRecent)
        m_recent.removeLast();
    rebuildRecentMenu();
    saveSettings();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    for (const QString &path : std::as_const(m_recent)) {
        QAction *action = m_recentMenu->addAction(QDir::toNativeSeparators(path));
        connect(action, &QAction::triggered, this, [this, path] { openBundle(path); });
    }
    m_recentMenu->setEnabled(!m_recent.isEmpty());
    m_startPage->setRecent(m_recent);
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    m_recent = settings.value(QStringLiteral("recentBundles")).toStringList();
    rebuildRecentMenu();
    if (!restoreGeometry(settings.value(QStringLiteral("geometry")).toByteArray()))
        resize(1400, 860);
    // First run: leaveStartPage gives the flame graph the room once the docks are laid out.
    m_firstRun = !restoreState(settings.value(QStringLiteral("windowState")).toByteArray());
    m_populating = true;
    m_frames->setCurrentIndex(settings.value(QStringLiteral("frameIdentity"), 0).toInt());
    m_samples->setCurrentIndex(settings.value(QStringLiteral("samples"), 0).toInt());
    m_populating = false;
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("recentBundles"), m_recent);
    settings.setValue(QStringLiteral("geometry"), saveGeometry());
    // On the start page the docks are hidden for it, not by the user: keep their own state.
    settings.setValue(QStringLiteral("windowState"),
                      isShowingStartPage() ? m_stateBeforeStartPage : saveState());
    settings.setValue(QStringLiteral("frameIdentity"), m_frames->currentIndex());
    settings.setValue(QStringLiteral("samples"), m_samples->currentIndex());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    m_session->cancelImport();
    setRankDetailExpanded(false); // the dock's place is what the next start restores
    saveSettings();
    QMainWindow::closeEvent(event);
}

void MainWindow::showCentralView(CentralView view)
{
    const int index = tabIndexOf(view);
    if (index >= 0)
        m_tabs->setCurrentIndex(index);
}

MainWindow::CentralView MainWindow::currentCentralView() const
{
    for (CentralView view : {CentralView::Overview, CentralView::Stacks, CentralView::Heatmap,
                             CentralView::Logs, CentralView::Diff, CentralView::Collectives})
        if (tabIndexOf(view) == m_tabs->currentIndex())
            return view;
    return CentralView::Stacks;
}

QString MainWindow::verdictText() const
{
    return m_verdict->text();
}

QString MainWindow::statusText() const
{
    return m_status->text();
}
