// A bundle whose times are absurd (issue 13, class 3): a log dated 2300 with a step time of
// 1e25 ms, a trace with dur = 9e18 ns and ts near INT64_MAX, a job.json with clock offsets of
// +-10^18 and of 2^64 - 1. The import finishes; each absurd value is one problem naming its file
// (and line) once; the cache holds no wrapped time: every stored time, offset and window edge
// is a plausible time, and the time bins stay few.
#include "BundleTestSupport.h"
#include "TraceBundleSupport.h"

#include "core/cache/LogCacheReader.h"
#include "core/cache/SqliteStatement.h"
#include "core/cache/TraceCacheReader.h"
#include "core/model/TimeArithmetic.h"
#include "importers/bundle/JobManifest.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace rankscope;
using namespace bundle_test;

namespace {

const char *const kLog =
    "2024-05-01 12:00:00,000 INFO start\n"
    "2300-01-01 00:00:00,000 INFO far future\n"
    " iteration        1/  1000 | elapsed time per iteration (ms): 1e25 | lm "
    "loss: 2.5 |\n"
    " iteration        2/  1000 | elapsed time per iteration (ms): 2711.1 | lm "
    "loss: 2.4 |\n"
    "2024-05-01 12:00:05,000 WARNING end\n";

const char *const kTrace =
    "{\"distributedInfo\":{\"rank\":0},\"traceEvents\":["
    "{\"ph\":\"X\",\"name\":\"ProfilerStep#1\",\"cat\":\"user_annotation\",\"pid\":0,\"tid\":1,"
    "\"ts\":1714564800000000,\"dur\":1000},"
    "{\"ph\":\"X\",\"name\":\"long\",\"cat\":\"cpu_op\",\"pid\":0,\"tid\":1,"
    "\"ts\":1714564800000100,\"dur\":9000000000000000},"
    "{\"ph\":\"X\",\"name\":\"late\",\"cat\":\"cpu_op\",\"pid\":0,\"tid\":1,"
    "\"ts\":9223372036854775,\"dur\":1},"
    "{\"ph\":\"X\",\"name\":\"aten::mm\",\"cat\":\"cpu_op\",\"pid\":0,\"tid\":1,"
    "\"ts\":1714564800000200,\"dur\":300}]}";

const char *const kManifest =
    "{\"world_size\":1,\"ranks\":[{\"rank\":0,\"node\":\"n0\",\"local_rank\":18446744073709551615}]"
    ","
    "\"clock_offsets_ns\":{\"0\":1000000000000000000,\"1\":-1000000000000000000,"
    "\"2\":18446744073709551615,\"3\":40000000}}";

const ImportProblem *problemAt(const std::vector<ImportProblem> &all, const std::string &file,
                               std::int64_t line, const char *containing)
{
    for (const ImportProblem &p : all) {
        if (p.file == file && p.line == line && p.message.find(containing) != std::string::npos)
            return &p;
    }
    return nullptr;
}

} // namespace

class HostileTimesTest : public QObject
{
    Q_OBJECT

private slots:
    void manifestRefusesAbsurdOffsets()
    {
        const JobManifest manifest = parseJobManifest(kManifest);
        QVERIFY(manifest.ok);
        // Only the sane offset is kept: 10^18 ns is 31 years, 2^64 - 1 wrapped to -1 before.
        QCOMPARE(manifest.clockOffsetsNs.size(), std::size_t(1));
        QCOMPARE(manifest.clockOffsetsNs.at(3), std::int64_t(40'000'000));
        int refused = 0;
        for (const ParseProblem &problem : manifest.problems)
            refused += problem.message.find("clock_offsets_ns") != std::string::npos;
        QCOMPARE(refused, 3);
        QCOMPARE(manifest.job.ranks.at(0).localRank, -1);
        bool localRankProblem = false;
        for (const ParseProblem &problem : manifest.problems)
            localRankProblem |= problem.message.find("\"local_rank\"") != std::string::npos;
        QVERIFY(localRankProblem);
        // A year is the largest offset kept.
        const JobManifest year = parseJobManifest(
            "{\"clock_offsets_ns\":{\"0\":" + std::to_string(kMaxManifestClockOffsetNs) +
            ",\"1\":" + std::to_string(-kMaxManifestClockOffsetNs - 1) + "}}");
        QCOMPARE(year.clockOffsetsNs.size(), std::size_t(1));
    }

