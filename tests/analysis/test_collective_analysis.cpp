// analyseCollectives() on hand-built datasets: one rule per test (docs/collectives.md).

#include "CollectiveFixture.h"

#include "core/collectives/CollectiveAnalysis.h"
#include "core/collectives/CollectiveCallSites.h"

#include <QElapsedTimer>

#include <QtTest>
#include <ctime>

using namespace rankscope;
using rankscope_test::addDumps;
using rankscope_test::collective;
using rankscope_test::firstOfKind;
using rankscope_test::group;
using rankscope_test::iota;
using rankscope_test::status;
using rankscope_test::waitingIn;

namespace {

constexpr auto Scheduled = CollectiveState::Scheduled;
constexpr auto Started = CollectiveState::Started;
constexpr auto Completed = CollectiveState::Completed;

} // namespace

class TestCollectiveAnalysis : public QObject
{
    Q_OBJECT

private slots:
    void noDataWhenEmpty()
    {
        const CollectiveReport report = analyseCollectives(CollectiveDataset());
        QCOMPARE(report.verdictKind, CollectiveVerdictKind::NoData);
        QVERIFY(report.suspects.empty());
    }

    // The story: two ranks never reached the all_reduce the others wait in.
    void behindRanksNamedWithTheSentence()
    {
        CollectiveDataset data;
        data.worldSize = 8;
        data.groups.push_back(group("3", "DATA_PARALLEL_GROUP", iota(0, 7)));
        waitingIn(data, "3", 0, 5, 20416, 20417, "nccl:all_reduce");
        waitingIn(data, "3", 6, 7, 20416, 20416, "nccl:all_reduce");
        addDumps(data, 0, 7);
        const CollectiveReport report = analyseCollectives(data);
        QCOMPARE(report.verdictKind, CollectiveVerdictKind::Suspects);
        QCOMPARE(report.suspects.size(), std::size_t(1));
        const CollectiveSuspect &s = report.suspects.front();
        QCOMPARE(s.kind, CollectiveSuspectKind::Behind);
        QCOMPARE(s.ranks.toString(), std::string("6-7"));
        QCOMPARE(s.waitingRanks.toString(), std::string("0-5"));
        QCOMPARE(s.seq, std::int64_t(20417));
        QCOMPARE(s.op, std::string("all_reduce"));
        QVERIFY(s.decided);
        QCOMPARE(s.reason,
                 std::string("Ranks 6 and 7 did not join all_reduce #20417 of pg 3 "
                             "(DATA_PARALLEL_GROUP), which the other 6 ranks of that group are "
                             "waiting in; their last completed collective is #20416."));
        QCOMPARE(report.leadGroup, std::string("3"));
        QCOMPARE(report.verdict, s.reason);
    }

    // Desync reports: rank 5 all_gather where the other seven run reduce_scatter; a strict
    // majority decides, both call sites are kept.
    void mismatchDecidedByMajority()
    {
        CollectiveDataset data;
        data.worldSize = 8;
        for (int r = 0; r < 8; ++r) {
            const bool odd = r == 5;
            CollectiveEntry e = collective(r, "", 1203, odd ? "ALLGATHER" : "REDUCE_SCATTER",
                                           CollectiveState::Unknown, odd ? "4096" : "32768",
                                           odd ? "32768" : "4096");
            e.evidence = CollectiveEvidence::DesyncReport;
            e.frames.push_back({odd ? "gather_params" : "reduce_grads", "train.py", odd ? 10 : 20});
            data.entries.push_back(e);
        }
        const CollectiveReport report = analyseCollectives(data);
        QCOMPARE(report.verdictKind, CollectiveVerdictKind::Suspects);
        const CollectiveSuspect *s = firstOfKind(report, CollectiveSuspectKind::Mismatch);
        QVERIFY(s);
        QCOMPARE(s->ranks.toString(), std::string("5"));
        QCOMPARE(s->waitingRanks.toString(), std::string("0-4,6-7"));
        QCOMPARE(s->seq, std::int64_t(1203));
        QCOMPARE(s->op, std::string("all_gather"));
        QCOMPARE(s->othersOp, std::string("reduce_scatter"));
        QVERIFY(s->decided);
        QCOMPARE(s->callSite.front().name, std::string("gather_params"));
        QCOMPARE(s->othersCallSite.front().name, std::string("reduce_grads"));
    }

