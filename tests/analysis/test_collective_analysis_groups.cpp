// analyseCollectives() on hand-built datasets: groups, p2p, consequences, claims, nodes and
// scale (docs/collectives.md).

#include "CollectiveFixture.h"

#include "core/collectives/CollectiveAnalysis.h"
#include "core/collectives/CollectiveCallSites.h"

#include <QElapsedTimer>

#include <limits>

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

class TestCollectiveAnalysisGroups : public QObject
{
    Q_OBJECT

private slots:
    // p2p ops carry the group's collective counter as collective_seq_id and their own p2p_seq_id;
    // neither may be compared with the collectives, nor p2p sequences across ranks.
    void p2pSequencesKeptApart()
    {
        CollectiveDataset data;
        data.groups.push_back(group("43", "PIPELINE_MODEL_PARALLEL_GROUP", {0, 4}));
        auto p2p = [](int rank, std::int64_t p2pSeq, const char *name, int peer) {
            CollectiveEntry e = collective(rank, "43", 26, name, Scheduled);
            e.isP2p = true;
            e.p2pSeq = p2pSeq;
            e.peerGroupRank = peer;
            return e;
        };
        data.entries.push_back(p2p(0, 11981, "nccl:send 0->1", 1));
        data.entries.push_back(p2p(4, 13696, "nccl:recv 1<-0", 0));
        // pg_status counts the p2p sequence when the newest op is p2p.
        data.statuses.push_back(status(0, "43", 11981, 11980));
        data.statuses.push_back(status(4, "43", 13696, 13695));
        addDumps(data, 0, 1);
        data.dumps[1].rank = 4;
        {
            const CollectiveReport report = analyseCollectives(data);
            QVERIFY2(report.suspects.empty(),
                     report.suspects.empty() ? "" : report.suspects.front().reason.c_str());
            QCOMPARE(report.verdictKind, CollectiveVerdictKind::CannotTell);
        }
        // Rank 4 never posts the recv rank 0's send waits for: rank 4 is behind on the p2p axis.
        data.entries.pop_back();
        data.entries.push_back(p2p(4, 13696, "nccl:send 1->0", 0));
        data.entries.back().state = Completed;
        const CollectiveReport report = analyseCollectives(data);
        const CollectiveSuspect *s = firstOfKind(report, CollectiveSuspectKind::Behind);
        QVERIFY(s);
        QVERIFY(s->p2p);
        QCOMPARE(s->ranks.toString(), std::string("4"));
        QCOMPARE(s->waitingRanks.toString(), std::string("0"));
        QCOMPARE(s->op, std::string("send"));
        QCOMPARE(s->seq, std::int64_t(11981));
    }

    // "[PG 3 Rank 2]" progress lines: group ranks, mapped through the group's member list.
    void groupRanksMappedThroughMembers()
    {
        CollectiveDataset data;
        data.groups.push_back(group("3", "DATA_PARALLEL_GROUP", {4, 5, 6, 7}));
        for (int groupRank = 0; groupRank < 4; ++groupRank) {
            CollectiveGroupStatus s = status(-1, "3", groupRank == 2 ? 9 : 10, 9);
            s.groupRank = groupRank;
            s.evidence = CollectiveEvidence::ProgressLine;
            data.statuses.push_back(s);
        }
        const CollectiveReport report = analyseCollectives(data);
        QCOMPARE(report.verdictKind, CollectiveVerdictKind::Suspects);
        QCOMPARE(report.suspects.front().ranks.toString(), std::string("6"));
        QCOMPARE(report.suspects.front().waitingRanks.toString(), std::string("4-5,7"));

        // Without a member list they cannot be placed, and the report says so.
        data.groups.clear();
        const CollectiveReport unmapped = analyseCollectives(data);
        QVERIFY(unmapped.suspects.empty());
        QVERIFY(!unmapped.notes.empty());
        QVERIFY(unmapped.notes.front().find("member list") != std::string::npos);

        // A member list with a slot no file stated (rank 5's log is missing): the group ranks
        // after it keep their place, the unknown one is not guessed.
        data.groups.push_back(group("3", "DATA_PARALLEL_GROUP", {4, -1, 6, 7}));
        const CollectiveReport partial = analyseCollectives(data);
        QCOMPARE(partial.suspects.front().ranks.toString(), std::string("6"));
        QCOMPARE(partial.suspects.front().waitingRanks.toString(), std::string("4,7"));
    }

