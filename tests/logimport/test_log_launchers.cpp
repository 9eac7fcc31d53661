// Launcher and container prefixes as real jobs print them (tests/fixtures/logs/real-world, see
// its README for each form's public source): docker compose, kubectl --prefix, pdsh, a pid before
// torchrun's prefix, srun labels of heterogeneous jobs and around torchrun, Open MPI/PRRTE tags,
// Lightning's and torchrun's template prefixes. Each gives the rank where it carries one, a node
// or pid where it names one, and is removed before templating.

#include "LogTestSupport.h"

#include "importers/logs/LauncherPrefix.h"

using namespace rankscope;
using namespace rankscope_test;

namespace {

ParsedLog importRealWorld(const char *name, std::string_view path = "logs/launcher.out")
{
    const std::string text = readFixture((std::string("real-world/") + name).c_str());
    if (text.empty())
        qFatal("fixture real-world/%s is missing", name);
    return importText(text, path);
}

// The event that starts at `line` and belongs to `rank`, or nullptr.
const LogEvent *eventAt(const ParsedLog &log, std::uint32_t line, int rank)
{
    for (const LogEvent &event : log.events) {
        if (event.line == line && event.rank == rank)
            return &event;
    }
    return nullptr;
}

const LogRankNode *nodeOf(const ParsedLog &log, int rank)
{
    for (const LogRankNode &node : log.rankNodes) {
        if (node.rank == rank)
            return &node;
    }
    return nullptr;
}

} // namespace

class LogLaunchersTest : public QObject
{
    Q_OBJECT

private slots:
    void pidBeforeTorchrunPrefix();
    void composeServicesAreNodesNotRanks();
    void composeTimestampsBeforeRankPrefix();
    void composeServiceNamedByRank();
    void composeAndRayTagStacked();
    void kubectlPodIsTheNode();
    void kubectlSinglePodIsAPerNodeFile();
    void srunHeterogeneousComponents();
    void srunLabelsAroundTorchrunLocalRanks();
    void openMpiStderrOnly();
    void prrteTagDetailed();
    void pdshHosts();
    void lightningAndTorchrunTemplate();
    void lookAlikeTextIsNoPrefix();
};

void LogLaunchersTest::pidBeforeTorchrunPrefix()
{
    const ParsedLog log = importRealWorld("torchrun_pid_rank.log");
    QCOMPARE(log.events.size(), std::size_t(4));
    QCOMPARE(qs(log.info.prefixFormat), QStringLiteral("[PID] [rankN]:"));
    const LogEvent *oom = eventAt(log, 3, 1);
    QVERIFY(oom);
    QCOMPARE(oom->lineCount, 4u);
    QVERIFY(qs(oom->text).startsWith(QStringLiteral("Traceback (most recent call last):\n  File")));
    QVERIFY(
        qs(oom->text).endsWith(QStringLiteral("CUDA out of memory. Tried to allocate 2.00 GiB")));
    const LogEvent *nccl = eventAt(log, 4, 0);
    QVERIFY(nccl);
    QCOMPARE(nccl->lineCount, 4u);
    QCOMPARE(nccl->severity, LogSeverity::Error);
    // The pid in brackets is the process's.
    QVERIFY(nodeOf(log, 1));
    QCOMPARE(nodeOf(log, 1)->pid, std::int64_t(48212));
    QCOMPARE(nodeOf(log, 0)->pid, std::int64_t(48211));
}

