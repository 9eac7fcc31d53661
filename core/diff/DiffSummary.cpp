#include "core/diff/BundleDiff.h"
#include "core/diff/DiffWording.h"

#include "core/model/NodeRanks.h"

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

DiffSummaryLine line(Message message, DiffEvidence::Kind kind, int index, double weight,
                     TraceMetric metric = TraceMetric::StepTime)
{
    DiffSummaryLine out;
    out.text = message.english();
    out.message = std::move(message);
    out.evidence.kind = kind;
    out.evidence.index = index;
    out.evidence.metric = metric;
    out.weight = capped(weight);
    return out;
}

// "3 of 64 ranks (4.7%)", as rankShare() says it.
Message rankShareMessage(int ranks, int of)
{
    const double percent = of > 0 ? 100.0 * ranks / of : 0.0;
    const std::string shown = shortNumber(percent, percent >= 10 ? 3 : 2);
    if (of == 1)
        return {RANKSCOPE_MESSAGE("diff.share.ofOne", "%1 of %2 rank (%3%)"), {ranks, of, shown}};
    return {RANKSCOPE_MESSAGE("diff.share", "%1 of %2 ranks (%3%)"), {ranks, of, shown}};
}

// A stack path in function names: the same in every language.
Message stackPath(const StackPathChange &change, const StackTree *tree)
{
    return Message::verbatim(readableStackPath(change, tree));
}

