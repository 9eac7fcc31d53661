#include "core/findings/TraceFindings.h"

#include "core/findings/FindingsWording.h"

namespace rankscope {

namespace trace_findings {

// How strongly a straggler points at its ranks (docs/findings.md): persistent over the trace,
// or seen in the one or two steps a short capture holds.
constexpr double kConfirmed = 0.75;
constexpr double kTentative = 0.45;
constexpr double kWaiters = 0.5;

FindingWindow windowOf(const StragglerSuspect &suspect, bool fromLogs)
{
    FindingWindow window;
    if (isWallClockNs(suspect.firstWindowStartNs))
        window.startNs = suspect.firstWindowStartNs;
    if (suspect.axis == WindowAxis::Iteration) {
        window.axis = fromLogs ? IterationAxis::Training : IterationAxis::ProfilerStep;
        window.firstIteration = suspect.firstWindow;
    }
    window.goesOn = true;
    return window;
}

EvidenceRef cellRef(const StragglerSuspect &suspect)
{
    EvidenceRef ref;
    ref.target = EvidenceTarget::Cell;
    ref.rank = suspect.ranks.empty() ? -1 : suspect.ranks.front();
    ref.window = suspect.firstWindow;
    ref.label = traceMetricKey(suspect.metric);
    ref.group = suspect.axis == WindowAxis::Iteration ? "iteration" : "time_bin";
    return ref;
}

Finding suspectFinding(const StragglerSuspect &suspect, FindingLayer layer, bool fromLogs,
                       const RankSet &blockers)
{
    Finding f;
    f.layer = layer;
    f.ranks = RankSet::fromVector(suspect.ranks);
    // A node suspect names its node; a rank's node comes from the job.
    if (suspect.ranks.size() > 1 && suspect.nodes.size() == 1)
        f.nodes = suspect.nodes;
    f.window = windowOf(suspect, fromLogs);
    f.sentence = suspect.reasonMessage;
    f.ref = cellRef(suspect);
    if (suspect.role == StragglerRole::Blocker) {
        f.kind = "straggler";
        f.role = FindingRole::Cause;
        f.strength = suspect.confidence == StragglerConfidence::Confirmed ? kConfirmed : kTentative;
        if (suspect.confidence == StragglerConfidence::Tentative && !fromLogs)
            f.needs = {DataNeed::MoreProfilerSteps};
    } else {
        f.kind = "waiter";
        f.role = FindingRole::Effect;
        f.strength = kWaiters;
        f.waitsFor = blockers;
    }
    return f;
}

} // namespace trace_findings

LayerFindings traceFindings(const StragglerReport &report, bool fromLogs)
{
    using namespace trace_findings;
    LayerFindings out;
    out.layer = fromLogs ? FindingLayer::Logs : FindingLayer::Traces;
    out.present = report.verdict != StragglerVerdict::NoData;
    if (!out.present)
        return out;
    out.summary = report.summaryMessage;
    RankSet blockers;
    const StragglerSuspect *firstBlocker = nullptr;
    for (const StragglerSuspect &suspect : report.suspects) {
        if (suspect.role == StragglerRole::Blocker) {
            blockers |= RankSet::fromVector(suspect.ranks);
            if (!firstBlocker)
                firstBlocker = &suspect;
        }
    }
    for (const StragglerSuspect &suspect : report.suspects)
        out.findings.push_back(suspectFinding(suspect, out.layer, fromLogs, blockers));

    const RankSet waiters = RankSet::fromVector(report.waiters) - blockers;
    if (firstBlocker && !waiters.empty()) {
        Finding f;
        f.layer = out.layer;
        f.kind = "waiting";
        f.role = FindingRole::Effect;
        f.ranks = waiters;
        f.waitsFor = blockers;
        f.strength = kWaiters;
        f.window = windowOf(*firstBlocker, fromLogs);
        f.sentence = {
            RANKSCOPE_MESSAGE("findings.traces.waiting", "%1 wait for %2 in the collectives."),
            {findingsRanks(waiters, true), findingsRanks(blockers)}};
        out.findings.push_back(std::move(f));
    }
    // Step times from log lines are a side view of the logs: when they cannot tell, the logs'
    // own findings speak, and no profiler capture is what is missing.
    if (fromLogs)
        return out;
    if (report.verdict == StragglerVerdict::Inconclusive) {
        Finding f;
        f.layer = out.layer;
        f.kind = "inconclusive";
        f.role = FindingRole::Context;
        f.cannotTell = true;
        f.sentence = report.summaryMessage;
        if (report.windows < StragglerParams{}.minPersistentWindows)
            f.needs = {DataNeed::MoreProfilerSteps};
        out.findings.push_back(std::move(f));
    } else if (report.verdict == StragglerVerdict::TooFewRanks) {
        Finding f;
        f.layer = out.layer;
        f.kind = "too_few_ranks";
        f.role = FindingRole::Context;
        f.sentence = report.summaryMessage;
        out.findings.push_back(std::move(f));
    }
    return out;
}

} // namespace rankscope