    // The dumps show rank 5 in broadcast #1203 of pg 0 where the others run all_reduce; the
    // launcher log's DETAIL desync reports say the same without naming a group. One suspect,
    // the desync reports its support, not a second suspect in "an unnamed process group".
    void desyncReportsWithoutAGroupFoldIntoTheDumpsFinding()
    {
        CollectiveDataset data;
        data.worldSize = 8;
        data.groups.push_back(group("0", "default_pg", iota(0, 7)));
        for (int r = 0; r < 8; ++r) {
            const bool odd = r == 5;
            data.entries.push_back(collective(
                r, "0", 1203, odd ? "nccl:broadcast" : "nccl:all_reduce", Started, "1024", "1024"));
            CollectiveEntry e = collective(r, "", 1203, odd ? "BROADCAST" : "ALLREDUCE",
                                           CollectiveState::Unknown, "1024", "1024");
            e.evidence = CollectiveEvidence::DesyncReport;
            e.source = {"logs/launcher.out", 3794, -1};
            data.entries.push_back(e);
        }
        addDumps(data, 0, 7);
        const CollectiveReport report = analyseCollectives(data);
        QCOMPARE(report.verdictKind, CollectiveVerdictKind::Suspects);
        QCOMPARE(report.suspects.size(), std::size_t(1));
        const CollectiveSuspect &s = report.suspects.front();
        QCOMPARE(s.kind, CollectiveSuspectKind::Mismatch);
        QCOMPARE(s.ranks.toString(), std::string("5"));
        QCOMPARE(s.pgName, std::string("0"));
        bool supported = false;
        for (const std::string &claim : s.claims)
            supported = supported || claim.find("logs/launcher.out:3794") != std::string::npos;
        QVERIFY(supported);
    }

    // Logs only: seven watchdog timeouts in all_reduce #20417 (state as the line says: unknown),
    // and rank 7's "[PG 3 Rank 7] last enqueued NCCL work: 20416, last completed NCCL work:
    // 20416". No dumps: a rank with no line is unknown, not no_dump.
    void watchdogLinesAndProgressLines()
    {
        CollectiveDataset data;
        data.groups.push_back(group("3", "DATA_PARALLEL_GROUP", iota(0, 8)));
        for (int r = 0; r < 7; ++r) {
            CollectiveEntry e =
                collective(r, "3", 20417, "ALLREDUCE", CollectiveState::Unknown, "", "");
            e.evidence = CollectiveEvidence::WatchdogTimeout;
            e.inputNumel = e.outputNumel = 1048576;
            e.inputDtypes = e.outputDtypes = "";
            e.source = {"logs/rank" + std::to_string(r) + ".log", 42, -1};
            data.entries.push_back(e);
        }
        CollectiveGroupStatus progress = status(7, "3", 20416, 20416);
        progress.evidence = CollectiveEvidence::ProgressLine;
        data.statuses.push_back(progress);
        const CollectiveReport report = analyseCollectives(data);
        QCOMPARE(report.verdictKind, CollectiveVerdictKind::Suspects);
        QCOMPARE(report.suspects.size(), std::size_t(1));
        const CollectiveSuspect &s = report.suspects.front();
        QCOMPARE(s.kind, CollectiveSuspectKind::Behind);
        QCOMPARE(s.ranks.toString(), std::string("7"));
        QCOMPARE(s.seq, std::int64_t(20417));
        QCOMPARE(s.op, std::string("all_reduce"));
        QCOMPARE(s.waitingRanks.toString(), std::string("0-6"));
        QCOMPARE(s.source.line, std::int64_t(42));
    }

    // One desync line: "Rank 0 is running ... SequenceNumber=9, OpType=BROADCAST, but Rank 1 is
    // running ... OpType=ALLREDUCE": both sides, undecided.
    void singleDesyncLineBothSides()
    {
        CollectiveDataset data;
        for (int r = 0; r < 2; ++r) {
            CollectiveEntry e =
                collective(r, "", 9, r == 0 ? "BROADCAST" : "ALLREDUCE", CollectiveState::Unknown);
            e.evidence = CollectiveEvidence::DesyncReport;
            data.entries.push_back(e);
        }
        const CollectiveReport report = analyseCollectives(data);
        QCOMPARE(report.verdictKind, CollectiveVerdictKind::Suspects);
        const CollectiveSuspect &s = report.suspects.front();
        QCOMPARE(s.kind, CollectiveSuspectKind::Mismatch);
        QVERIFY(!s.decided);
        QCOMPARE((s.ranks | s.waitingRanks).toString(), std::string("0-1"));
        QVERIFY2(s.reason.find("broadcast") != std::string::npos &&
                     s.reason.find("all_reduce") != std::string::npos,
                 s.reason.c_str());
    }

