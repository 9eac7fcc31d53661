// The join of the layers' findings (core/findings/FindingsJoin.h) on hand-made findings:
// agreeing layers raise the confidence, contradicting ones stay side by side, the ranks of one
// node become the node, effects are kept apart from causes and go to the culprit they wait for,
// and with no culprit the verdict says why and which data would settle it.
#include "core/findings/FindingsJoin.h"

#include <QtTest>

#include <algorithm>

using namespace rankscope;

namespace {

// 16 ranks, 8 per node: node-0 has ranks 0-7, node-1 ranks 8-15.
FindingsJob twoNodes()
{
    JobInfo job;
    job.worldSize = 16;
    for (int rank = 0; rank < 16; ++rank) {
        RankInfo info;
        info.rank = rank;
        info.node = "node-" + std::to_string(rank / 8);
        job.ranks.push_back(info);
    }
    return FindingsJob::fromJob(job);
}

Finding finding(FindingLayer layer, const char *kind, FindingRole role, RankSet ranks,
                double strength)
{
    Finding f;
    f.layer = layer;
    f.kind = kind;
    f.role = role;
    f.ranks = std::move(ranks);
    f.strength = strength;
    f.sentence = Message::verbatim(std::string(findingLayerKey(layer)) + " " + kind + " " +
                                   f.ranks.toString());
    return f;
}

LayerFindings layer(FindingLayer which, std::vector<Finding> findings)
{
    LayerFindings out;
    out.layer = which;
    out.present = true;
    out.findings = std::move(findings);
    return out;
}

RankSet one(int rank)
{
    return RankSet::range(rank, rank);
}

RankSet ranks(std::string_view text)
{
    return RankSet::parse(text).value();
}

bool hasLayer(const std::vector<FindingLayer> &layers, FindingLayer layer)
{
    return std::find(layers.begin(), layers.end(), layer) != layers.end();
}

bool hasNeed(const std::vector<DataNeed> &needs, DataNeed need)
{
    return std::find(needs.begin(), needs.end(), need) != needs.end();
}

} // namespace

class TestFindingsJoin : public QObject
{
    Q_OBJECT
private slots:
    void agreeingLayersMakeOneCulpritAndRaiseConfidence()
    {
        const FindingsJob job = twoNodes();
        const FindingsVerdict alone = joinFindings(
            {layer(FindingLayer::Stacks,
                   {finding(FindingLayer::Stacks, "blocker", FindingRole::Cause, one(9), 0.7)})},
            job);
        QCOMPARE(alone.culprits.size(), std::size_t(1));
        const double single = alone.culprits.front().confidence;
        QVERIFY(std::abs(single - 0.7) < 1e-9);

        const FindingsVerdict v = joinFindings(
            {layer(FindingLayer::Stacks,
                   {finding(FindingLayer::Stacks, "blocker", FindingRole::Cause, one(9), 0.7)}),
             layer(FindingLayer::Collectives,
                   {finding(FindingLayer::Collectives, "behind", FindingRole::Cause, one(9), 0.8)}),
             layer(FindingLayer::Logs,
                   {finding(FindingLayer::Logs, "rank", FindingRole::Cause, one(9), 0.5)})},
            job);
        QCOMPARE(v.culprits.size(), std::size_t(1));
        const Culprit &c = v.culprits.front();
        QCOMPARE(c.ranks, RankSet{ranks("9")});
        QCOMPARE(c.nodes, std::vector<std::string>{"node-1"});
        QVERIFY(c.wholeNodes.empty());
        QCOMPARE(c.layers.size(), std::size_t(3));
        QCOMPARE(c.layers.front(), FindingLayer::Collectives); // strongest first
        QCOMPARE(c.evidence.size(), std::size_t(3));
        QVERIFY(c.confidence > single);
        QVERIFY(std::abs(c.confidence - (1 - 0.3 * 0.2 * 0.5)) < 1e-9);
        QCOMPARE(std::string(confidenceKey(c.confidence)), std::string("high"));
        QVERIFY(c.disagreeing.empty());
        QCOMPARE(v.verdict.english(),
                 std::string("Rank 9 (node-1) most likely started it (evidence from the "
                             "collective records, the stacks and the logs)."));
        QVERIFY(!v.undecided);
    }

