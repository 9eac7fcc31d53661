// Broken files: each gives problems naming the place (event number and/or byte offset) and
// keeps every event that could be read before or around the damage.

#include "TraceTestSupport.h"

#include <QtTest>

using namespace rankscope;
using namespace rankscope_test;

class TraceMalformedTest : public QObject
{
    Q_OBJECT

private slots:
    void wrongFieldTypes();
    void malformedInTheMiddle();
    void truncatedInsideAString();
    void truncatedAfterABrace();
    void truncatedInsideAnEvent();
    void trailingJunk();
    void notATrace();
    void emptyAndBlank();
    void byteOrderMarkAndInvalidUtf8();
    void bareArrayAndObjectFormsAgree();
    void exactAbsoluteTimestamps();
    void missingFile();
};

void TraceMalformedTest::wrongFieldTypes()
{
    const TraceData data = importTraceFixture("wrong-types.json");
    const QString violation = modelInvariantViolation(data);
    QVERIFY2(violation.isEmpty(), qPrintable(violation));
    QCOMPARE(data.stats.eventEntries, 15);
    QCOMPARE(data.stats.skippedEvents, 9);
    QCOMPARE(data.events.size(), 6u);
    for (const char *kept :
         {"good", "quoted-numbers", "negative-dur", "pid-array", "args-string", "last"})
        QVERIFY2(eventsNamed(data, kept).size() == 1, kept);

    // Numbers written as strings are read as numbers, on the same track as numeric ids.
    const std::uint32_t quoted = onlyEventNamed(data, "quoted-numbers");
    QCOMPARE(data.events[quoted].startNs, 5500);
    QCOMPARE(data.events[quoted].durationNs, 1000);
    QCOMPARE(data.events[quoted].track, data.events[onlyEventNamed(data, "good")].track);
    const std::uint32_t last = onlyEventNamed(data, "last");
    QCOMPARE(data.events[last].externalId, 12);
    QCOMPARE(data.events[last].correlationId, 3);
    const std::uint32_t negative = onlyEventNamed(data, "negative-dur");
    QCOMPARE(data.events[negative].durationNs, 0);
    QVERIFY(data.events[negative].flags & TraceEventFlag::DurationClamped);
    // An unreadable pid is taken as absent (0), like a missing one.
    QCOMPARE(data.tracks[data.events[onlyEventNamed(data, "pid-array")].track].pid, 0);

    const struct
    {
        const char *text;
        std::int64_t eventIndex;
    } expected[] = {
        {"'ts' is an object, not a number", 1},
        {"the entry is a number, not an event object", 3},
        {"'ph' is \"XY\", not a one-letter phase", 4},
        {"event has no 'ph'", 5},
        {"'X' event has no 'ts'", 6},
        {"has a negative 'dur' (-4000 ns)", 7},
        {"'pid' is an array, not a number or a string", 8},
        {"'args' is a string, not an object", 9},
        {"events of phase 'b'", 10},
        {"'ts' (1e30) is not a number of microseconds", 11},
        {"'C' event \"empty-counter\" has no numeric args", 12},
        {"flow event 's' has no 'id'", 13},
    };
    for (const auto &[text, eventIndex] : expected) {
        const TraceProblem *problem = findProblem(data, text);
        QVERIFY2(problem, qPrintable(QString::fromUtf8(text) + QStringLiteral(" missing in:\n") +
                                     problemsText(data)));
        QCOMPARE(problem->eventIndex, eventIndex);
        QVERIFY(problem->byteOffset > 0);
        QVERIFY(problem->message.rfind("event #" + std::to_string(eventIndex) + " at byte ", 0) ==
                0);
    }
    // The bad "ts" is reported once, as a type error, not again as "no 'ts'".
    QCOMPARE(data.problems.size(), std::size(expected) + 1); // + no rank
}

void TraceMalformedTest::malformedInTheMiddle()
{
    const std::string text = readTraceFixture("malformed-middle.json");
    const TraceData data = importTraceFixture("malformed-middle.json");
    QCOMPARE(data.events.size(), 2u); // a and b; c is broken, d comes after the break
    QVERIFY(!eventsNamed(data, "a").empty() && !eventsNamed(data, "b").empty());
    const TraceProblem *problem = findProblem(data, "malformed JSON");
    QVERIFY2(problem, qPrintable(problemsText(data)));
    QCOMPARE(problem->eventIndex, 2);
    // The offset points into event c, between its '{' and its '}'.
    const std::size_t eventStart = text.find("{\"ph\": \"X\", \"name\": \"c\"");
    const std::size_t eventEnd = text.find('}', eventStart);
    QVERIFY2(problem->byteOffset > std::int64_t(eventStart) &&
                 problem->byteOffset < std::int64_t(eventEnd),
             qPrintable(qs(problem->message)));
    QVERIFY(problem->message.find("the 2 events before it were kept") != std::string::npos);
    QVERIFY(!data.truncated);
    // distributedInfo comes after the break: unread.
    QCOMPARE(data.rank, -1);
}

