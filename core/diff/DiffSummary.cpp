#include "core/diff/BundleDiff.h"
#include "core/diff/DiffWording.h"

#include <algorithm>
#include <cmath>

// The "what changed" summary. Every line carries a weight on one scale so that lines from
// different sections sort together: the fraction of the job that changed.
//  - stacks: the share of ranks that moved onto the path (0.25 = a quarter of the ranks), or
//    half the share that left it (each moved rank is also a gain elsewhere, which says more);
//  - logs: the share of ranks that log the template (in the run that has it, or the run with the
//    higher rate), times 1 for errors and fatal lines, 0.6 for warnings and 0.3 for the rest,
//    and for a frequency change times how far the rate moved (a factor of 8 or more counts in
//    full: |log2 ratio| / 3, at most 1);
//  - step time: the relative change of its p90 (0.28 = every iteration's tail took 28% longer);
//    from the logs' job-level series, the relative change of the steady median;
//  - ops: the time the op gained or lost per iteration, as a share of the baseline's median step
//    (or of a second of trace without iterations).
// Weights are capped at 1. Each section contributes a few lines at most, so one noisy section
// cannot crowd out the others.

namespace rankscope {

namespace {

constexpr int kStackLines = 3;
constexpr int kLogLines = 3;
constexpr int kOpLines = 2;
constexpr double kMinStepChange = 0.10; // step-time p90 moved by at least 10%

double capped(double weight)
{
    return std::clamp(weight, 0.0, 1.0);
}

DiffSummaryLine line(std::string text, DiffEvidence::Kind kind, int index, double weight,
                     TraceMetric metric = TraceMetric::StepTime)
{
    DiffSummaryLine out;
    out.text = std::move(text);
    out.evidence.kind = kind;
    out.evidence.index = index;
    out.evidence.metric = metric;
    out.weight = capped(weight);
    return out;
}

// "Rank 7 is" / "3 of 64 ranks (4.7%) are".
std::string subject(const RankSet &ranks, int of)
{
    if (ranks.count() == 1)
        return "Rank " + std::to_string(ranks.first()) + " (1 of " + std::to_string(of) + ") is";
    return rankShare(ranks.count(), of) + " are";
}

std::string stackSentence(const BundleDiff &diff, const StackPathChange &change)
{
    const int baselineRanks = diff.baselineTree ? diff.baselineTree->ranksWithData().count() : 0;
    const int targetRanks = diff.targetTree ? diff.targetTree->ranksWithData().count() : 0;
    switch (change.kind) {
    case StackPathChangeKind::New:
        if (change.targetRanks.count() == 1)
            return subject(change.targetRanks, targetRanks) + " now in " +
                   readableStackPath(change, diff.targetTree.get()) +
                   ", where no rank of the baseline was.";
        return subject(change.targetRanks, targetRanks) + " now in " +
               readableStackPath(change, diff.targetTree.get()) + "; none were in the baseline.";
    case StackPathChangeKind::Gone:
        return "No rank is in " + readableStackPath(change, diff.baselineTree.get()) +
               " any more; " + rankShare(change.baselineRanks.count(), baselineRanks) +
               " of the baseline were.";
    case StackPathChangeKind::Changed:
        break;
    }
    // A path that lost ranks is described where they were: in the baseline.
    const StackTree *tree = change.change() > 0 ? diff.targetTree.get() : diff.baselineTree.get();
    return readableStackPath(change, tree) + " now holds " +
           rankShare(change.targetRanks.count(), targetRanks) + ", " +
           (change.change() > 0 ? "up" : "down") + " from " +
           rankShare(change.baselineRanks.count(), baselineRanks) + " in the baseline.";
}

// A hang seen from the stacks: most ranks moved to one new place (usually a collective wait)
// while the few others went somewhere no baseline rank ever was. The few are what the many
// wait for (STAT's odd ranks out), so they lead, and the line carries both changes.
struct MajorityMove
{
    int many = -1; // the path most ranks moved to
    int few = -1;  // the new path of (some of) the others