    void importFinishesWithProblemsAndNoWrappedTimes()
    {
        QTemporaryDir bundle;
        QTemporaryDir cache;
        writeFile(bundle.path(), QStringLiteral("logs/rank0.log"), kLog);
        writeFile(bundle.path(), QStringLiteral("traces/rank0.json"), kTrace);
        writeFile(bundle.path(), QStringLiteral("job.json"), kManifest);
        const ImportResult result = importBundle(options(bundle.path(), cache.path()));
        const std::vector<ImportProblem> &problems = result.stacks.problems;
        const QString all = problemsText(problems);

        QVERIFY2(problemAt(problems, "logs/rank0.log", 2, "the time \"2300-01-01 00:00:00,000\""),
                 qPrintable(all));
        QVERIFY2(problemAt(problems, "logs/rank0.log", 3, "the step time 1e+25 ms"),
                 qPrintable(all));
        QVERIFY2(problemAt(problems, "traces/rank0.json", 0, "lasts 9000000000000000 us"),
                 qPrintable(all));
        QVERIFY2(problemAt(problems, "traces/rank0.json", 0, "has 'ts' 9223372036854775 us"),
                 qPrintable(all));
        QVERIFY2(problemAt(problems, "job.json", 0,
                           "clock_offsets_ns[\"0\"] is "
                           "1000000000000000000 ns, more than a year"),
                 qPrintable(all));
        // Class 9: the file and the line are the problem's fields, never repeated in its text.
        for (const ImportProblem &p : problems) {
            QVERIFY2(p.message.find(p.file) == std::string::npos, qPrintable(all));
            QVERIFY2(p.message.find("line " + std::to_string(p.line) + ":") == std::string::npos,
                     qPrintable(all));
        }

        auto db = openCache(result);
        // Logs: the 2300 line kept the time before it; the 1e25 step has no step time.
        for (const TemplatedLogEvent &event : loadTemplatedLogEvents(*db, loadLogFiles(*db)))
            QVERIFY2(isPlausibleTimeNs(event.timeNs), qPrintable(QString::number(event.timeNs)));
        const std::vector<LogIterationRecord> iterations = loadLogIterations(*db);
        QCOMPARE(iterations.size(), std::size_t(2));
        QVERIFY(std::isnan(iterations[0].stepTimeMs));
        QCOMPARE(iterations[1].stepTimeMs, 2711.1);

        // Traces: the two absurd events are gone, the clock offset is the estimate (0: one
        // rank), not job.json's 10^18, and the manifest kept only the sane offset of rank 3.
        QCOMPARE(result.summary.traceEvents, std::int64_t(2));
        const TraceOverview overview = loadTraceOverview(*db);
        const TraceRankClock *clock = clockOf(overview, 0);
        QVERIFY(clock);
        QCOMPARE(clock->offset.offsetNs, std::int64_t(0));
        SqliteStatement manifestOffsets =
            db->prepare("SELECT rank, offset_ns FROM manifest_clock_offsets");
        QVERIFY(manifestOffsets.step());
        QCOMPARE(manifestOffsets.columnInt(0), 3);
        QVERIFY(!manifestOffsets.step());
        for (WindowAxis axis : {WindowAxis::Iteration, WindowAxis::TimeBin}) {
            const TraceWindowTable windows = loadTraceWindows(*db, axis);
            QVERIFY(!windows.rows.empty());
            QVERIFY2(windows.rows.size() <= 400, qPrintable(QString::number(windows.rows.size())));
            for (const TraceWindowRow &row : windows.rows) {
                QVERIFY(isPlausibleTimeNs(row.startNs) && isPlausibleTimeNs(row.endNs));
                QVERIFY(row.startNs <= row.endNs);
            }
        }
    }
};

QTEST_GUILESS_MAIN(HostileTimesTest)
#include "tst_hostile_times.moc"
