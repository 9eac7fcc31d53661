// Collective evidence in logs (importers/logs/CollectiveLogLines, CollectiveReportLines): every
// form of tests/fixtures/logs/collectives (README there names each one's upstream source)
// becomes the records the collective analysis reads, with the log line as the source; and a log
// file read by the bundle importer carries them in LogFileRecord::collectives.

#include "LogTestSupport.h"
#include "core/logs/BuiltinTemplates.h"
#include "importers/bundle/LogFileReader.h"
#include "importers/logs/CollectiveLogLines.h"

#include <QTemporaryDir>

#include <algorithm>
#include <fstream>
#include <map>

using namespace rankscope;
using namespace rankscope_test;

namespace {

CollectiveRecords recordsOf(const char *fixture, const char *path)
{
    const std::string text = readFixture(fixture);
    return importText(text, path).collectives;
}

std::vector<int> ranks(std::initializer_list<int> list)
{
    return std::vector<int>(list);
}

} // namespace

class CollectiveLogLinesTest : public QObject
{
    Q_OBJECT

private slots:
    void watchdogTimeoutBecomesAScheduledEntryOfItsGroup()
    {
        const CollectiveRecords records =
            recordsOf("collectives/watchdog_rank3.log", "logs/rank3.log");
        // The timeout (printed twice: the LOG line and the watchdog's exception) is one entry.
        QCOMPARE(records.entries.size(), std::size_t(1));
        const CollectiveEntry &entry = records.entries[0];
        QCOMPARE(entry.evidence, CollectiveEvidence::WatchdogTimeout);
        QCOMPARE(entry.rank, 3);      // the line's global rank ("[rank3]:")
        QCOMPARE(entry.groupRank, 1); // "[Rank 1]": the rank inside the group
        QCOMPARE(entry.collectiveSeq, std::int64_t(1580));
        QCOMPARE(entry.op, canonicalCollectiveOp("ALLREDUCE"));
        QCOMPARE(entry.op, std::string("all_reduce"));
        QCOMPARE(entry.state, CollectiveState::Scheduled); // a timed-out work is not completed
        QCOMPARE(entry.ranForMs, std::int64_t(600060));
        QCOMPARE(entry.timeoutMs, std::int64_t(600000));
        QCOMPARE(entry.inputNumel, std::int64_t(466119168));
        // The group comes from the progress line of the same rank and SeqNum.
        QCOMPARE(entry.pgName, std::string("1"));
        QCOMPARE(entry.pgDesc, std::string("DATA_PARALLEL_GROUP"));
        QCOMPARE(entry.pgId, 1);
        QCOMPARE(entry.source.file, std::string("logs/rank3.log"));
        QCOMPARE(entry.source.line, std::int64_t(2));
    }

    void progressLinesBecomeGroupStatus()
    {
        const CollectiveRecords records =
            recordsOf("collectives/watchdog_rank3.log", "logs/rank3.log");
        // "Exception ... at work" and "Timeout at NCCL work" say the same: one status.
        QCOMPARE(records.statuses.size(), std::size_t(1));
        const CollectiveGroupStatus &status = records.statuses[0];
        QCOMPARE(status.evidence, CollectiveEvidence::ProgressLine);
        QCOMPARE(status.rank, 3);
        QCOMPARE(status.groupRank, 1);
        QCOMPARE(status.pgName, std::string("1"));
        QCOMPARE(status.pgDesc, std::string("DATA_PARALLEL_GROUP"));
        QCOMPARE(status.lastEnqueued, std::int64_t(1582));
        QCOMPARE(status.lastCompleted, std::int64_t(1579));
        QCOMPARE(status.source.line, std::int64_t(3));
    }

