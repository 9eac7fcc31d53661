#include "core/findings/CollectiveFindings.h"

#include "core/findings/FindingsWording.h"

namespace rankscope {

namespace collective_findings {

// How strongly each kind of collective finding points at its ranks (docs/findings.md): a rank
// that never reached the sequence the others wait in, or ran another op there, is the clearest
// local evidence there is; a missing dump is only a hint (the rank that hung often writes none).
double kindStrength(CollectiveSuspectKind kind)
{
    switch (kind) {
    case CollectiveSuspectKind::Behind:
    case CollectiveSuspectKind::Mismatch:
        return 0.8;
    case CollectiveSuspectKind::Stuck:
        return 0.7;
    case CollectiveSuspectKind::Failed:
        return 0.6;
    case CollectiveSuspectKind::NoDump:
        return 0.45;
    }
    return 0.45;
}
constexpr double kUndecided = 0.3;  // no strict majority: either side may be at fault
constexpr double kReportOnly = 0.8; // factor when only another tool's report shows it
constexpr double kWaiters = 0.5;
constexpr double kConsequence = 0.35;

EvidenceRef collectiveRef(const CollectiveSuspect &suspect, int index)
{
    EvidenceRef ref;
    ref.target = EvidenceTarget::Collective;
    ref.id = index;
    ref.group = suspect.pgName;
    ref.window = suspect.seq;
    ref.label = suspect.op;
    return ref;
}

// "pg 0 (default_pg)", "pg 3".
std::string groupPhrase(const CollectiveSuspect &suspect)
{
    return "pg " + suspect.pgName + (suspect.pgDesc.empty() ? "" : " (" + suspect.pgDesc + ")");
}

Message waitingSentence(const CollectiveSuspect &suspect)
{
    // Behind and no-dump suspects carry the op the others wait in; a mismatch the others' op.
    const std::string op =
        suspect.kind == CollectiveSuspectKind::Mismatch && !suspect.othersOp.empty()
            ? suspect.othersOp
            : suspect.op;
    const Message who = findingsRanks(suspect.waitingRanks, true);
    if (suspect.seq < 0)
        return {RANKSCOPE_MESSAGE("findings.collectives.waitingGroup", "%1 wait in %2."),
                {who, groupPhrase(suspect)}};
    if (op.empty())
        return {RANKSCOPE_MESSAGE("findings.collectives.waitingSeq", "%1 wait at #%2 of %3."),
                {who, suspect.seq, groupPhrase(suspect)}};
    return {RANKSCOPE_MESSAGE("findings.collectives.waiting", "%1 wait in %2 #%3 of %4."),
            {who, op, suspect.seq, groupPhrase(suspect)}};
}

void addSuspect(const CollectiveSuspect &suspect, int index, std::vector<Finding> &out)
{
    Finding f;
    f.layer = FindingLayer::Collectives;
    f.kind = collectiveSuspectKindKey(suspect.kind);
    f.ranks = suspect.ranks;
    if (!suspect.node.empty())
        f.nodes = {suspect.node};
    f.sentence = suspect.reasonMessage;
    f.ref = collectiveRef(suspect, index);
    if (suspect.consequence) {
        f.kind += "_consequence";
        f.role = FindingRole::Effect;
        f.strength = kConsequence;
        out.push_back(std::move(f));
        return;
    }
    if (!suspect.decided) {
        // No strict majority decides which side is odd (two ranks, an even split): the finding
        // says so, and names neither.
        f.kind += "_undecided";
        f.role = FindingRole::Context;
        f.cannotTell = true;
        f.ranks |= suspect.waitingRanks;
        out.push_back(std::move(f));
        return;
    }
    f.role = FindingRole::Cause;
    f.strength = kindStrength(suspect.kind);
    if (!suspect.fromRecords)
        f.strength *= kReportOnly;
    out.push_back(f);

    const RankSet waiting = suspect.waitingRanks - suspect.ranks;
    if (waiting.empty())
        return;
    Finding waiters;
    waiters.layer = FindingLayer::Collectives;
    waiters.kind = "waiting";
    waiters.role = FindingRole::Effect;
    waiters.ranks = waiting;
    waiters.waitsFor = suspect.ranks;
    waiters.strength = kWaiters;
    waiters.sentence = waitingSentence(suspect);
    waiters.ref = f.ref;
    out.push_back(std::move(waiters));
}

} // namespace collective_findings

LayerFindings collectiveFindings(const CollectiveReport &report)
{
    using namespace collective_findings;
    LayerFindings out;
    out.layer = FindingLayer::Collectives;
    out.present = report.verdictKind != CollectiveVerdictKind::NoData;
    if (!out.present)
        return out;
    out.summary = report.verdictMessage;
    for (std::size_t i = 0; i < report.suspects.size(); ++i)
        addSuspect(report.suspects[i], int(i), out.findings);
    if (report.verdictKind == CollectiveVerdictKind::CannotTell ||
        report.verdictKind == CollectiveVerdictKind::Inconclusive ||
        report.verdictKind == CollectiveVerdictKind::Progressing) {
        Finding f;
        f.layer = FindingLayer::Collectives;
        f.kind = collectiveVerdictKindKey(report.verdictKind);
        f.role = FindingRole::Context;
        f.sentence = report.verdictMessage;
        if (report.verdictKind == CollectiveVerdictKind::CannotTell) {
            // Every member at the same sequence and state: a network or NCCL-level hang.
            f.cannotTell = true;
            f.needs = {DataNeed::NodeLogs};
        } else if (report.verdictKind == CollectiveVerdictKind::Inconclusive) {
            f.cannotTell = true;
            f.needs = {DataNeed::FlightRecorderDumps};
        }
        out.findings.push_back(std::move(f));
    }
    return out;
}

} // namespace rankscope
