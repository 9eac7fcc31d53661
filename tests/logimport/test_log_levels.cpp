// Levels and header shapes as real jobs print them (tests/fixtures/logs/real-world, sources in
// its README): torchrun's elastic agent ("name: [WARNING]", glog-style "W1129 ..."), c10's letters
// (after a Python time, with an unpadded month, without a time), NCCL's INFO/WARN/TRACE headers
// (WARN with its source location, NCCL 2.26's timestamp, after a rank prefix), Python logging
// levels in the middle of common formats, and Megatron-LM's iteration line with whitespace
// before its time.

#include "LogTestSupport.h"

#include "importers/logs/LineHeader.h"

using namespace rankscope;
using namespace rankscope_test;

namespace {

ParsedLog importRealWorld(const char *name)
{
    const std::string text = readFixture((std::string("real-world/") + name).c_str());
    if (text.empty())
        qFatal("fixture real-world/%s is missing", name);
    return importText(text, "logs/launcher.out");
}

std::vector<LogSeverity> severitiesOf(const ParsedLog &log)
{
    std::vector<LogSeverity> severities;
    for (const LogEvent &event : log.events)
        severities.push_back(event.severity);
    return severities;
}

constexpr LogSeverity U = LogSeverity::Unknown;
constexpr LogSeverity I = LogSeverity::Info;
constexpr LogSeverity W = LogSeverity::Warning;
constexpr LogSeverity E = LogSeverity::Error;

} // namespace

class LogLevelsTest : public QObject
{
    Q_OBJECT

private slots:
    void torchrunElasticAgent();
    void c10Letters();
    void ncclHeaders();
    void pythonFormats();
    void megatronWhitespaceBeforeTime();
    void headerParts_data();
    void headerParts();
};

void LogLevelsTest::torchrunElasticAgent()
{
    const ParsedLog log = importRealWorld("torchrun_elastic_levels.log");
    QCOMPARE(severitiesOf(log), (std::vector<LogSeverity>{W, U, W, W, E, W, E, I}));
    // The level is taken from the middle of the header; the text keeps the logger's name.
    QCOMPARE(qs(log.events[3].text), QStringLiteral("torch.distributed.elastic.multiprocessing."
                                                    "api: [WARNING] Sending process 223646 "
                                                    "closing signal SIGTERM"));
    QVERIFY(qs(log.events[4].text)
                .startsWith(QStringLiteral("torch.distributed.elastic.multiprocessing.api: [ERROR] "
                                           "failed (exitcode: 1)")));
    // torch >= 2.4's glog-style agent lines: the time and letter go, thread and location stay.
    QVERIFY(qs(log.events[6].text)
                .startsWith(QStringLiteral("140 torch/distributed/elastic/multiprocessing/"
                                           "api.py:869] failed (exitcode: 1)")));
    QVERIFY(log.events[6].timeNs > 0);
}