void LogLaunchersTest::composeServicesAreNodesNotRanks()
{
    const ParsedLog log = importRealWorld("compose_up.log");
    QCOMPARE(qs(log.info.prefixFormat), QStringLiteral("service | [rankN]:"));
    QCOMPARE(log.info.kind, LogFileKind::Combined);
    // compose's own lines have no prefix and no rank.
    QCOMPARE(log.events.front().rank, -1);
    QCOMPARE(qs(log.events.front().text), QStringLiteral("Attaching to trainer-1, trainer-2"));
    // Rank 1's traceback merges across rank 0's line in between.
    const LogEvent *oom = eventAt(log, 4, 1);
    QVERIFY(oom);
    QCOMPARE(oom->lineCount, 4u);
    QVERIFY(qs(oom->text).endsWith(QStringLiteral("torch.OutOfMemoryError: CUDA out of memory.")));
    const LogEvent *warning = eventAt(log, 5, 0);
    QVERIFY(warning);
    QCOMPARE(warning->severity, LogSeverity::Warning);
    QVERIFY(qs(warning->text).startsWith(QStringLiteral("ProcessGroupNCCL.cpp:616] Warning")));
    // "trainer-1" is replica 1 of service "trainer": a node, not rank 1.
    const LogEvent *launcher = eventContaining(log, "launcher line without a rank");
    QVERIFY(launcher);
    QCOMPARE(launcher->rank, -1);
    QCOMPARE(launcher->severity, LogSeverity::Info);
    QVERIFY(nodeOf(log, 0) && nodeOf(log, 1));
    QCOMPARE(qs(nodeOf(log, 0)->node), QStringLiteral("trainer-1"));
    QCOMPARE(qs(nodeOf(log, 1)->node), QStringLiteral("trainer-2"));
}

void LogLaunchersTest::composeTimestampsBeforeRankPrefix()
{
    // docker compose logs --timestamps: the RFC 3339 time between the service and the rank.
    const ParsedLog log = importRealWorld("compose_timestamps.log");
    QCOMPARE(log.events.size(), std::size_t(2));
    QCOMPARE(log.events[0].rank, 3);
    QCOMPARE(log.events[0].severity, LogSeverity::Warning);
    QCOMPARE(log.events[0].timeNs, std::int64_t(1795955464123456789));
    QCOMPARE(log.events[1].rank, 3);
    QCOMPARE(log.events[1].lineCount, 3u);
    QCOMPARE(log.events[1].severity, LogSeverity::Error);
    QCOMPARE(qs(log.info.timestampFormat), QStringLiteral("iso8601"));
    // One container and one rank: rank 3's file, on node trainer-1.
    QCOMPARE(log.info.kind, LogFileKind::PerRank);
    QCOMPARE(log.info.rank, 3);
    QCOMPARE(qs(log.info.node), QStringLiteral("trainer-1"));
    QCOMPARE(log.rankNodes.size(), std::size_t(1));
}

void LogLaunchersTest::composeServiceNamedByRank()
{
    // Services "rank0", "rank1" (replica 1 each) name ranks the way paths do; "worker-2" is the
    // second replica of service "worker" and names none.
    const ParsedLog log = importRealWorld("compose_rank_services.log");
    QCOMPARE(log.events.size(), std::size_t(4));
    QCOMPARE(log.events[0].rank, 0);
    QCOMPARE(log.events[1].rank, 1);
    QCOMPARE(log.events[2].rank, -1);
    QCOMPARE(log.events[3].rank, 1);
    QCOMPARE(qs(log.events[0].text), QStringLiteral("step 10 done"));
    QCOMPARE(rankFromComposeName("rank3-1"), 3);
    QCOMPARE(rankFromComposeName("proj_worker3_1"), 3);
    QCOMPARE(rankFromComposeName("trainer-1"), -1);
    QCOMPARE(rankFromComposeName("worker-2"), -1);
}

void LogLaunchersTest::composeAndRayTagStacked()
{
    // Compose v1 ("name_1 | ") around vLLM's Ray worker tag, each line of the traceback stamped.
    const ParsedLog log = importRealWorld("compose_v1_ray.log");
    QCOMPARE(qs(log.info.prefixFormat), QStringLiteral("service | (Name pid=N)"));
    QCOMPARE(log.events.size(), std::size_t(3));
    const LogEvent &traceback = log.events[2];
    QCOMPARE(traceback.lineCount, 4u);
    QCOMPARE(traceback.severity, LogSeverity::Error);
    QVERIFY(qs(traceback.text)
                .startsWith(QStringLiteral("Traceback (most recent call last):\n  File")));
    QVERIFY(qs(traceback.text)
                .endsWith(QStringLiteral("RuntimeError: Unexpected error from "
                                         "cudaGetDeviceCount().")));
    // Nothing maps pid 3487 to a rank.
    QCOMPARE(traceback.rank, -1);
    QCOMPARE(qs(log.info.node), QStringLiteral("vllm-openai_1"));
}

