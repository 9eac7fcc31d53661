// Layout and pixel geometry of the flame graph, without widgets.
#include "StackTreeFixture.h"
#include "views/flamegraph/FlameGraphGeometry.h"
#include "views/flamegraph/FlameGraphLayout.h"

#include <QtTest>

using namespace rankscope;
using namespace rankscope_test;

class FlameGraphLayoutTest : public QObject
{
    Q_OBJECT

private slots:
    void widthsAreProportionalToRanks();
    void samplesModeUsesSampleWeights();
    void childrenSharingRanksAreScaledToFitTheirParent();
    void rowsAreSortedAndSearchable();
    void zoomRootTakesFullWidthWithAncestorsAbove();
    void invalidZoomRootFallsBackToTheRoot();
    void subPixelFramesAreCoalesced();
    void wideFramesStayApartFromCoalescedRuns();
    void mergedBoxStandsForItsMembers();
    void flameAndIcicleRowPositions();
    void emphasisedMinorityGetsTheMinimumWidth();
    void emphasisFloorsPropagateToAncestors();
    void tooManyFloorsShareTheWidth();
    void emphasisOutsideTheZoomIsIgnored();
};

void FlameGraphLayoutTest::widthsAreProportionalToRanks()
{
    std::vector<RankStack> stacks;
    for (int r = 0; r < 64; ++r)
        stacks.push_back({r, r < 48 ? "main;a" : "main;b"});
    const auto tree = makeTree(makeDataset(64, stacks));
    const FlameGraphLayout layout(*tree, StackTree::kRoot, WidthMode::Ranks);

    const FlameExtent main = layout.extent(nodeOf(*tree, "main"));
    const FlameExtent a = layout.extent(nodeOf(*tree, "main;a"));
    const FlameExtent b = layout.extent(nodeOf(*tree, "main;b"));
    QCOMPARE(main.x0, 0.0);
    QCOMPARE(main.x1, 1.0);
    QCOMPARE(a.x0, 0.0);
    QCOMPARE(a.x1, 0.75); // 48 of 64 ranks, widest first
    QCOMPARE(b.x0, 0.75);
    QCOMPARE(b.x1, 1.0);
    QCOMPARE(layout.rowCount(), 3);
    QCOMPARE(layout.frameCount(), 4);
}

void FlameGraphLayoutTest::samplesModeUsesSampleWeights()
{
    // One rank each, but rank 0's stack stands for 30 samples and rank 1's for 10.
    const auto tree = makeTree(makeDataset(2, {{0, "main;a", 30}, {1, "main;b", 10}}));
    const int a = nodeOf(*tree, "main;a");
    const FlameGraphLayout byRanks(*tree, StackTree::kRoot, WidthMode::Ranks);
    const FlameGraphLayout bySamples(*tree, StackTree::kRoot, WidthMode::Samples);
    QCOMPARE(byRanks.extent(a).x1 - byRanks.extent(a).x0, 0.5);
    QCOMPARE(bySamples.extent(a).x1 - bySamples.extent(a).x0, 0.75);
}

void FlameGraphLayoutTest::childrenSharingRanksAreScaledToFitTheirParent()
{
    // Rank 0 was sampled twice on different paths: a has 2 ranks, b has 1, main only 2.
    const auto tree =
        makeTree(makeDataset(2, {{0, "main;a", 1, 0}, {0, "main;b", 1, 1}, {1, "main;a", 1, 0}}));
    const FlameGraphLayout layout(*tree, StackTree::kRoot, WidthMode::Ranks);
    const FlameExtent a = layout.extent(nodeOf(*tree, "main;a"));
    const FlameExtent b = layout.extent(nodeOf(*tree, "main;b"));
    QVERIFY(qAbs((a.x1 - a.x0) - 2.0 / 3.0) < 1e-9);
    QVERIFY(qAbs((b.x1 - b.x0) - 1.0 / 3.0) < 1e-9);
    QVERIFY(b.x1 <= 1.0 + 1e-12);
    QCOMPARE(a.x1, b.x0);
}

