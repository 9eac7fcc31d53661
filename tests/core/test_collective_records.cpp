// The collective-progress records as the cache keeps them: canonical op names, the tail kept of
// each dump, the blob codec, and the call-site stack source.
#include "core/cache/ByteCoding.h"
#include "core/cache/CollectiveProgressCodec.h"
#include "core/collectives/CollectiveCallSites.h"
#include "core/model/CollectiveTail.h"

#include <QtTest>

using namespace rankscope;

namespace {

CollectiveEntry entry(int rank, std::int64_t seq, CollectiveState state,
                      std::string op = "all_reduce")
{
    CollectiveEntry e;
    e.rank = rank;
    e.pgName = "3";
    e.pgDesc = "DATA_PARALLEL_GROUP";
    e.collectiveSeq = seq;
    e.recordId = seq;
    e.op = op;
    e.profilingName = "nccl:" + op;
    e.state = state;
    return e;
}

std::span<const std::byte> bytesOf(const std::string &text)
{
    return std::as_bytes(std::span(text.data(), text.size()));
}

} // namespace

class TestCollectiveRecords : public QObject
{
    Q_OBJECT
private slots:
    void canonicalOpNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("op");
        QTest::newRow("fr") << "nccl:all_reduce"
                            << "all_reduce";
        QTest::newRow("watchdog") << "ALLREDUCE"
                                  << "all_reduce";
        QTest::newRow("kineto") << "allreduce"
                                << "all_reduce";
        QTest::newRow("base") << "nccl:_allgather_base"
                              << "all_gather";
        QTest::newRow("into tensor") << "all_gather_into_tensor"
                                     << "all_gather";
        QTest::newRow("coalesced") << "nccl:ALLGATHER_coalesced"
                                   << "all_gather_coalesced";
        QTest::newRow("rs") << "_reduce_scatter_base"
                            << "reduce_scatter";
        QTest::newRow("send") << "nccl:send 0->3"
                              << "send";
        QTest::newRow("recv") << "nccl2:recv 3<-0"
                              << "recv";
        QTest::newRow("gloo") << "gloo:broadcast"
                              << "broadcast";
        QTest::newRow("a2a") << "ALLTOALL_BASE"
                             << "all_to_all";
        QTest::newRow("bare coalesced") << "nccl:coalesced"
                                        << "coalesced";
        QTest::newRow("unknown") << "MyOp"
                                 << "myop";
    }
    void canonicalOpNames()
    {
        QFETCH(QString, name);
        QFETCH(QString, op);
        QCOMPARE(QString::fromStdString(canonicalCollectiveOp(name.toStdString())), op);
    }

    void backendPrefix()
    {
        QCOMPARE(std::string(collectiveBackend("nccl:all_reduce")), std::string("nccl"));
        QCOMPARE(std::string(collectiveBackend("ALLREDUCE")), std::string());
        QCOMPARE(std::string(collectiveBackend("a b:c")), std::string());
    }

    // 100 completed entries and three pending: the last 8 completed and every pending one stay.
    void tailKeepsTheFrontier()
    {
        CollectiveRecords records;
        for (int seq = 1; seq <= 100; ++seq)
            records.entries.push_back(entry(0, seq, CollectiveState::Completed));
        for (int seq = 101; seq <= 103; ++seq)
            records.entries.push_back(entry(0, seq, CollectiveState::Scheduled));
        CollectiveEntry watchdog = entry(0, 101, CollectiveState::Started);
        watchdog.evidence = CollectiveEvidence::WatchdogTimeout;
        records.entries.push_back(watchdog);
        QCOMPARE(keepCollectiveTail(records), std::size_t(92));
        QCOMPARE(records.entries.size(), std::size_t(12));
        std::int64_t lowestCompleted = 1000;
        for (const CollectiveEntry &e : records.entries)
            if (e.state == CollectiveState::Completed)
                lowestCompleted = std::min(lowestCompleted, e.collectiveSeq);
        QCOMPARE(lowestCompleted, std::int64_t(93));
        QCOMPARE(records.entries.back().evidence, CollectiveEvidence::WatchdogTimeout);
    }

    // Groups and sequence kinds are cut apart: a p2p lane does not push out collectives.
    void tailIsPerGroupAndKind()
    {
        CollectiveRecords records;
        for (int seq = 1; seq <= 20; ++seq) {
            records.entries.push_back(entry(0, seq, CollectiveState::Completed));
            CollectiveEntry p2p = entry(0, -1, CollectiveState::Completed, "send");
            p2p.isP2p = true;
            p2p.p2pSeq = seq;
            records.entries.push_back(p2p);
            CollectiveEntry other = entry(0, seq, CollectiveState::Completed);
            other.pgName = "0";
            records.entries.push_back(other);
        }
        keepCollectiveTail(records, {4, 4});
        QCOMPARE(records.entries.size(), std::size_t(12));
    }

    void codecRoundTrip()
    {
        CollectiveRecords records;
        records.groups.push_back({"3", "DATA_PARALLEL_GROUP", {0, 2, 4, 6}, "ignored"});
        CollectiveEntry e = entry(4, 20417, CollectiveState::Scheduled);
        e.groupRank = 2;
        e.pgId = 7;
        e.p2pSeq = 11;
        e.opId = 99;
        e.isP2p = false;
        e.retired = true;
        e.peerGroupRank = 3;
        e.inputSizes = "4096x1x5120";
        e.outputSizes = "4096x1x5120;12";
        e.inputNumel = 20971520;
        e.outputNumel = 20971532;
        e.inputDtypes = "BFloat16";
        e.outputDtypes = "BFloat16,Float";
        e.createdNs = 1758610505592849034;
        e.timeoutMs = 600000;
        e.ranForMs = 600012;
        e.durationMs = 1.5;
        e.threadName = "pt_main_thread";
        e.threadId = "23456244340032";
        e.frames = {{"all_reduce", "torch/distributed/distributed_c10d.py", 2501},
                    {"train_step", "train.py", 88}};
        e.source.line = 12;
        e.source.byteOffset = 4096;
        records.entries.push_back(e);
        CollectiveGroupStatus status;
        status.rank = 4;
        status.groupRank = 2;
        status.pgName = "3";
        status.pgId = 7;
        status.lastEnqueued = 20417;
        status.lastCompleted = 20416;
        status.pgNameInferred = true;
        status.evidence = CollectiveEvidence::ProgressLine;
        status.source.line = 40;
        records.statuses.push_back(status);
        CollectiveClaim claim;
        claim.evidence = CollectiveEvidence::HorovodStall;
        claim.seq = 5;
        claim.op = "all_reduce";
        claim.missingRanks = {1, 3};
        claim.readyRanks = {0, 2};
        claim.failedRanks = {3};
        claim.silent = true;
        claim.groupRanks = true;
        claim.reportingRank = 0;
        claim.text = "Missing ranks: 1, 3";
        records.claims.push_back(claim);

        const std::string blob = encodeCollectiveProgress(records);
        const CollectiveRecords back = decodeCollectiveProgress(bytesOf(blob), "fr/dump_4");
        QCOMPARE(back.groups.size(), std::size_t(1));
        QCOMPARE(back.groups[0].ranks, (std::vector<int>{0, 2, 4, 6}));
        QCOMPARE(back.groups[0].source, std::string("fr/dump_4"));
        QCOMPARE(back.entries.size(), std::size_t(1));
        const CollectiveEntry &b = back.entries[0];
        QCOMPARE(b.rank, 4);
        QCOMPARE(b.groupRank, 2);
        QCOMPARE(b.pgId, 7);
        QCOMPARE(b.collectiveSeq, std::int64_t(20417));
        QCOMPARE(b.p2pSeq, std::int64_t(11));
        QVERIFY(b.retired);
        QVERIFY(!b.isP2p);
        QCOMPARE(b.outputSizes, e.outputSizes);
        QCOMPARE(b.outputDtypes, e.outputDtypes);
        QCOMPARE(b.createdNs, e.createdNs);
        QCOMPARE(b.ranForMs, e.ranForMs);
        QCOMPARE(b.durationMs, 1.5);
        QCOMPARE(b.state, CollectiveState::Scheduled);
        QCOMPARE(b.frames.size(), std::size_t(2));
        QCOMPARE(b.frames[1].line, 88);
        QCOMPARE(b.source.file, std::string("fr/dump_4"));
        QCOMPARE(b.source.byteOffset, std::int64_t(4096));
        QCOMPARE(back.statuses.size(), std::size_t(1));
        QCOMPARE(back.statuses[0].lastCompleted, std::int64_t(20416));
        QCOMPARE(back.statuses[0].evidence, CollectiveEvidence::ProgressLine);
        QVERIFY(back.statuses[0].pgNameInferred);
        QCOMPARE(back.statuses[0].source.line, std::int64_t(40));
        QCOMPARE(back.claims.size(), std::size_t(1));
        QCOMPARE(back.claims[0].missingRanks, (std::vector<int>{1, 3}));
        QCOMPARE(back.claims[0].failedRanks, (std::vector<int>{3}));
        QVERIFY(back.claims[0].silent);
        QVERIFY(back.claims[0].groupRanks);
    }

    // A damaged blob is an error the cache reader turns into "force a re-import", never a crash.
    void codecRefusesDamage()
    {
        CollectiveRecords records;
        records.entries.push_back(entry(1, 7, CollectiveState::Completed));
        std::string raw = encodeCollectiveProgress(records);
        raw.resize(raw.size() / 2);
        QVERIFY_THROWS_EXCEPTION(BlobFormatError, decodeCollectiveProgress(bytesOf(raw), "x"));
        const std::string junk = compressBlob(std::string("\x01\xff\xff\xff\xff\x0f", 6));
        QVERIFY_THROWS_EXCEPTION(BlobFormatError, decodeCollectiveProgress(bytesOf(junk), "x"));
    }

    // Each rank's blocking entry becomes its sample; a completed entry gives way to a pending one.
    void callSitesPerRank()
    {
        CollectiveDataset data;
        data.worldSize = 4;
        for (int rank = 0; rank < 3; ++rank) {
            CollectiveEntry done = entry(rank, 10, CollectiveState::Completed);
            done.frames = {{"all_reduce", "distributed_c10d.py", 1}, {"step", "train.py", 5}};
            data.entries.push_back(done);
        }
        CollectiveEntry pending = entry(0, 11, CollectiveState::Scheduled, "broadcast");
        pending.frames = {{"broadcast", "distributed_c10d.py", 2}, {"sync", "train.py", 9}};
        data.entries.push_back(pending);
        data.entries.push_back(entry(3, 11, CollectiveState::Scheduled)); // no frames
        JobInfo job;
        job.worldSize = 4;
        const StackDataset stacks = collectiveCallSiteStacks(data, job);
        QCOMPARE(stacks.samples.size(), std::size_t(3));
        QCOMPARE(stacks.job.layers.stacks.toString(), std::string("0-2"));
        const StackSample &rank0 = stacks.samples[0];
        QCOMPARE(rank0.rank, 0);
        const std::vector<FrameId> &frames = stacks.stacks[rank0.stack];
        QCOMPARE(frames.size(), std::size_t(3));
        QCOMPARE(stacks.frames[frames[0]].function, std::string("sync")); // root first
        QCOMPARE(stacks.frames[frames[2]].function,
                 std::string("nccl:broadcast #11 (DATA_PARALLEL_GROUP)"));
        QCOMPARE(stacks.samples[1].stack, stacks.samples[2].stack); // same call site, one stack
    }
};

QTEST_APPLESS_MAIN(TestCollectiveRecords)
#include "test_collective_records.moc"