    // split_group reuses names: two groups "5" with different members are two sequences.
    void groupsKeyedByNameAndMembers()
    {
        CollectiveDataset data;
        data.groups.push_back(group("5", "EXPERT_MODEL_PARALLEL_GROUP", {0, 1}));
        data.groups.push_back(group("5", "EXPERT_MODEL_PARALLEL_GROUP", {2, 3}));
        waitingIn(data, "5", 0, 1, 9, 10, "nccl:all_to_all");
        waitingIn(data, "5", 2, 2, 3, 4, "nccl:all_to_all");
        waitingIn(data, "5", 3, 3, 3, 3, "nccl:all_to_all");
        addDumps(data, 0, 3);
        const CollectiveReport report = analyseCollectives(data);
        QCOMPARE(report.groups.size(), std::size_t(2));
        QCOMPARE(report.suspects.size(), std::size_t(1));
        QCOMPARE(report.suspects.front().ranks.toString(), std::string("3"));
        QCOMPARE(report.suspects.front().waitingRanks.toString(), std::string("2"));
        QCOMPARE(report.suspects.front().seq, std::int64_t(4));
    }

    // Rank 1 is behind in tp because it waits in dp for rank 3: rank 3 first, rank 1 after,
    // as a consequence.
    void consequencesAfterCauses()
    {
        CollectiveDataset data;
        data.groups.push_back(group("tp", "TENSOR_MODEL_PARALLEL_GROUP", {0, 1}));
        data.groups.push_back(group("dp", "DATA_PARALLEL_GROUP", {1, 2, 3}));
        waitingIn(data, "tp", 0, 0, 4, 5, "nccl:all_reduce");
        waitingIn(data, "tp", 1, 1, 4, 4, "nccl:all_reduce");
        waitingIn(data, "dp", 1, 2, 8, 9, "nccl:all_gather");
        waitingIn(data, "dp", 3, 3, 8, 8, "nccl:all_gather");
        addDumps(data, 0, 3);
        const CollectiveReport report = analyseCollectives(data);
        QCOMPARE(report.suspects.size(), std::size_t(2));
        QCOMPARE(report.suspects[0].ranks.toString(), std::string("3"));
        QCOMPARE(report.suspects[0].pgName, std::string("dp"));
        QVERIFY(!report.suspects[0].consequence);
        QCOMPARE(report.suspects[1].ranks.toString(), std::string("1"));
        QCOMPARE(report.suspects[1].pgName, std::string("tp"));
        QVERIFY(report.suspects[1].consequence);
        QVERIFY2(report.suspects[1].reason.find("all_gather #9 of pg dp") != std::string::npos,
                 report.suspects[1].reason.c_str());
        QCOMPARE(report.leadGroup, std::string("dp"));
    }

    // Every rank of node-1 behind: the finding names the node.
    void wholeNodeNamed()
    {
        CollectiveDataset data;
        data.groups.push_back(group("0", "default_pg", iota(0, 15)));
        waitingIn(data, "0", 0, 7, 11, 12, "nccl:all_reduce");
        waitingIn(data, "0", 8, 15, 11, 11, "nccl:all_reduce");
        addDumps(data, 0, 15);
        JobInfo job;
        job.worldSize = 16;
        for (int r = 0; r < 16; ++r) {
            RankInfo info;
            info.rank = r;
            info.node = r < 8 ? "node-0" : "node-1";
            job.ranks.push_back(info);
        }
        const CollectiveReport report = analyseCollectives(data, job);
        QCOMPARE(report.suspects.size(), std::size_t(1));
        QCOMPARE(report.suspects.front().node, std::string("node-1"));
        QVERIFY2(report.verdict.find("all the ranks of node-1") != std::string::npos,
                 report.verdict.c_str());
    }

    // Each rank's blocking entry, with its frames, for the merged flame graph.
    void callSitesAreTheOldestPendingEntries()
    {
        CollectiveDataset data;
        CollectiveEntry older = collective(0, "tp", 7, "nccl:all_gather", Started);
        older.createdNs = 100;
        older.frames.push_back({"forward", "model.py", 3});
        CollectiveEntry newer = collective(0, "dp", 9, "nccl:all_reduce", Scheduled);
        newer.createdNs = 200;
        newer.frames.push_back({"step", "optim.py", 5});
        data.entries.push_back(newer);
        data.entries.push_back(older);
        data.entries.push_back(collective(1, "tp", 6, "nccl:all_gather", Completed));
        const std::vector<CollectiveCallSite> sites = collectiveCallSites(data);
        QCOMPARE(sites.size(), std::size_t(1));
        QCOMPARE(sites.front().rank, 0);
        QCOMPARE(sites.front().pgName, std::string("tp"));
        QCOMPARE(sites.front().seq, std::int64_t(7));
        QCOMPARE(sites.front().frames.front().name, std::string("forward"));
    }

