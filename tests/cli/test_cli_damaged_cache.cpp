// A damaged cache (issue 13, class 7): a flipped bit inside any stored blob is caught by the
// blob's checksum; the command rebuilds the cache from the bundle once, says so in one warning
// line, and prints exactly what a clean import prints. Never other numbers, never exit 1.
#include "CacheBlobDamage.h"
#include "CliTestSupport.h"

#include "core/cache/SqliteDatabase.h"
#include "core/cache/SqliteStatement.h"

#include <QTemporaryDir>

#include <filesystem>

using namespace cli_test;
using namespace rankscope;

namespace {

std::filesystem::path cacheFileIn(const QString &dir)
{
    for (const auto &entry : std::filesystem::directory_iterator(dir.toStdString()))
        if (entry.path().extension() == ".sqlite")
            return entry.path();
    return {};
}

} // namespace

class CliDamagedCacheTest : public QObject
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
    }

    void flippedBitIsRebuilt_data()
    {
        QTest::addColumn<QString>("table");
        QTest::addColumn<QString>("column");
        QTest::addColumn<QString>("command");
        QTest::newRow("collective records") << "collective_files"
                                            << "data"
                                            << "collectives";
        QTest::newRow("process group") << "collective_groups"
                                       << "ranks"
                                       << "collectives";
        QTest::newRow("log text") << "log_text_blocks"
                                  << "data"
                                  << "logs";
        QTest::newRow("trace windows") << "trace_window_packs"
                                       << "rows"
                                       << "heatmap";
    }

    void flippedBitIsRebuilt()
    {
        QFETCH(QString, table);
        QFETCH(QString, column);
        QFETCH(QString, command);
        QTemporaryDir cache;
        const std::string cacheDir = cache.path().toStdString();
        const std::vector<std::string> args = {command.toStdString(), m_bundle, "--format", "json",
                                               "--cache-dir",         cacheDir};
        const CliRun clean = runInProcess(args);
        QVERIFY2(clean.exitCode == 0, clean.err.c_str());
        QVERIFY2(
            flipBitInBlob(cacheFileIn(cache.path()), table.toStdString(), column.toStdString()),
            "the synthetic bundle stored no such blob");

        const CliRun damaged = runInProcess(args);
        QVERIFY2(damaged.exitCode == 0, damaged.err.c_str());
        QCOMPARE(damaged.out, clean.out);
        QCOMPARE(lineCount(damaged.err), 1);
        QVERIFY2(damaged.err.find("warning:") != std::string::npos &&
                     damaged.err.find("damaged") != std::string::npos &&
                     damaged.err.find("the cache was rebuilt from the bundle") != std::string::npos,
                 damaged.err.c_str());

        const CliRun after = runInProcess(args); // the rebuilt cache is whole again
        QCOMPARE(after.exitCode, 0);
        QCOMPARE(after.err, std::string());
        QCOMPARE(after.out, clean.out);
    }

private:
    QTemporaryDir m_dir;
    std::string m_bundle;
};

QTEST_GUILESS_MAIN(CliDamagedCacheTest)
#include "test_cli_damaged_cache.moc"
