// A single trace, stack dump or log opens as a bundle of that one file (as Perfetto and
// speedscope open a trace): its rank from distributedInfo, else its name, else 0; its cache keyed
// by its path; reopening it parses nothing. Logs beside the bundle folders are read too.
#include "TarBuilder.h"
#include "TraceBundleSupport.h"

#include "core/report/CoverageText.h"
#include "importers/bundle/BundleInput.h"
#include "importers/bundle/BundleScanner.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace rankscope;
using namespace bundle_test;

namespace {

QByteArray singleFixture(const char *name)
{
    QFile file(rankscope_test::fixturesDir() + QStringLiteral("/single/") +
               QString::fromUtf8(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", name);
    return file.readAll();
}

bool hasProblemContaining(const StackDataset &data, const char *text)
{
    for (const ImportProblem &problem : data.problems) {
        if (problem.message.find(text) != std::string::npos)
            return true;
    }
    return false;
}

} // namespace

class TestSingleFile : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    int m_counter = 0;

    // A fresh folder for the files and a cache beside it.
    std::pair<QString, QString> fresh()
    {
        const QString base = m_tmp.path() + QStringLiteral("/case%1").arg(++m_counter);
        QDir().mkpath(base + QStringLiteral("/files"));
        return {base + QStringLiteral("/files"), base + QStringLiteral("/cache")};
    }

    ImportResult importFile(const QString &file, const QString &cache)
    {
        return importBundle(options(file, cache));
    }

private slots:
    void contentDecidesWhatAFileIs_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("compression");
        QTest::addColumn<int>("kind");
        const int none = int(TarBuilder::Compression::None);
        const int gzip = int(TarBuilder::Compression::Gzip);
        const int zstd = int(TarBuilder::Compression::Zstd);
        const QByteArray kineto = traceFixture("kineto-basic.json");
        QTest::newRow("kineto") << kineto << "r.json" << none << int(BundleInputKind::Trace);
        QTest::newRow("kineto gz") << kineto << "r.json.gz" << gzip << int(BundleInputKind::Trace);
        QTest::newRow("kineto zst")
            << kineto << "r.json.zst" << zstd << int(BundleInputKind::Trace);
        QTest::newRow("renamed .gz that is plain")
            << kineto << "r.json.gz" << none << int(BundleInputKind::Trace);
        QTest::newRow("chrome array") << singleFixture("chrome-array.json") << "a.json" << none
                                      << int(BundleInputKind::Trace);
        QTest::newRow("py-spy dump") << fixture("trainer_allreduce.txt") << "dump.txt" << none
                                     << int(BundleInputKind::StackDump);
        QTest::newRow("py-spy json") << fixture("trainer_pyspy.json") << "dump.json" << none
                                     << int(BundleInputKind::StackDump);
        QTest::newRow("torchrun log")
            << QByteArray("[rank0]: 2026-11-29 12:30:00,000 INFO starting training\n") << "t.log"
            << none << int(BundleInputKind::Log);
        QTest::newRow("log gz") << singleFixture("slurm-1234.out") << "slurm.out.gz" << gzip
                                << int(BundleInputKind::Log);
        QTest::newRow("json lines log")
            << singleFixture("structured.log") << "s.json" << none << int(BundleInputKind::Log);
        QTest::newRow("binary") << QByteArray("\x7f"
                                              "ELF\x02\x01\x01\0\0\0",
                                              10)
                                << "core" << none << int(BundleInputKind::Archive);
    }

