// Times a log cannot mean (issue 13, class 3): dates after 2116, epochs that overflow, a
// yearless log whose New Years run for centuries, step times of 1e25 ms. Each is one problem
// with its line; the line keeps the time before it; nothing is stored wrapped.
#include "LogTestSupport.h"
#include "core/model/TimeArithmetic.h"

#include <QtTest>

#include <cmath>

using namespace rankscope;
using namespace rankscope_test;

namespace {

constexpr std::int64_t kFirstNs = 1'714'564'800'000'000'000; // 2024-05-01 12:00:00 UTC

const LogProblem *problemAt(const ParsedLog &log, std::int64_t line)
{
    for (const LogProblem &problem : log.problems) {
        if (problem.line == line)
            return &problem;
    }
    return nullptr;
}

bool allTimesPlausible(const ParsedLog &log)
{
    for (const LogEvent &event : log.events) {
        if (!isPlausibleTimeNs(event.timeNs))
            return false;
    }
    for (const LogIterationRecord &record : log.iterations) {
        if (!isPlausibleTimeNs(record.timeNs))
            return false;
    }
    return true;
}

} // namespace

class LogAbsurdTimesTest : public QObject
{
    Q_OBJECT

private slots:
    void datesAfter2116AreProblemsAndKeepThePreviousTime()
    {
        const ParsedLog log = importText("2024-05-01 12:00:00,000 INFO start\n"
                                         "2300-01-01 00:00:00,000 INFO far future\n"
                                         "[9999-12-31T23:59:59.999999999Z] also\n"
                                         "2024-05-01 12:00:05,000 INFO end\n",
                                         "logs/rank0.log");
        QCOMPARE(log.events.size(), std::size_t(4));
        QCOMPARE(log.events[0].timeNs, kFirstNs);
        // Before: (days * 86400 - offset) * 1e9 wrapped to a time in 1715.
        QCOMPARE(log.events[1].timeNs, kFirstNs);
        QCOMPARE(log.events[2].timeNs, kFirstNs);
        QCOMPARE(log.events[3].timeNs, kFirstNs + 5'000'000'000);
        // The timestamp is still the header: the text starts after it.
        QCOMPARE(qs(log.events[1].text), QStringLiteral("far future"));
        QCOMPARE(log.problems.size(), std::size_t(2));
        const LogProblem *future = problemAt(log, 2);
        QVERIFY2(future, qPrintable(problemsText(log)));
        QCOMPARE(
            qs(future->message),
            QStringLiteral("the time \"2300-01-01 00:00:00,000\" is outside %1; the line keeps "
                           "the time of the line before it.")
                .arg(QString::fromUtf8(kTimeLimitText)));
        QVERIFY2(problemAt(log, 3), qPrintable(problemsText(log)));
        QVERIFY(qs(problemAt(log, 3)->message).contains(QStringLiteral("9999-12-31T23:59:59")));
        // The file's place is said by whoever prints the problem, not by the sentence.
        QVERIFY(!qs(future->message).contains(QStringLiteral("rank0.log")));
    }

    void epochTimesThatOverflowAreProblems()
    {
        // Ten digits of seconds reach 2286 and thirteen of milliseconds too: both overflowed
        // int64 nanoseconds after 2262.
        const ParsedLog log = importText("1714564800 first\n"
                                         "9999999999 seconds\n"
                                         "9999999999999 milliseconds\n"
                                         "4102444800.5 the year 2100\n",
                                         "logs/rank1.log");
        QCOMPARE(log.events.size(), std::size_t(4));
        QCOMPARE(log.events[1].timeNs, kFirstNs);
        QCOMPARE(log.events[2].timeNs, kFirstNs);
        QCOMPARE(log.events[3].timeNs, std::int64_t(4'102'444'800'500'000'000));
        QCOMPARE(log.problems.size(), std::size_t(2));
        QVERIFY(problemAt(log, 2) && problemAt(log, 3));
        QVERIFY(allTimesPlausible(log));
    }

    // Syslog lines carry no year: each December-to-January step adds one. Three hundred of
    // them took the year past 2262, where the time wrapped to 1677.
    void yearlessNewYearsRunOutOfRangeWithoutWrapping()
    {
        std::string text = "2024-05-01 12:00:00,000 INFO the year\n";
        for (int i = 0; i < 300; ++i)
            text += "Dec 31 23:59:59 host a\nJan  1 00:00:00 host b\n";
        const ParsedLog log = importText(text, "logs/rank2.log");
        QCOMPARE(log.events.size(), std::size_t(601));
        QVERIFY(allTimesPlausible(log));
        for (std::size_t i = 1; i < log.events.size(); ++i)
            QVERIFY2(log.events[i].timeNs >= log.events[i - 1].timeNs,
                     qPrintable(QString::number(i)));
        // 2116 is reached after 92 New Years; the rest are problems, 20 listed and a count.
        QCOMPARE(log.problems.size(), std::size_t(21));
        QVERIFY2(qs(log.problems.front().message).contains(QStringLiteral("(in the year 2116)")),
                 qPrintable(problemsText(log)));
        QVERIFY2(qs(log.problems.back().message)
                     .endsWith(QStringLiteral("more lines with times out of range were handled "
                                              "the same way (not listed).")),
                 qPrintable(problemsText(log)));
    }

    // The survey takes the year for yearless lines from the first dated line: not from one
    // that is out of range.
    void anAbsurdFirstDateDoesNotSetTheYear()
    {
        const ParsedLog log = importText("2300-06-01 00:00:00 INFO far\n"
                                         "2024-05-01 12:00:00 INFO dated\n"
                                         "May  1 12:00:01 host yearless\n",
                                         "logs/rank3.log");
        QCOMPARE(log.events.size(), std::size_t(3));
        QCOMPARE(log.events[2].timeNs, kFirstNs + 1'000'000'000);
        QCOMPARE(log.problems.size(), std::size_t(1));
    }

    void stepTimesThatAreNoDurationAreProblems()
    {
        const ParsedLog log = importText(
            " iteration        1/  1000 | elapsed time per iteration (ms): 1e25 | lm loss: "
            "2.5 |\n"
            " iteration        2/  1000 | elapsed time per iteration (ms): -40 | lm loss: 2.4 |\n"
            " iteration        3/  1000 | elapsed time per iteration (ms): inf | lm loss: 2.3 |\n"
            " iteration        4/  1000 | elapsed time per iteration (ms): 2711.1 | lm loss: "
            "2.2 |\n"
            "steps: 5 loss: 2.1 iter time (s): 1e300 samples/sec: 7.0\n",
            "logs/rank4.log");
        QCOMPARE(log.iterations.size(), std::size_t(5));
        for (std::size_t i : {0, 1, 2, 4}) {
            QVERIFY2(std::isnan(log.iterations[i].stepTimeMs), qPrintable(QString::number(i)));
            QVERIFY(!std::isnan(log.iterations[i].loss)); // the rest of the line is kept
        }
        QCOMPARE(log.iterations[3].stepTimeMs, 2711.1);
        QCOMPARE(log.problems.size(), std::size_t(4));
        QVERIFY2(problemAt(log, 1), qPrintable(problemsText(log)));
        QCOMPARE(qs(problemAt(log, 1)->message),
                 QStringLiteral("the step time 1e+25 ms is outside %1; the iteration is kept "
                                "without it.")
                     .arg(QString::fromUtf8(kDurationLimitText)));
        QVERIFY(problemAt(log, 5));
    }

    // A progress bar's rate: 1e-300 it/s is 1e303 ms per step.
    void progressBarRatesThatAreNoDurationAreProblems()
    {
        const ParsedLog log =
            importText(" 25%|##        | 1/4 [03:45<11:15, 1e-300it/s]\n", "logs/rank5.log");
        QCOMPARE(log.iterations.size(), std::size_t(1));
        QVERIFY(std::isnan(log.iterations[0].stepTimeMs));
        QCOMPARE(log.problems.size(), std::size_t(1));
    }

    // Found by the log_lines fuzz campaign: an HF Trainer dict's step of 9.2e18 was converted to
    // int64 (undefined). A step no training run has is no step: the dicts are counted instead.
    void stepsNoRunHasAreCounted()
    {
        const ParsedLog log = importText("{'loss': 2.5, 'step': 9223372036854775807.0}\n"
                                         "{'loss': 2.4, 'step': 1e300}\n",
                                         "logs/rank5.log");
        QCOMPARE(log.iterations.size(), std::size_t(2));
        QCOMPARE(log.iterations[0].iteration, std::int64_t(1));
        QCOMPARE(log.iterations[1].iteration, std::int64_t(2));
    }
};

QTEST_APPLESS_MAIN(LogAbsurdTimesTest)
#include "test_log_absurd_times.moc"