void LogLevelsTest::c10Letters()
{
    const ParsedLog log = importRealWorld("c10_levels.log");
    QCOMPARE(severitiesOf(log), (std::vector<LogSeverity>{W, E, E, W, E, E}));
    // A c10 line re-stamped by Python: the dated time, the letter's level, and the default
    // group's rank from its "[PG ID 0 PG GUID 0(default_pg) Rank 5]".
    QCOMPARE(log.events[0].rank, 5);
    QCOMPARE(qs(log.events[0].text).left(26), QStringLiteral("ProcessGroupNCCL.cpp:616] "));
    // "[E606 ...": c10 does not pad the month (June 6).
    QCOMPARE(log.events[1].rank, 6);
    QCOMPARE(
        log.events[1].timeNs,
        *yearlessTimestampNs(2026, 6, 6, (9 * 3600 + 9 * 60 + 8) * 1'000'000'000LL + 169193939));
    // c10d's "[Rank 3]" and "[PG ID 2 ... Rank 0]" are ranks within some process group: not
    // taken for global ranks. The prefix's rank 1 stands.
    QCOMPARE(log.events[2].rank, -1);
    QCOMPARE(qs(log.events[2].text).left(34), QStringLiteral("ProcessGroupNCCL.cpp:475] [Rank 3]"));
    QCOMPARE(log.events[3].rank, -1);
    QCOMPARE(log.events[4].rank, 1);
    // glog's "E1218 20:27:21.426415540 1234 file.cpp:629] [PG ... Rank 7]".
    QCOMPARE(log.events[5].rank, 7);
    QCOMPARE(log.info.kind, LogFileKind::Combined);
}

void LogLevelsTest::ncclHeaders()
{
    const ParsedLog log = importRealWorld("nccl_headers.log");
    QCOMPARE(log.events.size(), std::size_t(7));
    QCOMPARE(severitiesOf(log), (std::vector<LogSeverity>{I, I, I, W, W, I, W}));
    // Every line of process 37339 is rank 12 (its communicator line), WARN and TRACE included,
    // and NCCL 2.26's "[time] " before the header is the line's time.
    for (std::size_t i = 0; i < 6; ++i)
        QCOMPARE(log.events[i].rank, 12);
    QCOMPARE(log.events[4].timeNs, std::int64_t(1795955465) * 1'000'000'000);
    // After a rank prefix.
    QCOMPARE(log.events[6].rank, 4);
    QVERIFY(
        qs(log.events[6].text).endsWith(QStringLiteral("NCCL WARN Cuda failure 'out of memory'")));
    // Rank 12's node from its communicator line; rank 4's from the host of its own prefixed
    // NCCL line (issue 10 point 16).
    QCOMPARE(log.rankNodes.size(), std::size_t(2));
    QCOMPARE(log.rankNodes[0].rank, 4);
    QCOMPARE(qs(log.rankNodes[0].node), QStringLiteral("gpu-a100-004"));
    QCOMPARE(log.rankNodes[1].rank, 12);
    QCOMPARE(qs(log.rankNodes[1].node), QStringLiteral("gpu-a100-003"));
}

void LogLevelsTest::pythonFormats()
{
    const ParsedLog log = importRealWorld("python_formats.log");
    QCOMPARE(severitiesOf(log), (std::vector<LogSeverity>{W, W, E, I, U, E}));
    QCOMPARE(log.events[0].rank, 0); // DeepSpeed's [Rank 0]
    QCOMPARE(qs(log.events[1].text),
             QStringLiteral("__main__ - Process rank: 3, device: cuda:3, n_gpu: 1 distributed "
                            "training: True"));
    QCOMPARE(qs(log.events[2].text),
             QStringLiteral("trainer.loop:step:88 - loss is nan at step 120"));
    QCOMPARE(qs(log.events[3].text),
             QStringLiteral("[core.py:12] Waiting for init message from front-end."));
    QCOMPARE(qs(log.events[4].text), QStringLiteral("Prefill batch. #new-seq: 1, #new-token: 7"));
    QCOMPARE(qs(log.events[5].text),
             QStringLiteral("torch.distributed.nn.jit - ERROR - module failed to load"));
    // HF's "%m/%d/%Y %H:%M:%S".
    QCOMPARE(log.events[1].timeNs, std::int64_t(1795955464) * 1'000'000'000);
}

void LogLevelsTest::megatronWhitespaceBeforeTime()
{
    const ParsedLog log = importRealWorld("megatron_timestamped.log");
    QCOMPARE(log.events.size(), std::size_t(2));
    QCOMPARE(log.events[0].timeNs, std::int64_t(1795955464) * 1'000'000'000);
    QVERIFY(qs(log.events[0].text).startsWith(QStringLiteral("iteration     1520/    5000 |")));
    // Two events, not one: the leading space is no indentation once a time follows it.
    QCOMPARE(log.events[1].lineCount, 1u);
    QCOMPARE(log.iterations.size(), std::size_t(2));
    QCOMPARE(log.iterations[0].iteration, std::int64_t(1520));
    QCOMPARE(log.iterations[0].stepTimeMs, 137212.4);
    QCOMPARE(log.iterations[1].loss, 2.869023);
    QCOMPARE(log.iterations[0].timeNs, std::int64_t(1795955464) * 1'000'000'000);
    QCOMPARE(log.iterations[0].rank, -1);
}

void LogLevelsTest::headerParts_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<int>("level");
    QTest::addColumn<QString>("rest");
    QTest::newRow("vLLM") << "INFO 11-29 12:31:04 [core.py:12] msg" << int(I) << "[core.py:12] msg";
    QTest::newRow("loguru") << "2026-11-29 12:31:04.123 | WARNING  | m:f:1 - msg" << int(W)
                            << "m:f:1 - msg";
    QTest::newRow("glog after python")
        << "2026-11-29 12:31:04,751 [E1129 12:31:04.5 x.cpp:1] m" << int(E) << "x.cpp:1] m";
    QTest::newRow("rank after time") << "2026-11-29T12:31:04Z [rank3]: INFO m" << int(I) << "m";
    QTest::newRow("indented text") << "    at foo.py:12" << int(U) << "    at foo.py:12";
    QTest::newRow("second epoch is text")
        << "2026-11-29 12:31:04 1795955464 items" << int(U) << "1795955464 items";
}

void LogLevelsTest::headerParts()
{
    QFETCH(QString, line);
    QFETCH(int, level);
    QFETCH(QString, rest);
    const std::string text = line.toStdString();
    const LineHeader header = parseLineHeader(text);
    QCOMPARE(int(header.level), level);
    QCOMPARE(qs(text.substr(header.length)), rest);
}

QTEST_GUILESS_MAIN(LogLevelsTest)
#include "test_log_levels.moc"