    void initOptionsMapGroupRankToGlobalRank()
    {
        const CollectiveRecords records =
            recordsOf("collectives/watchdog_rank3.log", "logs/rank3.log");
        QCOMPARE(records.groups.size(), std::size_t(1));
        const ProcessGroupConfig &group = records.groups[0];
        QCOMPARE(group.name, std::string("1"));
        QCOMPARE(group.desc, std::string("DATA_PARALLEL_GROUP"));
        QCOMPARE(group.ranks, (std::vector<int>{-1, 3, -1, -1})); // only slot 1 is this file's
    }

    void watchdogNotesAreClaimsWithoutRanks()
    {
        const CollectiveRecords records =
            recordsOf("collectives/watchdog_rank3.log", "logs/rank3.log");
        QCOMPARE(records.claims.size(), std::size_t(2));
        for (const CollectiveClaim &claim : records.claims) {
            QCOMPARE(claim.evidence, CollectiveEvidence::WatchdogTimeout);
            QCOMPARE(claim.reportingRank, 3);
            QVERIFY(claim.missingRanks.empty());
            QCOMPARE(claim.seq, std::int64_t(-1));
        }
        QVERIFY(records.claims[0].text.starts_with("Some NCCL operations have failed"));
        QVERIFY(records.claims[1].text.starts_with("ProcessGroupNCCL's watchdog got stuck"));
        QCOMPARE(records.claims[1].pgDesc, std::string("default_pg"));
    }

    void olderPrefixesAndWorkForms()
    {
        const CollectiveRecords records =
            recordsOf("collectives/watchdog_old_forms.log", "logs/combined.log");
        // Rank 7's timeout (twice), rank 1's and rank 2's progress-only works, rank 4's
        // TensorShape form.
        QCOMPARE(records.entries.size(), std::size_t(4));
        const CollectiveEntry &seven = records.entries[0];
        QCOMPARE(seven.groupRank, 7);
        QCOMPARE(seven.collectiveSeq, std::int64_t(64088));
        QCOMPARE(seven.ranForMs, std::int64_t(25625251));
        QCOMPARE(seven.pgName, std::string("0")); // from the repeat's "[PG 0 Rank 7]"
        QCOMPARE(seven.rank, 7); // the repeat's "[PG 0 Rank 7]": the default group's rank

        const CollectiveEntry &one = records.entries[1];
        QCOMPARE(one.evidence, CollectiveEvidence::ProgressLine);
        QCOMPARE(one.rank, 1);
        QCOMPARE(one.groupRank, 1);
        QCOMPARE(one.pgName, std::string("0"));
        QCOMPARE(one.pgDesc, std::string("default_pg"));
        QCOMPARE(one.collectiveSeq, std::int64_t(6463));
        QCOMPARE(one.state, CollectiveState::Scheduled);
        QVERIFY(one.op.empty());

        const CollectiveEntry &two = records.entries[2];
        QCOMPARE(two.rank, 2);
        QCOMPARE(two.groupRank, 0);
        QCOMPARE(two.pgName, std::string("3"));
        QCOMPARE(two.collectiveSeq, std::int64_t(500045));

        const CollectiveEntry &four = records.entries[3];
        QCOMPARE(four.rank, 4);
        QCOMPARE(four.groupRank, 0);
        QCOMPARE(four.op, std::string("broadcast"));
        QCOMPARE(four.collectiveSeq, std::int64_t(12));
        QCOMPARE(four.outputSizes, std::string("4096x1x5120"));

        QCOMPARE(records.statuses.size(), std::size_t(2));
        QCOMPARE(records.statuses[0].lastEnqueued, std::int64_t(6463));
        QCOMPARE(records.statuses[0].lastCompleted, std::int64_t(6462));
        QCOMPARE(records.statuses[1].lastEnqueued, std::int64_t(500047));
        QCOMPARE(records.statuses[1].lastCompleted, std::int64_t(500044));
    }

