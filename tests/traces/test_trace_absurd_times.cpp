// Times a trace cannot mean (issue 13, class 3): 'ts' near INT64_MAX, 'dur' of 9e18 ns, a
// baseTimeNanoseconds that pushes events past 2116, and clocks centuries apart in the
// alignment and the time bins. Each event is skipped with a problem or the value refused; no
// time is stored wrapped and the bin count stays bounded.
#include "TraceTestSupport.h"
#include "core/model/TimeArithmetic.h"
#include "core/traces/ClockAlignment.h"
#include "core/traces/TraceWindowMetrics.h"
#include "importers/bundle/TraceWindowBuild.h"

#include <QtTest>

#include <limits>

using namespace rankscope;
using namespace rankscope_test;

namespace {

constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();

std::string sliceJson(std::string_view name, std::string_view ts, std::string_view dur)
{
    return "{\"ph\":\"X\",\"name\":\"" + std::string(name) +
           "\",\"cat\":\"cpu_op\",\"pid\":0,\"tid\":1,\"ts\":" + std::string(ts) +
           (dur.empty() ? "" : ",\"dur\":" + std::string(dur)) + "}";
}

TraceData importJson(const std::string &json)
{
    return importTraceBytes(json, "traces/rank0.json");
}

bool timesPlausible(const TraceData &trace)
{
    for (const TraceEvent &e : trace.events) {
        if (!isPlausibleTimeNs(e.startNs) || !isPlausibleTimeNs(e.endNs()) || e.durationNs < 0)
            return false;
    }
    for (const TraceCounterSample &sample : trace.counterSamples) {
        if (!isPlausibleTimeNs(sample.timeNs))
            return false;
    }
    return isPlausibleTimeNs(trace.firstNs) && isPlausibleTimeNs(trace.lastNs);
}

CollectiveRecord record(std::uint64_t key, std::int64_t startNs, std::int64_t endNs)
{
    CollectiveRecord result;
    result.key = key;
    result.startNs = startNs;
    result.endNs = endNs;
    return result;
}

} // namespace

class TraceAbsurdTimesTest : public QObject
{
    Q_OBJECT

private slots:
    void eventsEndingOutOfRangeAreSkipped()
    {
        const TraceData trace = importJson(
            "{\"traceEvents\":[" + sliceJson("ok", "1714564800000000", "10") + "," +
            sliceJson("long", "1714564800000100", "9000000000000000") + "," + // dur = 9e18 ns
            sliceJson("late", "9223372036854775", "1") + "," +                // ts near INT64_MAX
            sliceJson("early", "-9223372036854775", "1") + "," +
            sliceJson("year2300", "10413792000000000", "1") + "," +
            "{\"ph\":\"i\",\"name\":\"far\",\"pid\":0,\"tid\":1,\"ts\":9.0e15}," +
            "{\"ph\":\"C\",\"name\":\"mem\",\"pid\":0,\"ts\":9.1e15,\"args\":{\"v\":1}}]}");
        QCOMPARE(trace.events.size(), std::size_t(1));
        QCOMPARE(trace.string(trace.events[0].name), std::string_view("ok"));
        QVERIFY(trace.counterSamples.empty());
        QVERIFY(timesPlausible(trace));
        QCOMPARE(trace.lastNs, std::int64_t(1'714'564'800'000'010'000));
        // One problem per kind, with the first event's place (the year 2300 in microseconds is
        // more nanoseconds than an int64 holds: its 'ts' is refused as a number, as before).
        const TraceProblem *range = findProblem(trace, "has 'ts' 9223372036854775 us, outside");
        QVERIFY2(range, qPrintable(problemsText(trace)));
        QCOMPARE(range->eventIndex, std::int64_t(2));
        QVERIFY2(range->message.find("(4 times in this file") != std::string::npos,
                 qPrintable(problemsText(trace)));
        const TraceProblem *lasts = findProblem(trace, "lasts 9000000000000000 us");
        QVERIFY2(lasts, qPrintable(problemsText(trace)));
        QCOMPARE(lasts->eventIndex, std::int64_t(1));
        QVERIFY(lasts->message.find(kTimeLimitText) != std::string::npos);
    }

    void beginEndPairsOutOfRangeAreSkipped()
    {
        const TraceData trace = importJson(
            "{\"traceEvents\":["
            "{\"ph\":\"B\",\"name\":\"a\",\"pid\":0,\"tid\":1,\"ts\":1000},"
            "{\"ph\":\"E\",\"name\":\"a\",\"pid\":0,\"tid\":1,\"ts\":9223372036854775}]}");
        QVERIFY(timesPlausible(trace));
        QVERIFY(findProblem(trace, "outside"));
    }

    void baseTimeOutOfRangeIsIgnored()
    {
        const TraceData trace =
            importJson("{\"baseTimeNanoseconds\":9000000000000000000,\"traceEvents\":[" +
                       sliceJson("ok", "5", "10") + "]}");
        QCOMPARE(trace.events.size(), std::size_t(1));
        QCOMPARE(trace.events[0].startNs, std::int64_t(5000));
        QCOMPARE(trace.baseTimeNs, std::int64_t(0));
        QVERIFY2(findProblem(trace, "\"baseTimeNanoseconds\" (9000000000000000000) is outside"),
                 qPrintable(problemsText(trace)));
    }

