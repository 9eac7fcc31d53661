// Faults around the cache (issue 13): an import killed with SIGKILL at any moment, a disk that
// fills during the import, a truncated or overwritten cache file, two imports of the same
// bundle at once. Afterwards the next command either uses the last complete cache or rebuilds
// it, and its JSON is exactly what a clean import prints.
#include "CliTestSupport.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QThread>

#include <filesystem>
#include <fstream>

#include <unistd.h>

using namespace cli_test;

namespace {

std::filesystem::path cacheFileIn(const std::string &dir)
{
    for (const auto &entry : std::filesystem::directory_iterator(dir))
        if (entry.path().extension() == ".sqlite")
            return entry.path();
    return {};
}

bool run(const QString &program, const QStringList &args)
{
    QProcess process;
    process.start(program, args);
    return process.waitForFinished(30000) && process.exitStatus() == QProcess::NormalExit &&
           process.exitCode() == 0;
}

} // namespace

class CliCacheFaultsTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_bundle = m_dir.path().toStdString() + "/bundle";
        const CliRun synth = runInProcess(
            {"synth", "--scenario", "hang-dataloader", "--ranks", "256", "--out", m_bundle});
        QVERIFY2(synth.exitCode == 0, synth.err.c_str());
        m_clean = collectives(m_dir.path().toStdString() + "/clean");
        QVERIFY2(m_clean.exitCode == 0, m_clean.err.c_str());
    }

    // SIGKILL at spread-out moments of an import into the same cache folder: the next
    // command answers as a clean import does.
    void killedImportsLeaveAUsableCache()
    {
        const std::string cache = m_dir.path().toStdString() + "/killed";
        QElapsedTimer whole;
        whole.start();
        const CliRun timing = runBinary({QStringLiteral("import"), QString::fromStdString(m_bundle),
                                         QStringLiteral("--force"), QStringLiteral("--cache-dir"),
                                         QString::fromStdString(cache + "-timing")});
        QCOMPARE(timing.exitCode, 0);
        const qint64 importMs = std::max<qint64>(whole.elapsed(), 20);
        int killed = 0;
        for (int step = 1; step <= 6; ++step) {
            QProcess import;
            import.start(QString::fromUtf8(RANKSCOPE_CLI_BINARY),
                         {QStringLiteral("import"), QString::fromStdString(m_bundle),
                          QStringLiteral("--force"), QStringLiteral("--cache-dir"),
                          QString::fromStdString(cache)});
            QVERIFY(import.waitForStarted());
            QThread::msleep(std::uint64_t(importMs * step / 7));
            if (import.state() == QProcess::Running) {
                import.kill(); // SIGKILL
                ++killed;
            }
            import.waitForFinished();
            const CliRun after = collectives(cache);
            QVERIFY2(after.exitCode == 0, after.err.c_str());
            QCOMPARE(after.out, m_clean.out);
        }
        qInfo("killed %d of 6 imports (one import takes %lld ms)", killed, importMs);
    }

    void truncatedOrOverwrittenCacheIsRebuilt_data()
    {
        QTest::addColumn<int>("keepBytes");
        QTest::newRow("truncated to 0") << 0;
        QTest::newRow("truncated to 100 bytes") << 100;
        QTest::newRow("truncated to 8 KB") << 8192;
        QTest::newRow("truncated to half") << -2;
        QTest::newRow("overwritten with text") << -1;
    }

    void truncatedOrOverwrittenCacheIsRebuilt()
    {
        QFETCH(int, keepBytes);
        QTemporaryDir cacheDir;
        const std::string cache = cacheDir.path().toStdString();
        QCOMPARE(collectives(cache).exitCode, 0);
        const std::filesystem::path file = cacheFileIn(cache);
        if (keepBytes == -1)
            std::ofstream(file, std::ios::trunc) << "this is not a database\n";
        else
            std::filesystem::resize_file(file, keepBytes == -2
                                                   ? std::filesystem::file_size(file) / 2
                                                   : std::uintmax_t(keepBytes));
        const CliRun after = collectives(cache);
        QVERIFY2(after.exitCode == 0, after.err.c_str());
        QCOMPARE(after.out, m_clean.out);
    }

    void concurrentImportsAgree()
    {
        const std::string cache = m_dir.path().toStdString() + "/concurrent";
        const QStringList args = {QStringLiteral("collectives"), QString::fromStdString(m_bundle),
                                  QStringLiteral("--format"),    QStringLiteral("json"),
                                  QStringLiteral("--cache-dir"), QString::fromStdString(cache)};
        QProcess first, second;
        first.start(QString::fromUtf8(RANKSCOPE_CLI_BINARY), args);
        second.start(QString::fromUtf8(RANKSCOPE_CLI_BINARY), args);
        QVERIFY(first.waitForFinished(120000));
        QVERIFY(second.waitForFinished(120000));
        QCOMPARE(first.exitCode(), 0);
        QCOMPARE(second.exitCode(), 0);
        const std::string firstOut = first.readAllStandardOutput().toStdString();
        const std::string secondOut = second.readAllStandardOutput().toStdString();
        // Before imports took turns, one of the two read the other's half-written cache as
        // complete and printed "dumps": 0 about one run in four.
        QCOMPARE(firstOut, m_clean.out);
        QCOMPARE(secondOut, m_clean.out);
    }

    // A disk that fills during the import (a 1 MB tmpfs as the cache folder, as root): one line
    // says the disk is full; once there is room, the next command answers as a clean import.
    void fullDiskThenRoom()
    {
        if (::geteuid() != 0)
            QSKIP("needs root to mount a small tmpfs as the cache folder");
        const QString mountPoint = m_dir.path() + QStringLiteral("/small");
        QVERIFY(QDir().mkpath(mountPoint));
        if (!run(QStringLiteral("mount"),
                 {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                  QStringLiteral("size=1m"), QStringLiteral("tmpfs"), mountPoint}))
            QSKIP("cannot mount a tmpfs here (no mount permission in this container)");
        auto unmount = qScopeGuard([&] { run(QStringLiteral("umount"), {mountPoint}); });
        const CliRun full = collectives(mountPoint.toStdString());
        QCOMPARE(full.exitCode, 2);
        QCOMPARE(lineCount(full.err), 1);
        QVERIFY2(full.err.find("full") != std::string::npos, full.err.c_str());
        QVERIFY(run(QStringLiteral("mount"),
                    {QStringLiteral("-o"), QStringLiteral("remount,size=256m"), mountPoint}));
        const CliRun roomy = collectives(mountPoint.toStdString());
        QVERIFY2(roomy.exitCode == 0, roomy.err.c_str());
        QCOMPARE(roomy.out, m_clean.out);
    }

private:
    CliRun collectives(const std::string &cache)
    {
        return runInProcess({"collectives", m_bundle, "--format", "json", "--cache-dir", cache});
    }

    QTemporaryDir m_dir;
    std::string m_bundle;
    CliRun m_clean;
};

QTEST_GUILESS_MAIN(CliCacheFaultsTest)
#include "test_cli_cache_faults.moc"
