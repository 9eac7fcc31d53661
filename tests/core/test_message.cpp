// Core messages (core/model/Message.h): the English they render is the sentence the CLI prints,
// word for word; nested messages and plain values fill the placeholders; the ids are stable.
#include "core/collectives/CollectiveAnalysisSteps.h"
#include "core/diff/StepTimeComparison.h"
#include "core/logs/LogAnalysis.h"
#include "core/model/Message.h"
#include "core/traces/StragglerWording.h"

#include <QtTest>

using namespace rankscope;

namespace {

StragglerSuspect periodicBlocker()
{
    StragglerSuspect suspect;
    suspect.ranks = {21};
    suspect.nodes = {"node-2"};
    suspect.metric = TraceMetric::ComputeTime;
    suspect.firstWindow = 103;
    suspect.period = 10;
    suspect.magnitude = 0.62;
    suspect.windowsFlagged = 20;
    suspect.windowsTotal = 200;
    suspect.costPerWindowNs = 3.3e6;
    suspect.costTotalNs = 650e6;
    suspect.costWindows = 197;
    return suspect;
}

} // namespace

class TestMessage : public QObject
{
    Q_OBJECT
private slots:
    void substitutesPlainAndNestedArguments()
    {
        const Message inner(RANKSCOPE_MESSAGE("test.inner", "iteration %1"), {1498});
        const Message outer(RANKSCOPE_MESSAGE("test.outer", "%2 is slow from %1"),
                            {inner, "rank 7"});
        QCOMPARE(outer.english(), std::string("rank 7 is slow from iteration 1498"));
        QCOMPARE(std::string(outer.id()), std::string("test.outer"));
        QCOMPARE(std::string(outer.pattern()), std::string("%2 is slow from %1"));
        QVERIFY(outer.arguments().at(0).isMessage());
        QCOMPARE(std::string(outer.arguments().at(0).message().id()), std::string("test.inner"));
        QVERIFY(!outer.arguments().at(1).isMessage());
    }