    // Two ranks, different sizes at one seq: a mismatch with both sides, undecided.
    void mismatchOneAgainstOneIsUndecided()
    {
        CollectiveDataset data;
        data.groups.push_back(group("7", "TENSOR_MODEL_PARALLEL_GROUP", {0, 1}));
        data.entries.push_back(collective(0, "7", 41, "nccl:all_reduce", Started, "1024", "1024"));
        data.entries.push_back(collective(1, "7", 41, "nccl:all_reduce", Started, "2048", "2048"));
        addDumps(data, 0, 1);
        const CollectiveReport report = analyseCollectives(data);
        const CollectiveSuspect *s = firstOfKind(report, CollectiveSuspectKind::Mismatch);
        QVERIFY(s);
        QVERIFY(!s->decided);
        QCOMPARE((s->ranks | s->waitingRanks).toString(), std::string("0-1"));
        QCOMPARE(s->ranks.count(), 1);
        QVERIFY2(s->reason.find("cannot tell") != std::string::npos, s->reason.c_str());
        QVERIFY2(s->reason.find("input sizes") != std::string::npos, s->reason.c_str());
    }

    // The reference analyser's own-entry check: an all_gather whose output is not size x input.
    void allGatherSizesMustFitTheGroup()
    {
        CollectiveDataset data;
        data.groups.push_back(group("1", "DP", iota(0, 3)));
        for (int r = 0; r < 4; ++r)
            data.entries.push_back(collective(r, "1", 3, "nccl:_allgather_base", Started,
                                              r == 2 ? "100" : "256", r == 2 ? "400" : "1024"));
        // all_to_all sizes may differ from rank to rank: no mismatch at #4.
        for (int r = 0; r < 4; ++r)
            data.entries.push_back(
                collective(r, "1", 4, "nccl:all_to_all", Scheduled, std::to_string(100 + r), "7"));
        addDumps(data, 0, 3);
        const CollectiveReport report = analyseCollectives(data);
        const CollectiveSuspect *s = firstOfKind(report, CollectiveSuspectKind::Mismatch);
        QVERIFY(s);
        QCOMPARE(s->ranks.toString(), std::string("2"));
        QCOMPARE(s->seq, std::int64_t(3));
    }

    // Started, never completed, while the others completed it and moved on.
    void stuckRankStartedAndNeverCompleted()
    {
        CollectiveDataset data;
        data.groups.push_back(group("5", "EXPERT_MODEL_PARALLEL_GROUP", iota(0, 3)));
        for (int r : {0, 1, 3}) {
            data.entries.push_back(collective(r, "5", 10, "nccl:all_to_all", Completed));
            data.entries.push_back(collective(r, "5", 11, "nccl:all_to_all", Scheduled));
            data.statuses.push_back(status(r, "5", 11, 10));
        }
        CollectiveEntry mine = collective(2, "5", 10, "nccl:all_to_all", Started);
        mine.frames.push_back({"dispatch", "moe.py", 88});
        data.entries.push_back(mine);
        data.entries.push_back(collective(2, "5", 11, "nccl:all_to_all", Scheduled));
        data.statuses.push_back(status(2, "5", 11, 9));
        addDumps(data, 0, 3);
        const CollectiveReport report = analyseCollectives(data);
        QCOMPARE(report.verdictKind, CollectiveVerdictKind::Suspects);
        const CollectiveSuspect &s = report.suspects.front();
        QCOMPARE(s.kind, CollectiveSuspectKind::Stuck);
        QCOMPARE(s.ranks.toString(), std::string("2"));
        QCOMPARE(s.seq, std::int64_t(10));
        QCOMPARE(s.waitingRanks.toString(), std::string("0-1,3"));
        QCOMPARE(s.callSite.front().name, std::string("dispatch"));
        QVERIFY2(s.reason.find("Rank 2 started all_to_all #10") == 0, s.reason.c_str());
        // Rank 2 enqueued #11 like the others: it is not behind.
        QVERIFY(!firstOfKind(report, CollectiveSuspectKind::Behind));
    }