void TraceMalformedTest::truncatedInsideAString()
{
    const std::string text = readTraceFixture("truncated-in-string.json");
    const TraceData data = importTraceFixture("truncated-in-string.json");
    QVERIFY(data.truncated);
    QCOMPARE(data.events.size(), 2u);
    QCOMPARE(data.rank, 1); // distributedInfo precedes the events
    QCOMPARE(data.worldSize, 2);
    const TraceProblem *problem = findProblem(data, "the JSON ends before its brackets close");
    QVERIFY2(problem, qPrintable(problemsText(data)));
    QCOMPARE(problem->eventIndex, 2);
    QCOMPARE(problem->byteOffset, std::int64_t(text.rfind('}') + 1)); // after event b
    QVERIFY(problem->message.find("incomplete rest was dropped") != std::string::npos);
    const std::string opened = "a string opened at byte " + std::to_string(text.rfind('"'));
    QVERIFY2(problem->message.find(opened) != std::string::npos, problem->message.c_str());
}

void TraceMalformedTest::truncatedAfterABrace()
{
    // The text ends with '}' like a complete object would, inside the third event.
    const TraceData data = importTraceFixture("truncated-after-brace.json");
    QVERIFY(data.truncated);
    QCOMPARE(data.events.size(), 2u);
    QCOMPARE(data.rank, 1);
    const TraceProblem *problem = findProblem(data, "the JSON ends before its brackets close");
    QVERIFY2(problem, qPrintable(problemsText(data)));
    QVERIFY(problem->message.find("the 2 events before the end were read") != std::string::npos);
}

void TraceMalformedTest::truncatedInsideAnEvent()
{
    const TraceData data = importTraceFixture("truncated-mid-event.json");
    QVERIFY(data.truncated);
    QCOMPARE(data.events.size(), 2u); // the half-written "c" is dropped, not kept without dur
    QVERIFY(eventsNamed(data, "c").empty());
    QVERIFY2(!findProblem(data, "has no 'dur'"), qPrintable(problemsText(data)));
    QVERIFY(findProblem(data, "incomplete rest was dropped"));
}

void TraceMalformedTest::trailingJunk()
{
    const std::string text = readTraceFixture("trailing-junk.json");
    const TraceData data = importTraceFixture("trailing-junk.json");
    QCOMPARE(data.events.size(), 2u);
    const TraceProblem *problem = findProblem(data, "text after the end of the JSON document");
    QVERIFY2(problem, qPrintable(problemsText(data)));
    QCOMPARE(problem->byteOffset, std::int64_t(text.find("garbage")));
    QVERIFY(!data.truncated);
}

void TraceMalformedTest::notATrace()
{
    const TraceData chakra = importTraceFixture("no-trace-events.json");
    QVERIFY(chakra.events.empty());
    QVERIFY2(findProblem(chakra, "has no \"traceEvents\" array"), qPrintable(problemsText(chakra)));

    const TraceData scalar = parseChromeTrace(std::string_view("42"), "x.json");
    QVERIFY2(findProblem(scalar, "the file is a JSON number, not a Chrome trace"),
             qPrintable(problemsText(scalar)));

    const TraceData text = parseChromeTrace(std::string_view("not json at all"), "x.json");
    QVERIFY2(findProblem(text, "not readable as JSON"), qPrintable(problemsText(text)));

    const TraceData badEvents = parseChromeTrace(std::string_view("{\"traceEvents\": 5}"), "x");
    QVERIFY2(findProblem(badEvents, "\"traceEvents\" is not an array"),
             qPrintable(problemsText(badEvents)));
}

void TraceMalformedTest::emptyAndBlank()
{
    for (const char *text : {"", "  \n\t "}) {
        const TraceData data = parseChromeTrace(std::string_view(text), "rank2/trace.json");
        QVERIFY2(findProblem(data, "the file is empty"), qPrintable(problemsText(data)));
        QCOMPARE(data.rank, 2); // still known from the path
    }
    const TraceData noEvents = parseChromeTrace(std::string_view("{\"traceEvents\": []}"), "x");
    QVERIFY(findProblem(noEvents, "the trace holds no events"));
}