    void sameLayerTwiceCountsOnce()
    {
        // Two findings of one layer on one rank are one voice: the stronger counts.
        const FindingsVerdict v = joinFindings(
            {layer(FindingLayer::Logs,
                   {finding(FindingLayer::Logs, "rank", FindingRole::Cause, one(9), 0.5),
                    finding(FindingLayer::Logs, "template", FindingRole::Cause, one(9), 0.45)})},
            twoNodes());
        QCOMPARE(v.culprits.size(), std::size_t(1));
        QVERIFY(std::abs(v.culprits.front().confidence - 0.5) < 1e-9);
        QCOMPARE(v.culprits.front().layers, std::vector<FindingLayer>{FindingLayer::Logs});
    }

    void contradictingLayersStaySideBySide()
    {
        const FindingsVerdict v = joinFindings(
            {layer(FindingLayer::Stacks,
                   {finding(FindingLayer::Stacks, "blocker", FindingRole::Cause, one(9), 0.7)}),
             layer(FindingLayer::Logs,
                   {finding(FindingLayer::Logs, "rank", FindingRole::Cause, one(12), 0.6)})},
            twoNodes());
        QCOMPARE(v.culprits.size(), std::size_t(2));
        QCOMPARE(v.culprits[0].ranks, RankSet{ranks("9")});
        QCOMPARE(v.culprits[1].ranks, RankSet{ranks("12")});
        QCOMPARE(v.culprits[0].disagreeing, std::vector<FindingLayer>{FindingLayer::Logs});
        QCOMPARE(v.culprits[1].disagreeing, std::vector<FindingLayer>{FindingLayer::Stacks});
        const std::string verdict = v.verdict.english();
        QVERIFY2(verdict.find("The layers disagree: the evidence from the logs points at rank 12 "
                              "(node-1) instead; both are listed.") != std::string::npos,
                 verdict.c_str());
    }

    void ranksOfOneNodeBecomeTheNode()
    {
        // Eight rank findings that together are all of node-1, and a trace finding on two of
        // them: one culprit, named by its node.
        std::vector<Finding> logs;
        for (int rank = 8; rank < 16; ++rank)
            logs.push_back(
                finding(FindingLayer::Logs, "rank", FindingRole::Cause, one(rank), 0.45));
        const FindingsVerdict v = joinFindings(
            {layer(FindingLayer::Logs, logs),
             layer(FindingLayer::Traces, {finding(FindingLayer::Traces, "straggler",
                                                  FindingRole::Cause, ranks("8-9"), 0.75)})},
            twoNodes());
        QCOMPARE(v.culprits.size(), std::size_t(1));
        const Culprit &c = v.culprits.front();
        QCOMPARE(c.ranks, ranks("8-15"));
        QCOMPARE(c.wholeNodes, std::vector<std::string>{"node-1"});
        QCOMPARE(c.subject.english(), std::string("node-1 (ranks 8-15)"));
        QVERIFY(hasLayer(c.layers, FindingLayer::Logs));
        QVERIFY(hasLayer(c.layers, FindingLayer::Traces));
        // A few logs lines say it; the others repeat them.
        QVERIFY(c.evidence.size() <= 4);

        // Seven of the eight are not the node.
        logs.pop_back();
        const FindingsVerdict seven = joinFindings({layer(FindingLayer::Logs, logs)}, twoNodes());
        QCOMPARE(seven.culprits.size(), std::size_t(7));
        QVERIFY(seven.culprits.front().wholeNodes.empty());
    }

    void nodeFindingSubsumesItsRanks()
    {
        // A node finding (from a node's own log: no ranks) and the same template on each rank:
        // the node says it, the rank lines are not repeated.
        Finding node = finding(FindingLayer::Logs, "node", FindingRole::Cause, RankSet(), 0.55);
        node.nodes = {"node-0"};
        std::vector<Finding> logs{node};
        for (int rank = 0; rank < 8; ++rank)
            logs.push_back(
                finding(FindingLayer::Logs, "rank", FindingRole::Cause, one(rank), 0.45));
        const FindingsVerdict v = joinFindings({layer(FindingLayer::Logs, logs)}, twoNodes());
        QCOMPARE(v.culprits.size(), std::size_t(1));
        QCOMPARE(v.culprits.front().ranks, ranks("0-7"));
        QCOMPARE(v.culprits.front().evidence.size(), std::size_t(1));
        QCOMPARE(v.culprits.front().evidence.front().kind, std::string("node"));
        QVERIFY(v.verdict.english().starts_with("node-0 (ranks 0-7) most likely started it"));
    }

