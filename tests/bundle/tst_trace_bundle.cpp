// Bundles with profiler traces: import into the cache, alignment, windows, problems, reopening
// and cancelling. Real captures from ../shared/data on top of the hand-written fixture.
#include "TraceBundleSupport.h"

#include "core/cache/SqliteStatement.h"
#include "importers/traces/TraceImport.h"

#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <cmath>
#include <set>

using namespace rankscope;
using namespace bundle_test;

class TraceBundleTest : public QObject
{
    Q_OBJECT

private slots:
    void fixtureRanksAlignedAndWindowed();
    void eventWindowMatchesTheTrace();
    void manifestOffsetsOverride();
    void duplicateRankKeepsTheFirst();
    void corruptTraceDoesNotStopTheImport();
    void reopenParsesNothing();
    void changedTraceIsTheOnlyOneParsed();
    void cancelKeepsThePreviousCache();
    void tracesOnlyBundleHasNoLayoutProblem();
    void realDlrmEightRanks();
    void realHtaEdgeCases();
    void realTracelensWithoutMetadata();

private:
    QTemporaryDir m_dir;
    QString bundle(const char *name) { return m_dir.filePath(QString::fromUtf8(name)); }
    QString cache() { return m_dir.filePath(QStringLiteral("cache")); }
};

// Four ranks of one job, clocks 0, 1, 2 and 3 ms apart: every rank imported, offsets found,
// iteration and time windows on the aligned clock.
void TraceBundleTest::fixtureRanksAlignedAndWindowed()
{
    const QString root = bundle("fixture4");
    for (int rank = 0; rank < 4; ++rank)
        writeFile(root, QStringLiteral("traces/rank%1.json").arg(rank),
                  kinetoTraceForRank(rank, std::int64_t(rank) * 1000000));
    writeFile(root, QStringLiteral("traces/notes.txt"), "not a trace");
    const ImportResult result = importBundle(options(root, cache()));
    QVERIFY2(result.stacks.problems.empty(), qPrintable(problemsText(result.stacks.problems)));
    QCOMPARE(result.summary.traceFiles, 4);
    QCOMPARE(result.summary.traceRanks, 4);
    QCOMPARE(result.summary.filesIgnored, 1);
    QCOMPARE(result.summary.filesParsed, 4);
    QVERIFY(result.summary.traceEvents > 0);
    // The fixture's distributedInfo says world_size 8: four ranks sent traces, four sent nothing.
    QCOMPARE(result.stacks.job.worldSize, 8);
    QCOMPARE(result.stacks.job.worldSizeSource, WorldSizeSource::TraceInfo);

    auto db = openCache(result);
    QVERIFY(hasTraceData(*db));
    const TraceOverview overview = loadTraceOverview(*db);
    QCOMPARE(overview.traceFiles, 4);
    QCOMPARE(int(overview.clocks.size()), 4);
    for (int rank = 0; rank < 4; ++rank) {
        const TraceRankClock *clock = clockOf(overview, rank);
        QVERIFY(clock);
        QCOMPARE(clock->offset.offsetNs, std::int64_t(rank) * 1000000);
        QCOMPARE(clock->file, QStringLiteral("traces/rank%1.json").arg(rank).toStdString());
    }
    QCOMPARE(clockOf(overview, 0)->offset.source, ClockOffsetSource::Reference);
    QVERIFY(overview.hasIterations);
    QCOMPARE(overview.firstIteration, 5);
    QCOMPARE(overview.lastIteration, 6);
    QVERIFY(overview.binWidthNs > 0);
    QVERIFY(overview.timeLevels >= 1);
    QCOMPARE(overview.iterationLevels, 1);

    // Aligned: the same iteration starts at the same time on every rank.
    const TraceWindowTable iterations = loadTraceWindows(*db, WindowAxis::Iteration);
    QCOMPARE(int(iterations.rows.size()), 8);
    for (const TraceWindowRow &row : iterations.rows) {
        const TraceWindowRow &first = iterations.rows[row.window == 5 ? 0 : 1];
        QCOMPARE(row.startNs, first.startNs);
        QVERIFY(!std::isnan(row.value(TraceMetric::StepTime)));
        QVERIFY(!std::isnan(row.value(TraceMetric::CollectiveWait))); // filled across ranks
    }
    QCOMPARE(iterations.rows[0].value(TraceMetric::StepTime), 500000.0f);

    // 200 to 400 time bins of a nice width, each rank's bins between the ends of the span.
    const TraceWindowTable bins = loadTraceWindows(*db, WindowAxis::TimeBin);
    std::set<std::int64_t> windows;
    for (const TraceWindowRow &row : bins.rows) {
        windows.insert(row.window);
        QCOMPARE(row.endNs - row.startNs, bins.binWidthNs);
    }
    QVERIFY2(windows.size() >= 200 && windows.size() <= 400,
             qPrintable(QString::number(windows.size())));
    QCOMPARE(bins.binWidthNs, overview.binWidthNs);
    // Coarser levels: factor 4 each, down to at most 64 windows.
    const TraceWindowTable coarse =
        loadTraceWindows(*db, WindowAxis::TimeBin, overview.timeLevels - 1);
    QCOMPARE(coarse.binWidthNs,
             bins.binWidthNs * (std::int64_t(1) << (2 * (overview.timeLevels - 1))));
    std::set<std::int64_t> coarseWindows;
    for (const TraceWindowRow &row : coarse.rows)
        coarseWindows.insert(row.window);
    QVERIFY(coarseWindows.size() <= 64);
    QVERIFY(loadTraceWindows(*db, WindowAxis::TimeBin, overview.timeLevels).rows.empty());
}