void FlameGraphLayoutTest::rowsAreSortedAndSearchable()
{
    std::vector<RankStack> stacks;
    for (int r = 0; r < 30; ++r)
        stacks.push_back({r, "main;f" + std::to_string(r % 5) + ";g" + std::to_string(r % 3)});
    const auto tree = makeTree(makeDataset(30, stacks));
    const FlameGraphLayout layout(*tree, StackTree::kRoot, WidthMode::Ranks);
    for (int row = 0; row < layout.rowCount(); ++row) {
        const auto &frames = layout.row(row);
        for (std::size_t i = 1; i < frames.size(); ++i)
            QVERIFY2(frames[i - 1].x1 <= frames[i].x0 + 1e-12, "row not sorted by x");
        for (const FlameExtent &e : frames) {
            QCOMPARE(layout.nodeAt(row, (e.x0 + e.x1) / 2), e.node);
            QCOMPARE(tree->node(e.node).depth, row);
        }
    }
    // f0 .. f4: each 6 of 30 ranks; the range 0.3..0.5 overlaps f1 (0.2-0.4) and f2 (0.4-0.6).
    const auto [first, last] = layout.rangeIn(2, 0.3, 0.5);
    QCOMPARE(int(last - first), 2);
    QCOMPARE(layout.nodeAt(5, 0.5), -1);
    QCOMPARE(layout.nodeAt(1, 1.5), -1);
}

void FlameGraphLayoutTest::zoomRootTakesFullWidthWithAncestorsAbove()
{
    const auto tree = makeTree(makeDataset(64, hangStacks(64, 37)));
    const int loader = nodeOf(*tree, "main;train;step;next_batch");
    const int queueGet = nodeOf(*tree, "main;train;step;next_batch;DataLoader.__next__;queue.get");
    const int allReduce = nodeOf(*tree, "main;train;step;backward;all_reduce");
    QVERIFY(loader > 0 && queueGet > 0 && allReduce > 0);

    const FlameGraphLayout full(*tree, StackTree::kRoot, WidthMode::Ranks);
    QVERIFY(full.extent(loader).x1 - full.extent(loader).x0 < 0.02); // 1 of 64

    const FlameGraphLayout zoomed(*tree, loader, WidthMode::Ranks);
    QCOMPARE(zoomed.zoomRoot(), loader);
    for (int id : tree->pathTo(loader)) {
        QCOMPARE(zoomed.extent(id).x0, 0.0);
        QCOMPARE(zoomed.extent(id).x1, 1.0);
        QCOMPARE(zoomed.row(tree->node(id).depth).size(), std::size_t(1));
    }
    QCOMPARE(zoomed.extent(queueGet).x1 - zoomed.extent(queueGet).x0, 1.0);
    QVERIFY(!zoomed.contains(allReduce)); // the other branch is out of the zoomed view
    QCOMPARE(zoomed.rowCount(), tree->node(queueGet).depth + 1);
}

void FlameGraphLayoutTest::invalidZoomRootFallsBackToTheRoot()
{
    const auto tree = makeTree(makeDataset(4, hangStacks(4, 1)));
    const FlameGraphLayout layout(*tree, 9999, WidthMode::Ranks);
    QCOMPARE(layout.zoomRoot(), StackTree::kRoot);
    QCOMPARE(layout.frameCount(), tree->size());
}

void FlameGraphLayoutTest::subPixelFramesAreCoalesced()
{
    // 1024 ranks, each with its own leaf: at 512 px every leaf is half a pixel wide.
    std::vector<RankStack> stacks;
    for (int r = 0; r < 1024; ++r)
        stacks.push_back({r, "main;leaf" + std::to_string(r)});
    const auto tree = makeTree(makeDataset(1024, stacks));
    const FlameGraphLayout layout(*tree, StackTree::kRoot, WidthMode::Ranks);
    QCOMPARE(layout.row(2).size(), std::size_t(1024));

    const FlameGraphGeometry narrow(layout, 512);
    QCOMPARE(narrow.row(2).size(), std::size_t(1));
    const FlameBox box = narrow.row(2).front();
    QCOMPARE(box.merged, 1024);
    QVERIFY(box.isMerged());
    QCOMPARE(box.x0, 0.0f);
    QCOMPARE(box.x1, 512.0f);
    QCOMPARE(narrow.boxCount(), std::size_t(3));

    // At 4096 px every leaf is 4 px wide: no merging.
    const FlameGraphGeometry wide(layout, 4096);
    QCOMPARE(wide.row(2).size(), std::size_t(1024));
    for (const FlameBox &b : wide.row(2))
        QCOMPARE(b.merged, 1);
}