Message stackSentence(const BundleDiff &diff, const StackPathChange &change)
{
    const int baselineRanks = diff.baselineTree ? diff.baselineTree->ranksWithData().count() : 0;
    const int targetRanks = diff.targetTree ? diff.targetTree->ranksWithData().count() : 0;
    switch (change.kind) {
    case StackPathChangeKind::New:
        if (change.targetRanks.count() == 1)
            return {RANKSCOPE_MESSAGE("diff.stack.newOne",
                                      "Rank %1 (1 of %2) is now in %3, where no rank of the "
                                      "baseline was."),
                    {change.targetRanks.first(), targetRanks,
                     stackPath(change, diff.targetTree.get())}};
        return {RANKSCOPE_MESSAGE("diff.stack.new", "%1 are now in %2; none were in the baseline."),
                {rankShareMessage(change.targetRanks.count(), targetRanks),
                 stackPath(change, diff.targetTree.get())}};
    case StackPathChangeKind::Gone:
        return {RANKSCOPE_MESSAGE("diff.stack.gone",
                                  "No rank is in %1 any more; %2 of the baseline were."),
                {stackPath(change, diff.baselineTree.get()),
                 rankShareMessage(change.baselineRanks.count(), baselineRanks)}};
    case StackPathChangeKind::Changed:
        break;
    }
    // A path that lost ranks is described where they were: in the baseline.
    const StackTree *tree = change.change() > 0 ? diff.targetTree.get() : diff.baselineTree.get();
    std::vector<MessageArgument> arguments{
        stackPath(change, tree), rankShareMessage(change.targetRanks.count(), targetRanks),
        rankShareMessage(change.baselineRanks.count(), baselineRanks)};
    if (change.change() > 0)
        return {RANKSCOPE_MESSAGE("diff.stack.up", "%1 now holds %2, up from %3 in the baseline."),
                std::move(arguments)};
    return {RANKSCOPE_MESSAGE("diff.stack.down", "%1 now holds %2, down from %3 in the baseline."),
            std::move(arguments)};
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
        const Message othersPhrase =
            others == 1 ? Message(RANKSCOPE_MESSAGE("diff.stack.oneOther", "one other rank"))
                        : Message(RANKSCOPE_MESSAGE("diff.stack.theOthers", "the other %1 ranks"),
                                  {others});
        Message text =
            few.targetRanks.count() == 1
                ? Message(RANKSCOPE_MESSAGE("diff.stack.oneMovedAlone",
                                            "Rank %1 (1 of %2) is now in %3, where no rank of the "
                                            "baseline was, while %4 moved to %5."),
                          {few.targetRanks.first(), targetRanks,
                           stackPath(few, diff.targetTree.get()), othersPhrase,
                           stackPath(many, diff.targetTree.get())})
                : Message(RANKSCOPE_MESSAGE("diff.stack.fewMovedAlone",
                                            "%1 are now in %2, where no rank of the baseline was, "
                                            "while %3 moved to %4."),
                          {rankShareMessage(few.targetRanks.count(), targetRanks),
                           stackPath(few, diff.targetTree.get()), othersPhrase,
                           stackPath(many, diff.targetTree.get())});
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
Message whereLogged(const RankSet &ranks, const std::vector<std::string> &nodes)
{
    if (ranks.empty())
        return RANKSCOPE_MESSAGE("diff.log.inLauncher", "in the launcher's output");
    if (nodes.size() == 1)
        return {RANKSCOPE_MESSAGE("diff.log.onNode", "on %1 (%2)"),
                {nodes.front(), describeRanksMessage(ranks)}};
    if (nodes.size() == 2)
        return {RANKSCOPE_MESSAGE("diff.log.onTwoNodes", "on %1 and %2 (%3)"),
                {nodes[0], nodes[1], describeRanksMessage(ranks)}};
    return {RANKSCOPE_MESSAGE("diff.log.onRanks", "on %1"), {describeRanksMessage(ranks)}};
}

Message eventCount(std::int64_t count)
{
    if (count == 1)
        return {RANKSCOPE_MESSAGE("diff.log.event", "%1 event"), {count}};
    return {RANKSCOPE_MESSAGE("diff.log.events", "%1 events"), {count}};
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
        std::vector<MessageArgument> arguments{whereLogged(change.targetRanks, change.targetNodes),
                                               Message::verbatim(shortText(change.text)),
                                               eventCount(change.targetCount)};
        Message sentence =
            few.count() == 1
                ? Message(RANKSCOPE_MESSAGE("diff.log.newOnTheRank",
                                            "New log template %1, the rank the others wait for: "
                                            "%2 (%3)."),
                          std::move(arguments))
                : Message(RANKSCOPE_MESSAGE("diff.log.newAmongTheRanks",
                                            "New log template %1, among the ranks the others "
                                            "wait for: %2 (%3)."),
                          std::move(arguments));
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
    const Message unit =
        diff.logs.unit == LogRateUnit::PerRankIteration
            ? Message(RANKSCOPE_MESSAGE("diff.log.perRankIteration", "per rank and iteration"))
            : Message(RANKSCOPE_MESSAGE("diff.log.perRankHour", "per rank-hour"));
    const auto shareOf = [](const RankSet &ranks, int of) {
        return double(std::max(1, ranks.count())) / double(std::max(1, of));
    };
    int added = 0;
    for (std::size_t i = 0; i < diff.logs.changes.size() && added < kLogLines; ++i) {
        const LogTemplateChange &change = diff.logs.changes[i];
        if (used[i])
            continue;
        const Message text = Message::verbatim(shortText(change.text));
        const double severity = severityFactor(change.severity);
        Message sentence;
        double weight = 0;
        switch (change.kind) {
        case LogTemplateChangeKind::New:
            sentence = {RANKSCOPE_MESSAGE("diff.log.new", "New log template %1: %2 (%3)."),
                        {whereLogged(change.targetRanks, change.targetNodes), text,
                         eventCount(change.targetCount)}};
            weight = shareOf(change.targetRanks, diff.targetRanks) * severity;
            break;
        case LogTemplateChangeKind::Gone:
            sentence = {RANKSCOPE_MESSAGE("diff.log.gone",
                                          "Log template gone (%1 in the baseline, %2): %3."),
                        {eventCount(change.baselineCount),
                         change.baselineRanks.empty()
                             ? Message(RANKSCOPE_MESSAGE("diff.log.launcher", "launcher"))
                             : describeRanksMessage(change.baselineRanks),
                         text}};
            weight = shareOf(change.baselineRanks, diff.baselineRanks) * severity;
            break;
        case LogTemplateChangeKind::MoreFrequent:
        case LogTemplateChangeKind::LessFrequent: {
            const bool more = change.kind == LogTemplateChangeKind::MoreFrequent;
            const double factor =
                more ? change.ratio : (change.ratio > 0 ? 1.0 / change.ratio : 0.0);
            std::vector<MessageArgument> arguments{text, ratioText(factor), unit,
                                                   eventCount(change.targetCount),
                                                   change.baselineCount};
            sentence = more ? Message(RANKSCOPE_MESSAGE("diff.log.moreOften",
                                                        "%1 is logged %2 as often %3 (%4 vs %5 in "
                                                        "the baseline)."),
                                      std::move(arguments))
                            : Message(RANKSCOPE_MESSAGE("diff.log.lessOften",
                                                        "%1 is logged %2 less often %3 (%4 vs %5 "
                                                        "in the baseline)."),
                                      std::move(arguments));
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

Message opSentence(const OpDiff &ops, const OpChange &op)
{
    const Message unit =
        ops.perIteration
            ? Message(RANKSCOPE_MESSAGE("diff.op.perIteration", "per iteration"))
            : Message(RANKSCOPE_MESSAGE("diff.op.perSecondOfTrace", "per second of trace"));
    const Message name = Message::verbatim(shortText(op.name, 80));
    switch (op.change) {
    case OpChangeKind::New:
        return {RANKSCOPE_MESSAGE("diff.op.new", "%1 is new: %2 %3 at the median on %4."),
                {name, durationText(op.target.medianNsPerUnit), unit,
                 rankShareMessage(op.target.ranksWithOp, op.target.ranks)}};
    case OpChangeKind::Gone:
        return {RANKSCOPE_MESSAGE("diff.op.gone",
                                  "%1 is gone: it took %2 %3 at the median in the baseline."),
                {name, durationText(op.baseline.medianNsPerUnit), unit}};
    case OpChangeKind::Slower:
    case OpChangeKind::Faster:
    case OpChangeKind::Unchanged:
        break;
    }
    const bool slower = op.deltaNsPerUnit > 0;
    const std::string now = durationText(op.target.medianNsPerUnit);
    const std::string before = durationText(op.baseline.medianNsPerUnit);
    Message text;
    if (op.ratio > 0 && slower)
        text = {
            RANKSCOPE_MESSAGE("diff.op.asLong", "%1 takes %2 as long %3 at the median (%4 vs %5)"),
            {name, ratioText(op.ratio), unit, now, before}};
    else if (op.ratio > 0)
        text = {RANKSCOPE_MESSAGE("diff.op.lessTime",
                                  "%1 takes %2% less time %3 at the median (%4 vs %5)"),
                {name, shortNumber(100.0 * (1.0 - op.ratio), 2), unit, now, before}};
    else // the baseline's calls were all of zero length
        text = {RANKSCOPE_MESSAGE("diff.op.nowTakesTime",
                                  "%1 now takes time %2 at the median (%3 vs %4)"),
                {name, unit, now, before}};
    if (const OpChange *steady = largestUnchanged(ops, op))
        text = {RANKSCOPE_MESSAGE("list.semicolon", "%1; %2"),
                {std::move(text),
                 Message(RANKSCOPE_MESSAGE("diff.op.unchanged", "%1 unchanged at the median"),
                         {Message::verbatim(shortText(steady->name, 60))})}};
    return {RANKSCOPE_MESSAGE("sentence.end", "%1."), {std::move(text)}};
}

// Iterations slower or faster, from the iteration lines of both runs (Megatron prints them on
// the last stage only, so they are the job's): said only when the change is significant.
bool addStepSeriesLine(const BundleDiff &diff, std::vector<DiffSummaryLine> &lines)
{
    Message sentence = stepTimeSentenceMessage(diff.stepTimes);
    if (sentence.empty())
        return false;
    lines.push_back(line(std::move(sentence), DiffEvidence::Kind::StepSeries, -1,
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
        std::vector<MessageArgument> arguments{durationText(before.p90Ns),
                                               durationText(after.p90Ns),
                                               percentChange(before.p90Ns, after.p90Ns)};
        lines.push_back(
            line(relative > 0 ? Message(RANKSCOPE_MESSAGE("diff.stepTime.rose",
                                                          "Step time p90 rose from %1 to %2 (%3)."),
                                        std::move(arguments))
                              : Message(RANKSCOPE_MESSAGE("diff.stepTime.fell",
                                                          "Step time p90 fell from %1 to %2 (%3)."),
                                        std::move(arguments)),
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
Message comparedSections(const BundleDiff &diff)
{
    std::vector<Message> names;
    if (diff.hasStacks)
        names.emplace_back(RANKSCOPE_MESSAGE("diff.section.stacks", "stacks"));
    if (diff.hasLogs)
        names.emplace_back(RANKSCOPE_MESSAGE("diff.section.logs", "logs"));
    if (diff.hasOps)
        names.emplace_back(RANKSCOPE_MESSAGE("diff.section.ops", "op timing"));
    Message text;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i == 0)
            text = names[i];
        else if (i + 1 == names.size())
            text = {RANKSCOPE_MESSAGE("list.or", "%1 or %2"), {std::move(text), names[i]}};
        else
            text = {RANKSCOPE_MESSAGE("list.comma", "%1, %2"), {std::move(text), names[i]}};
    }
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
        Message sections = comparedSections(diff);
        lines.push_back(line(sections.empty()
                                 ? Message(RANKSCOPE_MESSAGE("diff.nothingToCompare",
                                                             "Nothing to compare: the runs share "
                                                             "no stacks, logs or traces."))
                                 : Message(RANKSCOPE_MESSAGE("diff.noSignificantChange",
                                                             "No significant change in %1."),
                                           {std::move(sections)}),
                             DiffEvidence::Kind::None, -1, 0));
    }
    return lines;
}

} // namespace rankscope