// The events of one rank's iteration, read back from the cache, are the trace's own events
// overlapping that iteration, moved to the aligned clock.
void TraceBundleTest::eventWindowMatchesTheTrace()
{
    const QString root = bundle("window");
    writeFile(root, QStringLiteral("traces/rank0.json"), kinetoTraceForRank(0));
    const QByteArray shifted = kinetoTraceForRank(1, 2500000);
    writeFile(root, QStringLiteral("traces/rank1.json"), shifted);
    const ImportResult result = importBundle(options(root, cache()));
    auto db = openCache(result);
    const TraceWindowTable iterations = loadTraceWindows(*db, WindowAxis::Iteration);
    const TraceWindowRow *row = nullptr;
    for (const TraceWindowRow &r : iterations.rows) {
        if (r.rank == 1 && r.window == 6)
            row = &r;
    }
    QVERIFY(row);
    const TraceData loaded = loadRankTraceWindow(*db, 1, row->startNs, row->endNs);
    QCOMPARE(loaded.rank, 1);
    QCOMPARE(loaded.rankSource, TraceRankSource::DistributedInfo);

    const TraceData original =
        parseChromeTrace(std::string(shifted.constData(), std::size_t(shifted.size())), "rank1");
    const std::int64_t offset = 2500000;
    std::vector<std::string> expected;
    for (const TraceEvent &e : original.events) {
        const std::int64_t start = e.startNs - offset;
        const bool inside =
            start < row->endNs &&
            (e.durationNs > 0 ? start + e.durationNs > row->startNs : start >= row->startNs);
        if (inside)
            expected.push_back(std::string(original.string(e.name)) + "@" + std::to_string(start) +
                               "+" + std::to_string(e.durationNs));
    }
    std::vector<std::string> got;
    for (const TraceEvent &e : loaded.events)
        got.push_back(std::string(loaded.string(e.name)) + "@" + std::to_string(e.startNs) + "+" +
                      std::to_string(e.durationNs));
    QVERIFY(!got.empty());
    QCOMPARE(got, expected); // same events, same (model) order
    QCOMPARE(loaded.tracks.size(), original.tracks.size());
    std::uint32_t counted = 0;
    for (const TraceTrack &track : loaded.tracks)
        counted += track.eventCount;
    QCOMPARE(std::size_t(counted), loaded.events.size());
    QCOMPARE(loaded.iterations.size(), original.iterations.size());
    QCOMPARE(loaded.iterations[1].startNs, original.iterations[1].startNs - offset);
    QVERIFY(loadRankTraceWindow(*db, 7, row->startNs, row->endNs).rank == -1); // no such rank
}

