#include "BundleSession.h"
#include "MainWindow.h"
#include "StackResults.h"
#include "views/flamegraph/FlameGraphWidget.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace rankscope;

namespace {

constexpr int kRanks = 2048;

// Three scattered ranks are stuck reading from a network file system; the other 2,045 wait for
// them in all_reduce. In proportion the readers' branch is 0.15% of the width: two pixels.
bool isReader(int rank)
{
    return rank == 137 || rank == 1021 || rank == 1990;
}

void writeDump(const std::string &path, int rank)
{
    std::ofstream out(path);
    out << "Process " << 20000 + rank << ": python train.py\n"
        << "Python v3.10.12 (/usr/bin/python3.10)\n\n"
        << "Thread " << 20000 + rank << " (active): \"MainThread\"\n";
    if (isReader(rank))
        out << "    readinto (nfs_client.py:310)\n    load_shard (dataset.py:77)\n"
               "    __next__ (torch/utils/data/dataloader.py:631)\n";
    else
        out << "    wait (torch/distributed/distributed_c10d.py:2050)\n"
               "    all_reduce (torch/distributed/distributed_c10d.py:2001)\n";
    out << "    train_step (train.py:118)\n    main (train.py:200)\n";
}

} // namespace

// Issue 12 point 3: the culprit is visible without hunting. The suspect's frame, three ranks of
// 2,048, is drawn at least a readable width in the window and in the exported picture, and
// activating the suspect selects it where it can be read.
class TestMinorityWidth : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("rankscope-test"));
        QVERIFY(m_bundle.isValid());
        QVERIFY(QDir().mkpath(m_bundle.filePath(QStringLiteral("stacks"))));
        for (int rank = 0; rank < kRanks; ++rank)
            writeDump(
                m_bundle.filePath(QStringLiteral("stacks/rank%1.txt").arg(rank)).toStdString(),
                rank);
    }

    void suspectFrameHasTheReadableWidth()
    {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy ready(window.session(), &BundleSession::resultsReady);
        window.openBundle(m_bundle.path());
        QVERIFY(ready.wait(120000));
        const StackResults &results = window.session()->results();
        const StackResults::Focus focus = results.topSuspect();
        QVERIFY2(focus.node > 0, "the readers are a suspect");
        QCOMPARE(results.tree->node(focus.node).has.count(), 3);

        FlameGraphWidget *graph = window.flameGraph();
        graph->resetZoom();
        QCoreApplication::processEvents();
        const double readable = graph->scene().minimumReadableWidth();
        const QRect suspect = graph->nodeRect(focus.node);
        QVERIFY2(suspect.width() >= readable - 1,
                 qPrintable(QStringLiteral("suspect frame %1 px, readable %2 px")
                                .arg(suspect.width())
                                .arg(readable)));
        // Its ancestors make room for it, down to the frame where the paths part.
        int parent = results.tree->node(focus.node).parent;
        while (parent > 0) {
            QVERIFY(graph->nodeRect(parent).width() >= suspect.width());
            parent = results.tree->node(parent).parent;
        }
        QVERIFY(graph->scene().layout().extent(focus.node).widened ||
                graph->scene().layout().extent(results.tree->node(focus.node).parent).widened);

        // Activating the suspect from anywhere selects it at a readable width.
        int waiter = -1;
        for (int id = 0; id < results.tree->size() && waiter < 0; ++id) {
            if (results.tree->node(id).label.rfind("wait", 0) == 0)
                waiter = id;
        }
        QVERIFY(waiter > 0);
        graph->zoomTo(waiter);
        window.activateTopSuspect();
        QCoreApplication::processEvents();
        QCOMPARE(graph->selectedNode(), focus.node);
        QVERIFY(graph->nodeRect(focus.node).width() >= readable - 1);

        // The exported picture lays out the same scene at its own width.
        const FlameGraphGeometry &picture = graph->scene().geometry(800);
        const int row = results.tree->node(focus.node).depth;
        const auto box = picture.boxOf(graph->scene().layout(), focus.node, row);
        QVERIFY(box.second >= 0);
        const FlameBox &drawn = picture.row(box.first)[std::size_t(box.second)];
        QVERIFY(!drawn.isMerged());
        QVERIFY(drawn.x1 - drawn.x0 >= readable - 1);
    }

private:
    QTemporaryDir m_bundle;
};

QTEST_MAIN(TestMinorityWidth)
#include "test_minority_width.moc"
