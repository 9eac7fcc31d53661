// The node of each rank from the logs when job.json does not give it (issue 10, point 16): the
// hang of NodeFromLogsBundle.h, where every rank of gpu-h100-03 is elsewhere, names the node in
// its stack verdict and suspect from NCCL's "host:pid:tid" lines alone, from the combined Slurm
// output or from per-rank logs; job.json's node wins over the logs'; two logs that disagree
// about a rank leave its node unknown. Both disagreements are problems.
#include "BundleTestSupport.h"
#include "NodeFromLogsBundle.h"

#include "core/stacks/StackAnalysis.h"
#include "core/stacks/StackTree.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace rankscope;
using namespace bundle_test;
using namespace node_logs_test;

namespace {

struct Outcome
{
    ImportResult result;
    StackAnalysis analysis;
};

Outcome importAndAnalyse(const QString &bundle)
{
    QTemporaryDir cache;
    Outcome out;
    out.result = importBundle(options(bundle, cache.path()));
    const StackTree tree = StackTreeBuilder::build(out.result.stacks, {});
    out.analysis = analyzeStacks(out.result.stacks, tree);
    return out;
}

const ImportProblem *problemWith(const std::vector<ImportProblem> &problems, const char *text)
{
    for (const ImportProblem &p : problems) {
        if (p.message.find(text) != std::string::npos)
            return &p;
    }
    return nullptr;
}

// "gpu-h100-01:40000:40090 [0] NCCL INFO Using network IB", as the combined fixture's lines.
QByteArray perRankLog(int rank, const QString &host)
{
    const QByteArray origin = host.toUtf8() + ':' + QByteArray::number(pidOf(rank)) + ':' +
                              QByteArray::number(pidOf(rank) + 90) + " [" +
                              QByteArray::number(rank % 8) + "] NCCL INFO ";
    return origin + "Bootstrap : Using eth0:10.1." + QByteArray::number(rank / 8) + ".11<0>\n" +
           origin + "Using network IB\n" +
           "[2026-11-29 12:31:04] iteration      100/   10000 | elapsed time per iteration (ms): "
           "2911.4 |\n";
}

void writePerRankLogs(const QString &root, int differentRank = -1)
{
    for (int rank = 0; rank < kRanks; ++rank)
        writeTo(root, QStringLiteral("logs/rank%1.log").arg(rank), perRankLog(rank, hostOf(rank)));
    if (differentRank >= 0) // a second copy of the rank's output, naming another host
        writeTo(root, QStringLiteral("logs/retry/rank%1.log").arg(differentRank),
                perRankLog(differentRank, QStringLiteral("gpu-h100-99")));
}

const Suspect *stuckSuspect(const StackAnalysis &analysis)
{
    for (const Suspect &s : analysis.suspects) {
        if (s.ranks.toString() == "16-23")
            return &s;
    }
    return nullptr;
}

} // namespace

class TestLogRankNodes : public QObject
{
    Q_OBJECT

private slots:
    void combinedSlurmOutputNamesTheNode()
    {
        QTemporaryDir bundle;
        writeBundle(bundle.path());
        const Outcome out = importAndAnalyse(bundle.path());
        const JobInfo &job = out.result.stacks.job;
        QCOMPARE(job.worldSize, kRanks);
        QVERIFY(!job.fromManifest);
        for (int rank = 0; rank < kRanks; ++rank)
            QCOMPARE(QString::fromStdString(job.nodeOf(rank)), hostOf(rank));
        QCOMPARE(stackVerdictName(out.analysis.verdict.kind), "blockers-found");
        QVERIFY2(out.analysis.verdict.summary.find("gpu-h100-03 (ranks 16-23) is elsewhere") !=
                     std::string::npos,
                 out.analysis.verdict.summary.c_str());
        const Suspect *stuck = stuckSuspect(out.analysis);
        QVERIFY(stuck);
        QCOMPARE(stuck->host, std::string("gpu-h100-03"));
        QVERIFY2(!problemWith(out.result.stacks.problems, "names"),
                 qPrintable(problemsText(out.result.stacks.problems)));
    }

    void perRankLogsNameTheNodeOfTheirRank()
    {
        // rank7.log's rank is its path's; the host is that of its own NCCL lines.
        QTemporaryDir bundle;
        writeStacks(bundle.path());
        writePerRankLogs(bundle.path());
        const Outcome out = importAndAnalyse(bundle.path());
        for (int rank = 0; rank < kRanks; ++rank)
            QCOMPARE(QString::fromStdString(out.result.stacks.job.nodeOf(rank)), hostOf(rank));
        QVERIFY2(out.analysis.verdict.summary.find("gpu-h100-03 (ranks 16-23)") !=
                     std::string::npos,
                 out.analysis.verdict.summary.c_str());
    }