    void contentDecidesWhatAFileIs()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, name);
        QFETCH(int, compression);
        QFETCH(int, kind);
        const auto [dir, cache] = fresh();
        writeFile(dir, name, TarBuilder::compress(content, TarBuilder::Compression(compression)));
        QCOMPARE(int(classifyBundleInput(QString(dir + QLatin1Char('/') + name).toStdString())),
                 kind);
    }

    void tarArchivesStayArchives()
    {
        const auto [dir, cache] = fresh();
        TarBuilder tar;
        tar.addFile("run/traces/rank0.json", traceFixture("kineto-basic.json"));
        tar.write(dir + QStringLiteral("/run.tar"));
        tar.write(dir + QStringLiteral("/run.tar.gz"), TarBuilder::Compression::Gzip);
        QCOMPARE(classifyBundleInput(QString(dir + QStringLiteral("/run.tar")).toStdString()),
                 BundleInputKind::Archive);
        QCOMPARE(classifyBundleInput(QString(dir + QStringLiteral("/run.tar.gz")).toStdString()),
                 BundleInputKind::Archive);
        QCOMPARE(classifyBundleInput(dir.toStdString()), BundleInputKind::Folder);
    }

    // A trace that names no rank (a single-GPU profile) is rank 0, in every compression.
    void singleTraceIsRankZero_data()
    {
        QTest::addColumn<int>("compression");
        QTest::addColumn<QString>("name");
        QTest::newRow("json") << int(TarBuilder::Compression::None)
                              << "gpu-node-a.2201.1727740800123.pt.trace.json";
        QTest::newRow("json.gz") << int(TarBuilder::Compression::Gzip)
                                 << "gpu-node-a.2201.1727740800123.pt.trace.json.gz";
        QTest::newRow("json.zst") << int(TarBuilder::Compression::Zstd)
                                  << "gpu-node-a.2201.1727740800123.pt.trace.json.zst";
    }

    void singleTraceIsRankZero()
    {
        QFETCH(int, compression);
        QFETCH(QString, name);
        const auto [dir, cache] = fresh();
        writeFile(dir, name,
                  TarBuilder::compress(singleFixture("kineto-no-rank.pt.trace.json"),
                                       TarBuilder::Compression(compression)));
        const ImportResult result = importFile(dir + QLatin1Char('/') + name, cache);
        QCOMPARE(result.summary.traceFiles, 1);
        QCOMPARE(result.summary.traceRanks, 1);
        QCOMPARE(result.summary.filesFailed, 0);
        QVERIFY2(!hasProblemContaining(result.stacks, "no rank"),
                 qPrintable(problemsText(result.stacks.problems)));
        QVERIFY2(!hasProblemContaining(result.stacks, "no stacks/, traces/"),
                 qPrintable(problemsText(result.stacks.problems)));
        QCOMPARE(result.stacks.job.worldSize, 1);
        QCOMPARE(result.stacks.job.worldSizeSource, WorldSizeSource::SingleFile);
        QCOMPARE(coverageText(result.stacks.job),
                 std::string("rank 0: traces; no stacks or logs in this bundle"));
        // Keyed by the file: its cache is named after it.
        QVERIFY2(QString::fromStdString(result.summary.cacheFile.filename().string())
                     .startsWith(QLatin1String("gpu-node-a.2201.1727740800123-")),
                 result.summary.cacheFile.c_str());

        // Reopening parses nothing.
        const ImportResult again = importFile(dir + QLatin1Char('/') + name, cache);
        QCOMPARE(again.summary.filesParsed, 0);
        QCOMPARE(again.summary.filesReused, 1);
        QCOMPARE(again.summary.traceRanks, 1);
    }

    void singleTraceKeepsItsRankAndWorldSize()
    {
        // distributedInfo says rank 3 of 8: the other seven ranks are part of the job, with no
        // data, and the world size says where it comes from.
        const auto [dir, cache] = fresh();
        writeFile(dir, QStringLiteral("trace.json"), traceFixture("kineto-basic.json"));
        const ImportResult result = importFile(dir + QStringLiteral("/trace.json"), cache);
        QCOMPARE(result.summary.traceRanks, 1);
        QCOMPARE(result.stacks.job.worldSize, 8);
        QCOMPARE(result.stacks.job.worldSizeSource, WorldSizeSource::TraceInfo);
        QCOMPARE(coverageText(result.stacks.job),
                 std::string("rank 3: traces; ranks 0-2,4-7: no data; no stacks or logs in this "
                             "bundle"));
        // The name decides when the content does not.
        writeFile(dir, QStringLiteral("worker5.pt.trace.json"),
                  singleFixture("kineto-no-rank.pt.trace.json"));
        const ImportResult named =
            importFile(dir + QStringLiteral("/worker5.pt.trace.json"), cache);
        QCOMPARE(named.stacks.job.worldSize, 6);
        QCOMPARE(named.stacks.job.worldSizeSource, WorldSizeSource::FilePaths);
        QVERIFY(named.stacks.job.layers.traces == RankSet::fromVector({5}));
        // Two files of one folder get two caches.
        QVERIFY(named.summary.cacheFile != result.summary.cacheFile);
        QCOMPARE(named.summary.filesSeen, 1); // the folder's other file is not part of it
    }

    void chromeArrayTraceOpens()
    {
        const auto [dir, cache] = fresh();
        writeFile(dir, QStringLiteral("a.json"), singleFixture("chrome-array.json"));
        const ImportResult result = importFile(dir + QStringLiteral("/a.json"), cache);
        QCOMPARE(result.summary.traceRanks, 1);
        QVERIFY(result.summary.traceEvents >= 3);
        QCOMPARE(result.summary.filesFailed, 0);
    }

    void singleDumpAndLogOpen()
    {
        const auto [dir, cache] = fresh();
        writeFile(dir, QStringLiteral("pyspy-host-a.txt"), fixture("trainer_allreduce.txt"));
        const ImportResult dump = importFile(dir + QStringLiteral("/pyspy-host-a.txt"), cache);
        QVERIFY(!dump.stacks.samples.empty());
        for (const StackSample &sample : dump.stacks.samples)
            QCOMPARE(sample.rank, 0);
        QCOMPARE(dump.stacks.job.worldSizeSource, WorldSizeSource::SingleFile);
        QCOMPARE(coverageText(dump.stacks.job),
                 std::string("rank 0: stacks; no traces or logs in this bundle"));
        writeFile(dir, QStringLiteral("rank7.txt"), fixture("trainer_allreduce.txt"));
        const ImportResult named = importFile(dir + QStringLiteral("/rank7.txt"), cache);
        QCOMPARE(named.stacks.samples.front().rank, 7);

        // A log keeps its ranks from its lines: the Slurm output names ranks 0-9 and says the
        // world has 16 ranks.
        writeFile(dir, QStringLiteral("slurm-1234.out"), singleFixture("slurm-1234.out"));
        const ImportResult log = importFile(dir + QStringLiteral("/slurm-1234.out"), cache);
        QCOMPARE(log.summary.logFiles, 1);
        QVERIFY(log.summary.logEvents >= 6);
        QCOMPARE(log.stacks.job.worldSize, 16);
        QCOMPARE(log.stacks.job.worldSizeSource, WorldSizeSource::Logs);
        QVERIFY(log.stacks.job.layers.logs.contains(9));
        QCOMPARE(importFile(dir + QStringLiteral("/slurm-1234.out"), cache).summary.filesParsed, 0);
    }

    void realSingleTraces()
    {
        RANKSCOPE_REQUIRE_SHARED_DATA(shared);
        const auto [dir, cache] = fresh();
        struct Case
        {
            const char *path;
            int rank;
        };
        // resnet: a single-GPU capture without distributedInfo; HTA's trace_compare base: a
        // rank of a distributed job.
        for (const Case &c :
             {Case{"param-et-kineto/et_replay/tests/inputs/resnet_kineto.json.gz", 0},
              Case{"hta-testdata/tests/data/trace_compare/base/base.json.gz", -1}}) {
            const QString file = shared + QLatin1Char('/') + QString::fromUtf8(c.path);
            if (!QFileInfo::exists(file))
                QSKIP(qPrintable(QStringLiteral("%1 is absent").arg(file)));
            const ImportResult result = importFile(file, cache);
            QCOMPARE(result.summary.traceFiles, 1);
            QCOMPARE(result.summary.traceRanks, 1);
            QVERIFY(result.summary.traceEvents > 10);
            if (c.rank >= 0)
                QVERIFY(result.stacks.job.layers.traces.contains(c.rank));
            QVERIFY(!hasProblemContaining(result.stacks, "no rank"));
            QCOMPARE(importFile(file, cache).summary.filesParsed, 0);
        }
    }

    // Logs beside the bundle's folders (train.log, slurm-1234.out, launcher.out) are logs;
    // notes are not.
    void logsAtTheRootAreRead()
    {
        const auto [dir, cache] = fresh();
        const QString bundle = dir + QStringLiteral("/run-42");
        writeFile(bundle, QStringLiteral("traces/rank0.json"), kinetoTraceForRank(0));
        writeFile(bundle, QStringLiteral("train.log"),
                  "[rank0]: 2026-11-29 12:30:00,000 INFO starting training\n"
                  "[rank1]: 2026-11-29 12:30:00,010 INFO starting training\n");
        writeFile(bundle, QStringLiteral("slurm-1234.out"), singleFixture("slurm-1234.out"));
        writeFile(bundle, QStringLiteral("launcher.out"), singleFixture("launcher.out"));
        writeFile(bundle, QStringLiteral("notes.txt"), "copied from the cluster\n");
        const BundleListing listing = scanBundle(bundle.toStdString());
        QVERIFY(listing.hasRootLogs);
        int logs = 0;
        for (const BundleFile &file : listing.files) {
            if (file.kind == BundleFileKind::Log)
                ++logs;
            if (file.path == "notes.txt")
                QCOMPARE(file.kind, BundleFileKind::Ignored);
        }
        QCOMPARE(logs, 3);
        const ImportResult result = importFile(bundle, cache);
        QCOMPARE(result.summary.logFiles, 3);
        QVERIFY(result.summary.logEvents >= 9);
        QCOMPARE(result.stacks.job.worldSize, 16);
    }

    void tracesOnlyFolderWithLogs()
    {
        // HTA and TraceLens keep a run as loose traces; the job's log often sits beside them.
        const auto [dir, cache] = fresh();
        writeFile(dir, QStringLiteral("rank0.json"), kinetoTraceForRank(0));
        writeFile(dir, QStringLiteral("rank1.json"), kinetoTraceForRank(1));
        writeFile(dir, QStringLiteral("train.log"),
                  "[rank0]: 2026-11-29 12:30:00,000 INFO starting training\n");
        const ImportResult result = importFile(dir, cache);
        QCOMPARE(result.summary.traceRanks, 2);
        QCOMPARE(result.summary.logFiles, 1);
        QVERIFY(!hasProblemContaining(result.stacks, "no stacks/, traces/"));
    }

    void wrappedFolderOfLogsIsTheRoot()
    {
        // tar czf job.tar.gz job/ of a folder holding only what the job wrote.
        const auto [dir, cache] = fresh();
        TarBuilder tar;
        tar.addDirectory("job-77/");
        tar.addFile("job-77/train.log",
                    "[rank0]: 2026-11-29 12:30:00,000 INFO starting training\n"
                    "[rank3]: 2026-11-29 12:30:00,040 ERROR CUDA out of memory.\n");
        tar.write(dir + QStringLiteral("/job-77.tar.gz"), TarBuilder::Compression::Gzip);
        const ImportResult result = importFile(dir + QStringLiteral("/job-77.tar.gz"), cache);
        QCOMPARE(result.summary.logFiles, 1);
        QCOMPARE(result.stacks.job.worldSize, 4);
        QCOMPARE(result.stacks.job.worldSizeSource, WorldSizeSource::RanksSeen);
        QVERIFY(!hasProblemContaining(result.stacks, "no stacks/, traces/"));
    }
};

QTEST_GUILESS_MAIN(TestSingleFile)
#include "tst_single_file.moc"
