// The Collectives tab in the real window, offscreen: a finding's ranks become the selected ranks
// of the flame graph and the heatmap (the shared selection), the tab exports its picture, and
// the loader delivers one result per bundle (a newer request drops the older, cancel drops it).
// The collectives are hand-built (tests/views/CollectiveViewFixtures.h), so the selection and
// export checks do not depend on what the demo bundles hold.
#include "../views/CollectiveViewFixtures.h"
#include "CollectiveResults.h"
#include "DemoBundle.h"
#include "MainWindow.h"
#include "views/collectives/CollectivesView.h"
#include "views/flamegraph/FlameGraphWidget.h"
#include "views/heatmap/HeatmapView.h"
#include "views/heatmap/HeatmapWidget.h"

#include <QImageReader>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace rankscope;
using namespace rankscope_test;

class TestCollectivesWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QCoreApplication::setOrganizationName(QStringLiteral("rankscope-test")); }

    void findingSelectsItsRanksInTheOtherViews()
    {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QCOMPARE(window.viewTabs()->tabText(5), QStringLiteral("Collectives"));
        CollectiveFixtureOptions o;
        o.behind = {13, 14};
        window.collectivesView()->setData(makeCollectiveViewData(o));
        window.showCentralView(MainWindow::CentralView::Collectives);
        QCOMPARE(window.currentCentralView(), MainWindow::CentralView::Collectives);
        window.activateTopCollectiveFinding();
        // Every view holds both ranks of the finding, not only its first.
        const RankSet both = RankSet::fromVector({13, 14});
        QCOMPARE(window.collectivesView()->strip()->selectedRanks(), both);
        QCOMPARE(window.flameGraph()->highlightedRanks(), both);
        QCOMPARE(window.flameGraph()->highlightedRank(), 13);
        QCOMPARE(window.flameGraph()->scene().highlightedRanks(), both);
        QCOMPARE(window.heatmapView()->heatmap()->selectedRanks(), both);
        QCOMPARE(window.heatmapView()->heatmap()->selectedRank(), 13);
        QVERIFY2(window.statusText().contains(QStringLiteral("13-14")),
                 qPrintable(window.statusText()));
        // A rank chosen elsewhere afterwards narrows every view to that rank again.
        window.flameGraph()->highlightRank(14);
        QCOMPARE(window.flameGraph()->highlightedRanks(), RankSet::fromVector({14}));

        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("collectives.png"));
        QString error;
        QVERIFY2(window.exportImage(file, &error), qPrintable(error));
        QImageReader reader(file);
        QVERIFY(reader.text(QStringLiteral("Title")).contains(QStringLiteral("Collectives")));
        QVERIFY(
            reader.text(QStringLiteral("Description")).contains(QStringLiteral("did not join")));
        QVERIFY(reader.text(QStringLiteral("Description")).startsWith(QStringLiteral("Verdict: ")));
    }

    void loaderDropsStaleAndCancelledResults()
    {
        MainWindow window;
        QString error;
        const QString demo = DemoBundle::ensure(QStringLiteral("hang-dataloader"), &error);
        QVERIFY2(!demo.isEmpty(), qPrintable(error));
        QSignalSpy windowReady(window.collectiveLoader(), &CollectiveLoader::ready);
        QSignalSpy windowFailed(window.collectiveLoader(), &CollectiveLoader::failed);
        window.openBundle(demo);
        // The window asks for the collectives after each import, off the UI thread.
        QTRY_VERIFY_WITH_TIMEOUT(windowReady.count() + windowFailed.count() == 1, 120000);
        QCOMPARE(windowFailed.count(), 0);
        const auto cache = window.session()->summary().cacheFile;

        CollectiveLoader loader;
        QSignalSpy ready(&loader, &CollectiveLoader::ready);
        QSignalSpy cancelled(&loader, &CollectiveLoader::cancelled);
        loader.request(cache);
        loader.request(cache); // the first is stale now
        QTRY_VERIFY_WITH_TIMEOUT(!loader.isRunning(), 60000);
        QTest::qWait(50);
        QCOMPARE(ready.count(), 1);
        loader.request(cache);
        loader.cancel();
        QCOMPARE(cancelled.count(), 1);
        QTest::qWait(500);
        QCOMPARE(ready.count(), 1);
        QVERIFY(!loader.isRunning());
    }
};

QTEST_MAIN(TestCollectivesWindow)
#include "test_collectives_window.moc"