void LogLaunchersTest::kubectlPodIsTheNode()
{
    const ParsedLog log = importRealWorld("kubectl_prefix.log");
    QCOMPARE(qs(log.info.prefixFormat), QStringLiteral("[pod/P/C] [rankN]:"));
    // The pod's ordinal ("worker-0") is no rank; the rank prefix after it is.
    const LogEvent *error = eventAt(log, 3, 8);
    QVERIFY(error);
    QCOMPARE(error->lineCount, 3u);
    QVERIFY(qs(error->text)
                .endsWith(QStringLiteral("RuntimeError: NCCL error: unhandled system error")));
    QCOMPARE(qs(nodeOf(log, 8)->node), QStringLiteral("llama-worker-0"));
    QCOMPARE(qs(nodeOf(log, 0)->node), QStringLiteral("llama-master-0"));
    // A pod's line without a rank prefix: no rank, but its continuation still merges.
    const LogEvent *agent = eventAt(log, 7, -1);
    QVERIFY(agent);
    QCOMPARE(agent->severity, LogSeverity::Warning);
    QCOMPARE(agent->lineCount, 2u);
    QCOMPARE(log.info.kind, LogFileKind::Combined);
}

void LogLaunchersTest::kubectlSinglePodIsAPerNodeFile()
{
    // kubectl logs --prefix --timestamps of one pod: torchrun's local ranks on one node.
    const ParsedLog log = importRealWorld("kubectl_single_pod.log", "logs/pod.log");
    QCOMPARE(log.events.size(), std::size_t(3));
    QCOMPARE(log.events[0].rank, 0);
    QCOMPARE(log.events[1].rank, 1);
    QCOMPARE(qs(log.events[2].text), QStringLiteral("step 1 done"));
    QCOMPARE(log.info.kind, LogFileKind::PerNode);
    QCOMPARE(qs(log.info.node), QStringLiteral("bert-worker-2"));
    QCOMPARE(qs(log.info.prefixFormat), QStringLiteral("[pod/P/C] [defaultN]:"));
}

void LogLaunchersTest::srunHeterogeneousComponents()
{
    // "P<component> <task>: ": component 1's tasks follow component 0's two.
    const ParsedLog log = importRealWorld("srun_het.log");
    QCOMPARE(log.events.size(), std::size_t(5));
    QCOMPARE(log.events[0].rank, 0);
    QCOMPARE(log.events[1].rank, 1);
    QCOMPARE(log.events[2].rank, 2);
    QCOMPARE(log.events[3].rank, 3);
    QCOMPARE(log.events[4].rank, 3);
    QCOMPARE(log.events[4].lineCount, 3u);
    QCOMPARE(qs(log.events[2].text), QStringLiteral("client connected"));
    QCOMPARE(qs(log.info.prefixFormat), QStringLiteral("PC N: "));
}

void LogLaunchersTest::srunLabelsAroundTorchrunLocalRanks()
{
    // One torchrun per srun task (node): "[default1]:" is local rank 1; task 1's is rank 3.
    const ParsedLog log = importRealWorld("srun_torchrun.log");
    QCOMPARE(log.events.size(), std::size_t(6));
    QCOMPARE(log.events[0].rank, 0);
    QCOMPARE(log.events[1].rank, 1);
    QCOMPARE(log.events[2].rank, 2);
    QCOMPARE(log.events[3].rank, 3);
    const LogEvent *ecc = eventAt(log, 5, 3);
    QVERIFY(ecc);
    QCOMPARE(ecc->lineCount, 3u);
    QCOMPARE(ecc->severity, LogSeverity::Error);
    QCOMPARE(eventAt(log, 6, 1)->lineCount, 1u);
    QCOMPARE(qs(log.info.prefixFormat), QStringLiteral("N: [defaultN]:"));
}

void LogLaunchersTest::openMpiStderrOnly()
{
    // Open MPI 4 writes the text right after "<stderr>:": the indentation is the traceback's.
    const ParsedLog log = importRealWorld("openmpi_stderr.log");
    QCOMPARE(log.events.size(), std::size_t(2));
    QCOMPARE(log.events[0].rank, 2);
    QCOMPARE(log.events[1].rank, 3);
    QCOMPARE(log.events[0].lineCount, 3u);
    QCOMPARE(qs(log.events[1].text), QStringLiteral("Traceback (most recent call last):\n"
                                                    "  File \"bench.py\", line 9, in <module>\n"
                                                    "RuntimeError: second"));
}

