// Bad input never crashes: the Kineto fixture cut at every byte, and damaged with JSON's own
// punctuation at many places, always imports into a consistent model with no more events than
// the intact file, and a cut file always says it was cut.

#include "TraceTestSupport.h"

#include <QtTest>

using namespace rankscope;
using namespace rankscope_test;

class TraceRobustnessTest : public QObject
{
    Q_OBJECT

private slots:
    void everyPrefix();
    void damagedBytes();
};

void TraceRobustnessTest::everyPrefix()
{
    const std::string json = readTraceFixture("kineto-basic.json");
    QVERIFY(json.size() > 1000);
    const std::size_t complete = importTraceFixture("kineto-basic.json").events.size();
    const std::size_t lastBrace = json.rfind('}');
    std::size_t previousEvents = 0;
    for (std::size_t length = 0; length < json.size(); ++length) {
        const TraceData data = parseChromeTrace(std::string_view(json.data(), length), "cut");
        const QString violation = modelInvariantViolation(data);
        QVERIFY2(violation.isEmpty(),
                 qPrintable(QString::number(length) + QLatin1Char(' ') + violation));
        QVERIFY(data.events.size() <= complete);
        // Events only accumulate as the cut moves on (B/E and counters aside, which this
        // fixture does not have), so no prefix loses what a shorter one read.
        QVERIFY2(data.events.size() + 3 >= previousEvents, qPrintable(QString::number(length)));
        previousEvents = data.events.size();
        if (length > 0 && length <= lastBrace) {
            // Every cut before the final '}' is reported as such (or the file is empty / has
            // no traceEvents yet).
            QVERIFY2(data.truncated || findProblem(data, "the file is empty") ||
                         findProblem(data, "no \"traceEvents\"") ||
                         findProblem(data, "not readable as JSON"),
                     qPrintable(QString::number(length) + QLatin1Char('\n') + problemsText(data)));
        }
    }
}

void TraceRobustnessTest::damagedBytes()
{
    const std::string json = readTraceFixture("kineto-basic.json");
    const std::size_t complete = importTraceFixture("kineto-basic.json").events.size();
    const char replacements[] = {'"', '{', '}', '[', ']', ',', ':', '\\', '\0', '\xFF', 'x'};
    int runs = 0;
    for (std::size_t at = 0; at < json.size(); at += 5) {
        for (char replacement : replacements) {
            std::string damaged = json;
            damaged[at] = replacement;
            const TraceData data = parseChromeTrace(std::string_view(damaged), "damaged");
            const QString violation = modelInvariantViolation(data);
            QVERIFY2(violation.isEmpty(),
                     qPrintable(QString::number(at) + QLatin1Char(' ') + violation));
            // One damaged byte can split a string and so add at most a couple of events.
            QVERIFY(data.events.size() <= complete + 2);
            ++runs;
        }
    }
    QVERIFY(runs > 10000);
}

QTEST_GUILESS_MAIN(TraceRobustnessTest)
#include "test_trace_robustness.moc"