    void manifestNodesWin()
    {
        QTemporaryDir bundle;
        writeBundle(bundle.path());
        // job.json names the hosts by their rack positions; rank 20 is on "rack-b3" but the
        // logs say gpu-h100-03: job.json is kept and the disagreement said.
        QByteArray ranks;
        for (int rank = 0; rank < kRanks; ++rank) {
            const QByteArray node = "rack-b" + QByteArray::number(rank / 8 + 1);
            ranks += QByteArray(rank ? "," : "") + "{\"rank\": " + QByteArray::number(rank) +
                     ", \"node\": \"" + node + "\"}";
        }
        writeTo(bundle.path(), QStringLiteral("job.json"),
                "{\"world_size\": 32, \"ranks\": [" + ranks + "]}");
        const Outcome out = importAndAnalyse(bundle.path());
        const JobInfo &job = out.result.stacks.job;
        QCOMPARE(job.nodeOf(20), std::string("rack-b3"));
        QVERIFY2(out.analysis.verdict.summary.find("rack-b3 (ranks 16-23)") != std::string::npos,
                 out.analysis.verdict.summary.c_str());
        const ImportProblem *problem = problemWith(out.result.stacks.problems, "job.json puts");
        QVERIFY2(problem, qPrintable(problemsText(out.result.stacks.problems)));
        QCOMPARE(problem->file, std::string("logs/slurm-4242.out"));
        QVERIFY2(problem->message.find("rank 0 on rack-b1 but logs/slurm-4242.out names "
                                       "gpu-h100-01 (and 31 more ranks); job.json's nodes are "
                                       "kept") != std::string::npos,
                 problem->message.c_str());
    }

    void perNodeLogsAgreeWithTheManifest()
    {
        // The usual layout: job.json names the nodes, each node's log holds its own ranks'
        // prefixed lines ("[rank9]:node-1:40007:40097 [1] NCCL INFO ..."). No disagreement, and
        // the ranks a node's log never mentions are not put on it.
        QTemporaryDir bundle;
        writeStacks(bundle.path());
        QByteArray ranks;
        for (int rank = 0; rank < kRanks; ++rank)
            ranks += QByteArray(rank ? "," : "") + "{\"rank\": " + QByteArray::number(rank) +
                     ", \"node\": \"node-" + QByteArray::number(rank / 8) + "\"}";
        writeTo(bundle.path(), QStringLiteral("job.json"),
                "{\"world_size\": 32, \"ranks\": [" + ranks + "]}");
        for (int node = 0; node < 4; ++node) {
            QByteArray text;
            for (int rank = node * 8; rank < node * 8 + 8; ++rank)
                text += "[rank" + QByteArray::number(rank) + "]:" +
                        perRankLog(rank, QStringLiteral("node-%1").arg(node)).split('\n')[1] + "\n";
            writeTo(bundle.path(), QStringLiteral("logs/node-%1.log").arg(node), text);
        }
        const Outcome out = importAndAnalyse(bundle.path());
        QVERIFY2(!problemWith(out.result.stacks.problems, "names"),
                 qPrintable(problemsText(out.result.stacks.problems)));
        QVERIFY2(out.analysis.verdict.summary.find("node-2 (ranks 16-23)") != std::string::npos,
                 out.analysis.verdict.summary.c_str());
    }

    void disagreeingLogsLeaveTheNodeUnknown()
    {
        QTemporaryDir bundle;
        writeStacks(bundle.path());
        writePerRankLogs(bundle.path(), 18);
        const Outcome out = importAndAnalyse(bundle.path());
        const JobInfo &job = out.result.stacks.job;
        QCOMPARE(job.nodeOf(18), std::string());
        QCOMPARE(job.nodeOf(17), std::string("gpu-h100-03"));
        const ImportProblem *problem =
            problemWith(out.result.stacks.problems, "these ranks' node is left unknown");
        QVERIFY2(problem, qPrintable(problemsText(out.result.stacks.problems)));
        QVERIFY2(problem->message.find("logs/rank18.log puts rank 18 on gpu-h100-03 but "
                                       "logs/retry/rank18.log on gpu-h100-99") != std::string::npos,
                 problem->message.c_str());
        // Ranks 16-23 are no longer known to be all of one node: no node named.
        QVERIFY2(out.analysis.verdict.summary.find("gpu-h100-03") == std::string::npos,
                 out.analysis.verdict.summary.c_str());
    }
};

QTEST_GUILESS_MAIN(TestLogRankNodes)
#include "tst_log_rank_nodes.moc"
