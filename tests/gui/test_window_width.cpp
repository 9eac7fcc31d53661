#include "MainWindow.h"
#include "views/flamegraph/FlameGraphWidget.h"
#include "views/heatmap/HeatmapView.h"
#include "views/heatmap/HeatmapWidget.h"

#include <QDockWidget>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace rankscope;

namespace {

constexpr int kRanks = 2048;

// Scattered, as real minorities are: no run of neighbours, so a rank list prints as
// "3,16,22,29,35,..." and cannot be shortened into a few ranges.
bool takesTheLoaderPath(int rank)
{
    return (rank * 7919) % 13 < 4;
}
bool sentNoDump(int rank)
{
    return (rank * 104729) % 31 == 5;
}

void writeDump(const QString &path, int rank)
{
    std::ofstream out(path.toStdString());
    out << "Process " << 10000 + rank << ": python train.py\n"
        << "Python v3.10.12 (/usr/bin/python3.10)\n\n"
        << "Thread " << 10000 + rank << " (idle): \"MainThread\"\n";
    if (takesTheLoaderPath(rank))
        out << "    read (nfs_reader.py:88)\n    load_batch (data.py:50)\n";
    else
        out << "    wait (torch/distributed/distributed_c10d.py:2050)\n"
               "    all_reduce (torch/distributed/distributed_c10d.py:2001)\n";
    out << "    train_step (train.py:118)\n    main (train.py:200)\n";
}

} // namespace

// Issue 12 point 1: long, scattered rank lists at 2,048 ranks wrap, elide or scroll; selecting
// the frame, the suspect or the ranks never widens the window, and no dock sets its minimum.
class TestWindowWidth : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("rankscope-test"));
        QVERIFY(m_bundle.isValid());
        QVERIFY(QDir().mkpath(m_bundle.filePath(QStringLiteral("stacks"))));
        // 256 nodes of 8 ranks, so that the no-data ranks and node labels are long lists too.
        std::ofstream job(m_bundle.filePath(QStringLiteral("job.json")).toStdString());
        job << "{\"job_id\": \"scattered-2048\", \"world_size\": " << kRanks << ", \"ranks\": [";
        for (int rank = 0; rank < kRanks; ++rank)
            job << (rank ? "," : "") << "{\"rank\": " << rank << ", \"node\": \"node-" << rank / 8
                << "\", \"local_rank\": " << rank % 8 << "}";
        job << "]}\n";
        job.close();
        for (int rank = 0; rank < kRanks; ++rank) {
            if (!sentNoDump(rank))
                writeDump(m_bundle.filePath(QStringLiteral("stacks/rank%1.txt").arg(rank)), rank);
        }
    }

    void scatteredSelectionsKeepTheWidth()
    {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy ready(window.session(), &BundleSession::resultsReady);
        window.openBundle(m_bundle.path());
        QVERIFY(ready.wait(120000));
        const StackResults &results = window.session()->results();
        QVERIFY(results.tree);
        int loader = -1;
        for (int id = 0; id < results.tree->size() && loader < 0; ++id) {
            if (results.tree->node(id).label.find("load_batch") != std::string::npos)
                loader = id;
        }
        QVERIFY2(loader > 0, "the minority's frame is in the merged tree");
        const RankSet &minority = results.tree->node(loader).has;
        QVERIFY(minority.count() > 400);
        QVERIFY(minority.toString().size() > 1500); // the list really is long and scattered
        QVERIFY(results.tree->noData().count() > 50);

        const auto widthHolds = [&window](const char *step) {
            QCoreApplication::processEvents();
            QTest::qWait(50);
            QVERIFY2(
                window.width() == 1400,
                qPrintable(
                    QStringLiteral("%1: width %2").arg(QLatin1String(step)).arg(window.width())));
            QVERIFY2(window.minimumSizeHint().width() <= 1400,
                     qPrintable(QStringLiteral("%1: minimum width %2")
                                    .arg(QLatin1String(step))
                                    .arg(window.minimumSizeHint().width())));
            for (const QDockWidget *dock : window.findChildren<QDockWidget *>()) {
                if (dock->isVisible())
                    QVERIFY2(dock->minimumSizeHint().width() < 700,
                             qPrintable(QStringLiteral("%1: dock %2 wants %3 px")
                                            .arg(QLatin1String(step), dock->objectName())
                                            .arg(dock->minimumSizeHint().width())));
            }
        };
        widthHolds("opened");
        window.flameGraph()->selectNode(loader);
        widthHolds("frame selected");
        const QRect rect = window.flameGraph()->nodeRect(loader);
        QVERIFY(!rect.isEmpty());
        QTest::mouseClick(window.flameGraph()->viewport(), Qt::LeftButton, {}, rect.center());
        widthHolds("frame clicked");
        window.activateTopSuspect();
        widthHolds("suspect activated");
        window.flameGraph()->highlightRanks(minority);
        window.heatmapView()->heatmap()->setSelectedRanks(minority);
        widthHolds("ranks highlighted");
        for (const auto view : {MainWindow::CentralView::Heatmap, MainWindow::CentralView::Logs,
                                MainWindow::CentralView::Diff, MainWindow::CentralView::Collectives,
                                MainWindow::CentralView::Stacks}) {
            window.showCentralView(view);
            widthHolds("view switched");
        }
        if (!qEnvironmentVariableIsEmpty("RANKSCOPE_SCREENSHOT"))
            window.grab().save(qEnvironmentVariable("RANKSCOPE_SCREENSHOT"));
    }

private:
    QTemporaryDir m_bundle;
};

QTEST_MAIN(TestWindowWidth)
#include "test_window_width.moc"
