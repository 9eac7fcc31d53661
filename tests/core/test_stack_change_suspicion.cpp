#include "DatasetBuilder.h"
#include "core/diff/StackChangeSuspicion.h"

#include <QtTest>

using namespace rankscope;

namespace {

const std::string kForward =
    "main@train.py:1;forward@model.py:20;all_reduce@torch/distributed/distributed_c10d.py:2050";
const std::string kBackward =
    "main@train.py:1;backward@model.py:40;all_reduce@torch/distributed/distributed_c10d.py:2050";
const std::string kLoader = "main@train.py:1;__next__@torch/utils/data/dataloader.py:630;"
                            "_next_data@torch/utils/data/dataloader.py:1300;"
                            "get@multiprocessing/queues.py:113";

std::string joined(const std::vector<std::string> &frames)
{
    std::string text;
    for (const std::string &frame : frames)
        text += (text.empty() ? "" : ";") + frame;
    return text;
}

} // namespace

// The "by suspicion" order of the changed paths: the culprit's new path on a few ranks before
// the large shifts of the ranks that only wait for it.
class TestStackChangeSuspicion : public QObject
{
    Q_OBJECT
private slots:
    void newMinorityPathOutranksLargerShifts()
    {
        // Baseline: half the ranks in forward's all_reduce, half in backward's. Target: ranks 7
        // and 40 in the data loader, and many ranks moved from forward to backward.
        DatasetBuilder baseline(64), target(64);
        for (int r = 0; r < 64; ++r)
            baseline.rank(r, r < 32 ? kForward : kBackward);
        for (int r = 0; r < 64; ++r)
            target.rank(r, r == 7 || r == 40 ? kLoader : r < 24 ? kForward : kBackward);
        const StackTree baselineTree = StackTreeBuilder::build(baseline.data(), {});
        const StackTree targetTree = StackTreeBuilder::build(target.data(), {});
        StackDiff diff = diffStackTrees(baselineTree, targetTree, 1e-9);
        QCOMPARE(diff.changes.size(), std::size_t(3));
        // By size, the shift of forward (-0.125 + the loader rank) leads and the new path is last.
        QCOMPARE(joined(diff.changes.back().frames), std::string("main;__next__"));

        scoreStackChangeSuspicion(diff, baselineTree, &baseline.data(), targetTree, &target.data());
        const std::vector<int> order = stackChangesBySuspicion(diff);
        const StackPathChange &first = diff.changes[std::size_t(order[0])];
        QCOMPARE(first.kind, StackPathChangeKind::New);
        QCOMPARE(joined(first.frames), std::string("main;__next__"));
        QCOMPARE(first.leafClass, StackClass::DataLoader);
        const StackChangeSuspicionParts parts = stackChangeSuspicionParts(first);
        QVERIFY(parts.newOnMinority);
        QVERIFY(parts.working);
        // Then backward, which gained ranks but waits; forward, which lost ranks, last.
        const StackPathChange &second = diff.changes[std::size_t(order[1])];
        QCOMPARE(joined(second.frames), std::string("main;backward;all_reduce"));
        QCOMPARE(second.leafClass, StackClass::CollectiveWait);
        QVERIFY(stackChangeSuspicionParts(second).waiting);
        QVERIFY(stackChangeSuspicionParts(diff.changes[std::size_t(order[2])]).lost);
        QVERIFY(first.suspicion > second.suspicion);
    }

    void newMajorityWaitRanksBelowNewMinorityWork()
    {
        // A hang seen from the stacks: 62 ranks now in a barrier no baseline rank reached, 2 in
        // their own compute. Both paths are new; the two working ranks lead.
        const std::string barrier =
            "main@train.py:1;barrier@torch/distributed/distributed_c10d.py:4100";
        const std::string compute = "main@train.py:1;optimizer_step@optim.py:90";
        DatasetBuilder baseline(64), target(64);
        for (int r = 0; r < 64; ++r) {
            baseline.rank(r, kForward);
            target.rank(r, r >= 62 ? compute : barrier);
        }
        const StackTree baselineTree = StackTreeBuilder::build(baseline.data(), {});
        const StackTree targetTree = StackTreeBuilder::build(target.data(), {});
        StackDiff diff = diffStackTrees(baselineTree, targetTree, 1e-9);
        scoreStackChangeSuspicion(diff, baselineTree, &baseline.data(), targetTree, &target.data());
        const std::vector<int> order = stackChangesBySuspicion(diff);
        QCOMPARE(joined(diff.changes[std::size_t(order[0])].frames),
                 std::string("main;optimizer_step"));
        QCOMPARE(diff.changes[std::size_t(order[0])].targetRanks.toString(), std::string("62-63"));
        QCOMPARE(joined(diff.changes[std::size_t(order[1])].frames), std::string("main;barrier"));
        // The gone path comes last.
        QCOMPARE(diff.changes[std::size_t(order.back())].kind, StackPathChangeKind::Gone);
    }

    void withoutFramesTheClassIsUnknown()
    {
        DatasetBuilder baseline(4), target(4);
        for (int r = 0; r < 4; ++r) {
            baseline.rank(r, kForward);
            target.rank(r, r == 0 ? kLoader : kForward);
        }
        const StackTree baselineTree = StackTreeBuilder::build(baseline.data(), {});
        const StackTree targetTree = StackTreeBuilder::build(target.data(), {});
        StackDiff diff = diffStackTrees(baselineTree, targetTree, 1e-9);
        scoreStackChangeSuspicion(diff, baselineTree, nullptr, targetTree, nullptr);
        for (const StackPathChange &change : diff.changes) {
            QCOMPARE(change.leafClass, StackClass::Empty);
            QVERIFY(!stackChangeSuspicionParts(change).working);
        }
    }
};

QTEST_APPLESS_MAIN(TestStackChangeSuspicion)
#include "test_stack_change_suspicion.moc"
