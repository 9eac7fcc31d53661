// Whose log a file is: ranks and nodes from paths, and the file kinds they lead to.

#include "LogTestSupport.h"

#include "importers/logs/RankFromLogPath.h"

using namespace rankscope;
using namespace rankscope_test;

class LogPathsTest : public QObject
{
    Q_OBJECT

private slots:
    void identities_data();
    void identities();
    void fileKinds();
};

void LogPathsTest::identities_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("rank");
    QTest::addColumn<QString>("node");
    QTest::newRow("rank file") << "logs/rank3.log" << 3 << "";
    QTest::newRow("rank folder") << "logs/rank-0003/stdout.txt.gz" << 3 << "";
    QTest::newRow("node file") << "logs/node-17.log" << -1 << "node-17";
    QTest::newRow("node plain digits") << "logs/node17.out.zst" << -1 << "node17";
    QTest::newRow("host folder") << "logs/host-a/rank5.log" << 5 << "host-a";
    QTest::newRow("worker and node") << "logs/worker-3-node-5.out" << 3 << "node-5";
    QTest::newRow("nodes folder") << "logs/nodes/r6i4n5/train.log" << -1 << "r6i4n5";
    QTest::newRow("local rank is no rank") << "logs/local_rank3.log" << -1 << "";
    QTest::newRow("hostname is no host") << "logs/hostname.txt" << -1 << "";
    QTest::newRow("launcher") << "logs/slurm-1234.out" << -1 << "";
    // Open MPI --output-filename: DIR/<job>/rank.<N>/stdout and stderr.
    QTest::newRow("open mpi output dir") << "logs/ompi/1/rank.3/stderr.log" << 3 << "";
    // torchrun --log-dir: <run>/attempt_0/<local rank>/stdout.log is a local rank: no rank.
    QTest::newRow("torchrun log dir") << "logs/run1/attempt_0/3/stdout.log" << -1 << "";
}

void LogPathsTest::identities()
{
    QFETCH(QString, path);
    QFETCH(int, rank);
    QFETCH(QString, node);
    const LogPathIdentity identity = logIdentityFromPath(path.toStdString());
    QCOMPARE(identity.rank.value_or(-1), rank);
    QCOMPARE(qs(identity.node), node);
}

void LogPathsTest::fileKinds()
{
    const ParsedLog perRank = importText("hello\n", "logs/rank3.log");
    QCOMPARE(perRank.info.kind, LogFileKind::PerRank);
    QCOMPARE(perRank.info.rank, 3);
    QCOMPARE(perRank.events[0].rank, 3);

    // A node's file with its ranks' prefixes: per node, each line its rank, the node known.
    const ParsedLog perNode =
        importText("[rank8]: a\n[rank9]: b\nnode message\n", "logs/node-2.log");
    QCOMPARE(perNode.info.kind, LogFileKind::PerNode);
    QCOMPARE(qs(perNode.info.node), QStringLiteral("node-2"));
    QCOMPARE(perNode.events[0].rank, 8);
    QCOMPARE(perNode.events[1].rank, 9);
    QCOMPARE(perNode.events[2].rank, -1);
    QCOMPARE(perNode.rankNodes.size(), std::size_t(2));
    QCOMPARE(qs(perNode.rankNodes[1].node), QStringLiteral("node-2"));
    QCOMPARE(perNode.rankNodes[1].rank, 9);

    const ParsedLog nodeOnly = importText("kernel message\n", "logs/node-2.log");
    QCOMPARE(nodeOnly.info.kind, LogFileKind::PerNode);

    const ParsedLog combined = importText("[rank0]: a\n[rank1]: b\n", "logs/launcher.log");
    QCOMPARE(combined.info.kind, LogFileKind::Combined);
    QCOMPARE(qs(combined.info.path), QStringLiteral("logs/launcher.log"));
    QCOMPARE(combined.info.lines, std::int64_t(2));
    QCOMPARE(combined.info.bytes, std::int64_t(22));
}

QTEST_GUILESS_MAIN(LogPathsTest)
#include "test_log_paths.moc"