void LogLaunchersTest::prrteTagDetailed()
{
    // PRRTE's tag-detailed "[nspace,rank][host:pid]<stream>: ".
    const ParsedLog log = importRealWorld("openmpi_detailed.log");
    QCOMPARE(log.events.size(), std::size_t(3));
    QCOMPARE(log.events[0].rank, 0);
    QCOMPARE(log.events[1].rank, 5);
    QCOMPARE(log.events[2].rank, 5);
    QCOMPARE(qs(log.events[1].text), QStringLiteral("hello from rank 5"));
    QCOMPARE(qs(nodeOf(log, 5)->node), QStringLiteral("node2"));
    QCOMPARE(nodeOf(log, 5)->pid, std::int64_t(51001));
    QCOMPARE(qs(nodeOf(log, 0)->node), QStringLiteral("node1"));
}

void LogLaunchersTest::pdshHosts()
{
    // DeepSpeed's pdsh launcher: "host: " before everything, then torchrun's or DeepSpeed's own.
    const ParsedLog log = importRealWorld("pdsh_deepspeed.log");
    QCOMPARE(qs(log.info.prefixFormat), QStringLiteral("host: [rankN]:"));
    const LogEvent *assert_ = eventAt(log, 2, 3);
    QVERIFY(assert_);
    QCOMPARE(assert_->lineCount, 3u);
    QCOMPARE(qs(nodeOf(log, 3)->node), QStringLiteral("worker-1"));
    QCOMPARE(qs(nodeOf(log, 0)->node), QStringLiteral("worker-0"));
    const LogEvent *sigkill = eventAt(log, 6, -1);
    QVERIFY(sigkill);
    QCOMPARE(sigkill->severity, LogSeverity::Error);
    QVERIFY(qs(sigkill->text).startsWith(QStringLiteral("[launch.py:321:sigkill_handler]")));
}

void LogLaunchersTest::lightningAndTorchrunTemplate()
{
    const ParsedLog lightning = importRealWorld("lightning_rank.log");
    QCOMPARE(lightning.events.size(), std::size_t(3));
    QCOMPARE(lightning.events[0].rank, 0);
    QCOMPARE(lightning.events[1].rank, 1);
    QCOMPARE(qs(lightning.events[1].text), QStringLiteral("Seed set to 42"));
    QCOMPARE(qs(lightning.info.prefixFormat), QStringLiteral("[RANK N]"));

    // torchrun --log-line-prefix-template "[${rank}]:" (its documented example).
    const ParsedLog templ = importRealWorld("torchrun_rank_template.log");
    QCOMPARE(templ.events.size(), std::size_t(3));
    QCOMPARE(templ.events[0].rank, 0);
    QCOMPARE(templ.events[2].rank, 1);
    QCOMPARE(templ.events[2].lineCount, 3u);
    QCOMPARE(qs(templ.info.prefixFormat), QStringLiteral("[N]:"));
}

void LogLaunchersTest::lookAlikeTextIsNoPrefix()
{
    // A table, a note and a "step1:" line among plain text are text: look-alike prefixes need
    // the whole file.
    const ParsedLog log = importText("starting\n"
                                     "loss      | 1.25\n"
                                     "[3]: see note three\n"
                                     "step1: warmup done\n"
                                     "[12345] started\n"
                                     "bye\n");
    QCOMPARE(log.events.size(), std::size_t(6));
    for (const LogEvent &event : log.events)
        QCOMPARE(event.rank, -1);
    QCOMPARE(qs(log.events[1].text), QStringLiteral("loss      | 1.25"));
    QCOMPARE(qs(log.events[2].text), QStringLiteral("[3]: see note three"));
    QCOMPARE(qs(log.events[3].text), QStringLiteral("step1: warmup done"));
    QCOMPARE(qs(log.events[4].text), QStringLiteral("[12345] started"));
    QCOMPARE(qs(log.info.prefixFormat), QString());
    QVERIFY(log.rankNodes.empty());
}

QTEST_GUILESS_MAIN(LogLaunchersTest)
#include "test_log_launchers.moc"