    // A base inside the range that pushes some events out: those are dropped (before: clamped
    // to INT64_MAX, then ts + dur wrapped), the others shifted, and the collective args of the
    // kept ones still belong to them.
    void baseTimeDropsTheEventsItPushesOut()
    {
        const std::string collectiveArgs =
            ",\"args\":{\"Collective name\":\"allreduce\",\"Process Group Name\":\"0\"}";
        const std::string json =
            "{\"baseTimeNanoseconds\":4000000000000000000,\"traceEvents\":["
            "{\"ph\":\"X\",\"name\":\"ncclKernel_far\",\"cat\":\"kernel\",\"pid\":0,\"tid\":7,"
            "\"ts\":1000000000000000,\"dur\":5" +
            collectiveArgs +
            "},"
            "{\"ph\":\"X\",\"name\":\"ncclKernel_near\",\"cat\":\"kernel\",\"pid\":0,\"tid\":7,"
            "\"ts\":10,\"dur\":5" +
            collectiveArgs + "}]}";
        const TraceData trace = importJson(json);
        QCOMPARE(trace.events.size(), std::size_t(1));
        QCOMPARE(trace.events[0].startNs, std::int64_t(4'000'000'000'000'010'000));
        QCOMPARE(trace.collectives.size(), std::size_t(1));
        QCOMPARE(trace.collectives[0].event, std::uint32_t(0));
        QCOMPARE(trace.string(trace.events[trace.collectives[0].event].name),
                 std::string_view("ncclKernel_near"));
        QVERIFY(timesPlausible(trace));
        QVERIFY2(findProblem(trace, "puts 1 events or samples outside"),
                 qPrintable(problemsText(trace)));
    }

    // Two ranks whose clocks are as far apart as plausible times allow: the estimated offset
    // is computed without overflow and kept within the range.
    void clockAlignmentOfClocksCenturiesApart()
    {
        const std::int64_t edge = kTimeLimitNs - 1000;
        std::vector<RankClockInput> inputs(2);
        inputs[0].rank = 0;
        inputs[1].rank = 1;
        for (std::uint64_t key = 1; key <= 4; ++key) {
            const std::int64_t step = std::int64_t(key) * 10;
            inputs[0].collectives.push_back(record(key, -edge + step, -edge + step + 5));
            inputs[1].collectives.push_back(record(key, edge - 100 + step, edge - 100 + step + 5));
        }
        const std::vector<ClockOffset> offsets = alignClocks(inputs, {{7, kMax}});
        QCOMPARE(offsets.size(), std::size_t(2));
        QCOMPARE(offsets[0].offsetNs, std::int64_t(0));
        QCOMPARE(offsets[1].source, ClockOffsetSource::Collectives);
        QCOMPARE(offsets[1].offsetNs, kTimeLimitNs - 1);
        for (const ClockOffset &offset : offsets)
            QVERIFY(isPlausibleTimeNs(offset.offsetNs));
        // A manifest offset beyond the range (not from job.json, which refuses it) is clamped.
        inputs[1].collectives.clear();
        const std::vector<ClockOffset> manifest = alignClocks(inputs, {{1, kMax}});
        QCOMPARE(manifest[1].source, ClockOffsetSource::Manifest);
        QCOMPARE(manifest[1].offsetNs, kTimeLimitNs - 1);
    }

    // Time bins over a span of centuries: the width grows with the span, so the count of bins
    // stays a few hundred whatever it is (a wrapped span gave 1 ns bins and a hang).
    void timeBinsStayBoundedOverAnySpan()
    {
        for (const std::int64_t span :
             {std::int64_t(1), std::int64_t(1'000'000'000'000), kTimeLimitNs, kMax}) {
            const std::int64_t width = niceTimeBinWidth(span);
            QVERIFY(width > 0);
            QVERIFY2(span / width <= 400, qPrintable(QString::number(span / width)));
        }
        const std::int64_t edge = kTimeLimitNs - 1;
        TraceData trace;
        TraceEvent only;
        only.startNs = -edge;
        only.durationNs = 2 * edge - 1;
        trace.events.push_back(only);
        trace.firstNs = -edge;
        trace.lastNs = edge - 1;
        // The rank's clock is ahead by the most an offset may be: aligned times reach -2^63.
        const std::int64_t offset = edge;
        const std::int64_t originNs = trace.firstNs - offset;
        const std::int64_t width = niceTimeBinWidth(saturatingSub(trace.lastNs - offset, originNs));
        const std::vector<WindowSpan> spans = timeBinSpans(trace, offset, originNs, width);
        QVERIFY(!spans.empty());
        QVERIFY2(spans.size() <= 400, qPrintable(QString::number(spans.size())));
        for (std::size_t i = 1; i < spans.size(); ++i)
            QVERIFY(spans[i].startNs >= spans[i - 1].startNs);
    }
};

QTEST_APPLESS_MAIN(TraceAbsurdTimesTest)
#include "test_trace_absurd_times.moc"