    // A member with no record at all while the others dumped: kept apart as no_dump.
    void memberWithoutDumpIsNoDump()
    {
        CollectiveDataset data;
        data.groups.push_back(group("0", "default_pg", iota(0, 3)));
        waitingIn(data, "0", 0, 2, 4, 5, "nccl:all_reduce");
        addDumps(data, 0, 2);
        const CollectiveReport report = analyseCollectives(data);
        QCOMPARE(report.verdictKind, CollectiveVerdictKind::Suspects);
        const CollectiveSuspect &s = report.suspects.front();
        QCOMPARE(s.kind, CollectiveSuspectKind::NoDump);
        QCOMPARE(s.ranks.toString(), std::string("3"));
        QCOMPARE(s.seq, std::int64_t(5));
        QCOMPARE(s.waitingRanks.toString(), std::string("0-2"));
        QCOMPARE(std::string(collectiveSuspectKindKey(s.kind)), std::string("no_dump"));
    }

    // A rank that dumped but whose dump holds nothing of the group ("only active" dumps):
    // behind, not no_dump.
    void dumpedWithoutEntriesIsBehind()
    {
        CollectiveDataset data;
        data.groups.push_back(group("0", "default_pg", iota(0, 3)));
        waitingIn(data, "0", 0, 2, 4, 5, "nccl:all_reduce");
        addDumps(data, 0, 3);
        const CollectiveReport report = analyseCollectives(data);
        const CollectiveSuspect &s = report.suspects.front();
        QCOMPARE(s.kind, CollectiveSuspectKind::Behind);
        QCOMPARE(s.ranks.toString(), std::string("3"));
        QVERIFY2(s.reason.find("no pending entry") != std::string::npos, s.reason.c_str());
    }

    // Every rank at the same sequence in the same state: the collectives cannot tell.
    void networkHangCannotTell()
    {
        CollectiveDataset data;
        data.groups.push_back(group("0", "default_pg", iota(0, 7)));
        waitingIn(data, "0", 0, 7, 99, 100, "nccl:all_reduce");
        addDumps(data, 0, 7);
        const CollectiveReport report = analyseCollectives(data);
        QCOMPARE(report.verdictKind, CollectiveVerdictKind::CannotTell);
        QVERIFY(report.suspects.empty());
        QVERIFY2(report.verdict.find("cannot tell") != std::string::npos, report.verdict.c_str());
        QVERIFY2(report.verdict.find("logs") != std::string::npos, report.verdict.c_str());
        QVERIFY2(report.verdict.find("all_reduce #100") != std::string::npos,
                 report.verdict.c_str());
        QCOMPARE(report.leadGroup, std::string("0"));
    }

    void healthyJobIsProgressing()
    {
        CollectiveDataset data;
        data.groups.push_back(group("0", "default_pg", iota(0, 3)));
        waitingIn(data, "0", 0, 3, 50, 50, "nccl:all_reduce");
        addDumps(data, 0, 3);
        const CollectiveReport report = analyseCollectives(data);
        QCOMPARE(report.verdictKind, CollectiveVerdictKind::Progressing);
        QVERIFY(report.suspects.empty());
        QCOMPARE(report.groups.size(), std::size_t(1));
        QCOMPARE(report.groups.front().ranks.size(), std::size_t(4));
        QCOMPARE(report.groups.front().ranks.front().lastCompleted, std::int64_t(50));
    }

    // Two of eight ranks dumped: too few to line up.
    void tooFewDumpsInconclusive()
    {
        CollectiveDataset data;
        data.worldSize = 8;
        data.groups.push_back(group("0", "default_pg", iota(0, 7)));
        waitingIn(data, "0", 0, 1, 4, 5, "nccl:all_reduce");
        addDumps(data, 0, 1);
        const CollectiveReport report = analyseCollectives(data);
        QCOMPARE(report.verdictKind, CollectiveVerdictKind::Inconclusive);
        QVERIFY2(report.verdict.find("2 of 8") != std::string::npos, report.verdict.c_str());
        QVERIFY2(report.verdict.find("ranks 2-7") != std::string::npos, report.verdict.c_str());
        for (const CollectiveSuspect &s : report.suspects)
            QVERIFY(!s.decided);
    }
};

QTEST_APPLESS_MAIN(TestCollectiveAnalysis)
#include "test_collective_analysis.moc"