void TraceBundleTest::manifestOffsetsOverride()
{
    const QString root = bundle("manifest");
    writeFile(root, QStringLiteral("traces/rank0.json"), kinetoTraceForRank(0));
    writeFile(root, QStringLiteral("traces/rank1.json"), kinetoTraceForRank(1, 1000000));
    writeFile(root, QStringLiteral("job.json"),
              R"({"ranks": [{"rank": 0, "node": "a"}, {"rank": 1, "node": "b"}],
                  "clock_offsets_ns": {"1": 1234567, "x": 5, "0": "soon"}})");
    const ImportResult result = importBundle(options(root, cache()));
    const QString problems = problemsText(result.stacks.problems);
    QVERIFY2(problems.contains(QStringLiteral("job.json:0: clock_offsets_ns key \"x\"")),
             qPrintable(problems));
    QVERIFY2(problems.contains(QStringLiteral("clock_offsets_ns[\"0\"] should be a whole number")),
             qPrintable(problems));
    auto db = openCache(result);
    const TraceOverview overview = loadTraceOverview(*db);
    QCOMPARE(clockOf(overview, 1)->offset.offsetNs, 1234567);
    QCOMPARE(clockOf(overview, 1)->offset.source, ClockOffsetSource::Manifest);
    QCOMPARE(clockOf(overview, 1)->node, std::string("b"));

    // Editing the manifest re-aligns without parsing a trace again.
    writeFile(root, QStringLiteral("job.json"), R"({"clock_offsets_ns": {"1": 7}})", 1000);
    const ImportResult again = importBundle(options(root, cache()));
    QCOMPARE(again.summary.filesParsed, 1); // job.json only
    auto db2 = openCache(again);
    QCOMPARE(clockOf(loadTraceOverview(*db2), 1)->offset.offsetNs, 7);
}

void TraceBundleTest::duplicateRankKeepsTheFirst()
{
    const QString root = bundle("duplicate");
    writeFile(root, QStringLiteral("traces/a.json"), kinetoTraceForRank(2));
    writeFile(root, QStringLiteral("traces/b.json"), kinetoTraceForRank(2, 5000));
    const ImportResult result = importBundle(options(root, cache()));
    QCOMPARE(result.summary.traceFiles, 2);
    QCOMPARE(result.summary.traceRanks, 1);
    const ImportProblem *problem = problemFor(result.stacks.problems, "traces/b.json");
    QVERIFY2(problem, qPrintable(problemsText(result.stacks.problems)));
    QVERIFY2(QString::fromStdString(problem->message).contains(QStringLiteral("traces/a.json")),
             problem->message.c_str());
    auto db = openCache(result);
    QCOMPARE(loadTraceOverview(*db).clocks.at(0).file, std::string("traces/a.json"));

    // The first one goes: the second takes over its rank and the problem disappears.
    QVERIFY(QFile::remove(root + QStringLiteral("/traces/a.json")));
    const ImportResult after = importBundle(options(root, cache()));
    QCOMPARE(after.summary.traceRanks, 1);
    QVERIFY2(after.stacks.problems.empty(), qPrintable(problemsText(after.stacks.problems)));
    auto db2 = openCache(after);
    QCOMPARE(loadTraceOverview(*db2).clocks.at(0).file, std::string("traces/b.json"));
}

