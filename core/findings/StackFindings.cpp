#include "core/findings/StackFindings.h"

#include <algorithm>
#include <cstring>
#include <map>

namespace rankscope {

namespace stack_findings {

// How strongly each kind of stack suspect points at its ranks (docs/findings.md).
constexpr double kBlocker = 0.7;
constexpr double kDesync = 0.75;
constexpr double kStuckBonus = 0.1;     // every sample the same: a hang, not a passing moment
constexpr double kOneSampleMalus = 0.1; // one sample: stuck or slow cannot be told
constexpr double kMinorityPath = 0.35;
constexpr double kNoSamples = 0.4;
constexpr double kWaiters = 0.5;

struct SampleSpan
{
    std::int64_t first = 0;
    std::int64_t last = 0;
};

// Per rank, the times of its first and last main-thread samples (0: unknown).
std::map<int, SampleSpan> sampleSpans(const StackDataset &data)
{
    std::map<int, SampleSpan> spans;
    for (const StackSample &sample : data.samples) {
        if (!sample.isMainThread || !isWallClockNs(sample.timeNs))
            continue;
        SampleSpan &span = spans[sample.rank];
        span.first = span.first == 0 ? sample.timeNs : std::min(span.first, sample.timeNs);
        span.last = std::max(span.last, sample.timeNs);
    }
    return spans;
}

// The samples' times of `ranks`: the state was there before the first and stays after the last.
FindingWindow windowOf(const RankSet &ranks, const std::map<int, SampleSpan> &spans)
{
    FindingWindow window;
    ranks.forEach([&](int rank) {
        const auto found = spans.find(rank);
        if (found == spans.end())
            return;
        window.startNs = window.startNs == 0 ? found->second.first
                                             : std::min(window.startNs, found->second.first);
        window.endNs = std::max(window.endNs, found->second.last);
    });
    window.beganEarlier = true;
    window.goesOn = true;
    return window;
}

// Every rank of `ranks` with this progress.
bool allRanks(const RankSet &ranks, const StackAnalysis &analysis, RankProgress progress)
{
    bool all = !ranks.empty();
    ranks.forEach([&](int rank) {
        const auto found = std::find_if(analysis.ranks.begin(), analysis.ranks.end(),
                                        [&](const RankStackSummary &r) { return r.rank == rank; });
        all = all && found != analysis.ranks.end() && found->progress == progress;
    });
    return all;
}

EvidenceRef frameRef(int node, const std::string &label)
{
    EvidenceRef ref;
    if (node < 0)
        return ref;
    ref.target = EvidenceTarget::Frame;
    ref.id = node;
    ref.label = label;
    return ref;
}

bool isCutDump(const Suspect &suspect)
{
    const char *id = suspect.reasonMessage.id();
    return std::strcmp(id, "stack.suspect.dumpCut") == 0 ||
           std::strcmp(id, "stack.suspect.dumpsCut") == 0;
}

Finding suspectFinding(const Suspect &suspect, const StackAnalysis &analysis,
                       const std::map<int, SampleSpan> &spans)
{
    Finding f;
    f.layer = FindingLayer::Stacks;
    f.kind = suspectKindName(suspect.kind);
    f.ranks = suspect.ranks;
    if (!suspect.host.empty())
        f.nodes = {suspect.host};
    f.sentence = suspect.reasonMessage;
    f.ref = frameRef(suspect.node, suspect.frame);
    const bool blockersFound = analysis.verdict.kind == StackVerdictKind::BlockersFound;
    switch (suspect.kind) {
    case SuspectKind::Blocker:
    case SuspectKind::Desync: {
        f.role = FindingRole::Cause;
        f.strength = suspect.kind == SuspectKind::Blocker ? kBlocker : kDesync;
        if (allRanks(suspect.ranks, analysis, RankProgress::Stuck)) {
            f.strength += kStuckBonus;
        } else if (allRanks(suspect.ranks, analysis, RankProgress::SingleSample)) {
            f.strength -= kOneSampleMalus;
            f.needs = {DataNeed::MoreStackSamples};
        }
        f.window = windowOf(suspect.ranks, spans);
        break;
    }
    case SuspectKind::MinorityPath:
    case SuspectKind::MissedByFew:
        // A rare path is evidence only beside a majority that waits: in a job that is merely
        // spread over its code, rare paths are everywhere.
        f.role = blockersFound ? FindingRole::Cause : FindingRole::Context;
        f.strength = blockersFound ? kMinorityPath : 0;
        f.window = windowOf(suspect.ranks, spans);
        break;
    case SuspectKind::NoData:
        f.role = isCutDump(suspect) ? FindingRole::Context : FindingRole::Cause;
        f.strength = isCutDump(suspect) ? 0 : kNoSamples;
        break;
    case SuspectKind::Stuck:
        f.role = FindingRole::Context;
        break;
    }
    return f;
}

// What the verdict says of the job as a whole: the majority's wait (an effect of the blockers),
// or why the stacks cannot name anyone.
void addVerdictFindings(const StackAnalysis &analysis, const StackTree &tree,
                        const std::map<int, SampleSpan> &spans, std::vector<Finding> &out)
{
    const StackVerdict &verdict = analysis.verdict;
    const bool oneSampleEach =
        !analysis.ranks.empty() &&
        std::all_of(analysis.ranks.begin(), analysis.ranks.end(), [](const RankStackSummary &r) {
            return r.progress == RankProgress::SingleSample;
        });
    Finding f;
    f.layer = FindingLayer::Stacks;
    f.sentence = verdict.summaryMessage;
    f.ref = frameRef(verdict.waitNode,
                     verdict.waitNode >= 0 ? tree.node(verdict.waitNode).label : std::string());
    switch (verdict.kind) {
    case StackVerdictKind::BlockersFound: {
        RankSet blockers;
        for (const Suspect &suspect : analysis.suspects) {
            if (suspect.kind == SuspectKind::Blocker || suspect.kind == SuspectKind::Desync)
                blockers |= suspect.ranks;
        }
        f.kind = "waiting";
        f.role = FindingRole::Effect;
        f.ranks = verdict.waiters;
        f.waitsFor = blockers;
        f.strength = kWaiters;
        f.window = windowOf(verdict.waiters, spans);
        break;
    }
    case StackVerdictKind::AllInSameWait:
        f.kind = "cannot_tell";
        f.role = FindingRole::Context;
        f.ranks = verdict.waiters;
        f.cannotTell = true;
        // One sample each: whether they stay in that wait (a hang) is unknown too. Then the
        // verdict's own advice: the logs, the collective sequence numbers, the timing.
        if (oneSampleEach)
            f.needs.push_back(DataNeed::MoreStackSamples);
        for (DataNeed need :
             {DataNeed::NodeLogs, DataNeed::FlightRecorderDumps, DataNeed::ProfilerTraces})
            f.needs.push_back(need);
        f.window = windowOf(verdict.waiters, spans);
        break;
    case StackVerdictKind::MostRanksMissing:
        f.kind = "most_ranks_missing";
        f.role = FindingRole::Context;
        f.cannotTell = true;
        f.needs = {DataNeed::StackDumps};
        break;
    case StackVerdictKind::NoMajority:
    case StackVerdictKind::NoWaitMajority:
        // Spread over the code: progressing or stuck there, one sample cannot say.
        if (oneSampleEach)
            f.needs = {DataNeed::MoreStackSamples};
        [[fallthrough]];
    case StackVerdictKind::TooFewRanks:
    case StackVerdictKind::Progressing:
        f.kind = stackVerdictName(verdict.kind);
        f.role = FindingRole::Context;
        break;
    case StackVerdictKind::NoData:
        return;
    }
    out.push_back(std::move(f));
}

} // namespace stack_findings

LayerFindings stackFindings(const StackAnalysis &analysis, const StackDataset &data,
                            const StackTree &tree)
{
    using namespace stack_findings;
    LayerFindings out;
    out.layer = FindingLayer::Stacks;
    out.present = !data.samples.empty();
    if (!out.present)
        return out;
    out.summary = analysis.verdict.summaryMessage;
    const std::map<int, SampleSpan> spans = sampleSpans(data);
    for (const Suspect &suspect : analysis.suspects) {
        if (suspect.kind == SuspectKind::Stuck)
            continue; // an annotation of the others, said in their reasons
        out.findings.push_back(suspectFinding(suspect, analysis, spans));
    }
    addVerdictFindings(analysis, tree, spans, out.findings);
    return out;
}

} // namespace rankscope