    RankSet fewRanks(const StackDiff &stacks) const
    {
        return few < 0 ? RankSet() : stacks.changes[std::size_t(few)].targetRanks;
    }
    // The share of the job the line explains: the few and the many it waits for together. Not
    // the change of their shares: a baseline sampled while it trained had ranks in the same
    // collective, which shrinks the many's change but not what the line explains, and the few
    // must still lead the job-wide echoes (watchdog timeouts, terminate) they cause.
    double weight(const BundleDiff &diff) const
    {
        const int ranks = diff.targetTree ? diff.targetTree->ranksWithData().count() : 0;
        const RankSet explained = diff.stacks.changes[std::size_t(few)].targetRanks |
                                  diff.stacks.changes[std::size_t(many)].targetRanks;
        return ranks > 0 ? double(explained.count()) / ranks : 0.0;
    }
};

MajorityMove majorityMove(const StackDiff &stacks)
{
    MajorityMove move;
    for (std::size_t i = 0; i < stacks.changes.size() && move.many < 0; ++i) {
        const StackPathChange &change = stacks.changes[i];
        if (change.kind != StackPathChangeKind::Gone && change.targetShare > 0.5 &&
            change.change() > 0)
            move.many = int(i);
    }
    if (move.many < 0)
        return move;
    const RankSet &many = stacks.changes[std::size_t(move.many)].targetRanks;
    for (std::size_t i = 0; i < stacks.changes.size(); ++i) {
        const StackPathChange &change = stacks.changes[i];
        if (change.kind == StackPathChangeKind::New && change.targetShare < 0.5 &&
            (change.targetRanks & many).empty()) {
            move.few = int(i);
            break;
        }
    }
    if (move.few < 0)
        move.many = -1;
    return move;
}

// Each rank that moved shows twice in a diff of shares: as a gain where it is now and as a loss
// where it was. The gain says what the ranks do now, so a loss weighs half.
double stackWeight(const StackPathChange &change)
{
    return change.change() > 0 ? change.change() : -0.5 * change.change();
}

void addStackLines(const BundleDiff &diff, const MajorityMove &move,
                   std::vector<DiffSummaryLine> &lines)
{
    if (!diff.hasStacks)
        return;
    const std::vector<StackPathChange> &changes = diff.stacks.changes;
    int added = 0;
    if (move.few >= 0) {
        const StackPathChange &few = changes[std::size_t(move.few)];
        const StackPathChange &many = changes[std::size_t(move.many)];
        const int others = many.targetRanks.count();
        const int targetRanks = diff.targetTree->ranksWithData().count();
        std::string text = subject(few.targetRanks, targetRanks) + " now in " +
                           readableStackPath(few, diff.targetTree.get()) +
                           ", where no rank of the baseline was, while " +
                           (others == 1 ? std::string("one other rank")
                                        : "the other " + std::to_string(others) + " ranks") +
                           " moved to " + readableStackPath(many, diff.targetTree.get()) + ".";
        lines.push_back(
            line(std::move(text), DiffEvidence::Kind::StackPath, move.few, move.weight(diff)));
        ++added;
    }
    for (std::size_t i = 0; i < changes.size() && added < kStackLines; ++i) {
        if (int(i) == move.few || int(i) == move.many)
            continue;
        lines.push_back(line(stackSentence(diff, changes[i]), DiffEvidence::Kind::StackPath, int(i),
                             stackWeight(changes[i])));
        ++added;
    }
}

double severityFactor(LogSeverity severity)
{
    switch (severity) {
    case LogSeverity::Fatal:
    case LogSeverity::Error:
        return 1.0;
    case LogSeverity::Warning:
        return 0.6;
    default:
        return 0.3;
    }
}

// "on node-3 (ranks 24-31)", "on ranks 0-15", "in the launcher's output".
std::string whereLogged(const RankSet &ranks, const std::vector<std::string> &nodes)
{
    if (ranks.empty())
        return "in the launcher's output";
    std::string where = " (" + rankPhrase(ranks) + ")";
    if (nodes.size() == 1)
        return "on " + nodes.front() + where;
    if (nodes.size() == 2)
        return "on " + nodes[0] + " and " + nodes[1] + where;
    return "on " + rankPhrase(ranks);
}

std::string eventCount(std::int64_t count)
{
    return std::to_string(count) + (count == 1 ? " event" : " events");
}

// A template new on exactly the ranks the others wait for (or some of them) is the first
// thing to read on them: the stuck rank's own error. It sorts right after their stack line.
void addBlockerLogLine(const BundleDiff &diff, const MajorityMove &move,
                       std::vector<DiffSummaryLine> &lines, std::vector<bool> &used)
{
    const RankSet few = move.fewRanks(diff.stacks);
    if (few.empty())
        return;
    for (std::size_t i = 0; i < diff.logs.changes.size(); ++i) {
        const LogTemplateChange &change = diff.logs.changes[i];
        if (change.kind != LogTemplateChangeKind::New || change.targetRanks.empty() ||
            !(change.targetRanks - few).empty() || change.severity < LogSeverity::Warning)
            continue;
        std::string sentence = "New log template " +
                               whereLogged(change.targetRanks, change.targetNodes) + ", " +
                               (few.count() == 1 ? "the rank" : "among the ranks") +
                               " the others wait for: " + shortText(change.text) + " (" +
                               eventCount(change.targetCount) + ").";
        lines.push_back(line(std::move(sentence), DiffEvidence::Kind::LogTemplate, int(i),
                             move.weight(diff) * severityFactor(change.severity)));
        used[i] = true;
        return;
    }
}

void addLogLines(const BundleDiff &diff, const MajorityMove &move,
                 std::vector<DiffSummaryLine> &lines)
{
    if (!diff.hasLogs)
        return;
    std::vector<bool> used(diff.logs.changes.size(), false);
    addBlockerLogLine(diff, move, lines, used);
    const std::string unit = diff.logs.unit == LogRateUnit::PerRankIteration
                                 ? "per rank and iteration"
                                 : "per rank-hour";
    const auto shareOf = [](const RankSet &ranks, int of) {
        return double(std::max(1, ranks.count())) / double(std::max(1, of));
    };
    int added = 0;
    for (std::size_t i = 0; i < diff.logs.changes.size() && added < kLogLines; ++i) {
        const LogTemplateChange &change = diff.logs.changes[i];
        if (used[i])
            continue;
        const std::string text = shortText(change.text);
        const double severity = severityFactor(change.severity);
        std::string sentence;
        double weight = 0;
        switch (change.kind) {
        case LogTemplateChangeKind::New:
            sentence = "New log template " + whereLogged(change.targetRanks, change.targetNodes) +
                       ": " + text + " (" + eventCount(change.targetCount) + ").";
            weight = shareOf(change.targetRanks, diff.targetRanks) * severity;
            break;
        case LogTemplateChangeKind::Gone:
            sentence = "Log template gone (" + eventCount(change.baselineCount) +
                       " in the baseline, " +
                       (change.baselineRanks.empty() ? std::string("launcher")
                                                     : rankPhrase(change.baselineRanks)) +
                       "): " + text + ".";
            weight = shareOf(change.baselineRanks, diff.baselineRanks) * severity;
            break;
        case LogTemplateChangeKind::MoreFrequent:
        case LogTemplateChangeKind::LessFrequent: {
            const bool more = change.kind == LogTemplateChangeKind::MoreFrequent;
            const double factor =
                more ? change.ratio : (change.ratio > 0 ? 1.0 / change.ratio : 0.0);
            sentence = text + " is logged " + ratioText(factor) +
                       (more ? " as often" : " less often") + " " + unit + " (" +
                       eventCount(change.targetCount) + " vs " +
                       std::to_string(change.baselineCount) + " in the baseline).";
            const RankSet &ranks = more ? change.targetRanks : change.baselineRanks;
            const int of = more ? diff.targetRanks : diff.baselineRanks;
            const double moved = change.ratio > 0 ? std::abs(std::log2(change.ratio)) / 3.0 : 1.0;
            weight = shareOf(ranks, of) * severity * std::min(1.0, moved);
            break;
        }
        case LogTemplateChangeKind::Unchanged:
            continue;
        }
        lines.push_back(line(std::move(sentence), DiffEvidence::Kind::LogTemplate, int(i), weight));
        ++added;
    }
}

bool isKernel(TraceEventKind kind)
{
    return kind == TraceEventKind::ComputeKernel || kind == TraceEventKind::CommunicationKernel;
}

// Ops that compare with each other: GPU kernels, CPU ops (collectives included), or else the
// same kind (memcpy with memcpy).
int opSort(TraceEventKind kind)
{
    if (isKernel(kind))
        return -1;
    if (kind == TraceEventKind::CpuOp || kind == TraceEventKind::CpuCommunication)
        return -2;
    return int(kind);
}

TraceMetric metricOf(const OpChange &op)
{
    if (isCommunication(op.kind))
        return TraceMetric::CommunicationTime;
    return isKernel(op.kind) ? TraceMetric::ComputeTime : TraceMetric::CpuOpTime;
}

// The largest op of the same sort (GPU kernel or CPU op) that did not change, to say what stayed
// the same beside a regression ("GEMM kernels unchanged"): it tells one slow op from a slow run.
const OpChange *largestUnchanged(const OpDiff &ops, const OpChange &beside)
{
    const OpChange *best = nullptr;
    for (const OpChange &op : ops.ops) {
        if (op.change != OpChangeKind::Unchanged || opSort(op.kind) != opSort(beside.kind))
            continue;
        if (!best || op.baseline.medianNsPerUnit > best->baseline.medianNsPerUnit)
            best = &op;
    }
    return best;
}

std::string opSentence(const OpDiff &ops, const OpChange &op)
{
    const std::string unit = ops.perIteration ? "per iteration" : "per second of trace";
    const std::string name = shortText(op.name, 80);
    switch (op.change) {
    case OpChangeKind::New:
        return name + " is new: " + durationText(op.target.medianNsPerUnit) + " " + unit +
               " at the median on " + rankShare(op.target.ranksWithOp, op.target.ranks) + ".";
    case OpChangeKind::Gone:
        return name + " is gone: it took " + durationText(op.baseline.medianNsPerUnit) + " " +
               unit + " at the median in the baseline.";
    case OpChangeKind::Slower:
    case OpChangeKind::Faster:
    case OpChangeKind::Unchanged:
        break;
    }
    const bool slower = op.deltaNsPerUnit > 0;
    std::string text = name;
    if (op.ratio > 0 && slower)
        text += " takes " + ratioText(op.ratio) + " as long";
    else if (op.ratio > 0)
        text += " takes " + shortNumber(100.0 * (1.0 - op.ratio), 2) + "% less time";
    else
        text += " now takes time"; // the baseline's calls were all of zero length
    text += " " + unit + " at the median (" + durationText(op.target.medianNsPerUnit) + " vs " +
            durationText(op.baseline.medianNsPerUnit) + ")";
    if (const OpChange *steady = largestUnchanged(ops, op))
        text += "; " + shortText(steady->name, 60) + " unchanged at the median";
    return text + ".";
}

// Iterations slower or faster, from the iteration lines of both runs (Megatron prints them on
// the last stage only, so they are the job's): said only when the change is significant.
bool addStepSeriesLine(const BundleDiff &diff, std::vector<DiffSummaryLine> &lines)
{
    const std::string sentence = stepTimeSentence(diff.stepTimes);
    if (sentence.empty())
        return false;
    lines.push_back(line(sentence, DiffEvidence::Kind::StepSeries, -1,
                         std::abs(diff.stepTimes.relativeChange)));
    return true;
}

// The step-time distributions moved (p90 by kMinStepChange or more).
bool stepTimesChanged(const BundleDiff &diff)
{
    const StepTimeDistribution &before = diff.ops.baselineSteps;
    const StepTimeDistribution &after = diff.ops.targetSteps;
    return diff.hasOps && before.samples > 0 && after.samples > 0 && before.p90Ns > 0 &&
           std::abs((after.p90Ns - before.p90Ns) / before.p90Ns) >= kMinStepChange;
}

void addOpLines(const BundleDiff &diff, bool stepSeriesSaid, std::vector<DiffSummaryLine> &lines)
{
    if (!diff.hasOps)
        return;
    const StepTimeDistribution &before = diff.ops.baselineSteps;
    const StepTimeDistribution &after = diff.ops.targetSteps;
    // One sentence for one fact: the series' line said it already (it is only said when the
    // step times do not come from traces).
    if (stepTimesChanged(diff) && !stepSeriesSaid) {
        const double relative = (after.p90Ns - before.p90Ns) / before.p90Ns;
        lines.push_back(line("Step time p90 " + std::string(relative > 0 ? "rose" : "fell") +
                                 " from " + durationText(before.p90Ns) + " to " +
                                 durationText(after.p90Ns) + " (" +
                                 percentChange(before.p90Ns, after.p90Ns) + ").",
                             DiffEvidence::Kind::StepTime, -1, std::abs(relative)));
    }
    const double unitNs =
        diff.ops.perIteration && before.p50Ns > 0 ? before.p50Ns : 1e9; // a step, or a second
    const auto indexOf = [&](const OpChange *op) { return int(op - diff.ops.ops.data()); };
    std::vector<const OpChange *> shown = diff.ops.regressions(kOpLines);
    for (const OpChange *op : diff.ops.improvements(1))
        shown.push_back(op);
    for (const OpChange *op : shown)
        lines.push_back(line(opSentence(diff.ops, *op), DiffEvidence::Kind::Op, indexOf(op),
                             std::abs(op->deltaNsPerUnit) / unitNs, metricOf(*op)));
}

// "stacks, logs or op timing", naming only the sections both runs could be compared on.
std::string comparedSections(const BundleDiff &diff)
{
    std::vector<std::string> names;
    if (diff.hasStacks)
        names.emplace_back("stacks");
    if (diff.hasLogs)
        names.emplace_back("logs");
    if (diff.hasOps)
        names.emplace_back("op timing");
    std::string text;
    for (std::size_t i = 0; i < names.size(); ++i)
        text += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
    return text;
}

} // namespace

std::vector<DiffSummaryLine> summarizeBundleDiff(const BundleDiff &diff)
{
    std::vector<DiffSummaryLine> lines;
    const MajorityMove move = diff.hasStacks ? majorityMove(diff.stacks) : MajorityMove{};
    addStackLines(diff, move, lines);
    addLogLines(diff, move, lines);
    // Step time once: from the profiler traces when they show it changed, else from the
    // iteration lines (which the windows of a bundle without traces come from as well).
    const bool traced = diff.hasOps && !diff.ops.ops.empty();
    const bool stepSeriesSaid =
        !(traced && stepTimesChanged(diff)) && addStepSeriesLine(diff, lines);
    addOpLines(diff, stepSeriesSaid, lines);
    std::stable_sort(
        lines.begin(), lines.end(),
        [](const DiffSummaryLine &a, const DiffSummaryLine &b) { return a.weight > b.weight; });
    if (lines.empty()) {
        const std::string sections = comparedSections(diff);
        lines.push_back(line(sections.empty()
                                 ? "Nothing to compare: the runs share no stacks, logs or traces."
                                 : "No significant change in " + sections + ".",
                             DiffEvidence::Kind::None, -1, 0));
    }
    return lines;
}

} // namespace rankscope