void TraceBundleTest::corruptTraceDoesNotStopTheImport()
{
    const QString root = bundle("corrupt");
    writeFile(root, QStringLiteral("traces/rank0.json"), kinetoTraceForRank(0));
    writeFile(root, QStringLiteral("traces/rank1.json"), QByteArray("\x01\x02garbage\xff", 11));
    writeFile(root, QStringLiteral("traces/rank2.json"), traceFixture("truncated-mid-event.json"));
    writeFile(root, QStringLiteral("traces/unnamed.json"), traceFixture("begin-end.json"));
    const ImportResult result = importBundle(options(root, cache()));
    QCOMPARE(result.summary.traceFiles, 4);
    const QString problems = problemsText(result.stacks.problems);
    const ImportProblem *garbage = problemFor(result.stacks.problems, "traces/rank1.json");
    QVERIFY2(garbage, qPrintable(problems));
    QVERIFY2(QString::fromStdString(garbage->message).contains(QStringLiteral("JSON")),
             qPrintable(problems));
    // The truncated file keeps what came before the cut (rank 1 from its distributedInfo).
    const ImportProblem *truncated = problemFor(result.stacks.problems, "traces/rank2.json");
    QVERIFY2(truncated, qPrintable(problems));
    QVERIFY2(QString::fromStdString(truncated->message).contains(QStringLiteral("at byte ")),
             qPrintable(problems));                                     // where in the file
    QVERIFY(problemFor(result.stacks.problems, "traces/unnamed.json")); // no rank anywhere
    QCOMPARE(result.summary.filesFailed, 2);
    QCOMPARE(result.summary.traceRanks, 2);
    auto db = openCache(result);
    const TraceOverview overview = loadTraceOverview(*db);
    QVERIFY(clockOf(overview, 0));
    QVERIFY(clockOf(overview, 1)); // truncated-mid-event.json says rank 1
}

void TraceBundleTest::reopenParsesNothing()
{
    const QString root = bundle("reopen");
    for (int rank = 0; rank < 3; ++rank)
        writeFile(root, QStringLiteral("traces/rank%1.json").arg(rank), kinetoTraceForRank(rank));
    const ImportResult first = importBundle(options(root, cache()));
    QCOMPARE(first.summary.filesParsed, 3);
    const ImportResult second = importBundle(options(root, cache()));
    QCOMPARE(second.summary.filesParsed, 0);
    QCOMPARE(second.summary.filesReused, 3);
    QCOMPARE(second.summary.traceRanks, 3);
    QCOMPARE(second.summary.traceEvents, first.summary.traceEvents);
    auto db = openCache(second);
    QCOMPARE(int(loadTraceWindows(*db, WindowAxis::Iteration).rows.size()), 6);
}

void TraceBundleTest::changedTraceIsTheOnlyOneParsed()
{
    const QString root = bundle("changed");
    for (int rank = 0; rank < 3; ++rank)
        writeFile(root, QStringLiteral("traces/rank%1.json").arg(rank), kinetoTraceForRank(rank),
                  1000);
    importBundle(options(root, cache()));
    writeFile(root, QStringLiteral("traces/rank2.json"), kinetoTraceForRank(2, 3000000), 2000);
    const ImportResult result = importBundle(options(root, cache()));
    QCOMPARE(result.summary.filesParsed, 1);
    QCOMPARE(result.summary.filesReused, 2);
    auto db = openCache(result);
    QCOMPARE(clockOf(loadTraceOverview(*db), 2)->offset.offsetNs, 3000000); // re-aligned
    QCOMPARE(int(loadTraceWindows(*db, WindowAxis::Iteration).rows.size()), 6);
}

// Cancelled while the traces are read, or later while clocks are aligned and windows measured:
// either way the cache keeps its previous complete state.
void TraceBundleTest::cancelKeepsThePreviousCache()
{
    const QString root = bundle("cancel");
    writeFile(root, QStringLiteral("traces/rank0.json"), kinetoTraceForRank(0));
    const ImportResult before = importBundle(options(root, cache()));
    QCOMPARE(before.summary.traceRanks, 1);

    for (int rank = 1; rank < 6; ++rank)
        writeFile(root, QStringLiteral("traces/rank%1.json").arg(rank), kinetoTraceForRank(rank));
    for (const char *phase : {"reading traces", "aligning clocks"}) {
        std::atomic<bool> cancel{false};
        bool sawPhase = false;
        const auto progress = [&](const ImportProgress &p) {
            if (p.phase == phase) {
                sawPhase = true;
                cancel = true;
            }
        };
        const ImportResult cancelled = importBundle(options(root, cache()), progress, &cancel);
        QVERIFY2(sawPhase, phase);
        QVERIFY(cancelled.summary.cancelled);
        auto db = openStackCache(before.summary.cacheFile, false);
        QCOMPARE(int(loadTraceOverview(*db).clocks.size()), 1);
        QCOMPARE(int(loadTraceWindows(*db, WindowAxis::Iteration).rows.size()), 2);
    }
    const ImportResult after = importBundle(options(root, cache()));
    QCOMPARE(after.summary.filesParsed, 5);
    QCOMPARE(after.summary.traceRanks, 6);
}