    void desyncReportsBecomeTwoEntries()
    {
        const CollectiveRecords records =
            recordsOf("collectives/desync_rank5.log", "logs/rank5.log");
        // The last "Running collective" of rank 5, and two entries per mismatch report.
        QCOMPARE(records.entries.size(), std::size_t(7));
        const CollectiveEntry &running = records.entries[0];
        QCOMPARE(running.evidence, CollectiveEvidence::DesyncReport);
        QCOMPARE(running.collectiveSeq, std::int64_t(1203)); // the later of the two lines
        QCOMPARE(running.groupRank, 5);
        QCOMPARE(running.rank, 5);

        const CollectiveEntry &a = records.entries[1];
        const CollectiveEntry &b = records.entries[2];
        QCOMPARE(a.evidence, CollectiveEvidence::DesyncReport);
        QCOMPARE(a.groupRank, 5);
        QCOMPARE(a.rank, 5); // the reporting rank is the line's
        QCOMPARE(a.collectiveSeq, std::int64_t(1203));
        QCOMPARE(a.op, std::string("all_gather"));
        QCOMPARE(a.inputSizes, std::string("1024"));
        QCOMPARE(a.inputDtypes, std::string("Float"));
        QCOMPARE(b.groupRank, 2);
        QCOMPARE(b.rank, -1); // the other rank: only its group rank is known
        QCOMPARE(b.collectiveSeq, std::int64_t(1203));
        QCOMPARE(b.op, std::string("reduce_scatter"));
        QCOMPARE(b.inputSizes, std::string("8192"));
        QCOMPARE(b.source.line, std::int64_t(3));

        // Older form: no SequenceNumber, TensorOptions(...) device types.
        QCOMPARE(records.entries[3].groupRank, 0);
        QCOMPARE(records.entries[3].collectiveSeq, std::int64_t(-1));
        QCOMPARE(records.entries[3].op, std::string("all_gather"));
        QCOMPARE(records.entries[3].inputSizes, std::string("4"));
        QCOMPARE(records.entries[4].groupRank, 2);
        QCOMPARE(records.entries[4].op, std::string("all_gather"));
        // Tensor-less form "SequenceNumber=7OpType=BARRIER".
        QCOMPARE(records.entries[5].collectiveSeq, std::int64_t(7));
        QCOMPARE(records.entries[5].op, std::string("barrier"));
        QCOMPARE(records.entries[6].groupRank, 3);
        QCOMPARE(records.entries[6].collectiveSeq, std::int64_t(8));
    }

    void monitoredBarrierFailuresBecomeClaims()
    {
        const CollectiveRecords records =
            recordsOf("collectives/desync_rank5.log", "logs/rank5.log");
        QCOMPARE(records.claims.size(), std::size_t(2));
        for (const CollectiveClaim &claim : records.claims) {
            QCOMPARE(claim.evidence, CollectiveEvidence::MonitoredBarrier);
            QCOMPARE(claim.op, std::string("barrier"));
            QVERIFY(claim.groupRanks);
            QCOMPARE(claim.reportingRank, 0); // "[rank0]:" printed it
        }
        QCOMPARE(records.claims[0].missingRanks, ranks({1}));
        QCOMPARE(records.claims[1].missingRanks, ranks({1, 2}));
        QCOMPARE(records.claims[1].source.line, std::int64_t(7));
    }