    void effectsAreSeparatedAndAttached()
    {
        Finding straggler =
            finding(FindingLayer::Traces, "straggler", FindingRole::Cause, one(9), 0.75);
        Finding waiters =
            finding(FindingLayer::Traces, "waiting", FindingRole::Effect, ranks("0-8,10-15"), 0.5);
        waiters.waitsFor = one(9);
        // The Diff's all-reduce slowdown names no rank: the ranks slower at the median are the
        // waiters. It belongs to the straggler, not to the causes.
        Finding allReduce =
            finding(FindingLayer::Baseline, "op_slower", FindingRole::Effect, RankSet(), 0.4);
        // A rank waiting for someone who is not a culprit stays unattached.
        Finding elsewhere =
            finding(FindingLayer::Collectives, "waiting", FindingRole::Effect, ranks("0-3"), 0.5);
        elsewhere.waitsFor = one(4);
        const FindingsVerdict v = joinFindings({layer(FindingLayer::Traces, {straggler, waiters}),
                                                layer(FindingLayer::Baseline, {allReduce}),
                                                layer(FindingLayer::Collectives, {elsewhere})},
                                               twoNodes());
        QCOMPARE(v.culprits.size(), std::size_t(1));
        const Culprit &c = v.culprits.front();
        QCOMPARE(c.ranks, RankSet{ranks("9")});
        QCOMPARE(c.layers, std::vector<FindingLayer>{FindingLayer::Traces}); // effects add none
        QCOMPARE(c.evidence.size(), std::size_t(1));
        QCOMPARE(c.effects.size(), std::size_t(2));
        QVERIFY(std::any_of(c.effects.begin(), c.effects.end(),
                            [](const Evidence &e) { return e.kind == "op_slower"; }));
        QCOMPARE(v.effects.size(), std::size_t(3));
        QCOMPARE(v.effects[0].culprit, 0);
        QCOMPARE(v.effects[1].culprit, 0);
        QCOMPARE(v.effects[2].culprit, -1);
        QCOMPARE(v.verdict.english(),
                 std::string("Rank 9 (node-1) most likely started it (evidence from the profiler "
                             "traces). Ranks 0-8,10-15 only wait for it."));
    }

    void noCulpritSaysWhatWouldSettleIt()
    {
        Finding sameWait =
            finding(FindingLayer::Stacks, "cannot_tell", FindingRole::Context, ranks("0-15"), 0);
        sameWait.sentence = Message::verbatim("All 16 ranks wait in all_reduce.");
        sameWait.needs = {DataNeed::NodeLogs};
        sameWait.cannotTell = true;
        Finding waiting =
            finding(FindingLayer::Stacks, "waiting", FindingRole::Effect, ranks("0-15"), 0.4);
        const FindingsVerdict v = joinFindings(
            {layer(FindingLayer::Stacks, {sameWait, waiting}), absentLayer(FindingLayer::Traces),
             absentLayer(FindingLayer::Collectives), layer(FindingLayer::Logs, {})},
            twoNodes());
        QVERIFY(v.culprits.empty());
        QVERIFY(v.undecided);
        QCOMPARE(v.undecided->kind, UndecidedKind::CannotTell);
        QCOMPARE(v.undecided->wouldSettle.front(), DataNeed::NodeLogs);
        QVERIFY(hasNeed(v.undecided->wouldSettle, DataNeed::FlightRecorderDumps));
        QVERIFY(hasNeed(v.undecided->wouldSettle, DataNeed::ProfilerTraces));
        QVERIFY(!hasNeed(v.undecided->wouldSettle, DataNeed::Logs)); // the bundle has logs
        QCOMPARE(v.effects.size(), std::size_t(1));
        QCOMPARE(v.effects.front().culprit, -1);
        const std::string verdict = v.verdict.english();
        QVERIFY2(verdict.starts_with("No layer can tell which rank or node started it. All 16 "
                                     "ranks wait in all_reduce. What would settle it: each "
                                     "node's own logs"),
                 verdict.c_str());
    }

