// The changed-paths list and the differential flame graph on a hang seen against its baseline:
// 2 ranks take a new path while many ranks shift a little between two collectives. The new path
// leads the suspicion order and stays visible (at least the marker width) at any size.
#include "core/DatasetBuilder.h"
#include "core/diff/StackChangeSuspicion.h"
#include "views/diff/StackChangeList.h"
#include "views/diff/StackChangeModel.h"
#include "views/diff/StackComparisonView.h"
#include "views/flamegraph/FlameGraphWidget.h"

#include <QComboBox>
#include <QtTest>

using namespace rankscope;

namespace {

const std::string kForward =
    "main@train.py:1;forward@model.py:20;all_reduce@torch/distributed/distributed_c10d.py:2050";
const std::string kBackward =
    "main@train.py:1;backward@model.py:40;all_reduce@torch/distributed/distributed_c10d.py:2050";
const std::string kLoader = "main@train.py:1;__next__@torch/utils/data/dataloader.py:630;"
                            "get@multiprocessing/queues.py:113";

struct Comparison
{
    std::shared_ptr<const StackDataset> baselineData;
    std::shared_ptr<const StackDataset> targetData;
    std::shared_ptr<const StackTree> baselineTree;
    std::shared_ptr<const StackTree> targetTree;
    std::shared_ptr<const StackDiff> diff;
    int newChange = -1;
};

// Baseline: half the ranks in forward's all_reduce, half in backward's. Target: two ranks (7 and
// the one at 5/8 of the job) in the data loader (new), and a fifth of the ranks moved from
// forward to backward.
Comparison makeComparison(int ranks)
{
    DatasetBuilder baseline(ranks), target(ranks);
    const int loaderB = ranks * 5 / 8;
    for (int r = 0; r < ranks; ++r) {
        baseline.rank(r, r < ranks / 2 ? kForward : kBackward);
        target.rank(r, r == 7 || r == loaderB ? kLoader
                       : r < ranks * 3 / 10   ? kForward
                                              : kBackward);
    }
    Comparison c;
    c.baselineData = std::make_shared<StackDataset>(baseline.data());
    c.targetData = std::make_shared<StackDataset>(target.data());
    c.baselineTree = std::make_shared<StackTree>(StackTreeBuilder::build(*c.baselineData, {}));
    c.targetTree = std::make_shared<StackTree>(StackTreeBuilder::build(*c.targetData, {}));
    auto diff = std::make_shared<StackDiff>(diffStackTrees(*c.baselineTree, *c.targetTree, 1e-9));
    scoreStackChangeSuspicion(*diff, *c.baselineTree, c.baselineData.get(), *c.targetTree,
                              c.targetData.get());
    for (std::size_t i = 0; i < diff->changes.size(); ++i) {
        if (diff->changes[i].kind == StackPathChangeKind::New)
            c.newChange = int(i);
    }
    c.diff = std::move(diff);
    return c;
}

} // namespace

class TestStackChangeOrder : public QObject
{
    Q_OBJECT

private slots:
    void newPathOfTwoRanksLeadsAndStaysVisible_data()
    {
        QTest::addColumn<int>("ranks");
        QTest::newRow("64 ranks") << 64;
        QTest::newRow("2048 ranks") << 2048;
    }

    void newPathOfTwoRanksLeadsAndStaysVisible()
    {
        QFETCH(int, ranks);
        const Comparison c = makeComparison(ranks);
        QVERIFY(c.newChange >= 0);
        const StackPathChange &fresh = c.diff->changes[std::size_t(c.newChange)];
        QCOMPARE(fresh.targetRanks.count(), 2);
        // By size the shifts come first: the new path is the smallest change.
        QVERIFY(c.newChange > 0);

        StackComparisonView view;
        view.resize(1200, 800);
        view.setData(c.baselineTree, c.baselineData, c.targetTree, c.targetData, c.diff,
                     QStringLiteral("last-week"), QStringLiteral("tonight"));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));

        // Most suspicious first by default, and the chooser says so.
        StackChangeList *list = view.changeList();
        QCOMPARE(view.changeOrderChooser()->currentIndex(), 0);
        QVERIFY(!view.changeOrderChooser()->toolTip().isEmpty());
        QCOMPARE(list->changeAtRow(0), c.newChange);
        const QString why =
            list->model()->index(0, StackChangeList::SuspicionColumn).data().toString();
        QCOMPARE(why, StackChangeModel::suspicionText(fresh));
        QVERIFY(why.contains(QStringLiteral("dataloader")));
        // By size: the diff's own order again.
        view.changeOrderChooser()->setCurrentIndex(1);
        for (int row = 0; row < list->rowCount(); ++row)
            QCOMPARE(list->changeAtRow(row), row);
        view.changeOrderChooser()->setCurrentIndex(0);
        QCOMPARE(list->changeAtRow(0), c.newChange);

        // The differential graph draws the new branch at least the marker width, at its place,
        // and the pointer finds it there.
        view.setMode(StackComparisonView::Mode::Differential);
        FlameGraphWidget *graph = view.differentialGraph();
        QTRY_VERIFY(graph->viewport()->width() > 0);
        const int node = c.targetTree->findPath(fresh.frames);
        QVERIFY(node > 0);
        FlameGraphScene &scene = graph->scene();
        QVERIFY(scene.isOnlyHere(node));
        for (const double width : {double(graph->viewport()->width()), 240.0}) {
            const FlameGraphGeometry &geometry = scene.geometry(width);
            const FlameExtent extent = scene.layout().extent(node);
            const double framePx = (extent.x1 - extent.x0) * width;
            const int row = c.targetTree->node(node).depth;
            const int marker = geometry.markerOf(row, node);
            double drawn = framePx;
            if (marker >= 0) {
                const FlameBox &box = geometry.markers(row)[std::size_t(marker)];
                drawn = std::max(drawn, double(box.x1 - box.x0));
                // Over the frame's own position.
                QVERIFY(box.x0 <= extent.x1 * width && box.x1 >= extent.x0 * width);
                const double y = scene.rowTop(row, QSize(int(width), 800), 0) + 2;
                QCOMPARE(scene.hitTest(QPointF((box.x0 + box.x1) / 2, y), QSize(int(width), 800), 0)
                             .node,
                         node);
            } else {
                QVERIFY(framePx >= FlameGraphGeometry::kMarkerMinPx);
            }
            QVERIFY2(drawn >= FlameGraphGeometry::kMarkerMinPx,
                     qPrintable(QStringLiteral("%1 px at width %2").arg(drawn).arg(width)));
            // The frames below the new frame are kept visible too.
            const int leaf = c.targetTree->node(node).children.front();
            if ((scene.layout().extent(leaf).x1 - scene.layout().extent(leaf).x0) * width <
                FlameGraphGeometry::kMarkerMinPx)
                QVERIFY(geometry.markerOf(row + 1, leaf) >= 0);
        }
        // At 2,048 ranks two ranks are about a pixel: the marker is what shows them.
        if (ranks == 2048)
            QVERIFY(geometry(scene, graph).markerCount() > 0);

        // Only difference mode keeps them: the side-by-side graphs have no markers.
        QCOMPARE(view.targetGraph()->scene().geometry(240).markerCount(), std::size_t(0));
    }

private:
    static const FlameGraphGeometry &geometry(FlameGraphScene &scene, FlameGraphWidget *graph)
    {
        return scene.geometry(graph->viewport()->width());
    }
};

QTEST_MAIN(TestStackChangeOrder)
#include "test_stack_change_order.moc"