void TraceBundleTest::tracesOnlyBundleHasNoLayoutProblem()
{
    const QString root = bundle("tracesonly");
    writeFile(root, QStringLiteral("traces/rank0.json"), kinetoTraceForRank(0));
    const ImportResult result = importBundle(options(root, cache()));
    QVERIFY2(result.stacks.problems.empty(), qPrintable(problemsText(result.stacks.problems)));
    // And a bundle wrapped in a folder is still found by its traces/.
    const QString wrapped = bundle("wrapped");
    writeFile(wrapped, QStringLiteral("run-7/traces/rank0.json"), kinetoTraceForRank(0));
    QCOMPARE(importBundle(options(wrapped, cache())).summary.traceRanks, 1);
}

void TraceBundleTest::realDlrmEightRanks()
{
    RANKSCOPE_REQUIRE_SHARED_DATA(shared);
    const QString source =
        shared + QStringLiteral("/param-et-kineto/et_replay/tests/inputs/extracted/dlrm_kineto");
    const QString root = bundle("dlrm");
    // Renamed so that the path names no rank: the ranks must come from distributedInfo.
    int copied = 0;
    for (const QString &name : QDir(source).entryList({QStringLiteral("*.json")}, QDir::Files)) {
        copyInto(source + QLatin1Char('/') + name, root,
                 QStringLiteral("traces/capture-%1.pt.trace.json").arg(copied));
        ++copied;
    }
    QCOMPARE(copied, 8);
    const ImportResult result = importBundle(options(root, cache()));
    QVERIFY2(result.stacks.problems.empty(), qPrintable(problemsText(result.stacks.problems)));
    QCOMPARE(result.summary.traceRanks, 8);
    auto db = openCache(result);
    const TraceOverview overview = loadTraceOverview(*db);
    QCOMPARE(int(overview.clocks.size()), 8);
    std::set<int> ranks;
    for (const TraceRankClock &clock : overview.clocks) {
        ranks.insert(clock.rank);
        QVERIFY(clock.offset.source != ClockOffsetSource::None);
        QVERIFY2(std::llabs(clock.offset.offsetNs) < 10000000, clock.file.c_str()); // < 10 ms
        const TraceData trace =
            loadRankTraceWindow(*db, clock.rank, overview.startNs, overview.endNs + 1);
        QCOMPARE(trace.rankSource, TraceRankSource::DistributedInfo);
        QCOMPARE(trace.worldSize, 8);
    }
    QCOMPARE(ranks, (std::set<int>{0, 1, 2, 3, 4, 5, 6, 7}));
    QCOMPARE(clockOf(overview, 0)->offset.source, ClockOffsetSource::Reference);
    const TraceWindowTable iterations = loadTraceWindows(*db, WindowAxis::Iteration);
    QCOMPARE(int(iterations.rows.size()), 8); // one ProfilerStep per rank
    for (const TraceWindowRow &row : iterations.rows) {
        QVERIFY(row.value(TraceMetric::ComputeTime) > 0);
        QVERIFY(!std::isnan(row.value(TraceMetric::CollectiveWait)));
    }
    QVERIFY(!loadTraceWindows(*db, WindowAxis::TimeBin).rows.empty());
}

