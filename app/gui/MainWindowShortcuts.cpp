// Keyboard navigation of the main window: one owner per key. Window-wide keys are QActions of
// the window (Ctrl+F, Escape, Ctrl+1..6, ?), never also QShortcuts of a view, where two bindings
// of one key cancel each other out ("ambiguous shortcut") and neither fires. Keys that only mean
// something in a focused view (W/A/S/D, arrows, Home) stay in that view's keyPressEvent.

#include "MainWindow.h"

#include "ShortcutsDialog.h"
#include "UserGuideDialog.h"
#include "views/annotations/NoteBook.h"

#include "views/collectives/CollectivesView.h"
#include "views/common/ElidedLabel.h"
#include "views/flamegraph/FlameGraphView.h"
#include "views/flamegraph/FlameGraphWidget.h"
#include "views/heatmap/HeatmapView.h"
#include "views/heatmap/HeatmapWidget.h"
#include "views/logs/LogFilterBar.h"
#include "views/logs/LogsView.h"
#include "views/stacks/RankListPanel.h"

#include <QAction>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QTabWidget>

using namespace rankscope;

void MainWindow::createNavigationActions()
{
    for (std::size_t i = 0; i < m_goToView.size(); ++i) {
        m_goToView[i] = new QAction(this);
        m_goToView[i]->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + int(i))));
        connect(m_goToView[i], &QAction::triggered, this,
                [this, i] { m_tabs->setCurrentIndex(int(i)); });
    }
    connect(m_findAction, &QAction::triggered, this, &MainWindow::findInCurrentView);
    m_clearSelection = new QAction(this);
    m_clearSelection->setShortcut(QKeySequence(Qt::Key_Escape));
    connect(m_clearSelection, &QAction::triggered, this, &MainWindow::clearSelection);
    m_showShortcuts = new QAction(this);
    // "?" is Shift+/ on most layouts; F1 is the platform's help key where there is one.
    m_showShortcuts->setShortcuts({QKeySequence(Qt::Key_Question), QKeySequence::HelpContents});
    connect(m_showShortcuts, &QAction::triggered, this, &MainWindow::showShortcuts);
    m_userGuide = new QAction(this);
    connect(m_userGuide, &QAction::triggered, this, &MainWindow::showUserGuide);
}

void MainWindow::addNavigationMenus()
{
    m_viewMenu->addAction(m_clearSelection);
    m_viewMenu->addSeparator();
    for (QAction *action : m_goToView)
        m_viewMenu->addAction(action);
    m_helpMenu->insertAction(m_about, m_userGuide);
    m_helpMenu->insertAction(m_about, m_showShortcuts);
    m_helpMenu->insertSeparator(m_about);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::updateFindAction);
}

void MainWindow::retranslateNavigation()
{
    // In the order of the tabs (Ctrl+1 is the first).
    const QStringList names = {tr("&Overview"), tr("&Stacks"), tr("&Heatmap"),
                               tr("&Logs"),     tr("&Diff"),   tr("&Collectives")};
    for (std::size_t i = 0; i < m_goToView.size(); ++i)
        m_goToView[i]->setText(tr("Go to %1").arg(names[qsizetype(i)]));
    m_clearSelection->setText(tr("&Clear Selection and Highlight"));
    m_showShortcuts->setText(tr("&Keyboard Shortcuts"));
    m_userGuide->setText(tr("&User Guide"));
    if (m_expandRankDetail)
        m_expandRankDetail->setText(tr("Rank Detail in the &Main Area"));
    for (QAction *flameOnly : {m_zoomOut, m_resetZoom})
        flameOnly->setProperty("shortcutWhere", tr("Flame graph"));
    updateFindAction();
}

// Ctrl+F finds in the view that shows: frames in the flame graph, templates or lines in the
// logs. The other views have nothing to search, and say so by disabling the action.
void MainWindow::updateFindAction()
{
    const CentralView view = currentCentralView();
    m_findAction->setEnabled(view == CentralView::Stacks || view == CentralView::Logs);
    m_findAction->setText(view == CentralView::Logs ? tr("&Find in Logs") : tr("&Find Frame"));
}

void MainWindow::findInCurrentView()
{
    QLineEdit *field = nullptr;
    switch (currentCentralView()) {
    case CentralView::Stacks:
        m_graphView->focusSearch();
        return;
    case CentralView::Logs:
        // The template search when the templates show, else the line filter's text.
        field = m_logsView->templateSearch()->isVisible() ? m_logsView->templateSearch()
                                                          : m_logsView->filterBar()->textEdit();
        break;
    default:
        return;
    }
    field->setFocus(Qt::ShortcutFocusReason);
    field->selectAll();
}

// Escape: back to no selection anywhere, the state after opening the bundle (the zoom stays).
void MainWindow::clearSelection()
{
    if (isRankDetailExpanded()) {
        setRankDetailExpanded(false); // first Escape: back to the views
        return;
    }
    m_flame->highlightRank(-1);
    m_flame->selectNode(-1);
    m_heatmap->heatmap()->clearSelection();
    m_collectivesView->selectRanks(RankSet());
    m_ranks->setFilterText(QString());
    if (m_notes)
        m_notes->select({});
    m_status->setText(tr("Selection cleared"));
}

void MainWindow::showUserGuide()
{
    auto *dialog = new UserGuideDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void MainWindow::showShortcuts()
{
    auto *dialog = new ShortcutsDialog(this, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setObjectName(QStringLiteral("shortcutsDialog"));
    dialog->show();
}
