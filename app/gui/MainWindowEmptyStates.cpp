// The main window before a bundle is open (the start page) and the views' empty states: each
// view says once what it needs, with the button that gets it, instead of an empty frame.
#include "MainWindow.h"

#include "DemoBundle.h"
#include "StartPage.h"
#include "UserGuideDialog.h"
#include "views/common/EmptyStateStack.h"

#include <QAction>
#include <QDockWidget>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTimer>

using namespace rankscope;

namespace {

std::size_t slotOf(MainWindow::CentralView view)
{
    return std::size_t(view);
}

} // namespace

void MainWindow::createStartPage(QWidget *views)
{
    m_pages = new QStackedWidget(this);
    m_startPage = new StartPage(m_pages);
    m_pages->addWidget(m_startPage);
    m_pages->addWidget(views);
    setCentralWidget(m_pages);
    connect(m_startPage, &StartPage::openFolderRequested, this, &MainWindow::openFolderDialog);
    connect(m_startPage, &StartPage::openFileRequested, this, &MainWindow::openArchiveDialog);
    connect(m_startPage, &StartPage::demoRequested, this, &MainWindow::openDemo);
    connect(m_startPage, &StartPage::bundleChosen, this, &MainWindow::openBundle);
    connect(m_startPage, &StartPage::clearRecentRequested, this, [this] {
        m_recent.clear();
        rebuildRecentMenu();
        saveSettings();
    });
}

bool MainWindow::isShowingStartPage() const
{
    return m_pages && m_pages->currentWidget() == m_startPage;
}

void MainWindow::showStartPage()
{
    if (isShowingStartPage() && !m_stateBeforeStartPage.isEmpty())
        return;
    // The docks describe a bundle; with none open they are empty frames around the page.
    m_stateBeforeStartPage = saveState();
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        dock->hide();
    m_pages->setCurrentWidget(m_startPage);
    updateStackChoices();
    m_problemsBadge->setVisible(false); // nothing imported yet: no problems to count
}

void MainWindow::leaveStartPage()
{
    if (!isShowingStartPage())
        return;
    m_pages->setCurrentIndex(1);
    restoreState(m_stateBeforeStartPage);
    updateStackChoices();
    if (m_firstRun) {
        m_firstRun = false;
        // Give the flame graph the room; docks only get sized once laid out.
        QTimer::singleShot(0, this, [this] {
            auto *suspects = findChild<QDockWidget *>(QStringLiteral("suspectsDock"));
            auto *problems = findChild<QDockWidget *>(QStringLiteral("problemsDock"));
            resizeDocks({suspects}, {width() * 3 / 10}, Qt::Horizontal);
            resizeDocks({problems}, {height() / 7}, Qt::Vertical);
        });
    }
}

void MainWindow::openDemo(const QString &scenario)
{
    QString error;
    const QString bundle = DemoBundle::ensure(scenario, &error);
    if (bundle.isEmpty()) {
        leaveStartPage();
        showBanner(tr("Cannot write the demo bundle: %1").arg(error), true);
        return;
    }
    openBundle(bundle);
}

QWidget *MainWindow::withEmptyState(CentralView view, QWidget *content)
{
    auto *stack = new EmptyStateStack(content, m_tabs);
    stack->setObjectName(QStringLiteral("emptyState%1").arg(int(view)));
    m_emptyStates[slotOf(view)] = stack;
    return stack;
}

EmptyStateStack *MainWindow::emptyState(CentralView view) const
{
    return m_emptyStates[slotOf(view)];
}

void MainWindow::showUserGuidePage(const QString &fileName)
{
    auto *dialog = new UserGuideDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->showPage(fileName);
    dialog->show();
}

