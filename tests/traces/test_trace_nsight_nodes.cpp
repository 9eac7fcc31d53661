// Nsight Systems exports of a node's several processes (issue 16 point 1, "one per node with
// several processes"): one trace per process that did GPU work, each process's rank from MPI_RANKS,
// NCCL's communicator payloads or NVTX text, else its place on the node (said to be assumed), the
// node index from the environment or the path; and `synth --nsys-per-node` named like a bundle
// of per-rank exports.

#include "CliStragglers.h"
#include "NsightTestExport.h"
#include "TraceTestSupport.h"
#include "importers/bundle/BundleScanner.h"
#include "importers/bundle/TraceFileReader.h"
#include "importers/traces/NsightRankIdentity.h"
#include "importers/traces/NsightSqliteImport.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <optional>

using namespace rankscope;
using namespace rankscope_test;

class TraceNsightNodesTest : public QObject
{
    Q_OBJECT

private slots:
    void nodeExportGivesARankPerProcess()
    {
        // `srun --ntasks-per-node=1 nsys profile -o node_%q{SLURM_NODEID} torchrun ...`: one
        // export of node 1's four local ranks. The launcher's SLURM_PROCID is the node's task,
        // not a rank; the processes are ranks 4-7 in the order of their GPUs (the pids run the
        // other way, so the GPU decides).
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        std::filesystem::create_directories(root / "nsys");
        const std::string file = (root / "nsys" / "node_1.sqlite").string();
        {
            HandMadeExport db(file);
            db.exec("CREATE TABLE META_DATA_CAPTURE (name TEXT, value TEXT);"
                    "INSERT INTO META_DATA_CAPTURE VALUES "
                    "('PROCESS_0:ENVIRONMENT_VARIABLE', 'SLURM_PROCID=\"1\"'), "
                    "('PROCESS_0:ENVIRONMENT_VARIABLE', 'SLURM_NODEID=\"1\"')");
            for (int local = 0; local < 4; ++local) {
                db.useProcess(6000 - local, local);
                db.addSteps(10, 40);
            }
        }
        const std::vector<TraceData> traces =
            importNsightSqliteProcesses(file, "nsys/node_1.sqlite");
        QCOMPARE(int(traces.size()), 4);
        for (int local = 0; local < 4; ++local) {
            const TraceData &trace = traces[std::size_t(local)];
            QCOMPARE(trace.rank, 4 + local);
            QCOMPARE(trace.rankSource, TraceRankSource::NodeLocalOrder);
            QCOMPARE(int(trace.iterations.size()), 10);
            QCOMPARE(nsightCountKind(trace, TraceEventKind::ComputeKernel), 10);
            QCOMPARE(nsightCountKind(trace, TraceEventKind::CommunicationKernel), 10);
            QCOMPARE(nsightCountKind(trace, TraceEventKind::Runtime), 10);
            if (local > 0)
                QVERIFY(trace.problems.empty()); // the file's problems come once
        }
        QCOMPARE(int(traces.front().problems.size()), 1);
        const std::string &said = traces.front().problems.front().message;
        QVERIFY2(said.find("ranks 4-7") != std::string::npos, said.c_str());
        QVERIFY2(said.find("SLURM_NODEID=1") != std::string::npos, said.c_str());
        QVERIFY2(said.find("assumed") != std::string::npos, said.c_str());

        // In the bundle: one file, four ranks' traces, ranks said to be assumed.
        BundleFile exported;
        exported.path = "nsys/node_1.sqlite";
        exported.size = std::int64_t(std::filesystem::file_size(file));
        const TraceFileRecord record = readTraceFile(root, exported, kDefaultMaxTraceBytes);
        QVERIFY(record.ok);
        QVERIFY(!record.rank); // files.rank: several
        QCOMPARE(int(record.ranks.size()), 4);
        QCOMPARE(record.ranks.back().rank, 7);
        QCOMPARE(record.rankFacts.source, FileRankSource::Assumed);
        QCOMPARE(record.rankFacts.ranks.toString(), std::string("4-7"));
    }