void TraceMalformedTest::byteOrderMarkAndInvalidUtf8()
{
    // A byte order mark is skipped, and byte offsets still count it.
    const std::string badTs = "{\"traceEvents\": [{\"ph\": \"X\", \"name\": \"ok\", \"ts\": 1, "
                              "\"dur\": 1}, {\"ph\": \"X\", \"ts\": {}}]}";
    const TraceData bom = parseChromeTrace("\xEF\xBB\xBF" + badTs, "x");
    QCOMPARE(bom.events.size(), 1u);
    const TraceProblem *typeProblem = findProblem(bom, "'ts' is an object");
    QVERIFY2(typeProblem, qPrintable(problemsText(bom)));
    QCOMPARE(typeProblem->byteOffset, std::int64_t(3 + badTs.find("{\"ph\": \"X\", \"ts\"")));

    // A Latin-1 byte in a name: replaced, the event kept.
    const std::string json = "{\"traceEvents\": [{\"ph\": \"X\", \"name\": \"ok\", \"ts\": 1, "
                             "\"dur\": 1}, {\"ph\": \"X\", \"name\": \"caf\xE9\", \"ts\": 2, "
                             "\"dur\": 1}]}";
    const TraceData latin1 = parseChromeTrace(std::string_view(json), "x");
    QCOMPARE(latin1.events.size(), 2u);
    QCOMPARE(qs(latin1.eventName(onlyEventNamed(latin1, "caf?"))), QStringLiteral("caf?"));
    const TraceProblem *problem = findProblem(latin1, "1 bytes that are not valid UTF-8");
    QVERIFY2(problem, qPrintable(problemsText(latin1)));
    QCOMPARE(problem->byteOffset, std::int64_t(json.find('\xE9')));
}

void TraceMalformedTest::bareArrayAndObjectFormsAgree()
{
    const std::string events =
        "[{\"ph\": \"X\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1, "
        "\"dur\": 2}, {\"ph\": \"i\", \"name\": \"b\", \"pid\": 1, \"tid\": "
        "1, \"ts\": 2}]";
    const TraceData array = parseChromeTrace(std::string_view(events), "x");
    const TraceData object =
        parseChromeTrace("{\"traceEvents\": " + events + ", \"otherData\": {}}", "x");
    QCOMPARE(array.events.size(), 2u);
    QCOMPARE(object.events.size(), 2u);
    for (std::uint32_t i = 0; i < 2; ++i) {
        QCOMPARE(array.events[i].startNs, object.events[i].startNs);
        QCOMPARE(array.events[i].phase, object.events[i].phase);
        QCOMPARE(qs(array.eventName(i)), qs(object.eventName(i)));
    }
}

void TraceMalformedTest::exactAbsoluteTimestamps()
{
    // Older Kineto writes absolute microseconds with nanosecond decimals: 19 digits, more than
    // a double holds. They must come out exact. displayTimeUnit does not scale them.
    const TraceData data = parseChromeTrace(
        std::string_view(
            "{\"displayTimeUnit\": \"ns\", \"traceEvents\": [{\"ph\": \"X\", \"name\": "
            "\"op\", \"ts\": 1712195495519689.047, \"dur\": 63.813}, {\"ph\": \"X\", "
            "\"name\": \"rounded\", \"ts\": 1.00049, \"dur\": 2.0005}]}"),
        "x");
    const TraceEvent &op = data.events[onlyEventNamed(data, "op")];
    QCOMPARE(op.startNs, std::int64_t(1712195495519689047));
    QCOMPARE(op.durationNs, 63813);
    QCOMPARE(qs(data.displayTimeUnit), QStringLiteral("ns"));
    const TraceEvent &rounded = data.events[onlyEventNamed(data, "rounded")];
    QCOMPARE(rounded.startNs, 1000);    // the fourth decimal rounds down...
    QCOMPARE(rounded.durationNs, 2001); // ...or up
}

void TraceMalformedTest::missingFile()
{
    const TraceData data = importTraceFile("/nonexistent/rank4/trace.json");
    QVERIFY(data.events.empty());
    QVERIFY2(findProblem(data, "cannot open the file"), qPrintable(problemsText(data)));
}

QTEST_GUILESS_MAIN(TraceMalformedTest)
#include "test_trace_malformed.moc"
