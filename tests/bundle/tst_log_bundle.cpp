// Logs in bundles: logs/ files into the cache (text blocks, templates, event index, iteration
// windows), problems per file, reopening without re-parsing, re-mining after a change, the line
// loader with its filters, and the log metric in trace windows.
#include "BundleTestSupport.h"
#include "TestData.h"
#include "TraceBundleSupport.h"

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

constexpr qint64 kMtime = 1764417600; // fixed, so reopening sees unchanged files

// Copies tests/fixtures/bundle-logs into `root` with fixed mtimes.
void writeLogBundle(const QString &root)
{
    const QString fixtures = rankscope_test::fixturesDir() + QStringLiteral("/bundle-logs");
    QDirIterator it(fixtures, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        writeFile(root, QDir(fixtures).relativeFilePath(path), file.readAll(), kMtime);
    }
}

// Templates as "id|count|text" lines: what must not depend on how the cache was reached.
QStringList templateDigest(SqliteDatabase &db)
{
    QStringList lines;
    for (const LogTemplate &templ : loadLogTemplates(db))
        lines << QString::number(templ.id) + QLatin1Char('|') + QString::number(templ.size) +
                     QLatin1Char('|') + QString::fromStdString(templ.text);
    return lines;
}

int countRows(const TraceWindowTable &table, int rank, bool withLogValue)
{
    int rows = 0;
    for (const TraceWindowRow &row : table.rows) {
        if (row.rank == rank && std::isnan(row.value(TraceMetric::LogProblems)) != withLogValue)
            ++rows;
    }
    return rows;
}

} // namespace

class TestLogBundle : public QObject
{
    Q_OBJECT

private slots:
    void importsLogsAndKeepsGoodFilesBesideACorruptOne()
    {
        QTemporaryDir bundle;
        QTemporaryDir cache;
        writeLogBundle(bundle.path());
        const ImportResult result = importBundle(options(bundle.path(), cache.path()));
        const ImportSummary &s = result.summary;
        QCOMPARE(s.logFiles, 6);
        QCOMPARE(s.filesParsed, 6);
        QCOMPARE(s.filesFailed, 1);
        QVERIFY(s.logEvents >= 95);
        QVERIFY(s.logTemplates >= 5);
        const ImportProblem *broken = problemFor(result.stacks.problems, "logs/broken.log.zst");
        QVERIFY2(broken, qPrintable(problemsText(result.stacks.problems)));

        auto db = openCache(result);
        const std::vector<StoredLogFile> files = loadLogFiles(*db);
        QCOMPARE(int(files.size()), 5); // the broken file has no log rows
        QCOMPARE(files.front().path, std::string("logs/launcher.out"));
        QCOMPARE(files[1].rank, 0);
        std::int64_t first = 0;
        for (const StoredLogFile &file : files) {
            QCOMPARE(file.firstEvent, first);
            first += file.events;
        }
        QCOMPARE(first, s.logEvents);

        // Iteration lines are data: per rank, every iteration with its step time.
        const std::vector<LogIterationRecord> iterations = loadLogIterations(*db);
        QCOMPARE(int(iterations.size()), 21 * 3 + 20);
        QCOMPARE(iterations.front().rank, 0);
        QCOMPARE(iterations.front().stepTimeMs, 1000.0);

        // The comparisons: rank 2 stopped at iteration 20 and lacks the watchdog timeout.
        const LogAnalysisInput input = loadLogAnalysisInput(*db, result.stacks.job);
        QCOMPARE(std::int64_t(input.events.size()), s.logEvents);
        const LogAnalysis analysis =
            analyzeLogs(input.events, input.templates, input.iterations, input.job, input.context);
        QVERIFY(!analysis.suspects.empty());
        bool rank2 = false;
        for (const LogSuspect &suspect : analysis.suspects)
            rank2 = rank2 || (suspect.kind == LogSuspectKind::Rank &&
                              suspect.ranks == RankSet::fromVector({2}) &&
                              suspect.reason.find("nothing after iteration 20 while others "
                                                  "reached 21") != std::string::npos);
        QVERIFY2(rank2, analysis.summary.c_str());
        QCOMPARE(analysis.lastIteration.at(2), std::int64_t(20));

        // Windows from the logs alone: iterations with step time and problem counts.
        QVERIFY(hasTraceData(*db));
        const TraceWindowTable windows = loadTraceWindows(*db, WindowAxis::Iteration, 0);
        double rank0Problems = 0;
        bool stepTimeSeen = false;
        for (const TraceWindowRow &row : windows.rows) {
            if (row.rank != 0)
                continue;
            rank0Problems += row.value(TraceMetric::LogProblems);
            if (row.window == 5) {
                QCOMPARE(row.value(TraceMetric::StepTime), 1000.0 * 1e6);
                stepTimeSeen = true;
            }
        }
        QVERIFY(stepTimeSeen);
        QCOMPARE(rank0Problems, 2.0); // the watchdog timeout and the traceback
        QVERIFY(!loadTraceWindows(*db, WindowAxis::TimeBin, 0).rows.empty());
    }

