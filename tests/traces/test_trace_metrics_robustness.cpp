// Every function of core/traces on every trace at hand - the hand-written fixtures (truncated,
// malformed, without events) and the real traces of hta-testdata, tracelens-traces and the
// speedscope trace-event samples (ROCm, CPU-only, no distributedInfo, gloo...) - must give
// values that obey the metrics' own invariants, and never crash.

#include "TraceTestSupport.h"
#include "core/traces/ClockAlignment.h"
#include "core/traces/CollectiveRecords.h"
#include "core/traces/OpBreakdown.h"
#include "core/traces/TraceWindowMetrics.h"

#include <QDirIterator>
#include <QFileInfo>
#include <QtTest>

#include <cmath>

using namespace rankscope;

namespace {

bool nanOrNonNegative(double value)
{
    return std::isnan(value) || (std::isfinite(value) && value >= 0);
}

// Checks one trace; returns a description of the first broken invariant, or empty.
QString violation(const TraceData &trace)
{
    const auto where = [&](const char *what, std::int64_t window) {
        return QStringLiteral("%1 (window %2)").arg(QString::fromUtf8(what)).arg(window);
    };
    const std::vector<WindowSpan> spans = iterationSpans(trace);
    const std::vector<TraceWindowRow> rows =
        computeWindowMetrics(trace, trace.rank, spans, 0, WindowAxis::Iteration);
    if (rows.size() != trace.iterations.size())
        return QStringLiteral("one row per iteration");
    for (const TraceWindowRow &row : rows) {
        for (double value : row.values) {
            if (!nanOrNonNegative(value))
                return where("a negative or infinite value", row.window);
        }
        const double step = row.value(TraceMetric::StepTime);
        const double compute = row.value(TraceMetric::ComputeTime);
        const double exposed = row.value(TraceMetric::ExposedCommunication);
        const double idle = row.value(TraceMetric::GpuIdle);
        if (std::isnan(step))
            return where("step time unknown in an iteration", row.window);
        if (std::isnan(compute) != std::isnan(idle))
            return where("compute and idle disagree on being known", row.window);
        // Busy + idle = the step (double ns: allow rounding).
        if (!std::isnan(compute) &&
            std::abs(double(compute) + exposed + idle - step) > 1e-5 * double(step) + 2)
            return where("compute + exposed + idle != step", row.window);
        if (exposed > row.value(TraceMetric::CommunicationTime))
            return where("exposed communication above communication", row.window);
    }

    const std::int64_t range = trace.lastNs - trace.firstNs;
    const std::int64_t width = std::max<std::int64_t>(1000, range / 64);
    const std::vector<WindowSpan> bins = timeBinSpans(trace, 0, trace.firstNs, width);
    if (!trace.events.empty() && bins.empty())
        return QStringLiteral("no time bins for a trace with events");
    const std::vector<TraceWindowRow> binRows =
        computeWindowMetrics(trace, trace.rank, bins, 0, WindowAxis::TimeBin);
    for (const TraceWindowRow &row : binRows) {
        for (double value : row.values) {
            if (!nanOrNonNegative(value))
                return where("a negative or infinite bin value", row.window);
        }
        if (row.value(TraceMetric::StepTime) > double(width))
            return where("a bin's step time longer than the bin", row.window);
        if (row.value(TraceMetric::GpuIdle) > double(width))
            return where("a bin's idle time longer than the bin", row.window);
    }
    TraceWindowTable table;
    table.axis = WindowAxis::TimeBin;
    table.binWidthNs = width;
    table.rows = binRows;
    const TraceWindowTable coarse = coarsenWindowTable(table, 4);
    // Bins are consecutive from 0 (the origin is the trace's start): groups of 4.
    if (coarse.rows.size() != (binRows.size() + 3) / 4)
        return QStringLiteral("coarsening gave %1 rows for %2 bins")
            .arg(coarse.rows.size())
            .arg(binRows.size());

    const std::vector<CollectiveRecord> records = collectiveRecords(trace);
    for (std::size_t i = 0; i < records.size(); ++i) {
        if (records[i].endNs < records[i].startNs ||
            (i > 0 && records[i].startNs < records[i - 1].startNs))
            return QStringLiteral("collective records out of order");
    }
    RankClockInput input{trace.rank, "node", records, trace.iterations};
    const std::vector<ClockOffset> offsets = alignClocks(std::span(&input, 1));
    if (offsets.size() != 1 || offsets[0].offsetNs != 0)
        return QStringLiteral("a single rank is not its own reference");
    std::map<int, std::vector<CollectiveRecord>> collectives{{trace.rank, records}};
    std::vector<TraceWindowRow> waited = rows;
    fillCollectiveWait(waited, collectives, std::map<int, std::int64_t>{});
    for (const TraceWindowRow &row : waited) {
        const double wait = row.value(TraceMetric::CollectiveWait);
        if (!records.empty() && wait != 0)
            return where("a rank alone waits for nobody", row.window);
    }

    std::int64_t previous = std::numeric_limits<std::int64_t>::max();
    for (const OpTotal &total : opTotals(trace, trace.firstNs, trace.lastNs + 1)) {
        if (total.totalNs < 0 || total.count <= 0 || total.totalNs > previous)
            return QStringLiteral("op totals negative or out of order");
        previous = total.totalNs;
    }
    return QString();
}

QStringList traceFiles(const QString &dir)
{
    QStringList files;
    QDirIterator it(
        dir, {QStringLiteral("*.json"), QStringLiteral("*.json.gz"), QStringLiteral("*.json.zst")},
        QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    files.sort();
    return files;
}

} // namespace

class TraceMetricsRobustnessTest : public QObject
{
    Q_OBJECT

private slots:
    void fixtures();
    void realTraces();
};

void TraceMetricsRobustnessTest::fixtures()
{
    const QStringList files = traceFiles(rankscope_test::fixturesDir() + QStringLiteral("/traces"));
    QVERIFY(files.size() >= 5);
    for (const QString &file : files) {
        const TraceData trace = importTraceFile(file.toStdString());
        const QString broken = violation(trace);
        QVERIFY2(broken.isEmpty(),
                 qPrintable(QFileInfo(file).fileName() + QStringLiteral(": ") + broken));
    }
}

void TraceMetricsRobustnessTest::realTraces()
{
    RANKSCOPE_REQUIRE_SHARED_DATA(shared);
    QStringList files;
    for (const char *dir : {"/hta-testdata/tests/data", "/tracelens-traces",
                            "/speedscope-samples/sample/profiles/trace-event"})
        files << traceFiles(shared + QString::fromUtf8(dir));
    if (files.isEmpty())
        QSKIP("no traces in hta-testdata, tracelens-traces or speedscope-samples");
    int checked = 0;
    int withIterations = 0;
    int withGpu = 0;
    for (const QString &file : files) {
        // The 87 MB MTIA trace takes seconds to import and adds no case the others lack.
        if (QFileInfo(file).size() > 4'000'000)
            continue;
        const TraceData trace = importTraceFile(file.toStdString());
        const QString broken = violation(trace);
        QVERIFY2(broken.isEmpty(), qPrintable(file + QStringLiteral(": ") + broken));
        ++checked;
        withIterations += trace.iterations.empty() ? 0 : 1;
        withGpu += rankscope_test::countTracks(trace, TraceTrackKind::GpuStream) > 0 ? 1 : 0;
    }
    qInfo("%d traces checked, %d with iterations, %d with GPU streams", checked, withIterations,
          withGpu);
    QVERIFY(withIterations > 0);
    QVERIFY(withGpu > 0);
}

QTEST_GUILESS_MAIN(TraceMetricsRobustnessTest)
#include "test_trace_metrics_robustness.moc"
