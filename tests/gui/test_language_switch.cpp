// View > Language takes effect at once, in the same process: choosing 简体中文 in the menu replaces
// the window by one built in Chinese on the same bundle, with the same view, selected frame and
// ranks, collective finding and size, and the old window goes; the choice is stored for the next
// start. Back to English the same way, from another view.
#include "AppTranslations.h"
#include "CollectiveResults.h"
#include "DemoBundle.h"
#include "LanguageMenu.h"
#include "MainWindow.h"
#include "views/collectives/CollectiveFindingsPanel.h"
#include "views/collectives/CollectivesView.h"
#include "views/flamegraph/FlameGraphWidget.h"
#include "views/heatmap/HeatmapView.h"
#include "views/heatmap/HeatmapWidget.h"
#include "views/traces/RankDetailView.h"

#include <QDockWidget>
#include <QMenuBar>
#include <QPointer>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QtTest>

using namespace rankscope;

namespace {

bool hasCjk(const QString &text)
{
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if ((u >= 0x4E00 && u <= 0x9FFF) || (u >= 0x3040 && u <= 0x30FF))
            return true;
    }
    return false;
}

QStringList menuTitles(const MainWindow &window)
{
    QStringList titles;
    for (QAction *action : window.menuBar()->actions())
        titles << action->text();
    return titles;
}

QString dockTitle(const MainWindow &window, const char *name)
{
    auto *dock = window.findChild<QDockWidget *>(QString::fromLatin1(name));
    return dock ? dock->windowTitle() : QString();
}

// Chooses `language` in View > Language as a user would; returns the window that replaced this
// one (null when none did).
MainWindow *chooseLanguage(MainWindow &window, const QString &language)
{
    auto *menu = window.findChild<LanguageMenu *>(QStringLiteral("languageMenu"));
    if (!menu || !menu->actionFor(language))
        return nullptr;
    MainWindow *next = nullptr;
    QObject::connect(&window, &MainWindow::replaced, &window,
                     [&next](MainWindow *successor) { next = successor; });
    menu->actionFor(language)->trigger();
    return next;
}

int visibleMainWindows()
{
    int count = 0;
    for (QWidget *widget : QApplication::topLevelWidgets())
        count += qobject_cast<MainWindow *>(widget) && widget->isVisible() ? 1 : 0;
    return count;
}

} // namespace