    void linesLoadByFilter()
    {
        QTemporaryDir bundle;
        QTemporaryDir cache;
        writeLogBundle(bundle.path());
        const ImportResult result = importBundle(options(bundle.path(), cache.path()));
        auto db = openCache(result);
        LogLineIndex source(*db);
        const std::vector<std::uint32_t> all = source.select({});
        QCOMPARE(std::int64_t(all.size()), result.summary.logEvents);

        LogLineQuery byRank;
        byRank.ranks = RankSet::fromVector({2});
        byRank.launcher = false;
        const std::vector<std::uint32_t> rank2 = source.select(byRank);
        QCOMPARE(int(rank2.size()), 22); // two NCCL lines and 20 iterations
        for (const StoredLogLine &line : source.fetch(rank2, 0, 100))
            QCOMPARE(line.meta.rank, 2);

        LogLineQuery text;
        text.text = "WATCHDOG caught";
        const std::vector<std::uint32_t> watchdog = source.select(text);
        QCOMPARE(int(watchdog.size()), 3);
        const std::vector<StoredLogLine> page = source.fetch(watchdog, 1, 10);
        QCOMPARE(int(page.size()), 2);
        QVERIFY(page.front().text.find("Watchdog caught") != std::string::npos);
        QCOMPARE(page.front().file, std::string("logs/rank1.log"));

        LogLineQuery errors;
        errors.minSeverity = LogSeverity::Error;
        const std::vector<std::uint32_t> severe = source.select(errors);
        QVERIFY(severe.size() >= 6);
        for (const StoredLogLine &line : source.fetch(severe, 0, severe.size()))
            QVERIFY(line.meta.severity >= LogSeverity::Error);

        LogLineQuery byTemplate;
        byTemplate.templ = source.events()[watchdog.front()].templ;
        QCOMPARE(source.select(byTemplate), watchdog);

        LogLineQuery window;
        window.fromNs = source.events()[watchdog.front()].timeNs;
        window.toNs = window.fromNs + 1;
        window.byTime = true;
        QCOMPARE(int(source.select(window).size()), 3);
    }

    void reopeningReusesAndChangesReMine()
    {
        QTemporaryDir bundle;
        QTemporaryDir cache;
        writeLogBundle(bundle.path());
        const ImportResult first = importBundle(options(bundle.path(), cache.path()));
        QStringList before;
        {
            auto db = openCache(first);
            before = templateDigest(*db);
        }
        const ImportResult second = importBundle(options(bundle.path(), cache.path()));
        QCOMPARE(second.summary.filesParsed, 0);
        QCOMPARE(second.summary.filesReused, 6);
        QCOMPARE(second.summary.logEvents, first.summary.logEvents);
        {
            auto db = openCache(second);
            QCOMPARE(templateDigest(*db), before);
        }

        // One more line in one file: only that file is parsed, the templates are mined again
        // and come out as a fresh import of the changed bundle has them.
        QFile rank3(bundle.path() + QStringLiteral("/logs/rank3.log"));
        QVERIFY(rank3.open(QIODevice::Append));
        rank3.write("2025-11-29 12:11:00,000 WARNING NCCL WARN Cuda failure 'out of memory'\n");
        rank3.close();
        setMtime(rank3.fileName(), kMtime + 5);
        const ImportResult changed = importBundle(options(bundle.path(), cache.path()));
        QCOMPARE(changed.summary.filesParsed, 1);
        QCOMPARE(changed.summary.logEvents, first.summary.logEvents + 1);
        QStringList incremental;
        {
            auto db = openCache(changed);
            incremental = templateDigest(*db);
        }
        QTemporaryDir freshCache;
        ImportOptions fresh = options(bundle.path(), freshCache.path());
        const ImportResult full = importBundle(fresh);
        auto db = openCache(full);
        QCOMPARE(incremental, templateDigest(*db));
        QVERIFY(incremental != before);

        // Removing every log leaves no log rows and no log windows.
        QDir(bundle.path() + QStringLiteral("/logs")).removeRecursively();
        const ImportResult removed = importBundle(options(bundle.path(), cache.path()));
        QCOMPARE(removed.summary.logFiles, 0);
        QCOMPARE(removed.summary.filesRemoved, 6);
        auto after = openCache(removed);
        QVERIFY(!hasLogData(*after));
        QVERIFY(!hasTraceData(*after));
    }

