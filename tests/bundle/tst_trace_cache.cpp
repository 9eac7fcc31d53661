// The trace tables of the cache on their own: blob codecs, the event blocks, window tables and
// the speed of reading them back.
#include "TraceBundleSupport.h"

#include "core/cache/ByteCoding.h"
#include "core/cache/SqliteStatement.h"
#include "core/cache/SqliteTransaction.h"
#include "core/cache/TraceBlobCodec.h"
#include "core/cache/TraceCacheWriter.h"
#include "core/cache/TraceEventLoading.h"
#include "importers/bundle/TraceFileReader.h"
#include "importers/bundle/TraceWindowBuild.h"
#include "importers/traces/TraceImport.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <ctime>

using namespace rankscope;
using namespace bundle_test;

namespace {

// Everything of an event that the cache must keep, as text.
std::string describe(const TraceData &trace, std::size_t i)
{
    const TraceEvent &e = trace.events[i];
    return std::to_string(e.startNs) + "+" + std::to_string(e.durationNs) + " c" +
           std::to_string(e.correlationId) + " x" + std::to_string(e.externalId) + " t" +
           std::to_string(e.track) + " " + std::string(trace.string(e.name)) + "/" +
           std::string(trace.string(e.category)) + " p" + std::to_string(int(e.phase)) + " k" +
           std::to_string(int(e.kind)) + " f" + std::to_string(int(e.flags));
}

TraceData parseBytes(const QByteArray &json, const char *path)
{
    return parseChromeTrace(std::string(json.constData(), std::size_t(json.size())), path);
}

// CPU time of this thread: on a shared machine wall time mostly measures the neighbours.
double threadCpuMs()
{
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) * 1e3 + double(now.tv_nsec) / 1e6;
}

} // namespace

class TraceCacheTest : public QObject
{
    Q_OBJECT

private slots:
    void storedTraceLoadsBackWhole();
    void smallBlocksSplitAndMergeBack();
    void damagedBlobIsAnError();
    void cacheWithoutATableIsRebuilt();
    void niceBinWidths();
    void windowTableRoundTripAndSpeed();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<SqliteDatabase> freshCache(const char *name)
    {
        return openStackCache(m_dir.filePath(QString::fromUtf8(name)).toStdString(), true);
    }
    std::int64_t store(SqliteDatabase &db, const TraceData &trace)
    {
        const TraceFileRecord record = encodeTraceFile(trace, BundleFile{"traces/t.json", 1, 1});
        SqliteTransaction transaction(db);
        TraceCacheWriter writer(db);
        const std::int64_t fileId = writer.writeTraceFile(record);
        transaction.commit();
        // The rank's trace (trace_files.id) is what loads, not the file's row.
        SqliteStatement select = db.prepare("SELECT id FROM trace_files WHERE file_id = ?");
        select.bind(1, fileId);
        return select.step() ? select.columnInt64(0) : -1;
    }
};

void TraceCacheTest::storedTraceLoadsBackWhole()
{
    const TraceData original = parseBytes(kinetoTraceForRank(3), "rank3.json");
    QVERIFY(!original.flows.empty());
    QVERIFY(!original.collectives.empty());
    auto db = freshCache("whole.sqlite");
    const std::int64_t id = store(*db, original);
    const TraceData loaded = loadStoredTraceEvents(*db, id);
    QCOMPARE(loaded.rank, 3);
    QCOMPARE(loaded.baseTimeNs, original.baseTimeNs);
    QCOMPARE(loaded.events.size(), original.events.size());
    for (std::size_t i = 0; i < original.events.size(); ++i)
        QCOMPARE(describe(loaded, i), describe(original, i));
    QCOMPARE(loaded.tracks.size(), original.tracks.size());
    for (std::size_t t = 0; t < original.tracks.size(); ++t) {
        QCOMPARE(loaded.tracks[t].firstEvent, original.tracks[t].firstEvent);
        QCOMPARE(loaded.tracks[t].eventCount, original.tracks[t].eventCount);
        QCOMPARE(loaded.string(loaded.tracks[t].name), original.string(original.tracks[t].name));
        QCOMPARE(loaded.tracks[t].kind, original.tracks[t].kind);
    }
    QCOMPARE(loaded.collectives.size(), original.collectives.size());
    for (std::size_t c = 0; c < original.collectives.size(); ++c) {
        QCOMPARE(loaded.collectives[c].event, original.collectives[c].event);
        QCOMPARE(loaded.string(loaded.collectives[c].collectiveName),
                 original.string(original.collectives[c].collectiveName));
    }
    QCOMPARE(loaded.flows.size(), original.flows.size());
    QCOMPARE(loaded.iterations.size(), original.iterations.size());
    QCOMPARE(loaded.firstNs, original.firstNs);
    QCOMPARE(loaded.lastNs, original.lastNs);
}