    // A ring buffer keeps the last entries only: sequences older than what every rank holds
    // are not compared (rank 1's old #3 differs, but rank 0 no longer holds #3).
    void ringBufferWindow()
    {
        CollectiveDataset data;
        data.groups.push_back(group("0", "default_pg", {0, 1}));
        data.entries.push_back(collective(1, "0", 3, "nccl:broadcast", Completed));
        for (int r = 0; r < 2; ++r)
            for (int seq = 4; seq <= 6; ++seq)
                data.entries.push_back(collective(r, "0", seq, "nccl:all_reduce", Completed));
        data.entries.push_back(collective(0, "0", 2, "nccl:all_reduce", Completed));
        data.entries.back().evidence = CollectiveEvidence::Trace; // not a ring-buffer entry
        addDumps(data, 0, 1);
        const CollectiveReport report = analyseCollectives(data);
        QCOMPARE(report.verdictKind, CollectiveVerdictKind::Progressing);
    }

    // A claim supports the finding it agrees with, and is noted when it disagrees.
    void claimsSupportButNeverOverride()
    {
        CollectiveDataset data;
        data.groups.push_back(group("3", "DATA_PARALLEL_GROUP", iota(0, 3)));
        waitingIn(data, "3", 0, 2, 6, 7, "nccl:all_reduce");
        waitingIn(data, "3", 3, 3, 6, 6, "nccl:all_reduce");
        addDumps(data, 0, 3);
        CollectiveClaim claim;
        claim.pgName = "3";
        claim.seq = 7;
        claim.op = "all_reduce";
        claim.missingRanks = {3};
        data.claims.push_back(claim);
        CollectiveClaim wrong = claim;
        wrong.evidence = CollectiveEvidence::HorovodStall;
        wrong.missingRanks = {1};
        data.claims.push_back(wrong);
        const CollectiveReport report = analyseCollectives(data);
        QCOMPARE(report.suspects.size(), std::size_t(1));
        const CollectiveSuspect &s = report.suspects.front();
        QCOMPARE(s.ranks.toString(), std::string("3"));
        QCOMPARE(s.claims.size(), std::size_t(1));
        QVERIFY2(s.claims.front().find("agrees") != std::string::npos, s.claims.front().c_str());
        bool noted = false;
        for (const std::string &note : report.notes)
            noted |= note.find("Horovod") != std::string::npos &&
                     note.find("rank 1") != std::string::npos;
        QVERIFY(noted);

        // Alone (no record of the group), a claim becomes a finding, marked as such.
        CollectiveDataset onlyClaim;
        onlyClaim.claims.push_back(claim);
        const CollectiveReport claimed = analyseCollectives(onlyClaim);
        QCOMPARE(claimed.suspects.size(), std::size_t(1));
        QVERIFY(!claimed.suspects.front().fromRecords);
        QCOMPARE(claimed.suspects.front().ranks.toString(), std::string("3"));
    }

