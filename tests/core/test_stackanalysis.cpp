#include "DatasetBuilder.h"
#include "core/stacks/StackAnalysis.h"

#include <QtTest>

using namespace rankscope;

namespace {
const std::string kWait = "main@train.py:1;step@train.py:20;all_reduce@torch/distributed/"
                          "distributed_c10d.py:2050;wait@libc.so.6";
const std::string kLoader = "main@train.py:1;step@train.py:12;__next__@torch/utils/data/"
                            "dataloader.py:630;_next_data@torch/utils/data/dataloader.py:1328;"
                            "get@multiprocessing/queues.py:113;wait@threading.py:324";

StackAnalysis analyze(const DatasetBuilder &b, StackTreeOptions options = {})
{
    const StackTree tree = StackTreeBuilder::build(b.data(), options);
    return analyzeStacks(b.data(), tree);
}
} // namespace

class TestStackAnalysis : public QObject
{
    Q_OBJECT
private slots:
    void classifiesInnermostMeaningfulFrame()
    {
        Frame main{"main", "train.py", 1};
        Frame next{"__next__", "torch/utils/data/dataloader.py", 630};
        Frame get{"get", "multiprocessing/queues.py", 113};
        Frame wait{"wait", "threading.py", 324};
        Frame allReduce{"all_reduce", "torch/distributed/distributed_c10d.py", 2050};
        Frame condWait{"pthread_cond_wait", "", 0, "libc.so.6", FrameKind::Native};
        // The DataLoader wait ends in threading.wait: the strong rule must still win.
        StackClassification c = classifyStack({&main, &next, &get, &wait});
        QCOMPARE(c.cls, StackClass::DataLoader);
        QCOMPARE(c.operation, std::string("queue.get"));
        QCOMPARE(c.decidingFrame, 2);
        QCOMPARE(c.entryFrame, 1); // __next__ (dataloader.py) is where the data-loader run begins
        c = classifyStack({&main, &allReduce, &condWait});
        QCOMPARE(c.cls, StackClass::CollectiveWait);
        QCOMPARE(c.operation, std::string("all_reduce"));
        c = classifyStack({&main, &wait});
        QCOMPARE(c.cls, StackClass::IdleOther);
        c = classifyStack({&main});
        QCOMPARE(c.cls, StackClass::PythonOther);
        QCOMPARE(classifyStack({}).cls, StackClass::Empty);
    }

    void strictMajorityWaitingNamesTheBlocker()
    {
        DatasetBuilder b(64);
        for (int r = 0; r < 64; ++r)
            b.stuck(r, r == 37 ? kLoader : kWait);
        const StackAnalysis a = analyze(b);
        QCOMPARE(a.verdict.kind, StackVerdictKind::BlockersFound);
        QCOMPARE(a.verdict.waiters.toString(), std::string("0-36,38-63"));
        QCOMPARE(a.verdict.waitOperation, std::string("all_reduce"));
        QVERIFY(!a.suspects.empty());
        const Suspect &top = a.suspects.front();
        QCOMPARE(top.kind, SuspectKind::Blocker);
        QCOMPARE(top.ranks.toString(), std::string("37"));
        // Where rank 37 enters what it does (the data loader), on the part no waiter shares.
        QCOMPARE(top.frame, std::string("__next__"));
        QCOMPARE(a.ranks[37].latest.operation, std::string("queue.get"));
        QVERIFY2(top.reason.rfind("rank 37: not in a collective while 63 ranks wait in all_reduce; "
                                  "stack unchanged across 3 samples",
                                  0) == 0,
                 top.reason.c_str());
        // No other suspect repeats rank 37 alone.
        for (std::size_t i = 1; i < a.suspects.size(); ++i)
            QVERIFY(!(a.suspects[i].ranks == top.ranks));
        // Equivalence classes: 63 alike, 1 apart.
        QCOMPARE(a.classes.size(), 2u);
        QCOMPARE(a.classes[0].ranks.count(), 63);
        QCOMPARE(a.ranks[37].progress, RankProgress::Stuck);
    }

