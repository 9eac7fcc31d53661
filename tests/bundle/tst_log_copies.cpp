// The same event in a rank's own log and in the launcher's output (tests/fixtures/bundle-copies):
// counted once in every count, the copies marked in the line index with their primary, and an
// incremental import giving what a fresh one gives.
#include "BundleTestSupport.h"
#include "TestData.h"

#include "core/cache/CacheSchema.h"
#include "core/cache/LogCacheReader.h"
#include "core/cache/TraceCacheReader.h"
#include "core/logs/LogAnalysis.h"
#include "importers/bundle/BundleImport.h"

#include <QDirIterator>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace rankscope;
using namespace bundle_test;

namespace {

constexpr qint64 kMtime = 1764417600;

void writeCopiesBundle(const QString &root)
{
    const QString fixtures = rankscope_test::fixturesDir() + QStringLiteral("/bundle-copies");
    QDirIterator it(fixtures + QStringLiteral("/logs"), QDir::Files);
    while (it.hasNext()) {
        const QString path = it.next();
        if (path.endsWith(QLatin1String(".md")))
            continue;
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        writeFile(root, QDir(fixtures).relativeFilePath(path), file.readAll(), kMtime);
    }
}

std::unique_ptr<SqliteDatabase> openCache(const ImportResult &result)
{
    return openStackCacheReader(result.summary.cacheFile);
}

const LogTemplateSummary *templateContaining(const LogAnalysis &analysis, const char *text)
{
    for (const LogTemplateSummary &templ : analysis.templates) {
        if (templ.text.find(text) != std::string::npos)
            return &templ;
    }
    return nullptr;
}

// Everything derived from the logs that must not depend on how the cache was reached.
QStringList digest(SqliteDatabase &db)
{
    QStringList lines;
    for (const LogTemplate &templ : loadLogTemplates(db))
        lines << QStringLiteral("T %1|%2|%3")
                     .arg(templ.id)
                     .arg(templ.size)
                     .arg(QString::fromStdString(templ.text));
    const std::vector<StoredLogFile> files = loadLogFiles(db);
    for (const StoredLogFile &file : files)
        lines << QStringLiteral("F %1 %2 %3")
                     .arg(QString::fromStdString(file.path))
                     .arg(file.events)
                     .arg(file.duplicates);
    for (const TemplatedLogEvent &event : loadTemplatedLogEvents(db, files, LogCopies::Keep))
        lines << QStringLiteral("E %1 %2 %3 %4 %5 %6")
                     .arg(event.file)
                     .arg(event.line)
                     .arg(event.rank)
                     .arg(event.timeNs)
                     .arg(event.templ)
                     .arg(event.duplicateOf);
    return lines;
}

float problemsOf(const TraceWindowTable &table, int rank)
{
    float sum = 0;
    for (const TraceWindowRow &row : table.rows) {
        if (row.rank == rank && !std::isnan(row.value(TraceMetric::LogProblems)))
            sum += row.value(TraceMetric::LogProblems);
    }
    return sum;
}

} // namespace

class TestLogCopies : public QObject
{
    Q_OBJECT

private slots:
    void eachEventCountsOnce()
    {
        QTemporaryDir bundle;
        QTemporaryDir cache;
        writeCopiesBundle(bundle.path());
        const ImportResult result = importBundle(options(bundle.path(), cache.path()));
        QCOMPARE(result.summary.logFiles, 4);
        // 7 + 8 + 6 lines of the ranks' files, 28 of the launcher's: 20 of those are copies of
        // ranks 0-2's own lines; rank 3 (no file of its own) and the launcher's lines count.
        QCOMPARE(result.summary.logEvents, std::int64_t(49));
        QCOMPARE(result.summary.logDuplicates, std::int64_t(20));

        auto db = openCache(result);
        const std::vector<StoredLogFile> files = loadLogFiles(*db);
        QCOMPARE(files.front().path, std::string("logs/launcher.out"));
        QCOMPARE(files.front().duplicates, std::int64_t(20));
        for (std::size_t i = 1; i < files.size(); ++i)
            QCOMPARE(files[i].duplicates, std::int64_t(0));

        const LogAnalysisInput input = loadLogAnalysisInput(*db, result.stacks.job);
        QCOMPARE(int(input.events.size()), 29);
        const LogAnalysis analysis =
            analyzeLogs(input.events, input.templates, input.iterations, input.job);

        const LogTemplateSummary *watchdog = templateContaining(analysis, "Watchdog caught");
        QVERIFY(watchdog);
        QCOMPARE(watchdog->count, std::int64_t(3)); // ranks 0, 1 and 3, not 5
        QCOMPARE(watchdog->has, RankSet::fromVector({0, 1, 3}));
        QCOMPARE(watchdog->missing, RankSet::fromVector({2}));
        const LogTemplateSummary *shards = templateContaining(analysis, "Loaded");
        QVERIFY(shards);
        QCOMPARE(shards->count, std::int64_t(4));
        // Rank 1's two identical lines are two events, in its file and in the launcher's.
        const LogTemplateSummary *overflow = templateContaining(analysis, "OVERFLOW");
        QVERIFY(overflow);
        QCOMPARE(overflow->count, std::int64_t(2));
        // Only in rank 0's own file (the launcher's output stopped before it).
        const LogTemplateSummary *exiting = templateContaining(analysis, "exiting after");
        QVERIFY(exiting);
        QCOMPARE(exiting->count, std::int64_t(1));
        // The stored template counts agree.
        for (const LogTemplate &templ : input.templates) {
            if (templ.id == watchdog->id)
                QCOMPARE(templ.size, std::int64_t(3));
        }

        // The heatmap's log metric (time bins, from the logs alone) counts once too.
        const TraceWindowTable bins = loadTraceWindows(*db, WindowAxis::TimeBin, 0);
        QCOMPARE(problemsOf(bins, 0), 2.0f); // the watchdog timeout and "exiting"
        QCOMPARE(problemsOf(bins, 1), 1.0f);
        QCOMPARE(problemsOf(bins, 2), 1.0f); // the DataLoader warning
        QCOMPARE(problemsOf(bins, 3), 1.0f);
    }