void FlameGraphLayoutTest::wideFramesStayApartFromCoalescedRuns()
{
    // Half the ranks share one leaf, the other half have a leaf each.
    std::vector<RankStack> stacks;
    for (int r = 0; r < 1024; ++r)
        stacks.push_back(
            {r, r < 512 ? std::string("main;shared") : "main;leaf" + std::to_string(r)});
    const auto tree = makeTree(makeDataset(1024, stacks));
    const FlameGraphLayout layout(*tree, StackTree::kRoot, WidthMode::Ranks);
    // At 1000 px the shared leaf is 500 px and each single-rank leaf just under a pixel.
    const FlameGraphGeometry geometry(layout, 1000);
    const auto &row = geometry.row(2);
    QCOMPARE(row.size(), std::size_t(2));
    QCOMPARE(row[0].node, nodeOf(*tree, "main;shared"));
    QCOMPARE(row[0].merged, 1);
    QCOMPARE(row[0].x1 - row[0].x0, 500.0f);
    QCOMPARE(row[1].merged, 512);
    QCOMPARE(row[1].x0, 500.0f);
}

void FlameGraphLayoutTest::mergedBoxStandsForItsMembers()
{
    std::vector<RankStack> stacks;
    for (int r = 0; r < 1024; ++r)
        stacks.push_back({r, "main;leaf" + std::to_string(r)});
    const auto tree = makeTree(makeDataset(1024, stacks));
    const FlameGraphLayout layout(*tree, StackTree::kRoot, WidthMode::Ranks);
    const FlameGraphGeometry geometry(layout, 300);
    const int leaf = nodeOf(*tree, "main;leaf700");
    const auto [row, box] = geometry.boxOf(layout, leaf, 2);
    QCOMPARE(row, 2);
    QVERIFY(box >= 0);
    QVERIFY(geometry.row(2)[std::size_t(box)].isMerged());
    QCOMPARE(geometry.boxAt(2, 150.0), box);
    QCOMPARE(geometry.boxAt(2, 301.0), -1);
    QCOMPARE(geometry.boxAt(7, 10.0), -1);
}

void FlameGraphLayoutTest::flameAndIcicleRowPositions()
{
    using L = FlameGraphLayout;
    // Icicle: root on top, deeper rows below.
    QCOMPARE(L::rowTop(0, 5, FlameOrientation::Icicle, 20, 300), 0.0);
    QCOMPARE(L::rowTop(4, 5, FlameOrientation::Icicle, 20, 300), 80.0);
    // Flame: root on the bottom edge of the area, deeper rows above.
    QCOMPARE(L::rowTop(0, 5, FlameOrientation::Flame, 20, 300), 280.0);
    QCOMPARE(L::rowTop(4, 5, FlameOrientation::Flame, 20, 300), 200.0);
    // Taller than the area: the content grows and the root sits at its end.
    QCOMPARE(L::rowTop(0, 20, FlameOrientation::Flame, 20, 100), 380.0);
    QCOMPARE(L::rowTop(19, 20, FlameOrientation::Flame, 20, 100), 0.0);

    for (auto orientation : {FlameOrientation::Icicle, FlameOrientation::Flame}) {
        for (int row = 0; row < 5; ++row) {
            const double top = L::rowTop(row, 5, orientation, 20, 300);
            QCOMPARE(L::rowAtY(top + 10, 5, orientation, 20, 300), row);
        }
    }
    QCOMPARE(L::rowAtY(150, 5, FlameOrientation::Icicle, 20, 300), -1);
    QCOMPARE(L::rowAtY(150, 5, FlameOrientation::Flame, 20, 300), -1);
}

void FlameGraphLayoutTest::emphasisedMinorityGetsTheMinimumWidth()
{
    // 2,045 ranks wait, 3 took another branch: 0.15% of the width unless it is emphasised.
    std::vector<RankStack> stacks;
    for (int r = 0; r < 2048; ++r)
        stacks.push_back({r, (r == 17 || r == 901 || r == 2040) ? "main;load;read" : "main;wait"});
    const auto tree = makeTree(makeDataset(2048, stacks));
    const int load = nodeOf(*tree, "main;load");
    const int read = nodeOf(*tree, "main;load;read");
    const int wait = nodeOf(*tree, "main;wait");
    const FlameGraphLayout plain(*tree, StackTree::kRoot, WidthMode::Ranks);
    QVERIFY(plain.extent(load).x1 - plain.extent(load).x0 < 0.002);

    FlameEmphasis emphasis;
    emphasis.nodes = {read};
    emphasis.minimumFraction = 0.08;
    const FlameGraphLayout layout(*tree, StackTree::kRoot, WidthMode::Ranks, nullptr, emphasis);
    const FlameExtent l = layout.extent(load);
    const FlameExtent r = layout.extent(read);
    const FlameExtent w = layout.extent(wait);
    QVERIFY(l.x1 - l.x0 >= 0.08 - 1e-12);
    QVERIFY(r.x1 - r.x0 >= 0.08 - 1e-12);
    QVERIFY(l.widened);
    QVERIFY(!r.widened); // as wide as its parent: in proportion inside the widened branch
    QVERIFY(!w.widened);
    // The majority gives the room and the row still spans exactly the parent.
    QCOMPARE(w.x1 - w.x0 + (l.x1 - l.x0), 1.0);
    QVERIFY(w.x1 <= l.x0 + 1e-12); // widest first, no overlap
}