    void analyserReportsBecomeClaims()
    {
        const CollectiveRecords records =
            recordsOf("collectives/fr_analyser.txt", "logs/fr_analysis.txt");
        QCOMPARE(records.claims.size(), std::size_t(4));
        const CollectiveClaim &first = records.claims[0];
        QCOMPARE(first.evidence, CollectiveEvidence::AnalyserReport);
        QCOMPARE(first.seq, std::int64_t(4));
        QCOMPARE(first.pgName, std::string("0"));
        QCOMPARE(first.pgDesc, std::string("default_pg"));
        QCOMPARE(first.op, std::string("all_reduce"));
        QCOMPARE(first.missingRanks, ranks({1}));
        QVERIFY(!first.groupRanks);
        QCOMPARE(first.source.line, std::int64_t(1));

        QCOMPARE(records.claims[1].seq, std::int64_t(5));
        QCOMPARE(records.claims[1].missingRanks, ranks({1, 3}));

        const CollectiveClaim &culprit = records.claims[2];
        QCOMPARE(culprit.seq, std::int64_t(20417));
        QCOMPARE(culprit.pgName, std::string("3"));
        QCOMPARE(culprit.pgDesc, std::string("DATA_PARALLEL_GROUP"));
        QVERIFY(culprit.missingRanks.empty());
        QCOMPARE(culprit.culpritRanks, ranks({6}));

        const CollectiveClaim &oldest = records.claims[3];
        QCOMPARE(oldest.pgName, std::string("2"));
        QCOMPARE(oldest.pgDesc, std::string("PIPELINE_MODEL_PARALLEL_GROUP"));
        QCOMPARE(oldest.op, std::string("send"));
        QCOMPARE(oldest.missingRanks, ranks({1}));
    }

    void analyserTableRowsBecomeClaims()
    {
        const CollectiveRecords records =
            recordsOf("collectives/fr_analyser_table.txt", "logs/fr_table.txt");
        QCOMPARE(records.claims.size(), std::size_t(1));
        const CollectiveClaim &row = records.claims[0];
        QCOMPARE(row.evidence, CollectiveEvidence::AnalyserReport);
        QCOMPARE(row.pgName, std::string("74"));
        QCOMPARE(row.pgDesc, std::string("EXPERT_MODEL_PARALLEL_GROUP"));
        QCOMPARE(row.op, std::string("all_to_all"));
        QCOMPARE(row.missingRanks, ranks({9, 14}));
    }

    void sharedNvrxReferenceOutputsParse()
    {
        const QString dir =
            sharedDataDir() + QStringLiteral("/nvrx-flight-recorder/reference_outputs");
        QFile file(dir + QStringLiteral("/gpu_error_1st_reference.txt"));
        if (!file.open(QIODevice::ReadOnly))
            QSKIP("../shared/data/nvrx-flight-recorder is absent");
        const QByteArray bytes = file.readAll();
        const ParsedLog log =
            importLogBytes(std::string_view(bytes.constData(), std::size_t(bytes.size())),
                           "logs/gpu_error_1st_reference.txt");
        QCOMPARE(log.collectives.claims.size(), std::size_t(1));
        QCOMPARE(log.collectives.claims[0].missingRanks, ranks({12}));
        QCOMPARE(log.collectives.claims[0].pgName, std::string("74"));
    }

    void horovodStallReportsBecomeClaims()
    {
        const CollectiveRecords records =
            recordsOf("collectives/horovod_stall.log", "logs/horovod.log");
        QCOMPARE(records.claims.size(), std::size_t(4));
        QCOMPARE(records.claims[0].evidence, CollectiveEvidence::HorovodStall);
        QCOMPARE(records.claims[0].missingRanks, ranks({0, 3}));
        QCOMPARE(records.claims[0].source.line, std::int64_t(3));
        QCOMPARE(records.claims[1].missingRanks, ranks({5}));
        QCOMPARE(records.claims[2].missingRanks, ranks({1, 2}));
        QVERIFY(records.claims[2].readyRanks.empty());
        QCOMPARE(records.claims[3].readyRanks, ranks({0, 3}));
        QVERIFY(records.claims[3].missingRanks.empty());
    }

