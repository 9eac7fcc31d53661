// docs/cli.md promises that exit status 1 or 2 prints exactly one stderr line,
// "rankscope-cli: <reason>", and nothing on stdout (issue 13, class 9). Each failure mode runs
// the built binary, so what is counted is what a script sees.
#include "CacheBlobDamage.h"
#include "CliTestSupport.h"

#include "core/cache/SqliteDatabase.h"
#include "core/cache/SqliteStatement.h"

#include <QDir>
#include <QTemporaryDir>

#include <filesystem>
#include <fstream>

#include <unistd.h>

using namespace cli_test;
using namespace rankscope;

namespace {

void writeBytes(const std::string &path, const std::string &bytes)
{
    std::filesystem::create_directories(std::filesystem::path(path).parent_path());
    std::ofstream(path, std::ios::binary) << bytes;
}

bool runTool(const QString &program, const QStringList &args)
{
    QProcess process;
    process.start(program, args);
    return process.waitForFinished(30000) && process.exitStatus() == QProcess::NormalExit &&
           process.exitCode() == 0;
}

std::filesystem::path cacheFileIn(const std::string &dir)
{
    for (const auto &entry : std::filesystem::directory_iterator(dir))
        if (entry.path().extension() == ".sqlite")
            return entry.path();
    return {};
}

} // namespace

class CliErrorLinesTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_root = m_dir.path().toStdString();
        m_bundle = m_root + "/bundle";
        const CliRun synth = runInProcess(
            {"synth", "--scenario", "hang-dataloader", "--ranks", "8", "--out", m_bundle});
        QVERIFY2(synth.exitCode == 0, synth.err.c_str());
        writeBytes(m_root + "/junk.bin", std::string("\x7f"
                                                     "ELF\x02\x01\x01\0\0\0binary",
                                                     16));
        writeBytes(m_root + "/a-file", "not a folder\n");
        std::error_code ignored;
        std::filesystem::create_symlink(m_root + "/loop", m_root + "/loop", ignored);
    }

    void cleanupTestCase()
    {
        if (!m_mounted.isEmpty())
            runTool(QStringLiteral("umount"), {m_mounted});
    }

    void oneLineOnFailure_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("status");
        const QString bundle = QString::fromStdString(m_bundle);
        const QString root = QString::fromStdString(m_root);
        const QString cache = root + QStringLiteral("/cache");
        QTest::newRow("missing bundle")
            << QStringList{QStringLiteral("stacks"), root + QStringLiteral("/nonexistent")} << 2;
        QTest::newRow("not a bundle")
            << QStringList{QStringLiteral("stacks"), root + QStringLiteral("/junk.bin"),
                           QStringLiteral("--cache-dir"), cache}
            << 2;
        QTest::newRow("unreadable bundle (a symbolic link loop)")
            << QStringList{QStringLiteral("import"), root + QStringLiteral("/loop"),
                           QStringLiteral("--cache-dir"), cache}
            << 2;
        QTest::newRow("bad option value")
            << QStringList{QStringLiteral("stacks"), bundle, QStringLiteral("--frames"),
                           QStringLiteral("pc")}
            << 2;
        QTest::newRow("unknown option")
            << QStringList{QStringLiteral("heatmap"), bundle, QStringLiteral("--no-such-option")}
            << 2;
        QTest::newRow("unknown command") << QStringList{QStringLiteral("frobnicate")} << 2;
        QTest::newRow("missing bundle argument") << QStringList{QStringLiteral("logs")} << 2;
        QTest::newRow("cache folder is a file")
            << QStringList{QStringLiteral("import"), bundle, QStringLiteral("--cache-dir"),
                           root + QStringLiteral("/a-file")}
            << 2;
    }

    void oneLineOnFailure()
    {
        QFETCH(QStringList, args);
        QFETCH(int, status);
        const CliRun run = runBinary(args);
        QCOMPARE(run.exitCode, status);
        QVERIFY2(lineCount(run.err) == 1 && run.err.back() == '\n', run.err.c_str());
        QVERIFY2(run.err.rfind("rankscope-cli: ", 0) == 0, run.err.c_str());
        QVERIFY2(run.out.empty(), run.out.c_str());
    }

    // A damaged blob in a cache that cannot be rebuilt (a read-only mount): the rebuild fails,
    // and the warning that a successful rebuild writes must not come before the error line.
    void damagedReadOnlyCacheIsOneLine()
    {
        if (::geteuid() != 0)
            QSKIP("needs a read-only bind mount (root); a read-only mode is not enough for "
                  "SQLite's journal test");
        const std::string writable = m_root + "/damaged-cache";
        const CliRun imported = runInProcess({"import", m_bundle, "--cache-dir", writable});
        QVERIFY2(imported.exitCode == 0, imported.err.c_str());
        QVERIFY(flipBitInBlob(cacheFileIn(writable), "collective_files", "data"));
        const QString mounted = QString::fromStdString(m_root + "/damaged-mounted");
        QVERIFY(QDir().mkpath(mounted));
        if (!runTool(QStringLiteral("mount"),
                     {QStringLiteral("--bind"), QString::fromStdString(writable), mounted}))
            QSKIP("cannot bind-mount a folder here");
        m_mounted = mounted;
        if (!runTool(QStringLiteral("mount"),
                     {QStringLiteral("-o"), QStringLiteral("remount,ro,bind"), mounted}))
            QSKIP("cannot remount a bind mount read-only here");

        const CliRun run =
            runBinary({QStringLiteral("collectives"), QString::fromStdString(m_bundle),
                       QStringLiteral("--format"), QStringLiteral("json"),
                       QStringLiteral("--cache-dir"), mounted});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(lineCount(run.err) == 1, run.err.c_str());
        QVERIFY2(run.err.find("read-only") != std::string::npos, run.err.c_str());
        QVERIFY2(run.err.find("warning") == std::string::npos, run.err.c_str());
        QVERIFY2(run.out.empty(), run.out.c_str());
    }

private:
    QTemporaryDir m_dir;
    std::string m_root;
    std::string m_bundle;
    QString m_mounted;
};

QTEST_GUILESS_MAIN(CliErrorLinesTest)
#include "test_cli_error_lines.moc"