    void healthyJobHasNoCulprit()
    {
        // A warning every rank logged, and a cause on most of the job: they name no one. The
        // stacks, spread over the code in one sample each, would say more with more samples.
        Finding spread =
            finding(FindingLayer::Stacks, "no-majority", FindingRole::Context, ranks("0-15"), 0);
        spread.needs = {DataNeed::MoreStackSamples};
        const FindingsVerdict v = joinFindings(
            {layer(FindingLayer::Stacks, {spread}),
             layer(FindingLayer::Logs,
                   {finding(FindingLayer::Logs, "template", FindingRole::Context, ranks("0-15"), 0),
                    finding(FindingLayer::Logs, "template", FindingRole::Cause, ranks("0-14"), 0.5),
                    finding(FindingLayer::Logs, "rank", FindingRole::Cause, one(3), 0.1)})},
            twoNodes());
        QVERIFY(v.culprits.empty());
        QCOMPARE(v.context.size(), std::size_t(4));
        QVERIFY(!v.anchor);
        QVERIFY(v.undecided);
        QCOMPARE(v.undecided->kind, UndecidedKind::NothingStandsOut);
        QCOMPARE(v.undecided->wouldSettle.front(), DataNeed::MoreStackSamples);
        QCOMPARE(v.verdict.english(),
                 std::string("No rank or node stands out in the stacks and the logs."));
    }

    void separateWindowsMakeSeparateCulprits()
    {
        Finding early = finding(FindingLayer::Traces, "straggler", FindingRole::Cause, one(9), 0.7);
        early.window.axis = IterationAxis::ProfilerStep;
        early.window.firstIteration = 3;
        early.window.lastIteration = 5;
        Finding late = early;
        late.window.firstIteration = 30;
        late.window.lastIteration = 40;
        late.window.goesOn = true;
        QVERIFY(!windowsOverlap(early.window, late.window));
        FindingsVerdict v = joinFindings({layer(FindingLayer::Traces, {early, late})}, twoNodes());
        QCOMPARE(v.culprits.size(), std::size_t(2));

        // An unknown window (a collective record) joins either; a training iteration never
        // separates it from a profiler step.
        Finding behind =
            finding(FindingLayer::Collectives, "behind", FindingRole::Cause, one(9), 0.8);
        behind.window.axis = IterationAxis::Training;
        behind.window.firstIteration = 1520;
        QVERIFY(windowsOverlap(behind.window, early.window));
        v = joinFindings(
            {layer(FindingLayer::Traces, {late}), layer(FindingLayer::Collectives, {behind})},
            twoNodes());
        QCOMPARE(v.culprits.size(), std::size_t(1));
    }

    void earliestAnomalyIsTheAnchor()
    {
        const std::int64_t t0 = 1764419444000000000;
        Finding cause = finding(FindingLayer::Logs, "rank", FindingRole::Cause, one(9), 0.6);
        cause.window.startNs = t0 + 2'000'000'000;
        Finding echo = finding(FindingLayer::Logs, "echo", FindingRole::Effect, ranks("0-8"), 0.3);
        echo.window.startNs = t0;
        Finding warning =
            finding(FindingLayer::Logs, "template", FindingRole::Context, ranks("0-15"), 0);
        warning.window.startNs = t0 - 600'000'000'000; // start-up noise is no anomaly
        const FindingsVerdict v =
            joinFindings({layer(FindingLayer::Logs, {cause, echo, warning})}, twoNodes());
        QVERIFY(v.anchor);
        QCOMPARE(v.anchor->kind, std::string("echo"));
        QCOMPARE(v.anchor->window.startNs, t0);
        QCOMPARE(v.culprits.front().window.startNs, t0 + 2'000'000'000);
    }

    void weakCulpritSaysWhatWouldConfirmIt()
    {
        Finding tentative =
            finding(FindingLayer::Traces, "straggler", FindingRole::Cause, one(9), 0.45);
        tentative.needs = {DataNeed::MoreProfilerSteps};
        const FindingsVerdict v =
            joinFindings({layer(FindingLayer::Traces, {tentative})}, twoNodes());
        QCOMPARE(v.culprits.size(), std::size_t(1));
        QCOMPARE(std::string(confidenceKey(v.culprits.front().confidence)), std::string("low"));
        QCOMPARE(v.culprits.front().wouldConfirm,
                 std::vector<DataNeed>{DataNeed::MoreProfilerSteps});
        const std::string verdict = v.verdict.english();
        QVERIFY2(verdict.starts_with("Rank 9 (node-1) may have started it (weak evidence from the "
                                     "profiler traces). What would confirm it: two more profiler "
                                     "steps"),
                 verdict.c_str());
    }
};

QTEST_APPLESS_MAIN(TestFindingsJoin)
#include "test_findings_join.moc"
