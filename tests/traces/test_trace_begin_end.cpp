// "B"/"E" pairing (bare-array file): nesting, unnamed ends, out-of-order writers, zero-length
// slices written end-first, never-closed begins, orphan ends and mismatched names. Plus flows
// ("s"/"t"/"f", string ids, next-slice binding) and counters.

#include "TraceTestSupport.h"

#include <QtTest>

using namespace rankscope;
using namespace rankscope_test;

class TraceBeginEndTest : public QObject
{
    Q_OBJECT

private slots:
    void pairsNestedAndUnnamed();
    void sortsOutOfOrderAndZeroLength();
    void keepsUnfinishedAndReportsOrphans();
    void mismatchedNamesCloseInnermostFirst();
    void flowsPairAndBind();
    void countersSortByTime();
};

namespace {

struct Slice
{
    std::int64_t start;
    std::int64_t end;
};

Slice sliceNamed(const TraceData &data, const char *name)
{
    const std::uint32_t i = onlyEventNamed(data, name);
    if (i == kNoTraceEvent)
        return {-1, -1};
    return {data.events[i].startNs, data.events[i].endNs()};
}

} // namespace

void TraceBeginEndTest::pairsNestedAndUnnamed()
{
    const TraceData data = importTraceFixture("begin-end.json");
    const QString violation = modelInvariantViolation(data);
    QVERIFY2(violation.isEmpty(), qPrintable(violation));
    QCOMPARE(data.stats.eventEntries, 16);
    // outer, inner, late, zero, never, a, b, last
    QCOMPARE(data.events.size(), 8u);

    const std::uint32_t outer = onlyEventNamed(data, "outer");
    QCOMPARE(data.events[outer].startNs, 0);
    QCOMPARE(data.events[outer].endNs(), 100000); // closed by the unnamed "E"
    QVERIFY(data.events[outer].flags & TraceEventFlag::FromBeginEnd);
    QCOMPARE(data.events[outer].kind, TraceEventKind::UserAnnotation);
    const std::uint32_t inner = onlyEventNamed(data, "inner");
    QCOMPARE(data.events[inner].startNs, 10000);
    QCOMPARE(data.events[inner].endNs(), 20000);
    QCOMPARE(data.events[inner].externalId, 77);
    QCOMPARE(inner, outer + 1); // the enclosing slice first
}

void TraceBeginEndTest::sortsOutOfOrderAndZeroLength()
{
    const TraceData data = importTraceFixture("begin-end.json");
    const Slice late = sliceNamed(data, "late");
    QCOMPARE(late.start, 5000);
    QCOMPARE(late.end, 30000);
    const Slice zero = sliceNamed(data, "zero"); // its "E" came first in the file
    QCOMPARE(zero.start, 40000);
    QCOMPARE(zero.end, 40000);
    const TraceProblem *order = findProblem(data, "are not in time order");
    QVERIFY2(order, qPrintable(problemsText(data)));
    QCOMPARE(order->eventIndex, 5); // the "B" of "late", written after its "E"
    QVERIFY(order->message.find("pid 1 tid 2") != std::string::npos);
    QCOMPARE(order->count, 1);
}

void TraceBeginEndTest::keepsUnfinishedAndReportsOrphans()
{
    const TraceData data = importTraceFixture("begin-end.json");
    const std::uint32_t never = onlyEventNamed(data, "never");
    QCOMPARE(data.events[never].startNs, 50000);
    QCOMPARE(data.events[never].endNs(), 200000); // the end of the trace ("last" ends at 200)
    QVERIFY(data.events[never].flags & TraceEventFlag::EndInferred);
    const TraceProblem *unfinished = findProblem(data, "has no matching 'E' event");
    QVERIFY2(unfinished, qPrintable(problemsText(data)));
    QCOMPARE(unfinished->eventIndex, 8);
    QVERIFY(unfinished->byteOffset > 0);

    const TraceProblem *orphan = findProblem(data, "matches no open 'B' event");
    QVERIFY2(orphan, qPrintable(problemsText(data)));
    QCOMPARE(orphan->eventIndex, 9);
    QVERIFY(orphan->message.find("\"orphan\"") != std::string::npos);
    QCOMPARE(orphan->count, 2); // and "ghost", below
    QVERIFY(eventsNamed(data, "orphan").empty());
}

void TraceBeginEndTest::mismatchedNamesCloseInnermostFirst()
{
    const TraceData data = importTraceFixture("begin-end.json");
    // "ghost" names nothing open: ignored, so it does not cut "b" short. "E a" names a slice
    // open further out: by Chrome's rule it closes the innermost one, "b"; the unnamed "E"
    // then closes "a".
    const Slice a = sliceNamed(data, "a");
    const Slice b = sliceNamed(data, "b");
    QCOMPARE(a.start, 0);
    QCOMPARE(a.end, 10000);
    QCOMPARE(b.start, 1000);
    QCOMPARE(b.end, 9000);
    QVERIFY(eventsNamed(data, "ghost").empty());
    const TraceProblem *mismatch = findProblem(data, "names differ");
    QVERIFY2(mismatch, qPrintable(problemsText(data)));
    QCOMPARE(mismatch->count, 1);
    QCOMPARE(mismatch->eventIndex, 13);
    QVERIFY(mismatch->message.find("\"a\"") != std::string::npos);
    // Four kinds of problem, nothing else.
    QCOMPARE(data.problems.size() - (findProblem(data, "no rank") ? 1 : 0), 4u);
}

void TraceBeginEndTest::flowsPairAndBind()
{
    const TraceData data = importTraceFixture("flows-and-counters.json");
    QVERIFY2(findProblem(data, "no rank") && data.problems.size() == 1,
             qPrintable(problemsText(data)));
    QCOMPARE(data.stats.flowPoints, 7);
    QCOMPARE(data.stats.unpairedFlowPoints, 2); // fwdbwd 7 has no end, ac2g 99 no start
    QCOMPARE(data.flows.size(), 2u);
    const std::uint32_t forward = onlyEventNamed(data, "forward_op");
    for (const TraceFlow &flow : data.flows) {
        QCOMPARE(flow.fromEvent, forward);
        if (data.string(flow.category) == "fwdbwd") {
            QVERIFY(flow.id & (1ull << 63)); // "0x1f" is a string id
            QCOMPARE(flow.toEvent, onlyEventNamed(data, "backward_op"));
        } else {
            QCOMPARE(flow.id, 7u);
            // No "bp": "e": bound to the next slice starting after 55 us.
            QCOMPARE(flow.toEvent, onlyEventNamed(data, "next_op"));
        }
    }
}

void TraceBeginEndTest::countersSortByTime()
{
    const TraceData data = importTraceFixture("flows-and-counters.json");
    QCOMPARE(data.counterSamples.size(), 3u);
    QCOMPARE(countTracks(data, TraceTrackKind::Counter), 1);
    const double expected[] = {1, 3, 2};
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(data.counterSamples[i].timeNs, (i + 1) * 10000);
        QCOMPARE(data.counterSamples[i].value, expected[i]);
    }
    const TraceTrack &counter = data.tracks[data.counterSamples[0].track];
    QCOMPARE(qs(data.string(counter.name)), QStringLiteral("queue"));
    QCOMPARE(qs(data.string(counter.counterSeries)), QStringLiteral("depth"));
}

QTEST_GUILESS_MAIN(TraceBeginEndTest)
#include "test_trace_begin_end.moc"