    void nodeExportRanksFromMpiRanksAndNvtxText()
    {
        // MPI_RANKS rows of two processes' threads and an NVTX mark "MPI Rank 5" of the third
        // name them, whatever their GPU order; nothing is assumed. A launcher's NVTX range (no GPU
        // work) belongs to no rank and is left out with a problem.
        QTemporaryDir dir;
        const std::string file = dir.filePath(QStringLiteral("report.sqlite")).toStdString();
        {
            HandMadeExport db(file);
            for (int local = 0; local < 3; ++local) {
                db.useProcess(7000 + local, local);
                db.addSteps(5, 30);
            }
            db.exec("CREATE TABLE MPI_RANKS (globalTid INTEGER, rank INTEGER);"
                    "INSERT INTO MPI_RANKS VALUES (" +
                    std::to_string(HandMadeExport::threadOf(7000)) + ", 7), (" +
                    std::to_string(HandMadeExport::threadOf(7001)) + ", 3)");
            db.exec("INSERT INTO NVTX_EVENTS (start, eventType, text, globalTid) VALUES "
                    "(1000, 34, 'MPI Rank 5', " +
                    std::to_string(HandMadeExport::threadOf(7002)) + ")");
            db.exec("INSERT INTO NVTX_EVENTS (start, end, eventType, text, globalTid) VALUES "
                    "(1000, 2000000000, 59, 'launcher', " +
                    std::to_string(HandMadeExport::threadOf(77)) + ")");
        }
        const std::vector<TraceData> traces = importNsightSqliteProcesses(file);
        QCOMPARE(int(traces.size()), 3);
        QCOMPARE(traces[0].rank, 7);
        QCOMPARE(traces[0].rankSource, TraceRankSource::MpiRankTable);
        QCOMPARE(traces[1].rank, 3);
        QCOMPARE(traces[1].rankSource, TraceRankSource::MpiRankTable);
        QCOMPARE(traces[2].rank, 5);
        QCOMPARE(traces[2].rankSource, TraceRankSource::NvtxText);
        QCOMPARE(int(traces.front().problems.size()), 1);
        QVERIFY2(traces.front().problems.front().message.find("left out") != std::string::npos,
                 traces.front().problems.front().message.c_str());
    }

    void nodeExportWithoutNodeIndexSaysSo()
    {
        QTemporaryDir dir;
        const std::string file = dir.filePath(QStringLiteral("report.sqlite")).toStdString();
        {
            HandMadeExport db(file);
            for (int local = 0; local < 2; ++local) {
                db.useProcess(100 + local, local);
                db.addSteps(3, 30);
            }
        }
        const std::vector<TraceData> traces =
            importNsightSqliteProcesses(file, "nsys/report.sqlite");
        QCOMPARE(int(traces.size()), 2);
        QCOMPARE(traces[0].rank, 0);
        QCOMPARE(traces[1].rank, 1);
        QCOMPARE(int(traces.front().problems.size()), 1);
        QVERIFY2(traces.front().problems.front().message.find("no node index") != std::string::npos,
                 traces.front().problems.front().message.c_str());
    }

    void ranksFromNcclCommunicatorPayloads()
    {
        // A node's export whose processes' NCCL inits say their ranks: world (16 ranks) rank 9
        // on GPU 0 and rank 8 on GPU 1, each also in a two-rank communicator. The largest
        // communicator decides, whatever the GPU order; blobs that do not fit are skipped.
        QTemporaryDir dir;
        const std::string file = dir.filePath(QStringLiteral("node_4.sqlite")).toStdString();
        {
            HandMadeExport db(file);
            db.addNcclPayloadTables();
            for (int local = 0; local < 2; ++local) {
                db.useProcess(300 + local, local);
                db.addSteps(3, 30);
                db.addCommInit(0xAB, 2, 1 - local, local);
                db.addCommInit(0xF00D, 16, 9 - local, local);
            }
            db.addPayloadRow("0102"); // shorter than its header
            // The schema's header with a payload offset of 2^40 bytes: past the blob.
            db.addPayloadRow("0100000000000000e903000000000000180000000000000000000000000100" +
                             std::string(48 + 4, '0'));
            db.addCommInit(0xBAD, 16, 20, 0); // a rank beyond its communicator's size
        }
        const std::vector<TraceData> traces = importNsightSqliteProcesses(file, "node_4.sqlite");
        QCOMPARE(int(traces.size()), 2);
        QCOMPARE(traces[0].rank, 9);
        QCOMPARE(traces[1].rank, 8);
        for (const TraceData &trace : traces) {
            QCOMPARE(trace.rankSource, TraceRankSource::CommunicatorRank);
            QCOMPARE(trace.worldSize, 16);
        }
        QVERIFY2(traces.front().problems.empty(),
                 traces.front().problems.empty() ? "" : traces.front().problems[0].message.c_str());

        // One process: the payload's rank comes before the captured environment's.
        const std::string single = dir.filePath(QStringLiteral("rank.sqlite")).toStdString();
        {
            HandMadeExport db(single);
            db.addNcclPayloadTables();
            db.addSteps(3, 30);
            db.addCommInit(0xF00D, 8, 5, 0);
            db.exec("CREATE TABLE META_DATA_CAPTURE (name TEXT, value TEXT);"
                    "INSERT INTO META_DATA_CAPTURE VALUES "
                    "('PROCESS_0:ENVIRONMENT_VARIABLE', 'RANK=\"3\"')");
        }
        const TraceData one = importNsightSqlite(single, "rank_3.sqlite");
        QCOMPARE(one.rank, 5);
        QCOMPARE(one.rankSource, TraceRankSource::CommunicatorRank);
        QCOMPARE(one.worldSize, 8);
    }

