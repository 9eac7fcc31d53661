#include "core/findings/DiffFindings.h"

#include "core/diff/DiffWording.h"
#include "core/findings/FindingsWording.h"

#include <algorithm>
#include <string_view>

namespace rankscope {

namespace diff_findings {

// How strongly a change against the healthy run points at its ranks (docs/findings.md): what is
// new only in this run narrows the search, yet a comparison says what changed, not why.
constexpr double kNewPath = 0.4;
constexpr double kMorePath = 0.3;
constexpr double kNewLog = 0.4;
constexpr double kMoreLog = 0.3;
constexpr double kEffect = 0.3;
// The sections are read as far as a reader of the Diff would: the largest changes.
constexpr std::size_t kStackChanges = 12;
constexpr std::size_t kLogChanges = 24;
constexpr int kOpChanges = 4;

// The summary line that points at this item of a section, -1 when none does.
int summaryLineOf(const BundleDiff &diff, DiffEvidence::Kind kind, int index)
{
    for (std::size_t i = 0; i < diff.summary.size(); ++i) {
        const DiffEvidence &e = diff.summary[i].evidence;
        if (e.kind == kind && (index < 0 || e.index == index))
            return int(i);
    }
    return -1;
}

EvidenceRef diffRef(const char *section, int index, int line)
{
    EvidenceRef ref;
    ref.target = EvidenceTarget::DiffLine;
    ref.label = section;
    ref.id = index;
    ref.line = line;
    return ref;
}

// The summary's sentence for the item when it has one, else `own`.
Message sentenceOf(const BundleDiff &diff, int line, Message own)
{
    return line >= 0 ? diff.summary[std::size_t(line)].message : std::move(own);
}

bool isMinority(const RankSet &ranks, int of)
{
    return !ranks.empty() && ranks.count() * 2 <= std::max(of, 1);
}

void addStackChanges(const BundleDiff &diff, std::vector<Finding> &out)
{
    if (!diff.hasStacks || !diff.targetTree)
        return;
    const int targetRanks = diff.targetTree->ranksWithData().count();
    for (std::size_t i = 0; i < diff.stacks.changes.size() && i < kStackChanges; ++i) {
        const StackPathChange &change = diff.stacks.changes[i];
        const bool isNew = change.kind == StackPathChangeKind::New;
        if (!isNew && !(change.kind == StackPathChangeKind::Changed && change.change() > 0))
            continue; // a path the run lost says less than the one it gained instead
        const int line = summaryLineOf(diff, DiffEvidence::Kind::StackPath, int(i));
        Finding f;
        f.layer = FindingLayer::Baseline;
        f.ranks = change.targetRanks;
        f.ref = diffRef("stack", int(i), line);
        const Message path = Message::verbatim(readableStackPath(change, diff.targetTree.get()));
        f.sentence = sentenceOf(
            diff, line,
            isNew ? Message(RANKSCOPE_MESSAGE("findings.baseline.stackNew",
                                              "%1 now in %2, where no rank of the baseline was."),
                            {findingsRanks(change.targetRanks, true), path})
                  : Message(RANKSCOPE_MESSAGE("findings.baseline.stackMore",
                                              "%1 now in %2, %3% of the ranks against %4% in the "
                                              "baseline."),
                            {findingsRanks(change.targetRanks, true), path,
                             shortNumber(100 * change.targetShare, 3),
                             shortNumber(100 * change.baselineShare, 3)}));
        const bool minority = isMinority(change.targetRanks, targetRanks);
        if (isWaitClass(change.leafClass) && !minority) {
            f.kind = "stack_path_wait";
            f.role = FindingRole::Effect; // the victims' move into the collective
            f.strength = kEffect;
        } else if (isWaitClass(change.leafClass)) {
            // A few ranks in a wait of their own, new against the baseline: another collective
            // than the majority's (a desync), weaker than a path of their own work.
            f.kind = "stack_path_wait";
            f.role = FindingRole::Cause;
            f.strength = kMorePath;
        } else if (minority) {
            f.kind = isNew ? "stack_path_new" : "stack_path_more";
            f.role = FindingRole::Cause;
            f.strength = isNew ? kNewPath : kMorePath;
        } else {
            f.kind = "stack_path_more";
            f.role = FindingRole::Context;
        }
        out.push_back(std::move(f));
    }
}

// Whether a template new in the target is an echo: the target's own log analysis says so; a few
// built-in echoes are known by name when it is not at hand.
bool isEchoTemplate(const LogTemplateChange &change, const LogAnalysis *targetLogs)
{
    if (targetLogs) {
        for (const LogTemplateSummary &templ : targetLogs->templates) {
            if (templ.id == change.targetTemplate)
                return (templ.flags & LogTemplateFlag::Echo) != 0;
        }
    }
    const std::string_view name = change.builtinName;
    return name.starts_with("nccl-watchdog") || name.starts_with("launcher-") ||
           name == "nccl-teardown" || name == "nccl-timeout-summary" ||
           name == "elastic-child-failed";
}

void addLogChanges(const BundleDiff &diff, const LogAnalysis *targetLogs, std::vector<Finding> &out)
{
    if (!diff.hasLogs)
        return;
    for (std::size_t i = 0; i < diff.logs.changes.size() && i < kLogChanges; ++i) {
        const LogTemplateChange &change = diff.logs.changes[i];
        const bool isNew = change.kind == LogTemplateChangeKind::New;
        if (!isNew && change.kind != LogTemplateChangeKind::MoreFrequent)
            continue;
        if (change.severity < LogSeverity::Warning || change.targetRanks.empty())
            continue; // info chatter, or the launcher's own lines: they name no rank
        const int line = summaryLineOf(diff, DiffEvidence::Kind::LogTemplate, int(i));
        Finding f;
        f.layer = FindingLayer::Baseline;
        f.ranks = change.targetRanks;
        f.ref = diffRef("log", int(i), line);
        if (change.firstTargetIteration >= 0) {
            f.window.axis = IterationAxis::Training;
            f.window.firstIteration = change.firstTargetIteration;
            f.window.goesOn = true;
        }
        const std::string quoted = "`" + shortText(change.text, 90) + "`";
        f.sentence = sentenceOf(
            diff, line,
            isNew && change.targetCount == 1
                ? Message(RANKSCOPE_MESSAGE("findings.baseline.logNewOnce",
                                            "%1 logged %2 once, which the baseline never did."),
                          {findingsRanks(change.targetRanks, true), quoted})
            : isNew ? Message(RANKSCOPE_MESSAGE("findings.baseline.logNew",
                                                "%1 logged %2, which the baseline never did (%3 "
                                                "events)."),
                              {findingsRanks(change.targetRanks, true), quoted, change.targetCount})
                    : Message(RANKSCOPE_MESSAGE("findings.baseline.logMore",
                                                "%1 logged %2 %3 as often as the baseline did."),
                              {findingsRanks(change.targetRanks, true), quoted,
                               ratioText(change.ratio)}));
        if (isEchoTemplate(change, targetLogs)) {
            f.kind = "log_echo";
            f.role = FindingRole::Effect;
            f.strength = kEffect;
        } else if (isMinority(change.targetRanks, diff.targetRanks)) {
            f.kind = isNew ? "log_new" : "log_more";
            f.role = FindingRole::Cause;
            f.strength = isNew ? kNewLog : kMoreLog;
        } else {
            f.kind = isNew ? "log_new" : "log_more";
            f.role = FindingRole::Context;
        }
        out.push_back(std::move(f));
    }
}

void addOpChanges(const BundleDiff &diff, std::vector<Finding> &out)
{
    if (!diff.hasOps)
        return;
    for (const OpChange *op : diff.ops.regressions(kOpChanges)) {
        const int index = int(op - diff.ops.ops.data());
        const int line = summaryLineOf(diff, DiffEvidence::Kind::Op, index);
        Finding f;
        f.layer = FindingLayer::Baseline;
        f.ref = diffRef("op", index, line);
        f.sentence = sentenceOf(
            diff, line,
            {RANKSCOPE_MESSAGE("findings.baseline.opSlower",
                               "%1 takes %2 as long per iteration at the median over ranks (%3 "
                               "against %4)."),
             {Message::verbatim(shortText(op->name, 90)), ratioText(op->ratio),
              durationText(op->target.medianNsPerUnit),
              durationText(op->baseline.medianNsPerUnit)}});
        // At the median over ranks the many waiting ranks speak, not the one they wait for:
        // a slower collective or host op is what waiting looks like. A slower kernel on most
        // ranks is a change of the whole job (clocks, a driver, the data).
        if (op->change == OpChangeKind::Slower && op->kind != TraceEventKind::ComputeKernel) {
            f.kind = "op_slower";
            f.role = FindingRole::Effect;
            f.strength = kEffect;
        } else {
            f.kind = op->change == OpChangeKind::New ? "op_new" : "op_slower";
            f.role = FindingRole::Context;
        }
        out.push_back(std::move(f));
    }
}

// A slower step is what the job as a whole lost: an effect of whoever holds it up.
void addStepTime(const BundleDiff &diff, std::vector<Finding> &out)
{
    for (DiffEvidence::Kind kind : {DiffEvidence::Kind::StepTime, DiffEvidence::Kind::StepSeries}) {
        const int line = summaryLineOf(diff, kind, -1);
        if (line < 0)
            continue;
        const bool slower = kind == DiffEvidence::Kind::StepTime
                                ? diff.ops.targetSteps.p90Ns > diff.ops.baselineSteps.p90Ns
                                : diff.stepTimes.relativeChange > 0;
        Finding f;
        f.layer = FindingLayer::Baseline;
        f.kind = kind == DiffEvidence::Kind::StepTime ? "step_time" : "step_series";
        f.role = slower ? FindingRole::Effect : FindingRole::Context;
        f.strength = slower ? kEffect : 0;
        f.sentence = diff.summary[std::size_t(line)].message;
        f.ref = diffRef(diffEvidenceKindKey(kind), -1, line);
        out.push_back(std::move(f));
    }
}

} // namespace diff_findings

LayerFindings baselineFindings(const BundleDiff &diff, const LogAnalysis *targetLogs)
{
    using namespace diff_findings;
    LayerFindings out;
    out.layer = FindingLayer::Baseline;
    out.present = true;
    if (!diff.summary.empty())
        out.summary = diff.summary.front().message;
    addStackChanges(diff, out.findings);
    addLogChanges(diff, targetLogs, out.findings);
    addOpChanges(diff, out.findings);
    addStepTime(diff, out.findings);
    return out;
}

} // namespace rankscope