    // With profiler traces the trace windows carry the log metric of the ranks that logged.
    void logMetricFillsTraceWindows()
    {
        QTemporaryDir bundle;
        QTemporaryDir cache;
        for (int rank = 0; rank < 2; ++rank)
            writeFile(bundle.path(), QStringLiteral("traces/rank%1.json").arg(rank),
                      kinetoTraceForRank(rank), kMtime);
        writeFile(bundle.path(), QStringLiteral("logs/rank0.log"),
                  "2024-10-01 00:00:00,000 WARNING something odd\n", kMtime);
        const ImportResult result = importBundle(options(bundle.path(), cache.path()));
        QCOMPARE(result.summary.traceRanks, 2);
        QCOMPARE(result.summary.logFiles, 1);
        auto db = openCache(result);
        for (WindowAxis axis : {WindowAxis::Iteration, WindowAxis::TimeBin}) {
            const TraceWindowTable table = loadTraceWindows(*db, axis, 0);
            QVERIFY(!table.rows.empty());
            QVERIFY(countRows(table, 0, true) > 0); // rank 0 logged: counts (0 or more)
            QCOMPARE(countRows(table, 1, true), 0); // rank 1 has no log: no value
        }
    }

    // The real 64-rank Megatron-DeepSpeed launcher output, when the shared data is present.
    void realBigscienceLog()
    {
        const QString source = rankscope_test::sharedDataDir() +
                               QStringLiteral("/bigscience-train-logs/experiments/gpt2-meg-ds-zero/"
                                              "meg_ds_zero_gpt2_perf_n16-1999616.out");
        if (!QFileInfo::exists(source))
            QSKIP("../shared/data/bigscience-train-logs is not present");
        QTemporaryDir bundle;
        QTemporaryDir cache;
        copyInto(source, bundle.path(), QStringLiteral("logs/slurm-1999616.out"));
        const ImportResult result = importBundle(options(bundle.path(), cache.path()));
        QCOMPARE(result.summary.logFiles, 1);
        QVERIFY(result.summary.logEvents > 1000);
        QVERIFY(result.summary.logTemplates > 10);
        QVERIFY(result.summary.logTemplates < result.summary.logEvents / 10);
        auto db = openCache(result);
        const LogAnalysisInput input = loadLogAnalysisInput(*db, result.stacks.job);
        RankSet ranks;
        for (const TemplatedLogEvent &event : input.events) {
            if (event.rank >= 0)
                ranks.insert(event.rank);
        }
        qInfo("%lld events, %d templates, ranks %s, %zu iteration lines",
              qint64(result.summary.logEvents), result.summary.logTemplates,
              ranks.toString().c_str(), input.iterations.size());
        QVERIFY(ranks.count() >= 16);
        QVERIFY(!input.iterations.empty());
        const LogAnalysis analysis =
            analyzeLogs(input.events, input.templates, input.iterations, input.job, input.context);
        QVERIFY(!analysis.summary.empty());
        qInfo("%s", analysis.summary.c_str());
    }
};

QTEST_GUILESS_MAIN(TestLogBundle)
#include "tst_log_bundle.moc"
