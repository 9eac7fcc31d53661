#include "BundleSession.h"
#include "DemoBundle.h"
#include "MainWindow.h"
#include "StartPage.h"
#include "views/common/EmptyStateStack.h"

#include <QAction>
#include <QDockWidget>
#include <QListWidget>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QToolBar>
#include <QToolButton>
#include <QtTest>

#include <fstream>

using namespace rankscope;

namespace {

// Eight ranks of stacks and nothing else: no traces, logs, dumps or baseline.
void writeStacksOnlyBundle(const QString &root)
{
    QDir().mkpath(root + QStringLiteral("/stacks"));
    for (int rank = 0; rank < 8; ++rank) {
        std::ofstream out(
            QString(root + QStringLiteral("/stacks/rank%1.txt").arg(rank)).toStdString());
        out << "Process " << 100 + rank << ": python train.py\n"
            << "Python v3.10.12 (/usr/bin/python3.10)\n\n"
            << "Thread " << 100 + rank << " (idle): \"MainThread\"\n"
            << (rank == 5 ? "    read (reader.py:9)\n"
                          : "    all_reduce (torch/distributed/distributed_c10d.py:2001)\n")
            << "    main (train.py:200)\n";
    }
}

bool toolbarShowsStackChoices(MainWindow &window)
{
    auto *bar = window.findChild<QToolBar *>(QStringLiteral("mainToolBar"));
    for (QAction *action : bar->actions()) {
        auto *widget = bar->widgetForAction(action);
        if (widget && widget->inherits("QComboBox") && action->isVisible())
            return true;
    }
    return false;
}

QStringList buttonTexts(const EmptyStateStack *state)
{
    QStringList texts;
    for (const QPushButton *button : state->emptyButtons())
        texts << button->text();
    return texts;
}

} // namespace

// Issue 12 point 7: before a bundle the window is a start page (recent bundles, the demos, a
// drop target); a view without data says once what it needs, with a button that does it. Point 4:
// the stack choices are shown only on the views they change.
class TestStartPage : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("rankscope-test-start-page"));
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        writeStacksOnlyBundle(m_dir.filePath(QStringLiteral("stacks-only")));
    }

    void startPageListsRecentBundlesAndHidesTheDocks()
    {
        QSettings().setValue(QStringLiteral("recentBundles"),
                             QStringList{m_dir.filePath(QStringLiteral("stacks-only")),
                                         m_dir.filePath(QStringLiteral("gone"))});
        MainWindow window;
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.isShowingStartPage());
        QVERIFY(window.startPage()->isVisible());
        for (const QDockWidget *dock : window.findChildren<QDockWidget *>())
            QVERIFY2(!dock->isVisible(), qPrintable(dock->objectName()));
        QVERIFY(!toolbarShowsStackChoices(window));
        QVERIFY(!window.problemsBadge()->isVisible());

        QListWidget *recent = window.startPage()->recentList();
        QCOMPARE(recent->count(), 2);
        QVERIFY(recent->item(0)->flags() & Qt::ItemIsEnabled);
        QVERIFY(!(recent->item(1)->flags() & Qt::ItemIsEnabled)); // no longer on disk
        QVERIFY(recent->item(1)->text().contains(QLatin1String("not found")));

        // Activating the recent entry opens it: the views and the docks come back.
        QSignalSpy ready(window.session(), &BundleSession::resultsReady);
        recent->setCurrentRow(0);
        emit recent->itemActivated(recent->item(0));
        QVERIFY(!window.isShowingStartPage());
        QVERIFY(ready.wait(60000));
        QVERIFY(window.findChild<QDockWidget *>(QStringLiteral("suspectsDock"))->isVisible());
        QVERIFY(window.problemsBadge()->isVisible());
    }

    void emptyViewsSayWhatTheyNeed()
    {
        MainWindow window;
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy finished(window.session(), &BundleSession::importFinished);
        window.openBundle(m_dir.filePath(QStringLiteral("stacks-only")));
        QVERIFY(finished.wait(60000));

        QVERIFY(!window.emptyState(MainWindow::CentralView::Stacks)->isShowingEmpty());
        EmptyStateStack *heatmap = window.emptyState(MainWindow::CentralView::Heatmap);
        QVERIFY(heatmap->isShowingEmpty());
        QVERIFY(heatmap->emptyTitle().contains(QLatin1String("profiler traces")));
        QVERIFY(buttonTexts(heatmap).contains(QStringLiteral("Show Stacks")));
        QVERIFY(buttonTexts(heatmap).contains(QStringLiteral("How to Capture Traces")));
        QVERIFY(window.emptyState(MainWindow::CentralView::Logs)->isShowingEmpty());
        EmptyStateStack *diff = window.emptyState(MainWindow::CentralView::Diff);
        QVERIFY(diff->isShowingEmpty());
        QCOMPARE(buttonTexts(diff).value(0), QStringLiteral("Compare with Baseline…"));
        QTRY_VERIFY_WITH_TIMEOUT(
            window.emptyState(MainWindow::CentralView::Collectives)->isShowingEmpty(), 30000);

        // The button does what it says.
        window.showCentralView(MainWindow::CentralView::Heatmap);
        QVERIFY(!toolbarShowsStackChoices(window)); // the stack choices do not change a heatmap
        heatmap->emptyButtons()
            .value(buttonTexts(heatmap).indexOf(QStringLiteral("Show Stacks")))
            ->click();
        QCOMPARE(window.currentCentralView(), MainWindow::CentralView::Stacks);
        QVERIFY(toolbarShowsStackChoices(window));
        window.showCentralView(MainWindow::CentralView::Diff);
        QVERIFY(toolbarShowsStackChoices(window)); // the Diff's stack paths follow them
        window.showCentralView(MainWindow::CentralView::Logs);
        QVERIFY(!toolbarShowsStackChoices(window));
    }

    void demoAndDropOpenFromTheStartPage()
    {
        QString error;
        QVERIFY2(!DemoBundle::ensure(QString(), &error).isEmpty(), qPrintable(error));
        {
            MainWindow window;
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(window.isShowingStartPage());
            QSignalSpy ready(window.session(), &BundleSession::resultsReady);
            window.startPage()->demoButton()->click();
            QVERIFY(ready.wait(120000));
            QVERIFY(window.session()->bundlePath().contains(QLatin1String("hang-dataloader")));
            // The demo has its baseline: the Diff is a comparison, not an empty state.
            QTRY_VERIFY_WITH_TIMEOUT(
                !window.emptyState(MainWindow::CentralView::Diff)->isShowingEmpty(), 60000);
        }
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.isShowingStartPage());
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(m_dir.filePath(QStringLiteral("stacks-only")))});
        const QPoint centre = window.startPage()->rect().center();
        QDragEnterEvent enter(centre, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(window.startPage(), &enter);
        QVERIFY(enter.isAccepted());
        QSignalSpy ready(window.session(), &BundleSession::resultsReady);
        QDropEvent drop(centre, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(window.startPage(), &drop);
        QVERIFY(drop.isAccepted());
        QVERIFY(ready.wait(60000));
        QVERIFY(window.session()->bundlePath().endsWith(QLatin1String("stacks-only")));
    }

    void cleanupTestCase() { QSettings().clear(); }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestStartPage)
#include "test_start_page.moc"