    void ncclRasReportsBecomeClaimsOfTheCommunicator()
    {
        const CollectiveRecords records = recordsOf("collectives/nccl_ras.txt", "logs/ras.txt");
        QCOMPARE(records.claims.size(), std::size_t(2));
        for (const CollectiveClaim &claim : records.claims) {
            QCOMPARE(claim.evidence, CollectiveEvidence::NcclRas);
            QCOMPARE(claim.pgName, std::string("nccl:f7e3a5b2c1d04e"));
            QVERIFY(claim.groupRanks);
            QCOMPARE(claim.missingRanks, ranks({13}));
        }
        QCOMPARE(records.claims[1].op, std::string("all_reduce"));
        QVERIFY(records.claims[0].silent); // INCOMPLETE: no answer, not seen failing
        QVERIFY(!records.claims[1].silent);
        QVERIFY(records.claims[0].failedRanks.empty()); // no DEAD section named its process
        QCOMPARE(records.claims[1].text,
                 std::string("#0-0 (00f7e3a5b2c1d04e) MISMATCH: rank 13 launched up to "
                             "all_reduce operation 20416, most ranks up to 20417"));
    }

    // DEAD names processes; the communicator's INCOMPLETE rank of such a process failed, and so
    // did the ranks that reported an NCCL error of their own; a "Remote process error" is an
    // echo of another process failing.
    void ncclRasDeadAndErrorSectionsNameFailedRanks()
    {
        const CollectiveRecords records =
            recordsOf("collectives/nccl_ras_errors.txt", "logs/ras.txt");
        QCOMPARE(records.claims.size(), std::size_t(5));
        for (const CollectiveClaim &claim : records.claims) {
            QCOMPARE(claim.evidence, CollectiveEvidence::NcclRas);
            QCOMPARE(claim.reportingRank, -1);
            QCOMPARE(claim.source.file, std::string("logs/ras.txt"));
        }
        const CollectiveClaim &dead = records.claims[0];
        QVERIFY(dead.pgName.empty());
        QVERIFY(dead.missingRanks.empty() && dead.failedRanks.empty());
        QCOMPARE(dead.text, std::string("DEAD: 1 job process is considered dead (unreachable via "
                                        "the RAS network); process 52117 on node 10.0.0.3 (GPU "
                                        "2)"));
        QCOMPARE(dead.source.line, std::int64_t(22));

        const CollectiveClaim &incomplete = records.claims[1];
        QCOMPARE(incomplete.pgName, std::string("nccl:5a1c9e0b7d3f2461"));
        QVERIFY(incomplete.groupRanks && incomplete.silent);
        QCOMPARE(incomplete.missingRanks, ranks({6}));
        QCOMPARE(incomplete.failedRanks, ranks({6}));
        QVERIFY2(incomplete.text.find("no data from rank 6 (process 52117 on node 10.0.0.3, "
                                      "considered dead)") != std::string::npos,
                 incomplete.text.c_str());

        const CollectiveClaim &async = records.claims[2];
        QCOMPARE(async.pgName, std::string("nccl:5a1c9e0b7d3f2461"));
        QVERIFY(async.groupRanks && !async.silent);
        QCOMPARE(async.failedRanks, ranks({1}));
        QVERIFY(async.missingRanks.empty());
        QVERIFY2(async.text.find("rank 4 reported Remote process error (asynchronous), process "
                                 "52115 on node 10.0.0.3") != std::string::npos,
                 async.text.c_str());
        QVERIFY2(async.text.find("rank 1 reported Unhandled CUDA error (asynchronous), process "
                                 "52001 on node 10.0.0.2") != std::string::npos,
                 async.text.c_str());

        const CollectiveClaim &init = records.claims[3];
        QCOMPARE(init.pgName, std::string("nccl:c3d2e1f00a9b8c7"));
        QCOMPARE(init.failedRanks, ranks({3}));
        QVERIFY2(init.text.find("rank 3 reported System error (initialization)") !=
                     std::string::npos,
                 init.text.c_str());

        // NCCL 2.24 counts every collective together: no op.
        const CollectiveClaim &mismatch = records.claims[4];
        QCOMPARE(mismatch.pgName, std::string("nccl:7e6f5d4c3b2a1908"));
        QCOMPARE(mismatch.missingRanks, ranks({2}));
        QVERIFY(mismatch.failedRanks.empty());
        QVERIFY(mismatch.op.empty());
        QCOMPARE(mismatch.text, std::string("#1-1 (7e6f5d4c3b2a1908) MISMATCH: rank 2 launched "
                                            "up to operation 811, most ranks up to 812"));

        // An ERROR section of remote errors only blames nobody: no claim.
        const ParsedLog remoteOnly =
            importText("#0-0 (5a1c9e0b7d3f2461) ERROR\n  Asynchronous errors on 2 ranks\n"
                       "  2 ranks reported Remote process error\n"
                       "  Rank 4 -- GPU 0 managed by process 52115 on node 10.0.0.3\n"
                       "  Rank 5 -- [process information not found]\n");
        QVERIFY(remoteOnly.collectives.claims.empty());
    }

