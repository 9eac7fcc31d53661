#include "DatasetBuilder.h"
#include "core/diff/StackDiff.h"

#include <QtTest>

using namespace rankscope;

namespace {

std::string joined(const std::vector<std::string> &frames)
{
    std::string text;
    for (const std::string &frame : frames)
        text += (text.empty() ? "" : ";") + frame;
    return text;
}

StackTree treeOf(DatasetBuilder &builder)
{
    return StackTreeBuilder::build(builder.data(), {});
}

} // namespace

// The stack side of baseline comparison: which paths gained or lost ranks between a healthy run
// and a failed one, normalized by each run's ranks with data.
class TestStackDiff : public QObject
{
    Q_OBJECT
private slots:
    void identicalRunsHaveNoChange()
    {
        DatasetBuilder a(8), b(8);
        for (int r = 0; r < 8; ++r) {
            a.rank(r, "main;train;all_reduce");
            b.rank(r, "main;train;all_reduce");
        }
        QVERIFY(diffStackTrees(treeOf(a), treeOf(b)).changes.empty());
    }

    void newPathLeadsAndIsNamedAtItsFirstFrame()
    {
        // Baseline: everyone in all_reduce. Target (16 ranks): rank 5 stuck in the data loader.
        DatasetBuilder baseline(8), target(16);
        for (int r = 0; r < 8; ++r)
            baseline.rank(r, "main;train;all_reduce");
        for (int r = 0; r < 16; ++r)
            target.rank(r, r == 5 ? "main;next;queue_get;wait" : "main;train;all_reduce");
        const StackDiff diff = diffStackTrees(treeOf(baseline), treeOf(target), 0.05);
        QVERIFY(!diff.changes.empty());
        // Two changes of 1/16 of the ranks: the new branch, named once at its first new frame
        // "next" (not queue_get or wait), and all_reduce, which lost that rank. Equal sizes:
        // the shallower path first.
        QCOMPARE(diff.changes.size(), std::size_t(2));
        QCOMPARE(joined(diff.changes[0].frames), std::string("main;next"));
        QCOMPARE(joined(diff.changes[1].frames), std::string("main;train;all_reduce"));
        QCOMPARE(diff.changes[1].kind, StackPathChangeKind::Changed);
        QVERIFY(std::abs(diff.changes[1].change() + 1.0 / 16) < 1e-9);
        bool newBranch = false;
        for (const StackPathChange &change : diff.changes) {
            QVERIFY(joined(change.frames).find("queue_get") == std::string::npos);
            if (joined(change.frames) == "main;next") {
                newBranch = true;
                QCOMPARE(change.kind, StackPathChangeKind::New);
                QCOMPARE(change.targetRanks.toString(), std::string("5"));
                QVERIFY(change.baselineRanks.empty());
            }
        }
        QVERIFY(newBranch);
    }

    void goneAndMovedPaths()
    {
        // Baseline: half the ranks in checkpoint saving. Target: nobody saves; all wait.
        DatasetBuilder baseline(10), target(10);
        for (int r = 0; r < 10; ++r) {
            baseline.rank(r, r < 5 ? "main;save;write" : "main;train;all_reduce");
            target.rank(r, "main;train;all_reduce");
        }
        const StackDiff diff = diffStackTrees(treeOf(baseline), treeOf(target));
        QCOMPARE(diff.changes.size(), std::size_t(2));
        for (const StackPathChange &change : diff.changes) {
            QVERIFY(std::abs(std::abs(change.change()) - 0.5) < 1e-9);
            if (change.kind == StackPathChangeKind::Gone)
                QCOMPARE(joined(change.frames), std::string("main;save"));
            else
                QCOMPARE(joined(change.frames), std::string("main;train;all_reduce"));
        }
        // Below the threshold nothing is reported.
        QVERIFY(diffStackTrees(treeOf(baseline), treeOf(target), 0.6).changes.empty());
    }

    void nodeChangesColourTheDifferentialGraph()
    {
        // Baseline 4 ranks all in all_reduce; target 8 ranks, 2 of them in the loader.
        DatasetBuilder baseline(4), target(8);
        for (int r = 0; r < 4; ++r)
            baseline.rank(r, "main;train;all_reduce");
        for (int r = 0; r < 8; ++r)
            target.rank(r, r < 2 ? "main;next;queue_get" : "main;train;all_reduce");
        const StackTree base = treeOf(baseline);
        const StackTree tgt = treeOf(target);

        const std::vector<StackNodeChange> forward = stackNodeChanges(tgt, base);
        QCOMPARE(forward.size(), std::size_t(tgt.size()));
        const int queueGet = tgt.findPath({"main", "next", "queue_get"});
        const int allReduce = tgt.findPath({"main", "train", "all_reduce"});
        const int mainFrame = tgt.findPath({"main"});
        QVERIFY(queueGet > 0 && allReduce > 0 && mainFrame > 0);
        QVERIFY(forward[std::size_t(queueGet)].onlyHere);
        QVERIFY(std::abs(forward[std::size_t(queueGet)].change - 0.25f) < 1e-6);
        QVERIFY(!forward[std::size_t(allReduce)].onlyHere);
        QVERIFY(std::abs(forward[std::size_t(allReduce)].change + 0.25f) < 1e-6);
        QCOMPARE(forward[std::size_t(mainFrame)].change, 0.0f);

        // Reversed: the baseline drawn against the target; nothing of it is missing there.
        const std::vector<StackNodeChange> reverse = stackNodeChanges(base, tgt);
        const int baseAllReduce = base.findPath({"main", "train", "all_reduce"});
        QVERIFY(!reverse[std::size_t(baseAllReduce)].onlyHere);
        QVERIFY(std::abs(reverse[std::size_t(baseAllReduce)].change - 0.25f) < 1e-6);
    }
};

QTEST_GUILESS_MAIN(TestStackDiff)
#include "test_stackdiff.moc"