void TraceBundleTest::realHtaEdgeCases()
{
    RANKSCOPE_REQUIRE_SHARED_DATA(shared);
    const QString data = shared + QStringLiteral("/hta-testdata/tests/data/");
    const QString root = bundle("hta");
    // No distributedInfo: the rank comes from the path, or the file fails with a clear reason.
    copyInto(data +
                 QStringLiteral("distributed_info_unavailable/distributed_info_not_found.json.gz"),
             root, QStringLiteral("traces/rank5/trace.json.gz"));
    copyInto(data +
                 QStringLiteral("distributed_info_unavailable/distributed_info_not_found.json.gz"),
             root, QStringLiteral("traces/unknown.json.gz"));
    // ROCm, no distributedInfo: rank from the path.
    copyInto(data + QStringLiteral("amd_trace/mi250_minitoy_train_ROCm6_2_kineto.json.gz"), root,
             QStringLiteral("traces/rank1.json.gz"));
    // gloo, world size 300, CPU only; and a trace without GPU events.
    copyInto(data + QStringLiteral("cpu_only/rank-34.Jul_15_10_52_41.1074.pt.trace.json.gz"), root,
             QStringLiteral("traces/rank-34.Jul_15_10_52_41.1074.pt.trace.json.gz"));
    copyInto(data + QStringLiteral("rank_non_gpu/rank_non_gpu.json.gz"), root,
             QStringLiteral("traces/rank_non_gpu.json.gz"));
    const ImportResult result = importBundle(options(root, cache()));
    const QString problems = problemsText(result.stacks.problems);
    QCOMPARE(result.summary.traceFiles, 5);
    QCOMPARE(result.summary.traceRanks, 4);
    QCOMPARE(result.summary.filesFailed, 1);
    const ImportProblem *unknown = problemFor(result.stacks.problems, "traces/unknown.json.gz");
    QVERIFY2(unknown &&
                 QString::fromStdString(unknown->message).contains(QStringLiteral("no rank")),
             qPrintable(problems));
    auto db = openCache(result);
    const TraceOverview overview = loadTraceOverview(*db);
    std::set<int> ranks;
    for (const TraceRankClock &clock : overview.clocks)
        ranks.insert(clock.rank);
    QCOMPARE(ranks, (std::set<int>{0, 1, 5, 34}));
    QVERIFY(overview.hasIterations);
    // The CPU-only gloo rank has CPU op time but no GPU metrics.
    bool sawGloo = false;
    for (const TraceWindowRow &row : loadTraceWindows(*db, WindowAxis::Iteration).rows) {
        if (row.rank != 34)
            continue;
        sawGloo = true;
        QCOMPARE(row.window, 551);
        QVERIFY(std::isnan(row.value(TraceMetric::ComputeTime)));
        QVERIFY(row.value(TraceMetric::CpuOpTime) > 0);
    }
    QVERIFY(sawGloo);
    const TraceData gloo = loadRankTraceWindow(*db, 34, overview.startNs, overview.endNs + 1);
    QCOMPARE(gloo.worldSize, 300);
    QCOMPARE(gloo.backend, std::string("gloo"));
    QCOMPARE(gloo.events.size(), 18u);
}

void TraceBundleTest::realTracelensWithoutMetadata()
{
    RANKSCOPE_REQUIRE_SHARED_DATA(shared);
    const QString root = bundle("tracelens");
    copyInto(shared + QStringLiteral("/tracelens-traces/tests/traces/b200/eager_trace.json.gz"),
             root, QStringLiteral("traces/eager_trace.json.gz"));
    const ImportResult result = importBundle(options(root, cache()));
    QVERIFY2(result.stacks.problems.empty(), qPrintable(problemsText(result.stacks.problems)));
    QCOMPARE(result.summary.traceRanks, 1);
    auto db = openCache(result);
    const TraceOverview overview = loadTraceOverview(*db);
    QCOMPARE(overview.clocks.at(0).rank, 0);
    QVERIFY(!loadTraceWindows(*db, WindowAxis::TimeBin).rows.empty());
    const TraceData all = loadRankTraceWindow(*db, 0, overview.startNs, overview.endNs + 1);
    QCOMPARE(std::int64_t(all.events.size()), result.summary.traceEvents);
}

QTEST_GUILESS_MAIN(TraceBundleTest)
#include "tst_trace_bundle.moc"