    void substitutesOnceAndLeavesTheRestAlone()
    {
        // A value holding a placeholder (a log line) is not substituted again; a placeholder
        // without a value and a lone percent sign stay as written.
        QCOMPARE(substituteMessagePlaceholders("%1 and %2, 5% of %3", {"`%2 done`", "x"}),
                 std::string("`%2 done` and x, 5% of %3"));
        QCOMPARE(substituteMessagePlaceholders("%10|%1",
                                               {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"}),
                 std::string("j|a"));
        QCOMPARE(Message::verbatim("50% %1 done").english(), std::string("50% %1 done"));
        QVERIFY(Message().empty());
        QCOMPARE(Message().english(), std::string());
    }

    // The straggler sentences rendered from messages are the ones rankscope-cli printed before
    // they became messages (the strings below are copied from its output).
    void stragglerSentencesAreTheCliSentences()
    {
        const StragglerSuspect suspect = periodicBlocker();
        QCOMPARE(describeSuspect(suspect, std::string(), 0),
                 std::string("rank 21 (node-2): compute +62% over peer median every 10th "
                             "iteration from iteration 103, confirmed in 20 of 200 iterations; "
                             "costs the job ~3.3 ms per step, 650 ms over 197 steps"));
        QCOMPARE(describeSuspectMessage(suspect,
                                        {stragglerAlsoNoteMessage(TraceMetric::CpuOpTime, 0.12),
                                         stragglerAlsoNoteMessage(TraceMetric::GpuIdle, -0.3)},
                                        0)
                     .english(),
                 std::string("rank 21 (node-2): compute +62% over peer median every 10th "
                             "iteration from iteration 103 (also CPU op time +12%, also GPU idle "
                             "-30%), confirmed in 20 of 200 iterations; costs the job ~3.3 ms "
                             "per step, 650 ms over 197 steps"));

        StragglerReport report;
        report.verdict = StragglerVerdict::StragglersFound;
        report.windows = 200;
        report.suspects.push_back(suspect);
        report.waiters.resize(63);
        const Message summary = summarizeStragglersMessage(report, nullptr, 3, 0);
        QCOMPARE(summary.english(),
                 std::string("rank 21 (node-2) is a straggler: its compute time is 62% above its "
                             "peers' every 10th iteration from iteration 103; it costs the job "
                             "~3.3 ms per step, 650 ms over 197 steps; 63 ranks wait for it in "
                             "collectives."));
        QCOMPARE(summarizeStragglers(report, nullptr, 3, 0), summary.english());
        QCOMPARE(std::string(summary.id()), std::string("sentence.end"));

        StragglerSuspect tentative = suspect;
        tentative.confidence = StragglerConfidence::Tentative;
        tentative.period = 0;
        tentative.windowsTotal = 2;
        tentative.firstWindow = 12;
        QCOMPARE(describeWhen(tentative, 13), std::string("in iterations 12-13"));
        QCOMPARE(describeConfidence(tentative), std::string("tentative (two windows)"));
        tentative.windowsTotal = 1;
        tentative.axis = WindowAxis::TimeBin;
        QCOMPARE(describeWhen(tentative, 12), std::string("in time bin 12"));
        QCOMPARE(describeConfidence(tentative), std::string("tentative (one window)"));

        StragglerReport none;
        none.verdict = StragglerVerdict::NoStragglers;
        none.windows = 1;
        QCOMPARE(summarizeStragglers(none, nullptr, 3, 0),
                 std::string("No straggler found in the one iteration the traces hold: no rank "
                             "stands out as slower at its own work while its peers wait for it "
                             "(3 or more iterations would also test persistence)."));
    }

    // A collective finding's reason as a message reads as the CLI printed it before (the
    // sentences below are what `rankscope-cli collectives` wrote for these findings).
    void collectiveFindingsAreTheCliSentences()
    {
        CollectiveSuspect behind;
        behind.kind = CollectiveSuspectKind::Behind;
        behind.ranks = RankSet::fromVector({5});
        behind.waitingRanks = RankSet::fromVector({0, 1, 2, 3, 4, 6, 7});
        behind.pgName = "0";
        behind.pgDesc = "default_pg";
        behind.op = "all_reduce";
        behind.seq = 42;
        SuspectWording wording;
        wording.groupSize = 8;
        wording.suspectsLastCompleted = 41;
        const Message reason = collectiveSuspectReason(behind, wording);
        QCOMPARE(reason.english(),
                 std::string("Rank 5 did not join all_reduce #42 of pg 0 (default_pg), which the "
                             "other 7 ranks of that group are waiting in; its last completed "
                             "collective is #41."));
        QCOMPARE(std::string(reason.id()), std::string("sentence.end"));

        CollectiveSuspect mismatch;
        mismatch.kind = CollectiveSuspectKind::Mismatch;
        mismatch.ranks = RankSet::fromVector({12, 14});
        mismatch.waitingRanks = RankSet::range(0, 11);
        mismatch.pgName = "3";
        mismatch.op = "broadcast";
        mismatch.othersOp = "all_reduce";
        mismatch.seq = 7;
        mismatch.decided = false;
        SuspectWording differs;
        differs.differs = Message(RANKSCOPE_MESSAGE("collective.differs.op", "op %1 vs %2"),
                                  {"broadcast", "all_reduce"});
        QCOMPARE(collectiveSuspectReason(mismatch, differs).english(),
                 std::string("Mismatch at #7 of pg 3: ranks 12 and 14 run broadcast, ranks 0-11 "
                             "run all_reduce (op broadcast vs all_reduce); with no majority on "
                             "either side the data cannot tell which one is at fault."));

        mismatch.consequence = true;
        differs.consequenceOf = collectiveRanksMessage(RankSet::fromVector({3}));
        QVERIFY(collectiveSuspectReason(mismatch, differs)
                    .english()
                    .ends_with(" They are themselves waiting in rank 3: a consequence, not a "
                               "cause."));
    }

    // The diff's step-time sentence, as `rankscope-cli diff` printed it.
    void diffStepTimeSentenceIsTheCliSentence()
    {
        StepTimeComparison c;
        c.significant = true;
        c.comparable = true;
        c.relativeChange = 0.096;
        c.target.medianMs = 137000;
        c.target.fromIteration = 4;
        c.target.toIteration = 49;
        c.target.warmupSkipped = 3;
        c.baseline.medianMs = 125000;
        c.baseline.fromIteration = 4;
        c.baseline.toIteration = 62;
        c.baseline.warmupSkipped = 3;
        const Message sentence = stepTimeSentenceMessage(c);
        QCOMPARE(sentence.english(),
                 std::string("Iterations take 137 s, 9.6% longer than the baseline's 125 s "
                             "(median of iterations 4\u201349 against 4\u201362; the first 3 "
                             "iteration lines skipped as warm-up)."));
        QCOMPARE(std::string(sentence.id()), std::string("diff.stepSeries.longer"));
        QCOMPARE(stepTimeSentence(c), sentence.english());
        c.relativeChange = -0.25;
        c.baseline.warmupSkipped = 5;
        QCOMPARE(stepTimeSentence(c),
                 std::string("Iterations take 137 s, 25% less than the baseline's 125 s (median "
                             "of iterations 4\u201349 against 4\u201362; the first 3 and 5 "
                             "iteration lines skipped as warm-up)."));
        c.significant = false;
        QVERIFY(stepTimeSentenceMessage(c).empty());
    }

    // The log analysis' sentences, as `rankscope-cli logs` printed them: one rank of four logs
    // an error late in the job.
    void logSentencesAreTheCliSentences()
    {
        constexpr std::int64_t startNs = 1764419464000000000; // 2025-11-29 12:31:04 UTC
        constexpr std::int64_t second = 1000000000;
        LogTemplate step;
        step.id = 0;
        step.text = "step <*> loss <*>";
        step.severity = LogSeverity::Info;
        LogTemplate error;
        error.id = 1;
        error.text = "CUDA error: <*>";
        error.severity = LogSeverity::Error;
        std::vector<TemplatedLogEvent> events;
        const auto event = [&](int rank, std::int64_t timeNs, const LogTemplate &templ) {
            TemplatedLogEvent e;
            e.rank = rank;
            e.timeNs = timeNs;
            e.templ = templ.id;
            e.severity = templ.severity;
            e.line = std::uint32_t(events.size() + 1);
            events.push_back(e);
        };
        for (int i = 0; i <= 10; ++i)
            for (int rank = 0; rank < 4; ++rank)
                event(rank, startNs + i * second, step);
        event(2, startNs + 9 * second, error);
        const LogAnalysis analysis = analyzeLogs(events, {step, error}, {}, JobInfo());

        QCOMPARE(analysis.summary, analysis.summaryMessage.english());
        QCOMPARE(analysis.summary,
                 std::string("Template `CUDA error: <*>` (error): rank 2 from 12:31:13; missing on "
                             "ranks 0-1,3; new late in the job; rank 2: logged `CUDA error: <*>` "
                             "(error), which 3 other ranks did not."));
        QCOMPARE(std::string(analysis.summaryMessage.id()), std::string("sentence.end"));
        for (const LogSuspect &suspect : analysis.suspects)
            QCOMPARE(suspect.reason, suspect.reasonMessage.english());
        QCOMPARE(logAnalysisSummary(LogAnalysis(), 131, 64),
                 std::string("No suspicious log templates or ranks: 131 templates over 64 ranks "
                             "look alike."));
    }

    // Ids are what a translator's catalog is keyed by: renaming one loses its translations.
    void idsAreStable()
    {
        const StragglerSuspect suspect = periodicBlocker();
        const Message reason = describeSuspectMessage(suspect, {}, 0);
        QCOMPARE(std::string(reason.id()), std::string("straggler.suspect.cost"));
        const Message &sentence = reason.arguments().at(0).message();
        QCOMPARE(std::string(sentence.id()), std::string("straggler.suspect"));
        QCOMPARE(std::string(sentence.arguments().at(0).message().id()),
                 std::string("straggler.subject.rankOnNode"));
        QCOMPARE(std::string(describeWhenMessage(suspect, 0).id()),
                 std::string("straggler.when.everyIteration"));
        QCOMPARE(std::string(stragglerMetricPhraseMessage(TraceMetric::ComputeTime).id()),
                 std::string("straggler.metric.computeTime"));
        QCOMPARE(std::string(stragglerMetricPhrase(TraceMetric::ComputeTime)),
                 std::string("compute"));
    }
};

QTEST_APPLESS_MAIN(TestMessage)
#include "test_message.moc"
