// End to end: bundles (folders and archives) written from the py-spy fixtures are imported into
// the SQLite cache and loaded back; bad input, incremental updates, cancel and schema changes.
#include "BundleTestSupport.h"
#include "TarBuilder.h"

#include "core/cache/CacheSchema.h"
#include "core/cache/StackCacheReader.h"
#include "core/cache/StackSampleCodec.h"
#include "importers/bundle/BundleImport.h"
#include "importers/bundle/ParallelStackReader.h"

#include <QDirIterator>
#include <QTemporaryDir>
#include <QtTest>

#include <unistd.h>

using namespace rankscope;
using namespace bundle_test;

namespace {

constexpr qint64 kT0 = 1714566605; // 2024-05-01T12:30:05Z

// Four ranks, one file each: all-reduce waiters, a rank in its DataLoader with two worker
// processes, a rank with unnamed threads.
void writeFourRanks(const QString &root, bool withManifest)
{
    writeFile(root, QStringLiteral("stacks/rank0.txt"), fixture("trainer_allreduce.txt"), kT0);
    writeFile(root, QStringLiteral("stacks/rank1.txt"), fixture("trainer_allreduce.txt"), kT0);
    writeFile(root, QStringLiteral("stacks/rank2.txt"), fixture("trainer_dataloader.txt"), kT0);
    writeFile(root, QStringLiteral("stacks/rank3.txt"), fixture("trainer_unnamed_threads.txt"),
              kT0);
    if (withManifest)
        writeFile(root, QStringLiteral("job.json"), fixture("job.json"), kT0);
}

int count(const StackDataset &data, const std::function<bool(const StackSample &)> &test)
{
    return int(std::count_if(data.samples.begin(), data.samples.end(), test));
}

} // namespace

class TestBundleImport : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    int m_counter = 0;

    // A fresh bundle folder and cache folder per test.
    std::pair<QString, QString> fresh()
    {
        const QString base = m_tmp.path() + QStringLiteral("/t%1").arg(++m_counter);
        QDir().mkpath(base + QStringLiteral("/bundle"));
        QDir().mkpath(base + QStringLiteral("/cache"));
        return {base + QStringLiteral("/bundle"), base + QStringLiteral("/cache")};
    }