    void lineIndexShowsCopiesOnRequest()
    {
        QTemporaryDir bundle;
        QTemporaryDir cache;
        writeCopiesBundle(bundle.path());
        const ImportResult result = importBundle(options(bundle.path(), cache.path()));
        auto db = openCache(result);
        LogLineIndex index(*db);
        QCOMPARE(index.copyCount(), std::int64_t(20));

        LogLineQuery query;
        QCOMPARE(int(index.select(query).size()), 29);
        query.copies = true;
        const std::vector<std::uint32_t> all = index.select(query);
        QCOMPARE(int(all.size()), 49);

        // Rank 1's watchdog line in launcher.out is a copy of line 8 of rank1.log, which knows
        // its one copy.
        query.text = "[Rank 1] Watchdog";
        const std::vector<std::uint32_t> watchdog = index.select(query);
        QCOMPARE(int(watchdog.size()), 2);
        int seenCopy = 0;
        int seenPrimary = 0;
        for (const std::uint32_t event : watchdog) {
            const StoredLogLine line = index.line(event);
            if (line.file == "logs/launcher.out") {
                QVERIFY(line.meta.duplicateOf >= 0);
                QCOMPARE(line.otherFile, std::string("logs/rank1.log"));
                QCOMPARE(line.otherLine, 8u);
                ++seenCopy;
            } else {
                QCOMPARE(line.file, std::string("logs/rank1.log"));
                QCOMPARE(line.meta.duplicateOf, std::int64_t(-1));
                QCOMPARE(line.copies, 1);
                QCOMPARE(line.otherFile, std::string("logs/launcher.out"));
                QCOMPARE(line.otherLine, 27u);
                ++seenPrimary;
            }
        }
        QCOMPARE(seenCopy, 1);
        QCOMPARE(seenPrimary, 1);
        // Rank 3 has no file of its own: its lines are no copies.
        query.text = "[Rank 3] Watchdog";
        const std::vector<std::uint32_t> rank3 = index.select(query);
        QCOMPARE(int(rank3.size()), 1);
        QCOMPARE(index.line(rank3.front()).meta.duplicateOf, std::int64_t(-1));
    }

    void incrementalImportEqualsFreshOne()
    {
        QTemporaryDir bundle;
        QTemporaryDir cache;
        writeCopiesBundle(bundle.path());
        importBundle(options(bundle.path(), cache.path()));
        // Rank 1's own file goes away: its lines in the launcher's output are its only record
        // now and must count; rank 2's file gains a line.
        QVERIFY(QFile::remove(bundle.path() + QStringLiteral("/logs/rank1.log")));
        QFile rank2(bundle.path() + QStringLiteral("/logs/rank2.log"));
        QVERIFY(rank2.open(QIODevice::Append));
        rank2.write("2025-11-29 12:00:22,000 WARNING DataLoader worker 3 is slow to respond\n");
        rank2.close();
        setMtime(rank2.fileName(), kMtime + 60);
        const ImportResult updated = importBundle(options(bundle.path(), cache.path()));
        QCOMPARE(updated.summary.filesReused, 2);
        QCOMPARE(updated.summary.logDuplicates, std::int64_t(12));

        QTemporaryDir freshCache;
        const ImportResult fresh = importBundle(options(bundle.path(), freshCache.path()));
        QCOMPARE(fresh.summary.logDuplicates, std::int64_t(12));
        auto a = openCache(updated);
        auto b = openCache(fresh);
        QCOMPARE(digest(*a), digest(*b));

        const LogAnalysisInput input = loadLogAnalysisInput(*a, updated.stacks.job);
        const LogAnalysis analysis =
            analyzeLogs(input.events, input.templates, input.iterations, input.job);
        const LogTemplateSummary *watchdog = templateContaining(analysis, "Watchdog caught");
        QVERIFY(watchdog);
        QCOMPARE(watchdog->count, std::int64_t(3));
        QCOMPARE(watchdog->has, RankSet::fromVector({0, 1, 3}));
        const LogTemplateSummary *overflow = templateContaining(analysis, "OVERFLOW");
        QVERIFY(overflow);
        QCOMPARE(overflow->count, std::int64_t(2));
        const LogTemplateSummary *slow = templateContaining(analysis, "slow to respond");
        QVERIFY(slow);
        QCOMPARE(slow->count, std::int64_t(2)); // 12:00:21 (in both files) and 12:00:22
    }
};

QTEST_GUILESS_MAIN(TestLogCopies)
#include "tst_log_copies.moc"