// A trace larger than one block: blocks split by iteration and by size, and any range reads
// exactly the overlapping events in model order.
void TraceCacheTest::smallBlocksSplitAndMergeBack()
{
    // 3 tracks x 10000 slices of 10 ns every 100 ns, three ProfilerSteps of 1 ms on track 0.
    std::string json = R"({"distributedInfo": {"rank": 0}, "traceEvents": [)";
    for (int step = 0; step < 3; ++step)
        json += R"({"ph":"X","cat":"user_annotation","name":"ProfilerStep#)" +
                std::to_string(step) + R"(","pid":1,"tid":1,"ts":)" + std::to_string(step * 1000) +
                R"(,"dur":1000},)";
    for (int track = 1; track <= 3; ++track) {
        for (int i = 0; i < 10000; ++i)
            json += R"({"ph":"X","cat":"cpu_op","name":"op)" + std::to_string(i % 7) +
                    R"(","pid":1,"tid":)" + std::to_string(track + 1) + R"(,"ts":)" +
                    std::to_string(i * 0.1) + R"(,"dur":0.01},)";
    }
    json.back() = ']';
    json += "}";
    const TraceData original = parseChromeTrace(json, "big.json");
    QVERIFY2(original.problems.empty(),
             original.problems.empty() ? "" : original.problems[0].message.c_str());
    const TraceFileRecord record = encodeTraceFile(original, BundleFile{"traces/big.json", 1, 1});
    QCOMPARE(record.ranks.size(), std::size_t(1));
    const std::vector<TraceEventBlockRecord> &blocks = record.ranks.front().blocks;
    QVERIFY(blocks.size() >= 4); // 30k events: more than one block per iteration
    for (const TraceEventBlockRecord &block : blocks)
        QVERIFY(std::size_t(block.events) <= kMaxEventsPerTraceBlock);

    auto db = freshCache("blocks.sqlite");
    const std::int64_t id = store(*db, original);
    const std::int64_t from = original.firstNs + 555555;
    const std::int64_t to = original.firstNs + 1700000;
    const TraceData window = loadStoredTraceEvents(*db, id, from, to);
    std::vector<std::string> expected;
    for (std::size_t i = 0; i < original.events.size(); ++i) {
        const TraceEvent &e = original.events[i];
        if (e.startNs < to && e.endNs() > from)
            expected.push_back(describe(original, i));
    }
    std::vector<std::string> got;
    for (std::size_t i = 0; i < window.events.size(); ++i)
        got.push_back(describe(window, i));
    QCOMPARE(got.size(), expected.size());
    QCOMPARE(got, expected);
}

void TraceCacheTest::damagedBlobIsAnError()
{
    auto db = freshCache("damaged.sqlite");
    const std::int64_t id = store(*db, parseBytes(kinetoTraceForRank(0), "r.json"));
    db->exec("UPDATE trace_event_blocks SET data = x'28b52ffd0000'");
    QVERIFY_THROWS_EXCEPTION(SqliteError, loadStoredTraceEvents(*db, id));
    const std::string truncated = compressBlob("\x01\x05"); // says 5 rows, holds none
    QVERIFY_THROWS_EXCEPTION(
        BlobFormatError,
        decodeWindowRows(std::as_bytes(std::span(truncated.data(), truncated.size())), 0));
}

// A cache of the current version that lacks one of the schema's tables (dropped by hand, or
// written by a build between two schema changes) is rebuilt when opened, not read until its
// first query fails.
void TraceCacheTest::cacheWithoutATableIsRebuilt()
{
    const std::filesystem::path file =
        m_dir.filePath(QStringLiteral("dropped.sqlite")).toStdString();
    {
        auto db = openStackCache(file, true);
        db->exec(
            "INSERT INTO files(path, size, mtime_ns, kind, status) VALUES('stacks/x.txt', 1, 1, "
            "'stacks', 'ok'); DROP TABLE trace_rank_nodes;");
    }
    auto db = openStackCache(file, false);
    SqliteStatement nodes = db->prepare("SELECT count(*) FROM trace_rank_nodes");
    QVERIFY(nodes.step());
    SqliteStatement files = db->prepare("SELECT count(*) FROM files");
    QVERIFY(files.step());
    QCOMPARE(files.columnInt(0), 0); // a fresh cache, not the old one with the table added
}