    void everyoneInTheSameWaitCannotTell()
    {
        DatasetBuilder b(8);
        for (int r = 0; r < 8; ++r)
            b.stuck(r, kWait);
        const StackAnalysis a = analyze(b);
        QCOMPARE(a.verdict.kind, StackVerdictKind::AllInSameWait);
        QVERIFY(a.verdict.summary.find("cannot tell") != std::string::npos);
        for (const Suspect &s : a.suspects)
            QVERIFY(s.kind != SuspectKind::Blocker);
    }

    void noStrictMajorityIsInconclusive()
    {
        // 4 of 8 waiting is half, not a strict majority.
        DatasetBuilder b(8);
        for (int r = 0; r < 8; ++r)
            b.stuck(r, r < 4 ? kWait : "main@train.py:1;compute_" + std::to_string(r) + "@m.py:1");
        const StackAnalysis a = analyze(b);
        QVERIFY(a.verdict.kind == StackVerdictKind::NoMajority);
        for (const Suspect &s : a.suspects)
            QVERIFY(s.kind != SuspectKind::Blocker);
    }

    void deadRanksAreNoDataNotMissing()
    {
        DatasetBuilder b(16);
        for (int r = 0; r < 16; ++r) {
            if (r != 5)
                b.stuck(r, kWait);
        }
        const StackAnalysis a = analyze(b);
        QCOMPARE(a.verdict.kind, StackVerdictKind::BlockersFound);
        QCOMPARE(a.suspects.front().kind, SuspectKind::NoData);
        QCOMPARE(a.suspects.front().ranks.toString(), std::string("5"));
    }

    void bundleWithoutStackDumpsNamesNoRank()
    {
        // A job whose bundle holds only profiler traces: every rank is known, none has stacks.
        DatasetBuilder b(8);
        const StackAnalysis a = analyze(b);
        QCOMPARE(a.verdict.kind, StackVerdictKind::NoData);
        QVERIFY(a.suspects.empty());
        QVERIFY(
            QString::fromStdString(a.verdict.summary).contains(QStringLiteral("no stack dumps")));
    }

    void otherCollectiveIsADesync()
    {
        DatasetBuilder b(10);
        for (int r = 0; r < 10; ++r)
            b.stuck(r, r == 2 ? "main@train.py:1;barrier@torch/distributed/distributed_c10d.py:4100"
                              : kWait);
        const StackAnalysis a = analyze(b);
        QCOMPARE(a.verdict.kind, StackVerdictKind::BlockersFound);
        QCOMPARE(a.suspects.front().kind, SuspectKind::Desync);
        QCOMPARE(a.suspects.front().ranks.toString(), std::string("2"));
        QVERIFY(a.suspects.front().reason.find("barrier") != std::string::npos);
    }

