#include "DatasetBuilder.h"
#include "core/stacks/StackTree.h"

#include <QtTest>

using namespace rankscope;

namespace {
// Prints a tree as indented "label has|missing samples" lines, so tests compare whole trees.
std::string dump(const StackTree &tree, int node = StackTree::kRoot, int indent = 0)
{
    const StackTreeNode &n = tree.node(node);
    std::string text = std::string(static_cast<std::size_t>(indent) * 2, ' ') + n.label + " [" +
                       n.has.toString() + "|" + tree.missing(node).toString() + "] " +
                       std::to_string(n.samples) + "\n";
    for (int child : n.children)
        text += dump(tree, child, indent + 1);
    return text;
}
} // namespace

class TestStackTree : public QObject
{
    Q_OBJECT
private slots:
    void mergesHasMissingAndNoDataApart()
    {
        DatasetBuilder b(6);
        b.rank(0, "main;train;all_reduce")
            .rank(1, "main;train;all_reduce")
            .rank(2, "main;train;all_reduce")
            .rank(3, "main;next;get")
            .rank(4, "main;train;all_reduce");
        // rank 5 sent nothing
        const StackTree tree = StackTreeBuilder::build(b.data(), {});
        QCOMPARE(dump(tree), std::string("all ranks [0-4|] 5\n"
                                         "  main [0-4|] 5\n"
                                         "    train [0-2,4|3] 4\n"
                                         "      all_reduce [0-2,4|3] 4\n"
                                         "    next [3|0-2,4] 1\n"
                                         "      get [3|0-2,4] 1\n"));
        QCOMPARE(tree.noData().toString(), std::string("5"));
        QCOMPARE(tree.ranksWithData().toString(), std::string("0-4"));
        // no-data ranks are never "missing": they are unknown.
        const int get = tree.findPath({"main", "next", "get"});
        QVERIFY(get > 0);
        QVERIFY(!tree.missing(get).contains(5));
        QCOMPARE(tree.pathLabels(get), (std::vector<std::string>{"main", "next", "get"}));
        QCOMPARE(tree.node(get).selfSamples, 1u);
    }

    void frameIdentityModes()
    {
        DatasetBuilder b(2);
        b.rank(0, "main@a.py:1;f@x.py:10").rank(1, "main@a.py:1;f@x.py:20");
        StackTreeOptions options;
        options.identity = FrameIdentityMode::Function;
        QCOMPARE(StackTreeBuilder::build(b.data(), options).size(), 3);
        options.identity = FrameIdentityMode::FunctionFile;
        const StackTree byFile = StackTreeBuilder::build(b.data(), options);
        QCOMPARE(byFile.size(), 3);
        QVERIFY(byFile.findPath({"main (a.py)", "f (x.py)"}) > 0);
        options.identity = FrameIdentityMode::FunctionFileLine;
        const StackTree byLine = StackTreeBuilder::build(b.data(), options);
        QCOMPARE(byLine.size(), 4);
        QVERIFY(byLine.findPath({"main (a.py:1)", "f (x.py:20)"}) > 0);
    }

    void threadSelection()
    {
        DatasetBuilder b(2);
        b.rank(0, "main;work")
            .rank(0, "loop;pin", 0, false, "Thread-2 (_pin_memory_loop)")
            .rank(1, "main;work")
            .rank(1, "loop;pin", 0, false, "Thread-2 (_pin_memory_loop)");
        StackTreeOptions options;
        QCOMPARE(StackTreeBuilder::build(b.data(), options).node(0).children.size(), 1u);
        options.threads = ThreadSelection::fromText("all");
        QCOMPARE(StackTreeBuilder::build(b.data(), options).node(0).children.size(), 2u);
        options.threads = ThreadSelection::fromText("Thread-2 (_pin_memory_loop)");
        const StackTree pin = StackTreeBuilder::build(b.data(), options);
        QCOMPARE(pin.node(0).children.size(), 1u);
        QCOMPARE(pin.node(pin.node(0).children[0]).label, std::string("loop"));
    }

    void comparesWithinRole()
    {
        DatasetBuilder b(4);
        b.rank(0, "trainer_main").rank(1, "trainer_main").rank(2, "trainer_main");
        b.rank(3, "actor_main", 0, true, "MainThread", "actor");
        b.rank(0, "worker_loop", 0, false, "MainThread", "dataloader");
        b.roleOf(0, "trainer").roleOf(1, "trainer").roleOf(2, "trainer").roleOf(3, "actor");
        const StackTree trainers = StackTreeBuilder::build(b.data(), {});
        QCOMPARE(trainers.ranksWithData().toString(), std::string("0-2"));
        QCOMPARE(trainers.expectedRanks().toString(), std::string("0-2")); // rank 3 is an actor
        QVERIFY(trainers.noData().empty());
        StackTreeOptions loaders;
        loaders.role = "dataloader";
        loaders.threads = ThreadSelection::fromText("all");
        const StackTree workers = StackTreeBuilder::build(b.data(), loaders);
        QCOMPARE(workers.ranksWithData().toString(), std::string("0"));
        QCOMPARE(workers.noData().toString(), std::string("1-3"));
    }

    void latestSampleOnlyAndWeights()
    {
        DatasetBuilder b(2);
        b.rank(0, "a;b", 0).rank(0, "a;c", 1).rank(1, "a;c", 0, true, "MainThread", "trainer", 5);
        StackTreeOptions options;
        const StackTree all = StackTreeBuilder::build(b.data(), options);
        QCOMPARE(all.node(all.findPath({"a"})).samples, 7u);
        QCOMPARE(all.node(all.findPath({"a", "b"})).has.toString(), std::string("0"));
        options.samples = SampleChoice::Latest;
        const StackTree latest = StackTreeBuilder::build(b.data(), options);
        QCOMPARE(latest.findPath({"a", "b"}), -1);
        QCOMPARE(latest.node(latest.findPath({"a", "c"})).has.toString(), std::string("0-1"));
    }

    void childrenWidestFirstAndRankPath()
    {
        DatasetBuilder b(5);
        b.rank(0, "r;rare").rank(1, "r;common").rank(2, "r;common").rank(3, "r;common");
        b.rank(4, "r;common");
        const StackTree tree = StackTreeBuilder::build(b.data(), {});
        const StackTreeNode &r = tree.node(tree.findPath({"r"}));
        QCOMPARE(tree.node(r.children[0]).label, std::string("common"));
        const std::vector<int> path = tree.nodesOfRank(0);
        QCOMPARE(path.size(), 3u);
        QCOMPARE(tree.node(path.back()).label, std::string("rare"));
    }

    void cancelStopsEarly()
    {
        DatasetBuilder b(1);
        for (int i = 0; i < 10000; ++i)
            b.rank(0, "x;y", i);
        std::atomic<bool> cancel{true};
        const StackTree tree = StackTreeBuilder::build(b.data(), {}, &cancel);
        QVERIFY(tree.node(0).samples < 10000);
    }
};

QTEST_APPLESS_MAIN(TestStackTree)
#include "test_stacktree.moc"