    void nodeIndexFromPaths()
    {
        QCOMPARE(nodeIndexFromPath("nsys/node_3.sqlite"), std::optional<int>(3));
        QCOMPARE(nodeIndexFromPath("node-12/report.sqlite"), std::optional<int>(12));
        QCOMPARE(nodeIndexFromPath("nsys/job.node2.sqlite"), std::optional<int>(2));
        QCOMPARE(nodeIndexFromPath("Node7.sqlite"), std::optional<int>(7));
        QCOMPARE(nodeIndexFromPath("node1/node_4.sqlite"), std::optional<int>(4)); // innermost
        QCOMPARE(nodeIndexFromPath("nodes/report.sqlite"), std::nullopt);
        QCOMPARE(nodeIndexFromPath("mynode3.sqlite"), std::nullopt);
        QCOMPARE(nodeIndexFromPath("node12345678.sqlite"), std::nullopt); // too long for a node
        QCOMPARE(nodeIndexFromPath("report.sqlite"), std::nullopt);
    }

    void synthPerNodeBundleNamesTheInjectedRank()
    {
        // `synth --nsys-per-node`: 16 ranks on 2 nodes, each node one export of 8 processes with
        // nothing naming the ranks but the node (SLURM_NODEID). The stragglers name the
        // injected rank all the same.
        QTemporaryDir dir;
        const QString bundle = dir.filePath(QStringLiteral("job"));
        int fault = -1;
        synthNsightStraggler(bundle, QStringLiteral("--nsys-per-node"), &fault);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(QFileInfo::exists(bundle + QStringLiteral("/nsys/node_1.sqlite")));
        QVERIFY(!QFileInfo::exists(bundle + QStringLiteral("/nsys/node_2.sqlite")));
        const std::vector<TraceData> node = importNsightSqliteProcesses(
            QString(bundle + QStringLiteral("/nsys/node_1.sqlite")).toStdString(),
            "nsys/node_1.sqlite");
        QCOMPARE(int(node.size()), 8);
        QCOMPARE(node.front().rank, 8);
        QCOMPARE(node.back().rank, 15);
        QCOMPARE(node.front().host, std::string("node-1"));
        QProcess import;
        import.start(QStringLiteral(RANKSCOPE_CLI_BINARY), {QStringLiteral("import"), bundle});
        QVERIFY(import.waitForFinished(120000));
        const QByteArray said = import.readAllStandardOutput();
        QVERIFY2(said.contains("ranks from the node and GPU order (assumed) (16)"),
                 said.constData());
        QCOMPARE(int(node.back().iterations.size()), 20);

        QString error;
        const QJsonArray suspects =
            cliStragglerReport(bundle, &error).value(QStringLiteral("suspects")).toArray();
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(!suspects.isEmpty());
        QCOMPARE(suspects.at(0).toObject().value(QStringLiteral("ranks")).toArray(),
                 QJsonArray({fault}));
    }
};

QTEST_GUILESS_MAIN(TraceNsightNodesTest)
#include "test_trace_nsight_nodes.moc"
