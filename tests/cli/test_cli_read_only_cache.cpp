// A complete, current cache on a read-only folder or mount (issue 13, class 8): every command
// answers from it exactly as from the writable original; when the bundle changed, or a rebuild
// is asked for, one line says the cache is read-only and names --cache-dir. As root (CI) the
// folder is a read-only bind mount, since root writes through file modes; otherwise its mode
// is 0555.
#include "CliTestSupport.h"

#include <QTemporaryDir>

#include <filesystem>
#include <fstream>

#include <unistd.h>

using namespace cli_test;

namespace {

bool run(const QString &program, const QStringList &args)
{
    QProcess process;
    process.start(program, args);
    return process.waitForFinished(30000) && process.exitStatus() == QProcess::NormalExit &&
           process.exitCode() == 0;
}

} // namespace

class CliReadOnlyCacheTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_bundle = m_dir.path().toStdString() + "/bundle";
        const CliRun synth = runInProcess(
            {"synth", "--scenario", "hang-dataloader", "--ranks", "16", "--out", m_bundle});
        QVERIFY2(synth.exitCode == 0, synth.err.c_str());
        m_writable = m_dir.path() + QStringLiteral("/cache");
        const CliRun imported =
            runInProcess({"import", m_bundle, "--cache-dir", m_writable.toStdString()});
        QVERIFY2(imported.exitCode == 0, imported.err.c_str());

        if (::geteuid() == 0) {
            m_readOnly = m_dir.path() + QStringLiteral("/mounted");
            QVERIFY(QDir().mkpath(m_readOnly));
            if (!run(QStringLiteral("mount"), {QStringLiteral("--bind"), m_writable, m_readOnly}))
                QSKIP("cannot bind-mount a folder here (no mount permission in this container)");
            m_mounted = true;
            if (!run(QStringLiteral("mount"),
                     {QStringLiteral("-o"), QStringLiteral("remount,ro,bind"), m_readOnly}))
                QSKIP("cannot remount a bind mount read-only here");
        } else {
            m_readOnly = m_writable;
            std::filesystem::permissions(m_readOnly.toStdString(),
                                         std::filesystem::perms::owner_write |
                                             std::filesystem::perms::group_write |
                                             std::filesystem::perms::others_write,
                                         std::filesystem::perm_options::remove);
        }
        std::ofstream probe(m_readOnly.toStdString() + "/probe");
        QVERIFY2(!probe, "the read-only folder is writable");
    }

    void cleanupTestCase()
    {
        if (m_mounted)
            run(QStringLiteral("umount"), {m_readOnly});
        else if (!m_readOnly.isEmpty())
            std::filesystem::permissions(m_readOnly.toStdString(),
                                         std::filesystem::perms::owner_all,
                                         std::filesystem::perm_options::add);
    }

    void currentCacheAnswers_data()
    {
        QTest::addColumn<QString>("command");
        for (const char *command : {"stacks", "collectives", "logs", "heatmap", "stragglers"})
            QTest::newRow(command) << command;
    }

    void currentCacheAnswers()
    {
        QFETCH(QString, command);
        auto args = [&](const QString &cache) {
            return std::vector<std::string>{
                command.toStdString(), m_bundle,           "--format", "json",
                "--cache-dir",         cache.toStdString()};
        };
        const CliRun writable = runInProcess(args(m_writable));
        QVERIFY2(writable.exitCode == 0, writable.err.c_str());
        const CliRun readOnly = runInProcess(args(m_readOnly));
        QVERIFY2(readOnly.exitCode == 0, readOnly.err.c_str());
        QCOMPARE(readOnly.out, writable.out);
        QCOMPARE(readOnly.err, std::string());
    }

    void rebuildIsRefusedInOneLine()
    {
        const CliRun forced = runInProcess(
            {"collectives", m_bundle, "--force", "--cache-dir", m_readOnly.toStdString()});
        QCOMPARE(forced.exitCode, 2);
        QCOMPARE(lineCount(forced.err), 1);
        QVERIFY2(forced.err.find("read-only") != std::string::npos &&
                     forced.err.find("--cache-dir") != std::string::npos,
                 forced.err.c_str());
    }

    // Runs last: it changes the bundle.
    void staleCacheIsRefusedInOneLine()
    {
        std::ofstream(m_bundle + "/logs/extra.log") << "[rank0]: one more line\n";
        const CliRun stale =
            runInProcess({"logs", m_bundle, "--cache-dir", m_readOnly.toStdString()});
        QCOMPARE(stale.exitCode, 2);
        QCOMPARE(lineCount(stale.err), 1);
        QVERIFY2(stale.err.find("read-only") != std::string::npos &&
                     stale.err.find("does not match the bundle") != std::string::npos,
                 stale.err.c_str());
    }

private:
    QTemporaryDir m_dir;
    std::string m_bundle;
    QString m_writable;
    QString m_readOnly;
    bool m_mounted = false;
};

QTEST_GUILESS_MAIN(CliReadOnlyCacheTest)
#include "test_cli_read_only_cache.moc"