    // NCCL RAS: a rank it says failed (its process dead, an NCCL error of its own) is a suspect
    // even where no record shows it; a rank it only got no answer from is not; DEAD's processes
    // are a note. Communicator ranks map through the init lines' member list.
    void rasFailedRanksAreSuspectsSilentOnesAreNot()
    {
        CollectiveDataset data;
        data.groups.push_back(group("nccl:5a1c9e0b7d3f2461", "", {10, 11, 12, 13, 14, 15, 16, 17}));
        const auto ras = [](std::vector<int> missing, std::vector<int> failed, bool silent,
                            std::string text) {
            CollectiveClaim claim;
            claim.evidence = CollectiveEvidence::NcclRas;
            claim.pgName = text.starts_with("DEAD") ? "" : "nccl:5a1c9e0b7d3f2461";
            claim.groupRanks = true;
            claim.missingRanks = std::move(missing);
            claim.failedRanks = std::move(failed);
            claim.silent = silent;
            claim.text = std::move(text);
            return claim;
        };
        data.claims.push_back(ras({}, {}, false,
                                  "DEAD: 1 job process is considered dead (unreachable via the "
                                  "RAS network); process 52117 on node 10.0.0.3 (GPU 2)"));
        data.claims.push_back(ras({3, 6}, {6}, true,
                                  "#0-0 (5a1c9e0b7d3f2461) INCOMPLETE: no data from rank 3; no "
                                  "data from rank 6 (process 52117 on node 10.0.0.3, considered "
                                  "dead)"));
        data.claims.push_back(ras({}, {1}, false,
                                  "#0-0 (5a1c9e0b7d3f2461) ERROR: rank 4 reported Remote process "
                                  "error (asynchronous); rank 1 reported Unhandled CUDA error "
                                  "(asynchronous)"));
        const CollectiveReport report = analyseCollectives(data);
        QCOMPARE(report.verdictKind, CollectiveVerdictKind::Suspects);
        RankSet failed;
        for (const CollectiveSuspect &s : report.suspects) {
            QCOMPARE(s.kind, CollectiveSuspectKind::Failed);
            QVERIFY(!s.fromRecords);
            QCOMPARE(s.pgName, std::string("nccl:5a1c9e0b7d3f2461"));
            QVERIFY2(s.reason.starts_with("According to NCCL RAS, "), s.reason.c_str());
            QCOMPARE(s.claims.size(), std::size_t(1));
            failed |= s.ranks;
        }
        QCOMPARE(report.suspects.size(), std::size_t(2));
        QCOMPARE(failed.toString(), std::string("11,16")); // communicator ranks 1 and 6
        QVERIFY2(report.suspects[0].reason.find("considered dead") != std::string::npos ||
                     report.suspects[1].reason.find("considered dead") != std::string::npos,
                 report.suspects[0].reason.c_str());
        QCOMPARE(std::string(collectiveSuspectKindKey(CollectiveSuspectKind::Failed)),
                 std::string("failed"));
        bool silenceNoted = false;
        bool deadNoted = false;
        for (const std::string &note : report.notes) {
            silenceNoted |= note.find("rank 13") != std::string::npos &&
                            note.find("silence alone") != std::string::npos;
            deadNoted |= note.find("process 52117 on node 10.0.0.3") != std::string::npos;
        }
        QVERIFY(silenceNoted); // communicator rank 3 only went unanswered
        QVERIFY(deadNoted);

        // A slot no init line stated cannot be mapped: a note that quotes RAS, no finding.
        CollectiveDataset partial;
        partial.groups.push_back(group("nccl:feed", "", {-1, 21}));
        CollectiveClaim unknownSlot = ras({}, {0}, false,
                                          "#0-0 (feed) ERROR: rank 0 reported "
                                          "System error (asynchronous)");
        unknownSlot.pgName = "nccl:feed";
        partial.claims.push_back(unknownSlot);
        const CollectiveReport unmapped = analyseCollectives(partial);
        QVERIFY(unmapped.suspects.empty());
        bool quoted = false;
        for (const std::string &note : unmapped.notes)
            quoted |= note.find("could not be mapped") != std::string::npos &&
                      note.find("System error") != std::string::npos;
        QVERIFY(quoted);
    }

    // A rank the records already name (no dump) and RAS says is dead: one finding, the records'
    // kind, carrying RAS's words.
    void rasFailureSupportsTheRecordsFinding()
    {
        CollectiveDataset data;
        data.groups.push_back(group("0", "default_pg", iota(0, 3)));
        data.groups.push_back(group("nccl:5a1c9e0b7d3f2461", "", iota(0, 3)));
        waitingIn(data, "0", 0, 2, 4, 5, "nccl:all_reduce");
        addDumps(data, 0, 2);
        CollectiveClaim claim;
        claim.evidence = CollectiveEvidence::NcclRas;
        claim.pgName = "nccl:5a1c9e0b7d3f2461";
        claim.groupRanks = true;
        claim.silent = true;
        claim.missingRanks = {3};
        claim.failedRanks = {3};
        claim.text = "#0-0 (5a1c9e0b7d3f2461) INCOMPLETE: no data from rank 3 (process 52117 on "
                     "node 10.0.0.3, considered dead)";
        data.claims.push_back(claim);
        const CollectiveReport report = analyseCollectives(data);
        QCOMPARE(report.verdictKind, CollectiveVerdictKind::Suspects);
        QVERIFY(!firstOfKind(report, CollectiveSuspectKind::Failed));
        const CollectiveSuspect &s = report.suspects.front();
        QCOMPARE(s.kind, CollectiveSuspectKind::NoDump);
        QCOMPARE(s.ranks.toString(), std::string("3"));
        QVERIFY(s.fromRecords);
        QCOMPARE(s.claims.size(), std::size_t(1));
        QVERIFY2(s.claims.front().find("considered dead") != std::string::npos,
                 s.claims.front().c_str());
    }