    void ncclInitLinesBecomeGroupMembership()
    {
        const CollectiveRecords records =
            recordsOf("collectives/nccl_init_combined.log", "logs/combined.log");
        QCOMPARE(records.groups.size(), std::size_t(1));
        QCOMPARE(records.groups[0].name, std::string("nccl:f7e3a5b2c1d04e"));
        QCOMPARE(records.groups[0].ranks, ranks({0, 8}));
    }

    // Every version's init line gives the membership it can: a commId names the group, a
    // split without one is named after its parent, a line without either gives none.
    void ncclInitLinesOfEveryVersion()
    {
        const CollectiveRecords records =
            recordsOf("collectives/nccl_init_versions.log", "logs/rank5.log");
        std::map<std::string, std::vector<int>> groups;
        for (const ProcessGroupConfig &group : records.groups) {
            QCOMPARE(group.source, std::string("logs/rank5.log"));
            QVERIFY(group.desc.empty());
            groups[group.name] = group.ranks;
        }
        const std::map<std::string, std::vector<int>> expected = {
            {"nccl:3c4a8b2cf6ceb7f1", {-1, 5, -1, -1}},                     // 2.17, COMPLETE only
            {"nccl:a1b2c3d4e5f6071", {-1, -1, 5, -1}},                      // 2.18-2.20
            {"nccl:2cf6ceb7f3bc4a8b", {-1, -1, -1, -1, -1, 5, -1, -1}},     // 2.21+ function name
            {"nccl:2cf6ceb7f3bc4a8b/split1/color2", {-1, 5}},               // 2.24 split
            {"nccl:2cf6ceb7f3bc4a8b/split1/color2/split1/color0", {5, -1}}, // its split, 2.29
            {"nccl:5f0e1d2c3b4a6978", {-1, 5}},                             // 2.29 "[Rank r]"
        };
        QCOMPARE(groups, expected);
        // The lines without commId or known parent (NCCL 2.4-2.16, a split of a communicator
        // this log never initialised) gave none: their comm pointers are the process's own.
        QCOMPARE(records.groups.size(), expected.size());
    }

    void plainLinesHoldNothing()
    {
        QVERIFY(!mayHoldCollectiveEvidence("iteration 1520/ 5000 | elapsed time per iteration"));
        QVERIFY(!mayHoldCollectiveEvidence("Loading checkpoint shards: 100%"));
        const ParsedLog log =
            importText("[rank0]: iteration 10 | loss 1.0\n[rank0]: NCCL INFO Channel 00/02\n"
                       "Not all ranks joining collective\n#define X\n");
        QVERIFY(log.collectives.entries.empty());
        QVERIFY(log.collectives.statuses.empty());
        QVERIFY(log.collectives.groups.empty());
        QVERIFY(log.collectives.claims.empty()); // an analyser line naming no rank is dropped
    }

