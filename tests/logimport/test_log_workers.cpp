// Inference servers' worker tags (tests/fixtures/logs/real-world, sources in its README): SGLang's
// "[time DP0 PP1 TP3]" coordinates become global ranks by the layout the file shows; vLLM's and
// Ray's "(Name pid=N)" keep the pid as the stream (a worker's traceback is one event) and get a
// rank only from what maps it (NCCL's communicator line of that pid, "rank=2", vLLM's "rank 7 in
// world size 8 is assigned as ..."); untagged lines stay the engine's.

#include "LogTestSupport.h"

#include "importers/logs/StreamIdentities.h"
#include "importers/logs/WorkerTag.h"

using namespace rankscope;
using namespace rankscope_test;

namespace {

ParsedLog importRealWorld(const char *name)
{
    const std::string text = readFixture((std::string("real-world/") + name).c_str());
    if (text.empty())
        qFatal("fixture real-world/%s is missing", name);
    return importText(text, "logs/server.log");
}

std::vector<int> ranksOf(const ParsedLog &log)
{
    std::vector<int> ranks;
    for (const LogEvent &event : log.events)
        ranks.push_back(event.rank);
    return ranks;
}

} // namespace

class LogWorkersTest : public QObject
{
    Q_OBJECT

private slots:
    void sglangTensorAndPipelineRanks();
    void sglangDpAttentionKeepsTpRanks();
    void sglangDataParallelReplicas();
    void sglangBareTags();
    void layoutRule();
    void vllmWorkerPidsMapThroughNccl();
    void vllmV1StatedRanks();
    void vllmWorkerCoordinatesAndStatedRank();
    void rayWorkers();
};

void LogWorkersTest::sglangTensorAndPipelineRanks()
{
    // tp 4 (TP0..TP3), pp 2: global rank = pp * 4 + tp.
    const ParsedLog log = importRealWorld("sglang_tp_pp.log");
    QCOMPARE(ranksOf(log), (std::vector<int>{-1, 0, 3, 4, 7, 6, 1}));
    QCOMPARE(qs(log.events[1].text), QStringLiteral("Load weight begin. avail mem=78.50 GB"));
    // SGLang prefixes only the first line of its traceback message: the rest is still PP1 TP2's.
    const LogEvent &crash = log.events[5];
    QCOMPARE(crash.lineCount, 4u);
    QCOMPARE(crash.severity, LogSeverity::Error);
    QVERIFY(
        qs(crash.text).endsWith(QStringLiteral("CUDA out of memory. Tried to allocate 1.25 GiB.")));
    QCOMPARE(qs(log.info.prefixFormat), QStringLiteral("[TPn]"));
    QCOMPARE(log.info.kind, LogFileKind::Combined);
}

void LogWorkersTest::sglangDpAttentionKeepsTpRanks()
{
    // DP attention: each TP index under one DP index only; the TP index is the rank.
    const ParsedLog log = importRealWorld("sglang_dp_attention.log");
    QCOMPARE(ranksOf(log), (std::vector<int>{0, 1, 2, 3, 7, 5}));
    QCOMPARE(qs(log.info.timestampFormat), QStringLiteral("md-hms"));
}

void LogWorkersTest::sglangDataParallelReplicas()
{
    // Two replicas of tp 2: TP0 and TP1 under both DP0 and DP1; rank = dp * 2 + tp.
    const ParsedLog log = importRealWorld("sglang_dp_replicas.log");
    QCOMPARE(ranksOf(log), (std::vector<int>{0, 1, 2, 3, 3}));
}

void LogWorkersTest::sglangBareTags()
{
    const ParsedLog log = importRealWorld("sglang_bare_tags.log");
    // tp 4 from TP3, pp 2 from PP1: PP1 TP3 is rank 7; DP0 TP2 EP1 is rank 2 (EP is inside TP).
    QCOMPARE(ranksOf(log), (std::vector<int>{0, 7, 2}));
    QCOMPARE(qs(log.events[2].text),
             QStringLiteral("Capture cuda graph end. Time elapsed: 12.31 s"));
}

