// The real Slurm logs of BigScience's Megatron-DeepSpeed runs (../shared/data/
// bigscience-train-logs, 16 nodes / 64 ranks, 2021): every file imports, iteration lines become
// records with plausible step times and losses, ranks and nodes are recovered from NCCL's
// communicator lines and DeepSpeed's "[Rank N]" tags. Also the importer's throughput.

#include "LogTestSupport.h"

#include <QDirIterator>
#include <QElapsedTimer>

#include <cmath>
#include <set>

using namespace rankscope;
using namespace rankscope_test;

class LogRealFilesTest : public QObject
{
    Q_OBJECT

private slots:
    void everyFileImports();
    void megatronDeepSpeedIterations();
    void ranksAndNodesFromNccl();
    void rankTagsOfDeepSpeed();
    void progressBarsOfHfTrainer();
    void throughput();
};

namespace {

QString bigscienceDir(const QString &shared)
{
    return shared + QStringLiteral("/bigscience-train-logs/experiments");
}

ParsedLog importReal(const QString &shared, const char *relative)
{
    const QString path = bigscienceDir(shared) + QLatin1Char('/') + QString::fromUtf8(relative);
    return importLogFile(path.toStdString(), std::string("logs/") + relative);
}

#define REQUIRE_BIGSCIENCE(dirVar)                                                                 \
    RANKSCOPE_REQUIRE_SHARED_DATA(dirVar);                                                         \
    if (!QDir(bigscienceDir(dirVar)).exists())                                                     \
        QSKIP("bigscience-train-logs is absent from ../shared/data");

} // namespace

void LogRealFilesTest::everyFileImports()
{
    REQUIRE_BIGSCIENCE(shared);
    QDirIterator it(bigscienceDir(shared), {QStringLiteral("*.out")}, QDir::Files,
                    QDirIterator::Subdirectories);
    int files = 0;
    while (it.hasNext()) {
        const QString path = it.next();
        const ParsedLog log = importLogFile(path.toStdString(), "logs/job.out");
        QVERIFY2(log.events.size() > 100, qPrintable(path));
        QVERIFY2(log.problems.empty(), qPrintable(path + QLatin1Char('\n') + problemsText(log)));
        QVERIFY2(log.info.lines >= std::int64_t(log.events.size()), qPrintable(path));
        // Slurm's combined output of many ranks, no path rank.
        QCOMPARE(log.info.kind, LogFileKind::Combined);
        for (const LogEvent &event : log.events) {
            QVERIFY(event.line >= 1 && event.line <= log.info.lines);
            QVERIFY(!event.text.empty());
        }
        ++files;
    }
    QVERIFY(files >= 10);
}

void LogRealFilesTest::megatronDeepSpeedIterations()
{
    REQUIRE_BIGSCIENCE(shared);
    // Megatron-DeepSpeed 3D: DeepSpeed's "steps: N loss: .. iter time (s): .." and Megatron's
    // "iteration N/1000 | elapsed time per iteration (ms): .. | lm loss: .." for the same step
    // become one record.
    const ParsedLog log = importReal(shared, "gpt2-meg-ds-3d-old/meg_ds_3d_gpt2_perf_n16.out");
    QCOMPARE(log.iterations.size(), std::size_t(2));
    QCOMPARE(log.iterations[0].iteration, std::int64_t(1));
    QCOMPARE(log.iterations[1].iteration, std::int64_t(2));
    QVERIFY(std::abs(log.iterations[0].stepTimeMs - 150471.3) < 1.0);
    QVERIFY(std::abs(log.iterations[1].stepTimeMs - 145207.0) < 1.0);
    QVERIFY(std::abs(log.iterations[0].loss - 12.79022) < 1e-3);
    QVERIFY(std::abs(log.iterations[1].learningRate - 3.75e-05) < 1e-9);
    // A DeepSpeed log_dist line dated the second step.
    QVERIFY(log.iterations[1].timeNs > log.iterations[0].timeNs);

    // Plain Megatron-LM: 1000-step runs logging every 10 iterations, losses from step 20 on.
    const ParsedLog megatron =
        importReal(shared, "gpt2-meg/meg_gpt2_base_n16_dp1_tp4_pp16-1809577.out");
    QVERIFY(megatron.iterations.size() >= 2);
    int withLoss = 0;
    std::int64_t previous = 0;
    for (const LogIterationRecord &record : megatron.iterations) {
        QCOMPARE(QString::fromStdString(record.framework), QStringLiteral("megatron"));
        QVERIFY(record.iteration > previous);
        previous = record.iteration;
        QVERIFY2(record.stepTimeMs > 100 && record.stepTimeMs < 600000,
                 qPrintable(QString::number(record.stepTimeMs)));
        if (!std::isnan(record.loss)) {
            QVERIFY(record.loss > 0.5 && record.loss < 50);
            ++withLoss;
        }
    }
    QVERIFY(withLoss >= 1);
    QCOMPARE(megatron.iterations[0].iteration, std::int64_t(10));
    QVERIFY(std::isnan(megatron.iterations[0].loss)); // all 10 steps skipped: no lm loss
}