private slots:
    void folderWithManifest()
    {
        const auto [bundle, cache] = fresh();
        writeFourRanks(bundle, true);
        writeFile(bundle, QStringLiteral("ground_truth.json"), "{}");
        writeFile(bundle, QStringLiteral("README.md"), "notes");
        writeFile(bundle, QStringLiteral("logs/core.bin"), "not a log");

        const ImportResult result = importBundle(options(bundle, cache));
        const ImportSummary &s = result.summary;
        const StackDataset &data = result.stacks;
        QVERIFY2(data.problems.empty(), qPrintable(problemsText(data.problems)));
        QCOMPARE(s.filesSeen, 8);
        QCOMPARE(s.filesParsed, 5); // 4 stack files + job.json
        QCOMPARE(s.filesReused, 0);
        QCOMPARE(s.filesFailed, 0);
        QCOMPARE(s.filesIgnored, 1); // logs/core.bin; README and ground truth are expected
        QVERIFY(!s.cancelled);
        QVERIFY(QFileInfo::exists(QString::fromStdString(s.cacheFile.string())));
        QVERIFY(QString::fromStdString(s.cacheFile.filename().string())
                    .startsWith(QLatin1String("bundle-")));

        QCOMPARE(data.job.jobId, std::string("llama-7b-run-42"));
        QVERIFY(data.job.fromManifest);
        QCOMPARE(data.worldSize(), 4);
        QCOMPARE(data.job.nodeOf(2), std::string("node-1"));
        QCOMPARE(data.job.ranks[1].groups.at("tp"), 1);

        // 3 + 3 threads (ranks 0, 1), 2 + 1 + 1 (rank 2 and its workers), 2 (rank 3).
        QCOMPARE(s.samples, std::int64_t(12));
        QCOMPARE(data.samples.size(), std::size_t(12));
        for (std::size_t i = 1; i < data.samples.size(); ++i)
            QVERIFY(data.samples[i - 1].rank <= data.samples[i].rank);
        for (int rank = 0; rank < 4; ++rank) {
            QCOMPARE(
                count(data, [&](const StackSample &x) { return x.rank == rank && x.isMainThread; }),
                1);
        }
        // Roles: the main process has the rank's role, rank 2's children are DataLoader workers.
        QCOMPARE(count(data, [](const StackSample &x) { return x.role == "dataloader"; }), 2);
        QCOMPARE(count(data, [](const StackSample &x) { return x.role == "actor"; }), 2);
        QCOMPARE(count(data, [](const StackSample &x) { return x.role == "trainer"; }), 8);

        const StackSample &main0 = data.samples[0];
        QCOMPARE(main0.rank, 0);
        QVERIFY(main0.isMainThread);
        QCOMPARE(main0.threadName, std::string("MainThread"));
        QCOMPARE(main0.pid, std::int64_t(4242));
        QCOMPARE(main0.state, ThreadState::Idle);
        QCOMPARE(main0.timeNs, kT0 * 1000000000);
        QCOMPARE(data.sourceFiles[main0.sourceFile], std::string("stacks/rank0.txt"));
        const std::vector<FrameId> &frames = data.stacks[main0.stack];
        QCOMPARE(data.frames[frames.front()].function, std::string("<module>")); // root first
        QCOMPARE(data.frames[frames.back()].function, std::string("pthread_cond_wait"));
        // Ranks 0 and 1 have identical stacks: interned once.
        QCOMPARE(data.samples[3].stack, main0.stack);

        // Rank 3 has unnamed threads: the thread whose id is the pid is the main thread.
        for (const StackSample &x : data.samples) {
            if (x.rank == 3 && x.isMainThread)
                QCOMPARE(x.threadId, std::uint64_t(6000));
        }
    }

    void folderWithoutManifest()
    {
        const auto [bundle, cache] = fresh();
        writeFourRanks(bundle, false);
        writeFile(bundle, QStringLiteral("stacks/worker-9.txt"), fixture("trainer_allreduce.txt"));
        const ImportResult result = importBundle(options(bundle, cache));
        const StackDataset &data = result.stacks;
        QVERIFY2(data.problems.empty(), qPrintable(problemsText(data.problems)));
        QVERIFY(!data.job.fromManifest);
        QCOMPARE(data.worldSize(), 10); // highest rank seen + 1
        QCOMPARE(data.job.nodeOf(3), std::string());
        QVERIFY(data.job.rankInfo(5) == nullptr); // nothing known about rank 5
        QCOMPARE(data.job.rankInfo(9)->role, std::string("trainer"));
        QCOMPARE(count(data, [](const StackSample &x) { return x.role == "trainer"; }), 13);
    }

    void keyedAndBrokenManifests()
    {
        const auto [bundle, cache] = fresh();
        writeFourRanks(bundle, false);
        writeFile(bundle, QStringLiteral("job.json"), fixture("job_keyed.json"));
        ImportResult result = importBundle(options(bundle, cache));
        QVERIFY2(result.stacks.problems.empty(), qPrintable(problemsText(result.stacks.problems)));
        QCOMPARE(result.stacks.worldSize(), 6); // keyed ranks go to 5, no world_size
        QCOMPARE(result.stacks.job.nodeOf(5), std::string("host-b"));
        QCOMPARE(result.stacks.job.ranks[5].localRank, 1);

        writeFile(bundle, QStringLiteral("job.json"), fixture("job_broken.json"), kT0 + 50);
        result = importBundle(options(bundle, cache));
        QCOMPARE(result.summary.filesParsed, 1); // only the manifest changed
        QCOMPARE(result.summary.filesFailed, 1);
        QVERIFY(!result.stacks.job.fromManifest);
        QCOMPARE(result.stacks.worldSize(), 4);
        QCOMPARE(result.stacks.problems.size(), std::size_t(1));
        const QString message = QString::fromStdString(result.stacks.problems[0].message);
        QCOMPARE(result.stacks.problems[0].file, std::string("job.json"));
        QVERIFY2(message.contains(QLatin1String("line 7")), qPrintable(message));
        QCOMPARE(result.stacks.samples.size(), std::size_t(12)); // the stacks still import
    }

    void manifestEditUpdatesRolesWithoutReparsing()
    {
        const auto [bundle, cache] = fresh();
        writeFourRanks(bundle, true);
        importBundle(options(bundle, cache));
        QByteArray manifest = fixture("job.json");
        manifest.replace("\"role\": \"actor\"", "\"role\": \"learner\"");
        manifest.replace("\"world_size\": 4", "\"world_size\": 8");
        writeFile(bundle, QStringLiteral("job.json"), manifest, kT0 + 10);
        const ImportResult result = importBundle(options(bundle, cache));
        QCOMPARE(result.summary.filesParsed, 1);
        QCOMPARE(result.summary.filesReused, 4);
        QCOMPARE(result.stacks.worldSize(), 8);
        QCOMPARE(count(result.stacks, [](const StackSample &x) { return x.role == "learner"; }), 2);
    }

    void otherFormatsAndRoles()
    {
        const auto [bundle, cache] = fresh();
        writeFile(bundle, QStringLiteral("job.json"), R"({"world_size": 2})");
        writeFile(bundle, QStringLiteral("stacks/rank0.json"), fixture("trainer_pyspy.json"));
        // A second, unrelated process in the same dump: neither a child nor a DataLoader.
        QByteArray two = fixture("trainer_unnamed_threads.txt");
        two += "\nProcess 9000: /usr/bin/python3 monitor.py\nPython v3.11.4 (/usr/bin/python3)\n"
               "Parent Process 1: /sbin/init\n\nThread 9000 (idle): \"MainThread\"\n"
               "    sleep (monitor.py:10)\n";
        writeFile(bundle, QStringLiteral("stacks/rank1.txt"), two);
        // Rank 3 is beyond the manifest's world size: kept, and said so.
        writeFile(bundle, QStringLiteral("stacks/rank3.txt"), fixture("trainer_allreduce.txt"));
        const ImportResult result = importBundle(options(bundle, cache));
        const StackDataset &data = result.stacks;
        QCOMPARE(data.worldSize(), 4);
        QCOMPARE(data.problems.size(), std::size_t(1));
        QCOMPARE(data.problems[0].file, std::string("job.json"));
        QVERIFY(QString::fromStdString(data.problems[0].message).contains(QLatin1String("rank 3")));

        QCOMPARE(count(data, [](const StackSample &x) { return x.rank == 0; }), 2);
        for (const StackSample &x : data.samples) {
            if (x.rank == 0 && x.isMainThread) {
                QCOMPARE(x.threadName, std::string("MainThread"));
                QCOMPARE(frameText(data, x.stack), std::string("<module>;train_step;all_reduce"));
            }
        }
        QCOMPARE(count(data, [](const StackSample &x) { return x.role == "other"; }), 1);
        QCOMPARE(count(data, [](const StackSample &x) { return x.rank == 1 && x.isMainThread; }),
                 1);
    }

    void archivesImportLikeTheFolder_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("compression");
        QTest::newRow("tar") << QStringLiteral("run-42.tar") << int(TarBuilder::Compression::None);
        QTest::newRow("tar.gz") << QStringLiteral("run-42.tar.gz")
                                << int(TarBuilder::Compression::Gzip);
        QTest::newRow("tgz") << QStringLiteral("run-42.tgz") << int(TarBuilder::Compression::Gzip);
        QTest::newRow("tar.zst") << QStringLiteral("run-42.tar.zst")
                                 << int(TarBuilder::Compression::Zstd);
    }

    void archivesImportLikeTheFolder()
    {
        QFETCH(QString, name);
        QFETCH(int, compression);
        const auto [bundle, cache] = fresh();
        writeFourRanks(bundle, true);
        const ImportResult fromFolder = importBundle(options(bundle, cache));

        // The same files in an archive, wrapped in a top-level folder as `tar czf run-42.tar.gz
        // run-42/` makes it.
        TarBuilder tar;
        tar.addDirectory("run-42/");
        const QStringList files = {QStringLiteral("job.json"), QStringLiteral("stacks/rank0.txt"),
                                   QStringLiteral("stacks/rank1.txt"),
                                   QStringLiteral("stacks/rank2.txt"),
                                   QStringLiteral("stacks/rank3.txt")};
        for (const QString &file : files) {
            QFile in(bundle + QLatin1Char('/') + file);
            QVERIFY(in.open(QIODevice::ReadOnly));
            tar.addFile("run-42/" + file.toStdString(), in.readAll(), kT0);
        }
        const QString archive = QFileInfo(bundle).absolutePath() + QLatin1Char('/') + name;
        tar.write(archive, TarBuilder::Compression(compression));

        const ImportResult fromArchive = importBundle(options(archive, cache));
        QVERIFY2(fromArchive.stacks.problems.empty(),
                 qPrintable(problemsText(fromArchive.stacks.problems)));
        QCOMPARE(digest(fromArchive.stacks), digest(fromFolder.stacks));
        QCOMPARE(fromArchive.stacks.job.jobId, fromFolder.stacks.job.jobId);
        QCOMPARE(fromArchive.summary.filesParsed, 5);
        QVERIFY(fromArchive.summary.cacheFile != fromFolder.summary.cacheFile);
        QVERIFY(QString::fromStdString(fromArchive.summary.cacheFile.filename().string())
                    .startsWith(QLatin1String("run-42-")));

        // Opening the unchanged archive again neither extracts nor parses.
        const QString extractDir =
            QString::fromStdString(fromArchive.summary.cacheFile.string())
                .replace(QLatin1String(".sqlite"), QLatin1String(".extract"));
        QVERIFY(QFileInfo(extractDir).isDir());
        writeFile(extractDir, QStringLiteral("run-42/marker-not-in-archive"), "x");
        const ImportResult again = importBundle(options(archive, cache));
        QCOMPARE(again.summary.filesParsed, 0);
        QCOMPARE(again.summary.filesReused, 5);
        QVERIFY(QFileInfo::exists(extractDir + QStringLiteral("/run-42/marker-not-in-archive")));
        QCOMPARE(digest(again.stacks), digest(fromFolder.stacks));
    }

    // An archive cut while it was copied: the stacks, the manifest and the trace before the cut
    // import; the log it cuts imports as a truncated log; the cut is named with its byte; the
    // completed archive is extracted again and only the log is parsed again.
    void cutArchiveImportsWhatArrived()
    {
        const auto [bundle, cache] = fresh();
        TarBuilder tar;
        tar.addFile("run-42/job.json", R"({"job_id": "run-42", "world_size": 4})", kT0);
        for (int rank = 0; rank < 4; ++rank)
            tar.addFile("run-42/stacks/rank" + std::to_string(rank) + ".txt",
                        fixture("trainer_allreduce.txt"), kT0);
        QByteArray log;
        for (int step = 0; log.size() < 400000; ++step) {
            for (int rank = 0; rank < 4; ++rank)
                log += "[rank" + QByteArray::number(rank) +
                       "]: 2026-11-29 12:" + QByteArray::number(10 + step / 60 % 50) + ":" +
                       QByteArray::number(10 + step % 50) + ",000 INFO step " +
                       QByteArray::number(step) + " loss " +
                       QByteArray::number(2.0 + double((step * 7919 + rank) % 1000) / 997, 'f', 4) +
                       " tokens " + QByteArray::number((step * 104729 + rank * 13) % 1000003) +
                       "\n";
        }
        tar.addFile("run-42/logs/train.log", log, kT0);
        const QString archive = QFileInfo(bundle).absolutePath() + QStringLiteral("/run-42.tar.gz");
        tar.write(archive, TarBuilder::Compression::Gzip);
        QFile file(archive);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray full = file.readAll();
        file.close();
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(full.left(full.size() * 3 / 4)); // the log makes most of the archive
        file.close();

        const ImportResult cut = importBundle(options(archive, cache));
        const QString report = problemsText(cut.stacks.problems);
        QCOMPARE(cut.stacks.job.jobId, std::string("run-42"));
        for (int rank = 0; rank < 4; ++rank)
            QVERIFY(count(cut.stacks, [rank](const StackSample &x) { return x.rank == rank; }) > 0);
        QCOMPARE(cut.summary.logFiles, 1);
        QVERIFY(cut.summary.logEvents > 1000);
        const ImportProblem *onArchive = problemFor(cut.stacks.problems, "run-42.tar.gz");
        QVERIFY2(onArchive, qPrintable(report));
        QVERIFY2(
            QString::fromStdString(onArchive->message)
                .contains(QStringLiteral("the archive is cut at byte %1").arg(full.size() * 3 / 4)),
            qPrintable(report));
        QVERIFY2(QString::fromStdString(onArchive->message)
                     .contains(QLatin1String("inside member run-42/logs/train.log")),
                 qPrintable(report));
        // The cut member's problem names it as the bundle does, relative to the root.
        const ImportProblem *onLog = problemFor(cut.stacks.problems, "logs/train.log");
        QVERIFY2(onLog, qPrintable(report));
        QVERIFY2(QString::fromStdString(onLog->message)
                     .contains(QLatin1String("imported as a truncated file")),
                 qPrintable(report));

        // Reopening the same cut archive is instant; the completed one is extracted again.
        const ImportResult again = importBundle(options(archive, cache));
        QCOMPARE(again.summary.filesParsed, 0);
        QVERIFY(problemFor(again.stacks.problems, "run-42.tar.gz"));
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(full);
        file.close();
        const ImportResult whole = importBundle(options(archive, cache));
        QVERIFY2(!problemFor(whole.stacks.problems, "run-42.tar.gz") &&
                     !problemFor(whole.stacks.problems, "logs/train.log"),
                 qPrintable(problemsText(whole.stacks.problems)));
        QCOMPARE(whole.summary.filesParsed, 1); // the log; the rest is unchanged
        QVERIFY(whole.summary.logEvents > cut.summary.logEvents);
    }

    void hostileArchiveThroughImport()
    {
        const auto [bundle, cache] = fresh();
        TarBuilder tar;
        tar.addFile("stacks/rank0.txt", fixture("trainer_allreduce.txt"));
        tar.addFile("../escape.txt", "x");
        tar.addFile("/tmp/rankscope-absolute-escape.txt", "x");
        tar.addSymlink("stacks/rank1.txt", "/etc/passwd");
        tar.addHardlink("stacks/rank2.txt", "/etc/passwd");
        tar.addSpecial("stacks/rank3.txt", AE_IFCHR);
        const QString archive = bundle + QStringLiteral(".tar");
        tar.write(archive);
        const QStringList before = tree(m_tmp.path());
        const ImportResult result = importBundle(options(archive, cache));
        QVERIFY(!QFile::exists(QStringLiteral("/tmp/rankscope-absolute-escape.txt")));
        QStringList after = tree(m_tmp.path());
        for (const QString &path : before)
            after.removeOne(path);
        for (const QString &path : after)
            QVERIFY2(path.contains(QLatin1String("/cache/")), qPrintable(path));
        QCOMPARE(result.stacks.problems.size(), std::size_t(5));
        QCOMPARE(result.stacks.worldSize(), 1);
        QCOMPARE(result.stacks.samples.size(), std::size_t(3));
    }

    void badFilesBecomeProblems()
    {
        const auto [bundle, cache] = fresh();
        writeFourRanks(bundle, false);
        writeFile(bundle, QStringLiteral("stacks/rank4.txt"), QByteArray());
        QByteArray binary(4096, '\0');
        for (int i = 0; i < binary.size(); ++i)
            binary[i] = char((i * 131) & 0xff);
        writeFile(bundle, QStringLiteral("stacks/rank5.txt"), binary);
        writeFile(bundle, QStringLiteral("stacks/rank6.txt"),
                  QByteArray(8 << 20, 'a')); // 8 MB line
        QByteArray truncated = fixture("trainer_allreduce.txt");
        truncated.truncate(truncated.indexOf("Thread 4301") + 5); // cut inside a thread header
        writeFile(bundle, QStringLiteral("stacks/rank7.txt"), truncated);
        writeFile(bundle, QStringLiteral("stacks/dump.txt"), fixture("trainer_allreduce.txt"));
        writeFile(bundle, QStringLiteral("stacks/rank8.txt"), QByteArray(3000, 'b'));
        QVERIFY(mkfifo((bundle + QStringLiteral("/stacks/rank10.txt")).toLocal8Bit().constData(),
                       0644) == 0);
        QVERIFY(QDir().mkpath(bundle + QStringLiteral("/job.json"))); // folder, not a file
        QVERIFY(QFile::link(bundle + QStringLiteral("/missing"),
                            bundle + QStringLiteral("/stacks/rank11.txt")));

        ImportOptions o = options(bundle, cache);
        o.maxFileBytes = 1 << 20; // rank6 and... only rank6 exceeds 1 MB
        const ImportResult result = importBundle(o);
        const StackDataset &data = result.stacks;
        const QString report = problemsText(data.problems);

        // The good ranks import; each bad file is one problem that names it.
        QCOMPARE(count(data, [](const StackSample &x) { return x.rank <= 3; }), 12);
        for (const char *file :
             {"stacks/rank4.txt", "stacks/rank5.txt", "stacks/rank6.txt", "stacks/dump.txt",
              "stacks/rank8.txt", "stacks/rank10.txt", "stacks/rank11.txt", "job.json"})
            QVERIFY2(problemFor(data.problems, file),
                     qPrintable(QString::fromUtf8(file) + QStringLiteral(" in:\n") + report));
        QVERIFY(QString::fromStdString(problemFor(data.problems, "stacks/rank4.txt")->message)
                    .contains(QLatin1String("empty")));
        QVERIFY(QString::fromStdString(problemFor(data.problems, "stacks/rank6.txt")->message)
                    .contains(QLatin1String("limit")));
        QVERIFY(QString::fromStdString(problemFor(data.problems, "stacks/dump.txt")->message)
                    .contains(QLatin1String("stacks/rank7")));
        QVERIFY(QString::fromStdString(problemFor(data.problems, "stacks/rank10.txt")->message)
                    .contains(QLatin1String("pipe")));
        // The truncated dump keeps the main thread it did contain.
        QVERIFY(count(data, [](const StackSample &x) { return x.rank == 7 && x.isMainThread; }) ==
                1);
        QCOMPARE(result.summary.filesFailed, 5); // rank4, rank5, rank6, dump.txt, rank8
        QCOMPARE(data.worldSize(), 9);           // rank8 failed, but its name says the rank exists

        // Without the size limit, the 8 MB single line is read and rejected as not a dump.
        ImportOptions unlimited = options(bundle, cache);
        unlimited.forceReimport = true;
        const ImportResult again = importBundle(unlimited);
        QCOMPARE(again.summary.filesFailed, 5);
        QVERIFY(
            QString::fromStdString(problemFor(again.stacks.problems, "stacks/rank6.txt")->message)
                .contains(QLatin1String("not a stack dump")));
    }

    void unreadableFile()
    {
        if (geteuid() == 0)
            QSKIP("running as root: root reads files whatever their mode");
        const auto [bundle, cache] = fresh();
        writeFourRanks(bundle, false);
        const QString locked = bundle + QStringLiteral("/stacks/rank3.txt");
        QVERIFY(QFile::setPermissions(locked, QFileDevice::Permissions()));
        const ImportResult result = importBundle(options(bundle, cache));
        QFile::setPermissions(locked, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        QVERIFY(problemFor(result.stacks.problems, "stacks/rank3.txt"));
        QCOMPARE(result.summary.filesFailed, 1);
    }

    void unusableBundles()
    {
        const auto [bundle, cache] = fresh();
        QVERIFY_THROWS_EXCEPTION(BundleError,
                                 importBundle(options(bundle + QStringLiteral("/nope"), cache)));
        // A stack dump, a trace or a log opens as a bundle of one file (tst_single_file);
        // binary that is no archive does not.
        const QString binary = bundle + QStringLiteral("/core.1234");
        writeFile(bundle, QStringLiteral("core.1234"),
                  QByteArray("\x7f"
                             "ELF\x02\x01\x01\0\0\0",
                             10));
        try {
            importBundle(options(binary, cache));
            QFAIL("binary that is no archive is not a bundle");
        } catch (const BundleError &error) {
            QVERIFY(QString::fromUtf8(error.what()).contains(binary));
        }
        QVERIFY_THROWS_EXCEPTION(BundleError, importBundle(options(QString(), cache)));

        const QString notADir = bundle + QStringLiteral("/file-as-cache");
        writeFile(bundle, QStringLiteral("file-as-cache"), "x");
        writeFourRanks(bundle, false);
        QVERIFY_THROWS_EXCEPTION(BundleError, importBundle(options(bundle, notADir)));
    }

    void folderWithoutStacks()
    {
        const auto [bundle, cache] = fresh();
        writeFile(bundle, QStringLiteral("rank0.txt"), fixture("trainer_allreduce.txt"));
        const ImportResult result = importBundle(options(bundle, cache));
        QCOMPARE(result.stacks.samples.size(), std::size_t(0));
        QCOMPARE(result.summary.filesIgnored, 1);
        QCOMPARE(result.stacks.problems.size(), std::size_t(1));
        QVERIFY(QString::fromStdString(result.stacks.problems[0].message)
                    .contains(QLatin1String("stacks/")));
    }

    void wrappedFolderIsDetected()
    {
        const auto [bundle, cache] = fresh();
        writeFourRanks(bundle + QStringLiteral("/run-7"), true);
        const ImportResult result = importBundle(options(bundle, cache));
        QCOMPARE(result.stacks.samples.size(), std::size_t(12));
        QCOMPARE(result.stacks.sourceFiles.front(), std::string("stacks/rank0.txt"));
    }

    void rankNamePatterns()
    {
        const auto [bundle, cache] = fresh();
        const QByteArray dump = fixture("trainer_unnamed_threads.txt");
        writeFile(bundle, QStringLiteral("stacks/rank-0000.txt"), dump);
        writeFile(bundle, QStringLiteral("stacks/node1/RANK_1/py-spy.txt"), dump);
        writeFile(bundle, QStringLiteral("stacks/worker2.txt"), dump);
        writeFile(bundle, QStringLiteral("stacks/default3/x.txt"), dump);
        writeFile(bundle, QStringLiteral("stacks/r4.txt"), dump);
        writeFile(bundle, QStringLiteral("stacks/host-5/local_rank0.txt"), dump);
        const ImportResult result = importBundle(options(bundle, cache));
        QCOMPARE(result.stacks.worldSize(), 5);
        for (int rank = 0; rank < 5; ++rank)
            QCOMPARE(count(result.stacks, [&](const StackSample &x) { return x.rank == rank; }), 2);
        QCOMPARE(result.stacks.problems.size(), std::size_t(1));
        QCOMPARE(result.stacks.problems[0].file, std::string("stacks/host-5/local_rank0.txt"));
    }

    void samplesOrderedByTime()
    {
        const auto [bundle, cache] = fresh();
        const QByteArray a = fixture("trainer_allreduce.txt");
        const QByteArray b = fixture("trainer_unnamed_threads.txt");
        // Rank 0: ISO names; the latest is written first and sorts first by name.
        writeFile(bundle, QStringLiteral("stacks/rank0/2024-05-01T12-30-25.txt"), a);
        writeFile(bundle, QStringLiteral("stacks/rank0/2024-05-01T12-30-05.txt"), b);
        writeFile(bundle, QStringLiteral("stacks/rank0/2024-05-01T12-30-15.txt"), a);
        // Rank 1: epoch seconds in folder names, 9 < 10 digits would not count.
        writeFile(bundle, QStringLiteral("stacks/1714566625/rank1.txt"), b);
        writeFile(bundle, QStringLiteral("stacks/1714566605/rank1.txt"), a);
        // Rank 2: no time in the name, the modification time decides.
        writeFile(bundle, QStringLiteral("stacks/rank2/a.txt"), a, kT0 + 20);
        writeFile(bundle, QStringLiteral("stacks/rank2/b.txt"), b, kT0);
        const ImportResult result = importBundle(options(bundle, cache));
        const StackDataset &data = result.stacks;

        const auto mainOf = [&](int rank, int index) -> const StackSample & {
            for (const StackSample &x : data.samples) {
                if (x.rank == rank && x.sampleIndex == index && x.isMainThread)
                    return x;
            }
            qFatal("no sample");
        };
        const auto file = [&](int rank, int index) {
            return data.sourceFiles[mainOf(rank, index).sourceFile];
        };
        QCOMPARE(file(0, 0), std::string("stacks/rank0/2024-05-01T12-30-05.txt"));
        QCOMPARE(file(0, 1), std::string("stacks/rank0/2024-05-01T12-30-15.txt"));
        QCOMPARE(file(0, 2), std::string("stacks/rank0/2024-05-01T12-30-25.txt"));
        QCOMPARE(mainOf(0, 2).timeNs, (kT0 + 20) * 1000000000);
        QCOMPARE(file(1, 0), std::string("stacks/1714566605/rank1.txt"));
        QCOMPARE(file(1, 1), std::string("stacks/1714566625/rank1.txt"));
        QCOMPARE(file(2, 0), std::string("stacks/rank2/b.txt"));
        QCOMPARE(file(2, 1), std::string("stacks/rank2/a.txt"));
        QCOMPARE(mainOf(2, 1).timeNs, (kT0 + 20) * 1000000000);
        // Samples come sorted by (rank, sample index).
        for (std::size_t i = 1; i < data.samples.size(); ++i) {
            const StackSample &p = data.samples[i - 1];
            const StackSample &q = data.samples[i];
            QVERIFY(p.rank < q.rank || (p.rank == q.rank && p.sampleIndex <= q.sampleIndex));
        }

        // A new sample in the middle renumbers the rank's later samples.
        writeFile(bundle, QStringLiteral("stacks/rank2/c.txt"), b, kT0 + 10);
        const ImportResult again = importBundle(options(bundle, cache));
        QCOMPARE(again.summary.filesParsed, 1);
        QCOMPARE(again.stacks.sourceFiles.size(), std::size_t(8));
        int lastIndexOfA = -1;
        for (const StackSample &x : again.stacks.samples) {
            if (again.stacks.sourceFiles[x.sourceFile] == "stacks/rank2/a.txt")
                lastIndexOfA = x.sampleIndex;
        }
        QCOMPARE(lastIndexOfA, 2);
    }

    void incrementalUpdates()
    {
        const auto [bundle, cache] = fresh();
        writeFourRanks(bundle, true);
        const ImportResult first = importBundle(options(bundle, cache));
        QCOMPARE(first.summary.filesParsed, 5);

        ImportResult result = importBundle(options(bundle, cache));
        QCOMPARE(result.summary.filesParsed, 0);
        QCOMPARE(result.summary.filesReused, 5);
        QCOMPARE(digest(result.stacks), digest(first.stacks));

        // Touch one file: only that one is read again.
        setMtime(bundle + QStringLiteral("/stacks/rank1.txt"), kT0 + 60);
        result = importBundle(options(bundle, cache));
        QCOMPARE(result.summary.filesParsed, 1);
        QCOMPARE(result.summary.filesReused, 4);
        QCOMPARE(result.stacks.samples.size(), first.stacks.samples.size());

        // Change one file's content: its samples are replaced.
        writeFile(bundle, QStringLiteral("stacks/rank0.txt"),
                  fixture("trainer_unnamed_threads.txt"), kT0);
        result = importBundle(options(bundle, cache));
        QCOMPARE(result.summary.filesParsed, 1);
        QCOMPARE(count(result.stacks, [](const StackSample &x) { return x.rank == 0; }), 2);

        // Delete one file.
        QVERIFY(QFile::remove(bundle + QStringLiteral("/stacks/rank2.txt")));
        result = importBundle(options(bundle, cache));
        QCOMPARE(result.summary.filesParsed, 0);
        QCOMPARE(result.summary.filesRemoved, 1);
        QCOMPARE(count(result.stacks, [](const StackSample &x) { return x.rank == 2; }), 0);
        QCOMPARE(result.stacks.sourceFiles.size(), std::size_t(3));

        // Force: everything again.
        ImportOptions force = options(bundle, cache);
        force.forceReimport = true;
        result = importBundle(force);
        QCOMPARE(result.summary.filesParsed, 4);
        QCOMPARE(result.summary.filesReused, 0);
    }

    void cancelledFirstImportLeavesNothingComplete()
    {
        const auto [bundle, cache] = fresh();
        for (int rank = 0; rank < 40; ++rank)
            writeFile(bundle, QStringLiteral("stacks/rank%1.txt").arg(rank),
                      fixture("trainer_allreduce.txt"));
        std::atomic<bool> cancel{false};
        int calls = 0;
        // Progress is throttled: if parsing finishes before a report shows files done, the
        // forced report of the next phase cancels before the commit instead.
        const auto progress = [&](const ImportProgress &p) {
            ++calls;
            if ((p.phase == "parsing" && p.filesDone >= 1) || p.phase == "writing cache")
                cancel = true;
        };
        const ImportResult cancelled = importBundle(options(bundle, cache), progress, &cancel);
        QVERIFY(cancelled.summary.cancelled);
        QVERIFY(cancelled.stacks.samples.empty());
        {
            auto db = openStackCache(cancelled.summary.cacheFile, false);
            QVERIFY(!stackCacheIsComplete(*db));
            QVERIFY(readStoredFiles(*db).empty());
        }
        const ImportResult full = importBundle(options(bundle, cache));
        QVERIFY(!full.summary.cancelled);
        QCOMPARE(full.summary.filesParsed, 40);
        QCOMPARE(full.stacks.samples.size(), std::size_t(120));
    }

    void cancelledUpdateKeepsPreviousState()
    {
        const auto [bundle, cache] = fresh();
        for (int rank = 0; rank < 40; ++rank)
            writeFile(bundle, QStringLiteral("stacks/rank%1.txt").arg(rank),
                      fixture("trainer_allreduce.txt"), kT0);
        const ImportResult before = importBundle(options(bundle, cache));
        for (int rank = 0; rank < 40; ++rank)
            writeFile(bundle, QStringLiteral("stacks/rank%1.txt").arg(rank),
                      fixture("trainer_unnamed_threads.txt"), kT0 + 1);
        std::atomic<bool> cancel{false};
        const ImportResult cancelled = importBundle(
            options(bundle, cache),
            [&](const ImportProgress &p) {
                if ((p.phase == "parsing" && p.filesDone >= 1) || p.phase == "writing cache")
                    cancel = true;
            },
            &cancel);
        QVERIFY(cancelled.summary.cancelled);
        {
            auto db = openStackCache(before.summary.cacheFile, false);
            QVERIFY(stackCacheIsComplete(*db));
            QCOMPARE(digest(loadStackDataset(*db)), digest(before.stacks));
        }
        const ImportResult after = importBundle(options(bundle, cache));
        QCOMPARE(after.summary.filesParsed, 40);
        QCOMPARE(after.stacks.samples.size(), std::size_t(80));
    }

    void schemaVersionChangeRebuilds()
    {
        const auto [bundle, cache] = fresh();
        writeFourRanks(bundle, true);
        const ImportResult first = importBundle(options(bundle, cache));
        {
            SqliteDatabase db(first.summary.cacheFile);
            db.setUserVersion(kStackCacheSchemaVersion + 7);
        }
        const ImportResult rebuilt = importBundle(options(bundle, cache));
        QCOMPARE(rebuilt.summary.filesParsed, 5);
        QCOMPARE(digest(rebuilt.stacks), digest(first.stacks));
        SqliteDatabase db(first.summary.cacheFile);
        QCOMPARE(db.userVersion(), kStackCacheSchemaVersion);
    }

    void parallelReaderKeepsFileOrder()
    {
        const auto [bundle, cache] = fresh();
        std::vector<BundleFile> files;
        for (int rank = 0; rank < 200; ++rank) {
            // Uneven sizes so that workers finish out of order.
            QByteArray dump = rank % 3 == 0 ? fixture("trainer_dataloader.txt")
                                            : fixture("trainer_unnamed_threads.txt");
            const QString path = QStringLiteral("stacks/rank%1.txt").arg(rank);
            writeFile(bundle, path, dump);
            files.push_back(BundleFile{path.toStdString(), dump.size(), 0, BundleFileKind::Stacks});
        }
        StackInterner interner;
        SharedStackInterner shared(interner);
        ParallelStackReader reader(bundle.toStdString(), files, 1 << 20, &shared, 3, 4);
        std::vector<StackFileRecord> records;
        while (std::optional<StackFileRecord> record = reader.next())
            records.push_back(std::move(*record));
        // All records are out, so the workers are done with the interner.
        QCOMPARE(records.size(), files.size());
        for (std::size_t index = 0; index < records.size(); ++index) {
            const StackFileRecord &record = records[index];
            QCOMPARE(record.path, files[index].path);
            QVERIFY(record.ok);
            QCOMPARE(record.rank.value_or(-1), int(index));
            // Interned and encoded by the workers, the parsed threads released.
            QVERIFY(record.encoded);
            QVERIFY(record.parsed.processes.empty());
            std::optional<StackId> mainStack;
            const std::size_t samples = forEachStoredStackSample(
                std::as_bytes(std::span(record.encoded->blob.data(), record.encoded->blob.size())),
                [&](const StoredStackSample &sample) {
                    if (sample.isMain)
                        mainStack = sample.stack;
                });
            QCOMPARE(std::int64_t(samples), record.encoded->count);
            QVERIFY(mainStack);
            const std::vector<FrameId> &main = interner.stack(*mainStack);
            QCOMPARE(interner.frame(main.front()).function,
                     std::string(index % 3 == 0 ? "<module>" : "main"));
        }
    }

    void progressIsThrottledAndOrdered()
    {
        const auto [bundle, cache] = fresh();
        for (int rank = 0; rank < 300; ++rank)
            writeFile(bundle, QStringLiteral("stacks/rank%1.txt").arg(rank),
                      fixture("trainer_dataloader.txt"));
        std::vector<ImportProgress> seen;
        const ImportResult result = importBundle(
            options(bundle, cache), [&](const ImportProgress &p) { seen.push_back(p); });
        QCOMPARE(result.stacks.samples.size(), std::size_t(1200));
        QVERIFY(!seen.empty());
        QCOMPARE(seen.back().fraction, 1.0);
        for (std::size_t i = 1; i < seen.size(); ++i)
            QVERIFY(seen[i].fraction >= seen[i - 1].fraction);
        // At most ~50 a second plus one per phase change.
        QVERIFY2(double(seen.size()) <= result.summary.seconds * 50 + 8,
                 qPrintable(QString::number(seen.size())));
        bool sawParsing = false;
        for (const ImportProgress &p : seen) {
            if (p.phase == "parsing") {
                sawParsing = true;
                QCOMPARE(p.filesTotal, 300);
            }
        }
        QVERIFY(sawParsing);
    }
};

QTEST_GUILESS_MAIN(TestBundleImport)
#include "tst_bundle_import.moc"