// After an import: the views whose layer the bundle lacks say so, and offer what it has.
void MainWindow::updateLayerEmptyStates()
{
    const auto data = m_session->data();
    const bool stacks = data && !data->samples.empty();
    const bool traces = !m_session->traces().empty();
    const bool logs = !m_session->logs().empty();
    auto go = [this](CentralView view) { return [this, view] { showCentralView(view); }; };
    auto guide = [this](const QString &page) { return [this, page] { showUserGuidePage(page); }; };
    // The other layers of this bundle, as buttons: where the user can go instead.
    auto elsewhere = [&](CentralView self) {
        std::vector<EmptyStateStack::Action> actions;
        if (self != CentralView::Stacks && stacks)
            actions.push_back({tr("Show Stacks"), go(CentralView::Stacks)});
        if (self != CentralView::Heatmap && traces)
            actions.push_back({tr("Show Heatmap"), go(CentralView::Heatmap)});
        if (self != CentralView::Logs && logs)
            actions.push_back({tr("Show Logs"), go(CentralView::Logs)});
        return actions;
    };

    EmptyStateStack *stacksState = emptyState(CentralView::Stacks);
    if (stacks) {
        stacksState->showContent();
    } else {
        auto actions = elsewhere(CentralView::Stacks);
        actions.push_back(
            {tr("How to Capture Stacks"), guide(QStringLiteral("formats-stacks.md"))});
        stacksState->showEmpty(
            tr("No stack dumps in this bundle"),
            tr("The merged flame graph needs a py-spy dump of each rank (<tt>py-spy dump --pid "
               "PID</tt>, text or <tt>--json</tt>) under <tt>stacks/</tt>, ideally two or three "
               "samples a few seconds apart. It shows which ranks are stuck where, and who the "
               "others wait for."),
            actions);
    }

    EmptyStateStack *heatmapState = emptyState(CentralView::Heatmap);
    if (traces) {
        heatmapState->showContent();
    } else {
        auto actions = elsewhere(CentralView::Heatmap);
        actions.push_back(
            {tr("How to Capture Traces"), guide(QStringLiteral("formats-traces.md"))});
        heatmapState->showEmpty(
            tr("No profiler traces in this bundle"),
            tr("The rank-by-time heatmap and the stragglers need a PyTorch profiler trace per "
               "rank (<tt>*.pt.trace.json</tt>, gzip or zstd) under <tt>traces/</tt>; even one "
               "or two profiler steps on every rank are enough to compare the ranks."),
            actions);
    }

    EmptyStateStack *logsState = emptyState(CentralView::Logs);
    if (logs) {
        logsState->showContent();
    } else {
        auto actions = elsewhere(CentralView::Logs);
        actions.push_back({tr("Log Formats"), guide(QStringLiteral("formats-logs.md"))});
        logsState->showEmpty(
            tr("No logs in this bundle"),
            tr("The log templates need the job's output: the launcher's combined log (torchrun, "
               "srun, mpirun, kubectl) or per-rank files under <tt>logs/</tt>. Errors, warnings "
               "and the lines only some ranks wrote are ranked there."),
            actions);
    }
}

void MainWindow::showNoBaseline()
{
    emptyState(CentralView::Diff)
        ->showEmpty(
            tr("No baseline to compare with"),
            tr("The Diff puts a healthy run of the same job beside this one: the stack "
               "paths, log templates, step times and operator times that changed. Open "
               "the healthy run's bundle as the baseline, or name it as "
               "<tt>\"baseline\"</tt> in this bundle's <tt>job.json</tt>."),
            {{tr("Compare with Baseline…"), [this] { m_openBaseline->trigger(); }},
             {tr("About the Diff"), [this] { showUserGuidePage(QStringLiteral("diff.md")); }}});
}

void MainWindow::showNoCollectives()
{
    emptyState(CentralView::Collectives)
        ->showEmpty(tr("No collective records in this bundle"),
                    tr("The per-group sequence of collectives comes from Flight Recorder dumps "
                       "(<tt>TORCH_NCCL_TRACE_BUFFER_SIZE</tt> set; files under <tt>fr/</tt>), "
                       "from the NCCL watchdog and desync lines in the logs, or from communication "
                       "kernels with sequence numbers in the traces. This bundle has none."),
                    {{tr("How to Capture Them"),
                      [this] { showUserGuidePage(QStringLiteral("collectives-formats.md")); }}});
}
