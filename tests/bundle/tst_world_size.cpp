// Where the world size comes from and which layers every rank has: the manifest, the traces'
// distributedInfo.world_size, what the logs state (NCCL nranks, torchrun, Megatron), the highest
// rank the content names, the highest rank file paths name. "From file paths" only when it did.
#include "TraceBundleSupport.h"

#include "core/report/CoverageText.h"
#include "importers/bundle/StatedWorldSize.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace rankscope;
using namespace bundle_test;

class TestWorldSize : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    int m_counter = 0;

    std::pair<QString, QString> fresh()
    {
        const QString base = m_tmp.path() + QStringLiteral("/case%1").arg(++m_counter);
        return {base + QStringLiteral("/bundle"), base + QStringLiteral("/cache")};
    }

    static QByteArray logLine(int rank, const char *text)
    {
        return "[rank" + QByteArray::number(rank) + "]: 2026-11-29 12:30:00,0" +
               QByteArray::number(10 + rank) + " INFO " + text + "\n";
    }

private slots:
    void statedWorldSizeReadsWhatLaunchersPrint_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<int>("size");
        QTest::newRow("nccl") << "gpu-a:984:1257 [4] NCCL INFO comm 0x557fe785f7a0 rank 36 nranks "
                                 "64 cudaDev 4 nvmlDev 4 busId 9b000 commId 0x5ae7 - Init COMPLETE"
                              << 64;
        QTest::newRow("nccl nRanks") << "gpu-a:984:1257 [4] NCCL INFO comm 0x55 rank 3 nRanks 16 "
                                        "nNodes 2 localRanks 8 localRank 3 MNNVLs 0"
                                     << 16;
        QTest::newRow("torchrun") << "[default] Rendezvous complete for workers. Result:\n"
                                     "  group_world_size=2\n  role_world_sizes=[16, 16]\n"
                                     "  global_world_sizes=[16, 16]"
                                  << 16;
        QTest::newRow("megatron")
            << "using world size: 64, data-parallel size: 64, tensor-model-parallel size: 1" << 64;
        QTest::newRow("agents only") << "  group_world_size=2" << 0;
        QTest::newRow("no number") << "comm 0x55 rank 3 nranks  cudaDev 0" << 0;
        QTest::newRow("too long") << "comm 0x55 rank 3 nranks 123456789012 cudaDev 0" << 0;
        QTest::newRow("beyond the ranks supported")
            << "comm 0x55 rank 3 nranks 1000000 cudaDev 0" << 0; // the most is 262,144
        QTest::newRow("the most") << "comm 0x55 rank 3 nranks 262144 cudaDev 0" << 262144;
        QTest::newRow("prose") << "the world is large and nranks are many" << 0;
    }

    void statedWorldSizeReadsWhatLaunchersPrint()
    {
        QFETCH(QString, line);
        QFETCH(int, size);
        QCOMPARE(statedWorldSize(line.toStdString()), size);
    }

    void manifestWins()
    {
        const auto [bundle, cache] = fresh();
        writeFile(bundle, QStringLiteral("job.json"), R"({"job_id": "j", "world_size": 8})");
        writeFile(bundle, QStringLiteral("traces/rank0.json"), kinetoTraceForRank(0));
        const JobInfo job = importBundle(options(bundle, cache)).stacks.job;
        QCOMPARE(job.worldSize, 8);
        QCOMPARE(job.worldSizeSource, WorldSizeSource::Manifest);
        QCOMPARE(worldSizeText(job), std::string("world size 8 (job.json)"));
    }

    void tracesStateTheWorld()
    {
        // Two ranks' traces of an 8-rank job (kineto-basic.json says world_size 8): the other six
        // ranks exist and have nothing, which the coverage says without alarm.
        const auto [bundle, cache] = fresh();
        writeFile(bundle, QStringLiteral("traces/a.json"), kinetoTraceForRank(0));
        writeFile(bundle, QStringLiteral("traces/b.json"), kinetoTraceForRank(1));
        const ImportResult result = importBundle(options(bundle, cache));
        const JobInfo &job = result.stacks.job;
        QCOMPARE(job.worldSize, 8);
        QCOMPARE(job.worldSizeSource, WorldSizeSource::TraceInfo);
        QCOMPARE(worldSizeText(job),
                 std::string("world size 8 (distributedInfo.world_size in the traces)"));
        QCOMPARE(coverageText(job),
                 std::string("ranks 0-1: traces; ranks 2-7: no data; no stacks or logs in this "
                             "bundle"));
    }

    void manifestBelowTheTracesIsAProblem()
    {
        const auto [bundle, cache] = fresh();
        writeFile(bundle, QStringLiteral("job.json"), R"({"world_size": 4})");
        writeFile(bundle, QStringLiteral("traces/rank0.json"), kinetoTraceForRank(0));
        const ImportResult result = importBundle(options(bundle, cache));
        QCOMPARE(result.stacks.job.worldSize, 8);
        QCOMPARE(result.stacks.job.worldSizeSource, WorldSizeSource::TraceInfo);
        bool named = false;
        for (const ImportProblem &problem : result.stacks.problems)
            named = named ||
                    (problem.file == "job.json" &&
                     problem.message.find("distributedInfo.world_size is 8") != std::string::npos);
        QVERIFY2(named, qPrintable(problemsText(result.stacks.problems)));
    }

    void logsStateTheWorld()
    {
        // Combined Slurm output of ranks 0-3 whose NCCL lines say the world has 16 ranks.
        const auto [bundle, cache] = fresh();
        QByteArray log;
        for (int rank = 0; rank < 4; ++rank)
            log += QByteArray::number(rank) + ": gpu-a:3120" + QByteArray::number(rank) +
                   ":31377 [" + QByteArray::number(rank) + "] NCCL INFO comm 0x55d1 rank " +
                   QByteArray::number(rank) + " nranks 16 cudaDev " + QByteArray::number(rank) +
                   " busId 18000 commId 0x5ae7 - Init COMPLETE\n";
        writeFile(bundle, QStringLiteral("logs/slurm-77.out"), log);
        const JobInfo job = importBundle(options(bundle, cache)).stacks.job;
        QCOMPARE(job.worldSize, 16);
        QCOMPARE(job.worldSizeSource, WorldSizeSource::Logs);
        QCOMPARE(coverageText(job),
                 std::string("ranks 0-3: logs; ranks 4-15: no data; no stacks or traces in this "
                             "bundle"));
    }

    void ranksSeenInContent()
    {
        // Log prefixes name ranks 0-3 and nothing states a world size: the highest rank seen.
        const auto [bundle, cache] = fresh();
        QByteArray log;
        for (int rank = 0; rank < 4; ++rank)
            log += logLine(rank, "starting training");
        writeFile(bundle, QStringLiteral("logs/launcher.out"), log);
        const JobInfo job = importBundle(options(bundle, cache)).stacks.job;
        QCOMPARE(job.worldSize, 4);
        QCOMPARE(job.worldSizeSource, WorldSizeSource::RanksSeen);
        QCOMPARE(worldSizeText(job), std::string("world size 4 (highest rank seen + 1)"));
    }

    void filePathsOnlyWhenPathsSaidIt()
    {
        const auto [bundle, cache] = fresh();
        for (int rank = 0; rank < 4; ++rank)
            writeFile(bundle, QStringLiteral("stacks/rank%1.txt").arg(rank),
                      fixture("trainer_allreduce.txt"));
        JobInfo job = importBundle(options(bundle, cache)).stacks.job;
        QCOMPARE(job.worldSize, 4);
        QCOMPARE(job.worldSizeSource, WorldSizeSource::FilePaths);
        QCOMPARE(worldSizeText(job), std::string("world size 4 (from file paths)"));
        QCOMPARE(coverageText(job), std::string("ranks 0-3: stacks; no traces or logs in this "
                                                "bundle"));

        // A log that names rank 5 in its lines: the highest rank now comes from content.
        writeFile(bundle, QStringLiteral("logs/launcher.out"), logLine(5, "starting training"));
        job = importBundle(options(bundle, cache)).stacks.job;
        QCOMPARE(job.worldSize, 6);
        QCOMPARE(job.worldSizeSource, WorldSizeSource::RanksSeen);
        QCOMPARE(coverageText(job), std::string("ranks 0-3: stacks; rank 5: logs; rank 4: no "
                                                "data; no traces in this bundle"));
    }

    void coverageSaysWhatEachRankHas()
    {
        const auto [bundle, cache] = fresh();
        QByteArray log;
        for (int rank = 0; rank < 4; ++rank) {
            // A 4-rank job: its traces say so.
            writeFile(bundle, QStringLiteral("traces/rank%1.json").arg(rank),
                      kinetoTraceForRank(rank).replace("\"world_size\": 8", "\"world_size\": 4"));
            log += logLine(rank, "starting training");
            if (rank < 3)
                writeFile(bundle, QStringLiteral("stacks/rank%1.txt").arg(rank),
                          fixture("trainer_allreduce.txt"));
        }
        writeFile(bundle, QStringLiteral("job.json"), R"({"world_size": 4})");
        writeFile(bundle, QStringLiteral("logs/train.log"), log);
        const JobInfo job = importBundle(options(bundle, cache)).stacks.job;
        QCOMPARE(QString::fromStdString(coverageText(job)),
                 QStringLiteral("ranks 0-2: stacks, traces, logs; rank 3: traces, logs"));
        QVERIFY(job.layers.stacks == RankSet::range(0, 2));
        QVERIFY(job.layers.traces == RankSet::range(0, 3));
        QVERIFY(job.layers.logs == RankSet::range(0, 3));
    }
};

QTEST_GUILESS_MAIN(TestWorldSize)
#include "tst_world_size.moc"