void LogRealFilesTest::ranksAndNodesFromNccl()
{
    REQUIRE_BIGSCIENCE(shared);
    const ParsedLog log = importReal(shared, "gpt2-meg-ds-3d-old/meg_ds_3d_gpt2_perf_n16.out");
    // 64 ranks on 16 nodes, 4 GPUs each: "r6i4n5:37339:37557 [0] NCCL INFO comm 0x.. rank 0
    // nranks 64 ...".
    QCOMPARE(log.rankNodes.size(), std::size_t(64));
    std::set<std::string> nodes;
    for (std::size_t i = 0; i < log.rankNodes.size(); ++i) {
        QCOMPARE(log.rankNodes[i].rank, int(i));
        QVERIFY(log.rankNodes[i].pid > 0);
        nodes.insert(log.rankNodes[i].node);
    }
    QCOMPARE(nodes.size(), std::size_t(16));
    QCOMPARE(log.rankNodes[0].node, std::string("r6i4n5"));

    // Every NCCL line of a known process carries its rank.
    std::set<int> ranks;
    int ncclEvents = 0;
    for (const LogEvent &event : log.events) {
        if (event.text.find("] NCCL INFO ") == std::string::npos)
            continue;
        ++ncclEvents;
        if (event.rank >= 0)
            ranks.insert(event.rank);
        QCOMPARE(event.severity, LogSeverity::Info);
    }
    QVERIFY(ncclEvents > 10000);
    QCOMPARE(ranks.size(), std::size_t(64));
}

void LogRealFilesTest::rankTagsOfDeepSpeed()
{
    REQUIRE_BIGSCIENCE(shared);
    // "[Rank 43] (after 1 iterations) memory (MB) | ..." from every rank of the job.
    const ParsedLog log = importReal(shared, "gpt2-meg-ds-3d/meg_ds_3d_gpt2_perf_n16-ds-on.out");
    std::set<int> ranks;
    for (const LogEvent &event : log.events) {
        if (event.text.rfind("(after 1 iterations) memory", 0) == 0)
            ranks.insert(event.rank);
    }
    QVERIFY2(ranks.size() >= 60, qPrintable(QString::number(ranks.size())));
    QVERIFY(!ranks.count(-1));
    // DeepSpeed's "[2021-06-10 20:47:51,724] [INFO] [logging.py:60:log_dist] [Rank 0] ...".
    const LogEvent *logDist = eventContaining(log, "[Rank 0] DeepSpeed info");
    QVERIFY(logDist);
    QCOMPARE(logDist->rank, 0);
    QCOMPARE(logDist->severity, LogSeverity::Info);
    QVERIFY(logDist->timeNs > 1622000000LL * 1000000000LL); // 2021-05-26 and later
    QCOMPARE(QString::fromStdString(log.info.timestampFormat), QStringLiteral("ymd-hms-comma"));
}

void LogRealFilesTest::progressBarsOfHfTrainer()
{
    REQUIRE_BIGSCIENCE(shared);
    // tqdm redraws with '\r': " 25%|██▌  | 1/4 [03:45<11:15, 225.28s/it]".
    const ParsedLog log = importReal(shared, "gpt2-hf-ds/hf_ds_gpt2_base_n4-1832555.out");
    std::set<std::int64_t> steps;
    for (const LogIterationRecord &record : log.iterations) {
        if (record.framework != "tqdm")
            continue;
        steps.insert(record.iteration);
        QVERIFY2(record.stepTimeMs > 1000 && record.stepTimeMs < 600000,
                 qPrintable(QString::number(record.stepTimeMs)));
    }
    QVERIFY2(steps.size() >= 10, qPrintable(QString::number(steps.size())));
    QVERIFY(steps.count(1) && steps.count(16));
}

void LogRealFilesTest::throughput()
{
    REQUIRE_BIGSCIENCE(shared);
    // About 100 MB of real log text: every file, repeated.
    std::string one;
    QDirIterator it(bigscienceDir(shared), {QStringLiteral("*.out")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile file(it.next());
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        one.append(bytes.constData(), std::size_t(bytes.size()));
    }
    std::string big;
    while (big.size() < 100u * 1024 * 1024)
        big += one;
    QElapsedTimer timer;
    timer.start();
    const ParsedLog log = importLogBytes(big, "logs/combined.out");
    const double seconds = std::max(1e-6, double(timer.nsecsElapsed()) / 1e9);
    QVERIFY(log.events.size() > 100000);
    QVERIFY(log.iterations.size() > 100);
    qInfo("importLogBytes: %.1f MB, %lld lines, %zu events in %.3f s: %.0f MB/s, %.0f lines/s",
          double(big.size()) / 1e6, static_cast<long long>(log.info.lines), log.events.size(),
          seconds, double(big.size()) / 1e6 / seconds, double(log.info.lines) / seconds);
}

QTEST_GUILESS_MAIN(LogRealFilesTest)
#include "test_log_real_files.moc"