void TraceCacheTest::niceBinWidths()
{
    for (std::int64_t span : {std::int64_t(1), std::int64_t(999), std::int64_t(12345678),
                              std::int64_t(3600) * 1000000000, std::int64_t(7) * 86400000000000}) {
        const std::int64_t width = niceTimeBinWidth(span);
        const std::int64_t bins = (span + width - 1) / width;
        if (span >= 100000) // below, 2.5 x 10^k is not a whole number of ns
            QVERIFY2(bins >= 200 && bins <= 400, qPrintable(QString::number(bins)));
        std::int64_t mantissa = width;
        while (mantissa % 10 == 0)
            mantissa /= 10;
        QVERIFY2(mantissa == 1 || mantissa == 2 || mantissa == 25 || mantissa == 5,
                 qPrintable(QString::number(width)));
    }
    QCOMPARE(niceTimeBinWidth(100000000), 500000); // 100 ms -> 200 bins of 500 us
    QCOMPARE(niceTimeBinWidth(90000000), 250000);  // 90 ms -> 360 bins of 250 us
}

// 1024 ranks x 200 iterations written and read back: every value survives (NaN included), and
// the time taken is printed for docs/performance.md (not asserted: machines differ).
void TraceCacheTest::windowTableRoundTripAndSpeed()
{
    TraceWindowTable table;
    table.axis = WindowAxis::Iteration;
    for (int rank = 0; rank < 1024; ++rank) {
        for (int step = 0; step < 200; ++step) {
            TraceWindowRow row;
            row.rank = rank;
            row.window = 1000 + step;
            row.startNs = 1700000000000000000 + std::int64_t(step) * 50000000 + rank;
            row.endNs = row.startNs + 50000000;
            for (int m = 0; m < kTraceMetricCount; ++m)
                row.values[std::size_t(m)] = (rank * 7 + step * 3 + m) % 11 == 0
                                                 ? kNoMetricValue
                                                 : double(rank * 1000 + step + m);
            table.rows.push_back(row);
        }
    }
    auto db = freshCache("windows.sqlite");
    QElapsedTimer writeTimer;
    writeTimer.start();
    {
        SqliteTransaction transaction(*db);
        TraceCacheWriter writer(*db);
        writeWindowLevels(writer, table);
        transaction.commit();
    }
    const qint64 writeMs = writeTimer.elapsed();
    auto reader = openStackCacheReader(db->file());
    QElapsedTimer readTimer;
    readTimer.start();
    const double cpuBefore = threadCpuMs();
    const TraceWindowTable loaded = loadTraceWindows(*reader, WindowAxis::Iteration, 0);
    const double readCpuMs = threadCpuMs() - cpuBefore;
    const qint64 readMs = readTimer.elapsed();
    qInfo("1024 ranks x 200 iterations: windows written with their levels in %lld ms, level 0 "
          "read in %lld ms (%.0f ms of CPU)",
          writeMs, readMs, readCpuMs);
    QCOMPARE(loaded.rows.size(), table.rows.size());
    for (std::size_t i = 0; i < table.rows.size(); ++i) {
        const TraceWindowRow &a = table.rows[i];
        const TraceWindowRow &b = loaded.rows[i];
        QCOMPARE(b.rank, a.rank);
        QCOMPARE(b.window, a.window);
        QCOMPARE(b.startNs, a.startNs);
        QCOMPARE(b.endNs, a.endNs);
        for (int m = 0; m < kTraceMetricCount; ++m) {
            const double x = a.values[std::size_t(m)];
            const double y = b.values[std::size_t(m)];
            QVERIFY(std::isnan(x) ? std::isnan(y) : x == y);
        }
    }
    // 200 windows -> level 1 of 50 windows, then no more.
    const TraceWindowTable coarse = loadTraceWindows(*reader, WindowAxis::Iteration, 1);
    QCOMPARE(coarse.rows.size(), std::size_t(1024 * 50));
    QVERIFY(loadTraceWindows(*reader, WindowAxis::Iteration, 2).rows.empty());
}

QTEST_GUILESS_MAIN(TraceCacheTest)
#include "tst_trace_cache.moc"