class TestLanguageSwitch : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("rankscope-test-language"));
        QSettings().clear();
        AppTranslations::install(*QCoreApplication::instance(), QStringLiteral("en"));
        QString error;
        m_demo = DemoBundle::ensure(QStringLiteral("hang-dataloader"), &error);
        QVERIFY2(!m_demo.isEmpty(), qPrintable(error));
    }

    void cleanupTestCase()
    {
        QSettings().clear();
        AppTranslations::install(*QCoreApplication::instance(), QStringLiteral("en"));
    }

    void switchesAtOnceOnTheSameBundleAndView()
    {
        auto *window = new MainWindow;
        window->setAttribute(Qt::WA_DeleteOnClose);
        window->resize(1400, 880);
        window->show();
        QSignalSpy results(window->session(), &BundleSession::resultsReady);
        QSignalSpy collectives(window->collectiveLoader(), &CollectiveLoader::ready);
        window->openBundle(m_demo);
        QTRY_VERIFY_WITH_TIMEOUT(results.count() >= 1 && collectives.count() >= 1, 120000);

        // The user picks the top suspect's frame, then the top collective finding, on the
        // Collectives tab.
        window->activateTopSuspect();
        window->showCentralView(MainWindow::CentralView::Collectives);
        window->activateTopCollectiveFinding();
        const auto tree = window->session()->results().tree;
        const int node = window->flameGraph()->selectedNode();
        QVERIFY(node > 0);
        const std::vector<std::string> framePath = tree->pathLabels(node);
        const RankSet ranks = window->flameGraph()->highlightedRanks();
        QVERIFY(!ranks.empty());
        const QSize size = window->size();
        const QString englishVerdict = window->verdictText();
        QCOMPARE(menuTitles(*window),
                 (QStringList{QStringLiteral("&File"), QStringLiteral("&View"),
                              QStringLiteral("&Notes"), QStringLiteral("&Help")}));
        QCOMPARE(dockTitle(*window, "suspectsDock"), QStringLiteral("Suspects"));

        QPointer<MainWindow> old(window);
        MainWindow *next = chooseLanguage(*window, QStringLiteral("zh_CN"));
        QVERIFY(next);
        QVERIFY(next != window);
        QVERIFY(!old || !old->isVisible());
        QTRY_VERIFY(old.isNull()); // dropped, not hidden
        QCOMPARE(visibleMainWindows(), 1);
        QCOMPARE(AppTranslations::storedLanguage(), QStringLiteral("zh_CN"));
        QCOMPARE(AppTranslations::activeLanguage(), QStringLiteral("zh_CN"));

        // The new window speaks Chinese: menus, dock titles and tabs at once ...
        QCOMPARE(menuTitles(*next),
                 (QStringList{QStringLiteral("文件(&F)"), QStringLiteral("视图(&V)"),
                              QStringLiteral("批注(&N)"), QStringLiteral("帮助(&H)")}));
        QCOMPARE(dockTitle(*next, "suspectsDock"), QStringLiteral("嫌疑对象"));
        QCOMPARE(next->viewTabs()->tabText(5), QStringLiteral("集合通信"));
        // ... on the same bundle and view, ...
        QCOMPARE(next->session()->bundlePath(), m_demo);
        QCOMPARE(next->currentCentralView(), MainWindow::CentralView::Collectives);
        QCOMPARE(next->size(), size);
        // ... and once it is open again, the verdicts in Chinese and the selection as it was.
        QTRY_VERIFY_WITH_TIMEOUT(next->flameGraph()->selectedNode() > 0 &&
                                     next->collectivesView()->activeFinding() == 0,
                                 120000);
        QTRY_VERIFY_WITH_TIMEOUT(hasCjk(next->verdictText()), 10000);
        QVERIFY(next->verdictText() != englishVerdict);
        QVERIFY(hasCjk(next->collectivesView()->findings()->verdictText()));
        QCOMPARE(next->session()->results().tree->pathLabels(next->flameGraph()->selectedNode()),
                 framePath);
        QTRY_COMPARE(next->flameGraph()->highlightedRanks(), ranks);
        QCOMPARE(next->currentCentralView(), MainWindow::CentralView::Collectives);
        auto *menu = next->findChild<LanguageMenu *>(QStringLiteral("languageMenu"));
        QVERIFY(menu && menu->actionFor(QStringLiteral("zh_CN"))->isChecked());

        // Back to English from the Diff tab: the manifest's baseline comes back with the bundle.
        QTRY_VERIFY_WITH_TIMEOUT(next->comparison()->diff() != nullptr, 180000);
        next->showCentralView(MainWindow::CentralView::Diff);
        QPointer<MainWindow> chinese(next);
        MainWindow *english = chooseLanguage(*next, QStringLiteral("en"));
        QVERIFY(english);
        QTRY_VERIFY(chinese.isNull());
        QCOMPARE(menuTitles(*english),
                 (QStringList{QStringLiteral("&File"), QStringLiteral("&View"),
                              QStringLiteral("&Notes"), QStringLiteral("&Help")}));
        QCOMPARE(dockTitle(*english, "suspectsDock"), QStringLiteral("Suspects"));
        QCOMPARE(english->currentCentralView(), MainWindow::CentralView::Diff);
        QTRY_VERIFY_WITH_TIMEOUT(english->comparison()->diff() != nullptr, 180000);
        QVERIFY2(english->viewTabs()->tabText(4).startsWith(QStringLiteral("Diff vs ")),
                 qPrintable(english->viewTabs()->tabText(4)));
        QTRY_COMPARE_WITH_TIMEOUT(english->verdictText(), englishVerdict, 10000);
        QCOMPARE(english->currentCentralView(), MainWindow::CentralView::Diff);
        QCOMPARE(AppTranslations::storedLanguage(), QStringLiteral("en"));
        english->close();
    }

    // The straggler demo on the heatmap with the top straggler's Rank Detail open: after the
    // switch to Japanese the same rank and window are open again, on the same metric.
    void heatmapAndRankDetailComeBack()
    {
        QString error;
        const QString demo = DemoBundle::ensure(QStringLiteral("straggler-gpu"), &error);
        QVERIFY2(!demo.isEmpty(), qPrintable(error));
        auto *window = new MainWindow;
        window->setAttribute(Qt::WA_DeleteOnClose);
        window->resize(1400, 880);
        window->show();
        QSignalSpy heatmap(window->session(), &BundleSession::heatmapReady);
        window->openBundle(demo);
        QTRY_VERIFY_WITH_TIMEOUT(heatmap.count() >= 1, 180000);
        window->showCentralView(MainWindow::CentralView::Heatmap);
        const TraceResults &traces = window->session()->traces();
        QVERIFY(traces.stragglers && !traces.stragglers->suspects.empty());
        const StragglerSuspect &top = traces.stragglers->suspects.front();
        const int rank = top.ranks.front();
        QSignalSpy detail(window->session(), &BundleSession::rankDetailReady);
        window->openRankDetail(rank, top.axis, top.firstWindow);
        QVERIFY(detail.wait(60000));
        const TraceMetric metric = window->heatmapView()->metric();
        const qint64 selectedWindow = window->heatmapView()->heatmap()->selectedWindow();
        QCOMPARE(dockTitle(*window, "rankDetailDock"), QStringLiteral("Rank Detail"));

        QPointer<MainWindow> old(window);
        MainWindow *next = chooseLanguage(*window, QStringLiteral("ja"));
        QVERIFY(next);
        QTRY_VERIFY(old.isNull());
        QCOMPARE(dockTitle(*next, "rankDetailDock"), QStringLiteral("ランク詳細"));
        QCOMPARE(next->currentCentralView(), MainWindow::CentralView::Heatmap);
        QTRY_VERIFY_WITH_TIMEOUT(
            next->rankDetail()->rank() == rank && !next->rankDetail()->isLoading(), 180000);
        QVERIFY2(hasCjk(next->rankDetail()->headerText()),
                 qPrintable(next->rankDetail()->headerText()));
        QCOMPARE(next->heatmapView()->metric(), metric);
        QCOMPARE(next->heatmapView()->heatmap()->selectedRank(), rank);
        QCOMPARE(next->heatmapView()->heatmap()->selectedWindow(), selectedWindow);
        QCOMPARE(next->currentCentralView(), MainWindow::CentralView::Heatmap);
        next->close();
    }

private:
    QString m_demo;
};

QTEST_MAIN(TestLanguageSwitch)
#include "test_language_switch.moc"