void FlameGraphLayoutTest::emphasisFloorsPropagateToAncestors()
{
    // Two emphasised leaves under one small parent: the parent needs room for both.
    std::vector<RankStack> stacks;
    for (int r = 0; r < 1000; ++r) {
        const char *path = r == 3 ? "main;io;a" : r == 5 ? "main;io;b" : "main;wait";
        stacks.push_back({r, path});
    }
    const auto tree = makeTree(makeDataset(1000, stacks));
    FlameEmphasis emphasis;
    emphasis.nodes = {nodeOf(*tree, "main;io;a"), nodeOf(*tree, "main;io;b")};
    emphasis.minimumFraction = 0.1;
    const FlameGraphLayout layout(*tree, StackTree::kRoot, WidthMode::Ranks, nullptr, emphasis);
    const FlameExtent io = layout.extent(nodeOf(*tree, "main;io"));
    const FlameExtent a = layout.extent(nodeOf(*tree, "main;io;a"));
    const FlameExtent b = layout.extent(nodeOf(*tree, "main;io;b"));
    QVERIFY(io.x1 - io.x0 >= 0.2 - 1e-12);
    QVERIFY(a.x1 - a.x0 >= 0.1 - 1e-12);
    QVERIFY(b.x1 - b.x0 >= 0.1 - 1e-12);
    QVERIFY(a.x0 >= io.x0 - 1e-12 && b.x1 <= io.x1 + 1e-12);
    QVERIFY(a.x1 <= b.x0 + 1e-12 || b.x1 <= a.x0 + 1e-12);
}

void FlameGraphLayoutTest::tooManyFloorsShareTheWidth()
{
    // Twenty emphasised one-rank branches at 10% each ask for twice the width: they share it
    // equally and every row still fits inside its parent.
    std::vector<RankStack> stacks;
    FlameEmphasis emphasis;
    for (int r = 0; r < 500; ++r)
        stacks.push_back({r, r < 20 ? "main;f" + std::to_string(r) : std::string("main;wait")});
    const auto tree = makeTree(makeDataset(500, stacks));
    for (int r = 0; r < 20; ++r)
        emphasis.nodes.push_back(nodeOf(*tree, "main;f" + std::to_string(r)));
    emphasis.minimumFraction = 0.1;
    const FlameGraphLayout layout(*tree, StackTree::kRoot, WidthMode::Ranks, nullptr, emphasis);
    double total = 0;
    for (int node : emphasis.nodes) {
        const FlameExtent e = layout.extent(node);
        QVERIFY(qAbs(e.x1 - e.x0 - 0.05) < 1e-9);
        total += e.x1 - e.x0;
    }
    QVERIFY(total <= 1.0 + 1e-9);
    for (int row = 0; row < layout.rowCount(); ++row) {
        for (const FlameExtent &e : layout.row(row)) {
            QVERIFY(e.x0 >= -1e-12);
            QVERIFY(e.x1 <= 1.0 + 1e-12);
        }
    }
}

void FlameGraphLayoutTest::emphasisOutsideTheZoomIsIgnored()
{
    std::vector<RankStack> stacks;
    for (int r = 0; r < 100; ++r)
        stacks.push_back({r, r == 0 ? "main;x;rare" : r < 50 ? "main;x;common" : "main;y;other"});
    const auto tree = makeTree(makeDataset(100, stacks));
    FlameEmphasis emphasis;
    emphasis.nodes = {nodeOf(*tree, "main;x;rare")};
    emphasis.minimumFraction = 0.3;
    const int y = nodeOf(*tree, "main;y");
    const FlameGraphLayout zoomed(*tree, y, WidthMode::Ranks, nullptr, emphasis);
    const FlameExtent other = zoomed.extent(nodeOf(*tree, "main;y;other"));
    QCOMPARE(other.x0, 0.0);
    QCOMPARE(other.x1, 1.0);
    QVERIFY(!other.widened);
}

QTEST_GUILESS_MAIN(FlameGraphLayoutTest)
#include "tst_flamegraphlayout.moc"
