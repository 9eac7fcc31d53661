// Rank Detail in the main area: the dock's timeline and op table moved into the window's centre
// (the views' place) and back, so a rank's threads and GPU streams get the room without
// dragging splitters.
#include "MainWindow.h"

#include "views/traces/RankDetailView.h"

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QStackedWidget>
#include <QTabWidget>
#include <QVBoxLayout>

using namespace rankscope;

void MainWindow::createRankDetailExpansion()
{
    m_rankDetailPage = new QWidget(m_pages);
    m_rankDetailPage->setObjectName(QStringLiteral("rankDetailPage"));
    auto *layout = new QVBoxLayout(m_rankDetailPage);
    layout->setContentsMargins(0, 0, 0, 0);
    m_pages->addWidget(m_rankDetailPage);
    m_expandRankDetail = new QAction(this);
    m_expandRankDetail->setCheckable(true);
    m_expandRankDetail->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    connect(m_expandRankDetail, &QAction::triggered, this, &MainWindow::setRankDetailExpanded);
    m_viewMenu->addAction(m_expandRankDetail);
    connect(m_rankDetail, &RankDetailView::expandRequested, this,
            &MainWindow::setRankDetailExpanded);
    // Going to a view (a tab, Ctrl+1..6, a click-through) brings the views back.
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] { setRankDetailExpanded(false); });
}

bool MainWindow::isRankDetailExpanded() const
{
    return m_rankDetail && m_rankDetail->isExpanded();
}

void MainWindow::setRankDetailExpanded(bool expand)
{
    if (expand == isRankDetailExpanded()) {
        m_expandRankDetail->setChecked(expand);
        return;
    }
    auto *dock = findChild<QDockWidget *>(QStringLiteral("rankDetailDock"));
    if (!dock || (expand && isShowingStartPage())) {
        m_expandRankDetail->setChecked(false);
        return;
    }
    if (expand) {
        // The dock keeps a note in its place, in case the user shows it from the View menu.
        auto *note = new QLabel(tr("The rank detail is in the main area."), dock);
        note->setAlignment(Qt::AlignCenter);
        dock->setWidget(note);
        m_rankDetailPage->layout()->addWidget(m_rankDetail);
        m_pages->setCurrentWidget(m_rankDetailPage);
        dock->hide();
    } else {
        QWidget *note = dock->widget();
        dock->setWidget(m_rankDetail);
        delete note;
        m_pages->setCurrentIndex(1);
        dock->show();
        dock->raise();
    }
    m_rankDetail->show();
    m_rankDetail->setExpanded(expand);
    m_expandRankDetail->setChecked(expand);
}