    void progressOverSamples()
    {
        DatasetBuilder b(3);
        b.rank(0, "a@x.py:1", 0).rank(0, "a@x.py:2", 1).rank(0, "a@x.py:3", 2); // progressing
        b.rank(1, "a@x.py:1", 0).rank(1, "a@x.py:1", 1).rank(1, "a@x.py:1", 2); // stuck
        b.rank(2, "a@x.py:1", 0).rank(2, "a@x.py:2", 1).rank(2, "a@x.py:1", 2); // oscillating
        const StackAnalysis a = analyze(b);
        QCOMPARE(a.ranks.size(), 3u);
        QCOMPARE(a.ranks[0].progress, RankProgress::Progressing);
        QCOMPARE(a.ranks[1].progress, RankProgress::Stuck);
        QCOMPARE(a.ranks[2].progress, RankProgress::Oscillating);
        QCOMPARE(a.ranks[1].spanNs, 6'000'000'000LL);
    }

    void twoRanksOfEightCannotTell()
    {
        // Only ranks 0 and 1 sent dumps: a verdict, not a guess about the six others.
        DatasetBuilder b(8);
        b.stuck(0, kWait).stuck(1, kLoader);
        const StackAnalysis a = analyze(b);
        QCOMPARE(a.verdict.kind, StackVerdictKind::MostRanksMissing);
        QCOMPARE(std::string(stackVerdictName(a.verdict.kind)), std::string("most-ranks-missing"));
        QVERIFY2(
            a.verdict.summary.rfind("Cannot tell: 6 of 8 ranks sent no stacks (ranks 2-7)", 0) == 0,
            a.verdict.summary.c_str());
        for (const Suspect &s : a.suspects)
            QVERIFY(s.kind != SuspectKind::Blocker && s.kind != SuspectKind::Desync);
    }

    void healthyJobSaysNoHang()
    {
        // Every rank is somewhere else in each of its three samples.
        DatasetBuilder b(8);
        const std::string phases[] = {"main@t.py:1;forward@m.py:10", "main@t.py:1;backward@m.py:20",
                                      kWait, "main@t.py:1;step@o.py:30"};
        for (int r = 0; r < 8; ++r)
            for (int i = 0; i < 3; ++i)
                b.rank(r, phases[(r + i) % 4], i);
        const StackAnalysis a = analyze(b);
        QCOMPARE(a.verdict.kind, StackVerdictKind::Progressing);
        QCOMPARE(a.verdict.summary, std::string("No hang: every rank is progressing (each rank's "
                                                "stack changed between its samples)."));
        QVERIFY2(a.suspects.empty(), a.suspects.empty() ? "" : a.suspects.front().reason.c_str());
    }

    void waitersThatChangeAreNoHang()
    {
        // A communication-bound job: in every sample most ranks sit in an all_reduce, but not
        // the same one (tensor-parallel in the forward, then the gradient bucket); rank 7 writes
        // a checkpoint the whole time.
        const std::string tpWait = "main@t.py:1;forward@m.py:10;all_reduce@torch/distributed/"
                                   "distributed_c10d.py:2050";
        const std::string gradWait = "main@t.py:1;finish_grad_sync@megatron/core/distributed/"
                                     "param_and_grad_buffer.py:513;all_reduce@torch/distributed/"
                                     "distributed_c10d.py:2050";
        DatasetBuilder b(8);
        for (int r = 0; r < 7; ++r) {
            b.rank(r, r % 2 ? tpWait : gradWait, 0);
            b.rank(r, r == 3 ? "main@t.py:1;forward@m.py:12" : (r % 2 ? gradWait : tpWait), 1);
            b.rank(r, r == 5 ? "main@t.py:1;backward@m.py:20" : (r % 2 ? tpWait : gradWait), 2);
        }
        b.stuck(7, "main@t.py:1;save_checkpoint@ckpt.py:5;write@libc.so.6");
        const StackAnalysis a = analyze(b);
        QCOMPARE(a.verdict.kind, StackVerdictKind::Progressing);
        QVERIFY2(a.verdict.summary.rfind("Progressing, no hang: 6 of 8 ranks wait in all_reduce in "
                                         "the latest sample, but the waiters change from sample "
                                         "to sample",
                                         0) == 0,
                 a.verdict.summary.c_str());
        for (const Suspect &s : a.suspects)
            QVERIFY2(s.kind != SuspectKind::Blocker, s.reason.c_str());
    }

    void stuckWaitersStillFindTheBlocker()
    {
        // The same job hung: the waiters stay in the gradient all_reduce in every sample.
        const std::string gradWait = "main@t.py:1;finish_grad_sync@megatron/core/distributed/"
                                     "param_and_grad_buffer.py:513;all_reduce@torch/distributed/"
                                     "distributed_c10d.py:2050";
        DatasetBuilder b(8);
        for (int r = 0; r < 7; ++r)
            b.stuck(r, gradWait);
        b.stuck(7, "main@t.py:1;save_checkpoint@ckpt.py:5;write@libc.so.6");
        const StackAnalysis a = analyze(b);
        QCOMPARE(a.verdict.kind, StackVerdictKind::BlockersFound);
        QVERIFY(a.ranks[0].sameWaitEverySample);
        QCOMPARE(a.suspects.front().kind, SuspectKind::Blocker);
        QCOMPARE(a.suspects.front().ranks.toString(), std::string("7"));
    }

    void wholeNodeIsNamed()
    {
        // Three nodes of four ranks; node-2 (ranks 8-11) sits in the data loader.
        DatasetBuilder b(12);
        for (int r = 0; r < 12; ++r) {
            b.nodeOf(r, "node-" + std::to_string(r / 4));
            b.stuck(r, r >= 8 ? kLoader : kWait);
        }
        StackAnalysis a = analyze(b);
        QCOMPARE(a.verdict.kind, StackVerdictKind::BlockersFound);
        QVERIFY2(a.verdict.summary.find("node-2 (ranks 8-11) is elsewhere") != std::string::npos,
                 a.verdict.summary.c_str());
        QCOMPARE(a.suspects.front().host, std::string("node-2"));
        QVERIFY2(a.suspects.front().reason.rfind("node-2 (ranks 8-11): not in a collective", 0) ==
                     0,
                 a.suspects.front().reason.c_str());

        // The same node sending nothing at all.
        DatasetBuilder dead(12);
        for (int r = 0; r < 12; ++r) {
            dead.nodeOf(r, "node-" + std::to_string(r / 4));
            if (r < 8)
                dead.stuck(r, kWait);
        }
        a = analyze(dead);
        QCOMPARE(a.verdict.kind, StackVerdictKind::BlockersFound);
        QCOMPARE(a.suspects.front().kind, SuspectKind::NoData);
        QVERIFY2(a.suspects.front().reason.rfind("node-2 (ranks 8-11): no stack samples", 0) == 0,
                 a.suspects.front().reason.c_str());
        // Part of a node is not the node.
        DatasetBuilder part(12);
        for (int r = 0; r < 12; ++r) {
            part.nodeOf(r, "node-" + std::to_string(r / 4));
            part.stuck(r, r == 9 ? kLoader : kWait);
        }
        a = analyze(part);
        QVERIFY(a.suspects.front().host.empty());
        QVERIFY(a.suspects.front().reason.rfind("rank 9:", 0) == 0);
    }

    void cudaSyncRanksWaitWithTheCollective()
    {
        // Five ranks in all_reduce, two synchronizing their GPU after launching it (the NCCL
        // kernel cannot finish), rank 7 in the data loader: rank 7 is what they all wait for.
        const std::string sync = "main@t.py:1;log_loss@t.py:102;cudaStreamSynchronize@"
                                 "libcudart.so.12";
        DatasetBuilder b(8);
        for (int r = 0; r < 8; ++r)
            b.stuck(r, r == 7 ? kLoader : (r == 5 || r == 6) ? sync : kWait);
        const StackAnalysis a = analyze(b);
        QCOMPARE(a.verdict.kind, StackVerdictKind::BlockersFound);
        QCOMPARE(a.verdict.waiters.toString(), std::string("0-6"));
        QVERIFY2(a.verdict.summary.find("7 of 8 ranks wait in all_reduce (2 of them in a CUDA "
                                        "synchronize)") != std::string::npos,
                 a.verdict.summary.c_str());
        QCOMPARE(a.suspects.front().ranks.toString(), std::string("7"));
        for (const Suspect &s : a.suspects)
            QVERIFY2(!(s.kind == SuspectKind::Blocker && s.ranks.contains(5)), s.reason.c_str());
    }

    void minorityPathWithoutWaits()
    {
        DatasetBuilder b(16);
        for (int r = 0; r < 16; ++r)
            b.rank(r, r == 9 ? "main;save_checkpoint;write" : "main;forward;matmul");
        const StackAnalysis a = analyze(b);
        QCOMPARE(a.verdict.kind, StackVerdictKind::NoWaitMajority);
        QVERIFY(!a.suspects.empty());
        QCOMPARE(a.suspects.front().ranks.toString(), std::string("9"));
        QVERIFY(a.suspects.front().kind == SuspectKind::MissedByFew ||
                a.suspects.front().kind == SuspectKind::MinorityPath);
    }
};

QTEST_APPLESS_MAIN(TestStackAnalysis)
#include "test_stackanalysis.moc"