    void hostileLinesDoNotCrash()
    {
        std::string text = "[Rank 99999999999999999999] Watchdog caught collective operation "
                           "timeout: WorkNCCL(SeqNum=((((((((\n";
        text += "RuntimeError: Detected mismatch between collectives on ranks. Rank 3 is "
                "running collective: CollectiveFingerPrint(SequenceNumber=\n";
        text += "[PG 1 Rank 0] ProcessGroupNCCL initialization options: size: 999999999999, "
                "global rank: 1\n";
        text += "x NCCL INFO comm 0x1 rank 5 nranks 2 commId 0xab - Init START\n";
        text += "Missing ranks are {0-99999999999}\n";
        text += "One or more tensors were submitted to be reduced, gathered or broadcasted\n"
                "0-99999999: [x]\n";
        text += std::string(100000, '(') + "WorkNCCL(" + std::string(100000, '[') + "\n";
        for (int i = 0; i < 3; ++i)
            text += "Not all ranks joining collective, sequence number: 1\n"
                    "missing ranks: {0-1000000000}\n";
        text += "DEAD\n  Process 99999999999999999999999 on node " + std::string(5000, 'a') +
                " managing GPU 0\n#0-0 (00f7) ERROR\n  Rank 99999999999 reported System "
                "error -- x\n  Rank 3 -- GPU 0 managed by process 1 on node a\n";
        text += "x NCCL INFO ncclCommSplit comm 0x2 rank 0 nranks 2 parent 0x2 splitCount "
                "99999999999999999999 color -1 key 0- Init START\n";
        const ParsedLog log = importText(text);
        for (const CollectiveClaim &claim : log.collectives.claims) {
            QVERIFY(claim.failedRanks.empty()); // no rank in range said what failed
            QVERIFY(claim.text.size() <= 1024);
        }
        QVERIFY(log.collectives.groups.empty()); // sizes out of range are refused
        QVERIFY(!log.collectives.claims.empty());
        for (const CollectiveClaim &claim : log.collectives.claims)
            QVERIFY(claim.missingRanks.size() <= (1u << 18)); // one list is bounded
    }

    void sequenceNumbersStayVisibleInTheirTemplates()
    {
        const BuiltinTemplates &builtins = BuiltinTemplates::instance();
        const auto watchdog = builtins.match(
            "[Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1580, "
            "OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600060 "
            "milliseconds before timing out.");
        QVERIFY(watchdog);
        QVERIFY(builtins.templateText(*watchdog).find("SeqNum=<SEQ>") != std::string::npos);
        const auto progress = builtins.match(
            "[PG 0 Rank 3] Exception (either an error or timeout) detected by watchdog at work: "
            "1127, last enqueued NCCL work: 1127, last completed NCCL work: 1126.");
        QVERIFY(progress);
        QVERIFY(builtins.templateText(*progress).find("last completed NCCL work: <SEQ>") !=
                std::string::npos);
    }

    void logFileRecordCarriesTheRecords()
    {
        QTemporaryDir bundle;
        QVERIFY(bundle.isValid());
        const std::string root = bundle.path().toStdString();
        std::filesystem::create_directories(root + "/logs");
        const std::string text = readFixture("collectives/watchdog_rank3.log");
        QVERIFY(!text.empty());
        {
            std::ofstream out(root + "/logs/rank3.log", std::ios::binary);
            out << text;
        }
        BundleFile file;
        file.path = "logs/rank3.log";
        file.size = std::int64_t(text.size());
        file.kind = BundleFileKind::Log;
        const LogFileRecord record = readLogFile(root, file, 1 << 30);
        QVERIFY(record.ok);
        QCOMPARE(record.collectives.entries.size(), std::size_t(1));
        QCOMPARE(record.collectives.entries[0].collectiveSeq, std::int64_t(1580));
        QCOMPARE(record.collectives.entries[0].rank, 3);
        QCOMPARE(record.collectives.entries[0].source.file, std::string("logs/rank3.log"));
        QCOMPARE(record.collectives.statuses.size(), std::size_t(1));
        QCOMPARE(record.collectives.groups.size(), std::size_t(1));
    }
};

QTEST_GUILESS_MAIN(CollectiveLogLinesTest)
#include "tst_collective_log_lines.moc"