    // Damaged records (impossible ranks, sequences, world sizes) are left out, never trusted.
    void hostileValuesLeftOut()
    {
        CollectiveDataset data;
        data.worldSize = std::numeric_limits<int>::max();
        data.groups.push_back(group("0", "default_pg", {0, 1, 1 << 30, -4}));
        waitingIn(data, "0", 0, 1, 4, 5, "nccl:all_reduce");
        data.entries.push_back(collective(1 << 30, "0", 5, "nccl:all_reduce", Scheduled));
        data.entries.push_back(collective(0, "0", std::numeric_limits<std::int64_t>::max(),
                                          "nccl:all_reduce", Scheduled));
        CollectiveEntry groupRankOnly = collective(-1, "0", 5, "nccl:all_reduce", Scheduled);
        groupRankOnly.groupRank = 1 << 29;
        data.entries.push_back(groupRankOnly);
        data.statuses.push_back(status(1, "0", std::numeric_limits<std::int64_t>::max(),
                                       std::numeric_limits<std::int64_t>::min()));
        CollectiveClaim claim;
        claim.pgName = "0";
        claim.missingRanks = {std::numeric_limits<int>::max(), -1};
        data.claims.push_back(claim);
        addDumps(data, 0, 1);
        const CollectiveReport report = analyseCollectives(data);
        QVERIFY(report.verdictKind != CollectiveVerdictKind::NoData);
        QVERIFY(report.worldSize <= (1 << 22));
        for (const CollectiveSuspect &s : report.suspects)
            QVERIFY(s.ranks.last() < (1 << 22));
    }

    // 16,384 ranks in a default group, 2,048 tensor-parallel groups of 8 and 8 data-parallel
    // groups of 2,048; rank 9000 never joins its data-parallel all_reduce. No wall-time assert.
    void scalesTo16kRanks()
    {
        constexpr int kWorld = 16384;
        CollectiveDataset data;
        data.worldSize = kWorld;
        data.groups.push_back(group("0", "default_pg", iota(0, kWorld - 1)));
        for (int tp = 0; tp < kWorld / 8; ++tp)
            data.groups.push_back(group("tp" + std::to_string(tp), "TENSOR_MODEL_PARALLEL_GROUP",
                                        iota(tp * 8, tp * 8 + 7)));
        for (int dp = 0; dp < 8; ++dp) {
            std::vector<int> ranks;
            for (int r = dp; r < kWorld; r += 8)
                ranks.push_back(r);
            data.groups.push_back(group("dp" + std::to_string(dp), "DATA_PARALLEL_GROUP", ranks));
        }
        data.entries.reserve(std::size_t(kWorld) * 12);
        for (int r = 0; r < kWorld; ++r) {
            const std::string tp = "tp" + std::to_string(r / 8);
            const std::string dp = "dp" + std::to_string(r % 8);
            for (int seq = 100; seq < 105; ++seq)
                data.entries.push_back(
                    collective(r, tp, seq, "nccl:all_gather", Completed, "16", "128"));
            data.statuses.push_back(status(r, tp, 104, 104));
            for (int seq = 500; seq < 505; ++seq)
                data.entries.push_back(collective(r, dp, seq, "nccl:all_reduce", Completed));
            if (r != 9000)
                data.entries.push_back(collective(r, dp, 505, "nccl:all_reduce", Scheduled));
            data.statuses.push_back(status(r, dp, r == 9000 ? 504 : 505, 504));
            data.statuses.push_back(status(r, "0", 30, 30));
        }
        addDumps(data, 0, kWorld - 1);
        QElapsedTimer timer;
        timer.start();
        const std::clock_t cpu = std::clock();
        const CollectiveReport report = analyseCollectives(data);
        qInfo("16,384 ranks, %zu entries, %zu statuses, %zu groups: analysed in %lld ms "
              "(%.0f ms of CPU)",
              data.entries.size(), data.statuses.size(), data.groups.size(),
              static_cast<long long>(timer.elapsed()),
              1000.0 * double(std::clock() - cpu) / CLOCKS_PER_SEC);
        QCOMPARE(report.verdictKind, CollectiveVerdictKind::Suspects);
        QCOMPARE(report.suspects.size(), std::size_t(1));
        QCOMPARE(report.suspects.front().ranks.toString(), std::string("9000"));
        QCOMPARE(report.suspects.front().pgName, std::string("dp0"));
        QCOMPARE(report.suspects.front().waitingRanks.count(), kWorld / 8 - 1);
        QCOMPARE(report.groups.size(), data.groups.size());
    }
};

QTEST_APPLESS_MAIN(TestCollectiveAnalysisGroups)
#include "test_collective_analysis_groups.moc"