void LogWorkersTest::layoutRule()
{
    WorkerRankLayout layout;
    layout.tpSize = 8;
    layout.ppSize = 2;
    WorkerTag tag;
    tag.dp = 1;
    tag.pp = 1;
    tag.tp = 3;
    QCOMPARE(layout.rankOf(tag), (1 * 2 + 1) * 8 + 3);
    layout.dpInsideTp = true;
    QCOMPARE(layout.rankOf(tag), 1 * 8 + 3);
    tag.unknownDimension = true; // an ATTN_CP index: its place is not known
    QCOMPARE(layout.rankOf(tag), -1);
    QCOMPARE(layout.rankOf(WorkerTag{}), -1);
}

void LogWorkersTest::vllmWorkerPidsMapThroughNccl()
{
    const ParsedLog log = importRealWorld("vllm_worker_process.log");
    // pid 1236 and 1237 are NCCL ranks 1 and 2; pid 1238 printed no NCCL line: no rank.
    QCOMPARE(ranksOf(log), (std::vector<int>{-1, 1, 2, 1, 2, 2, 2, 1, -1}));
    const LogEvent &traceback = log.events[6];
    QCOMPARE(traceback.line, 7u);
    QCOMPARE(traceback.lineCount, 4u); // across pid 1236's line in between
    QCOMPARE(traceback.severity, LogSeverity::Error);
    QVERIFY(qs(traceback.text)
                .startsWith(QStringLiteral("Traceback (most recent call last):\n"
                                           "  File \"/usr/local/lib")));
    QVERIFY(qs(traceback.text).endsWith(QStringLiteral("Tried to allocate 448.00 MiB.")));
    // The engine's own line is nobody's rank, even though the file has tagged ranks.
    QCOMPARE(log.events[0].rank, -1);
    QCOMPARE(qs(log.events[0].text),
             QStringLiteral("[config.py:1604] Defaulting to use mp for distributed inference"));
    QCOMPARE(log.rankNodes.size(), std::size_t(2));
    QCOMPARE(log.rankNodes[1].pid, std::int64_t(1237));
    QCOMPARE(qs(log.rankNodes[1].node), QStringLiteral("gpu-node-1"));
}

void LogWorkersTest::vllmV1StatedRanks()
{
    const ParsedLog log = importRealWorld("vllm_v1_rank.log");
    QCOMPARE(ranksOf(log), (std::vector<int>{-1, 0, 2, 2, 0, -1}));
    QCOMPARE(log.events[3].lineCount, 4u);
    QVERIFY(qs(log.events[3].text)
                .endsWith(QStringLiteral("less than desired GPU memory utilization")));
    QCOMPARE(log.events[5].severity, LogSeverity::Fatal); // CRITICAL
    QCOMPARE(log.info.kind, LogFileKind::Combined);
}

void LogWorkersTest::vllmWorkerCoordinatesAndStatedRank()
{
    // Worker_PP1_TP3 states "rank 7 in world size 8"; Worker_PP1_TP2's rank follows from the
    // layout (tp 4 from TP3, pp 2): 1 * 4 + 2. EngineCore_DP0 is the engine, not a GPU rank.
    const ParsedLog log = importRealWorld("vllm_worker_coordinates.log");
    QCOMPARE(ranksOf(log), (std::vector<int>{0, 7, 6, -1}));
    QCOMPARE(log.events[3].severity, LogSeverity::Error);
    QCOMPARE(statedGlobalRank("rank 7 in world size 8 is assigned as DP rank 0, PP rank 1"), 7);
    QCOMPARE(statedGlobalRank("world_size=8 rank=5 local_rank=5 distributed_init_method=env://"),
             5);
    QCOMPARE(statedGlobalRank("rank 7 is ready"), -1);
}

void LogWorkersTest::rayWorkers()
{
    const ParsedLog log = importRealWorld("ray_workers.log");
    // The driver's line is not the worker's; the worker is NCCL rank 1 on node-b.
    QCOMPARE(ranksOf(log), (std::vector<int>{-1, 1, 1, 1, -1}));
    QCOMPARE(log.events[3].lineCount, 3u);
    QCOMPARE(log.events[3].severity, LogSeverity::Error);
    QCOMPARE(qs(log.events[4].text), QStringLiteral("(raylet) A worker died or was killed while "
                                                    "executing a task by an unexpected system "
                                                    "error."));
    QCOMPARE(log.rankNodes.size(), std::size_t(1));
    QCOMPARE(qs(log.rankNodes[0].node), QStringLiteral("node-b"));
    QCOMPARE(log.info.kind, LogFileKind::Combined);
}

QTEST_GUILESS_MAIN(LogWorkersTest)
#include "test_log_workers.moc"
