#include "core/diff/DiffWording.h"
#include "core/report/DiffReport.h"
#include "core/report/TerminalText.h"

#include <cmath>
#include <sstream>

namespace rankscope {

namespace {

// "+6.3 pts" of the ranks: how far a path's share moved.
std::string sharePoints(double change)
{
    return (change >= 0 ? "+" : "") + shortNumber(100.0 * change, 2) + " pts";
}

std::string percent(double share)
{
    return shortNumber(100.0 * share, 2) + "%";
}

void writeMore(std::ostream &out, std::size_t total, int shown)
{
    if (total > std::size_t(shown))
        out << "  ... " << (total - std::size_t(shown)) << " more (--format json for all)\n";
}

void writeSummary(const BundleDiff &diff, const TerminalText &style, std::ostream &out)
{
    out << style.bold("What changed") << "\n";
    int number = 1;
    for (const DiffSummaryLine &line : diff.summary)
        out << "  " << number++ << ". " << line.text << "\n";
}

void writeStacks(const BundleDiff &diff, const DiffTextOptions &options, const TerminalText &style,
                 std::ostream &out)
{
    if (!diff.hasStacks) {
        out << style.bold("Stacks") << ": not compared (a run has no stack samples)\n";
        return;
    }
    const std::vector<StackPathChange> &changes = diff.stacks.changes;
    out << style.bold("Stacks") << ": " << changes.size()
        << " path(s) changed; share of ranks, baseline -> target\n";
    int shown = 0;
    for (const StackPathChange &change : changes) {
        if (shown == options.maxPerSection)
            break;
        ++shown;
        const bool gone = change.kind == StackPathChangeKind::Gone;
        const std::string delta = TerminalText::padded(sharePoints(change.change()), 10);
        out << "  " << TerminalText::padded(stackPathChangeKindKey(change.kind), 8)
            << (change.change() > 0 ? style.red(delta) : style.green(delta))
            << TerminalText::padded(
                   percent(change.baselineShare) + " -> " + percent(change.targetShare), 16)
            << readableStackPath(change, change.change() > 0 ? diff.targetTree.get()
                                                             : diff.baselineTree.get())
            << "\n";
        std::string ranks =
            gone ? "was " + rankPhrase(change.baselineRanks) : rankPhrase(change.targetRanks);
        if (change.kind == StackPathChangeKind::Changed)
            ranks = "now " + ranks + ", was " + change.baselineRanks.toString();
        out << "          " << style.dim(ranks) << "\n";
    }
    writeMore(out, changes.size(), shown);
}

void writeLogs(const BundleDiff &diff, const DiffTextOptions &options, const TerminalText &style,
               std::ostream &out)
{
    if (!diff.hasLogs) {
        const char *why = diff.baselineHasLogs ? "the target has no logs"
                          : diff.targetHasLogs ? "the baseline has no logs"
                                               : "neither run has logs";
        out << style.bold("Logs") << ": not compared (" << why << ")\n";
        return;
    }
    const int significant = diff.logs.significantCount();
    out << style.bold("Logs") << ": " << significant << " template(s) new, gone or changed ("
        << (diff.logs.unit == LogRateUnit::PerRankIteration ? "rates per rank and iteration"
                                                            : "rates per rank-hour")
        << ")\n";
    int shown = 0;
    for (const LogTemplateChange &change : diff.logs.changes) {
        if (change.kind == LogTemplateChangeKind::Unchanged)
            continue;
        if (shown == options.maxPerSection)
            break;
        ++shown;
        const std::string kind = TerminalText::padded(logTemplateChangeKindKey(change.kind), 6);
        const bool worse = change.kind == LogTemplateChangeKind::New ||
                           change.kind == LogTemplateChangeKind::MoreFrequent;
        out << "  " << (worse ? style.red(kind) : style.green(kind))
            << TerminalText::padded(logSeverityKey(change.severity), 9)
            << TerminalText::padded(std::to_string(change.baselineCount) + " -> " +
                                        std::to_string(change.targetCount),
                                    14)
            << TerminalText::shortened(shortText(change.text), 90) << "\n";
        const bool gone = change.kind == LogTemplateChangeKind::Gone;
        std::string where = rankPhrase(gone ? change.baselineRanks : change.targetRanks);
        if (where.empty())
            where = "launcher";
        if (!gone && !change.targetNodes.empty() && change.targetNodes.size() <= 3) {
            where += " on ";
            for (std::size_t i = 0; i < change.targetNodes.size(); ++i)
                where += (i ? ", " : "") + change.targetNodes[i];
        }
        if (change.ratio > 0 && !gone)
            where += ", rate " + ratioText(change.ratio);
        out << "          " << style.dim((gone ? "was " : "") + where) << "\n";
    }
    writeMore(out, std::size_t(significant), shown);
}

void writeSteps(const OpDiff &ops, std::ostream &out)
{
    const StepTimeDistribution &before = ops.baselineSteps;
    const StepTimeDistribution &after = ops.targetSteps;
    if (before.samples == 0 || after.samples == 0)
        return;
    out << "  step time  p50 " << durationText(before.p50Ns) << " -> " << durationText(after.p50Ns)
        << " (" << percentChange(before.p50Ns, after.p50Ns) << "), p90 "
        << durationText(before.p90Ns) << " -> " << durationText(after.p90Ns) << " ("
        << percentChange(before.p90Ns, after.p90Ns) << "), max " << durationText(before.maxNs)
        << " -> " << durationText(after.maxNs) << "\n";
}

void writeOps(const BundleDiff &diff, const DiffTextOptions &options, const TerminalText &style,
              std::ostream &out)
{
    if (!diff.hasOps) {
        out << style.bold("Op timing") << ": not compared (a run has no profiler traces)\n";
        return;
    }
    if (diff.ops.ops.empty()) {
        // A run without usable traces still has step times when its logs print iterations.
        out << style.bold("Op timing") << ": no per-op totals; step times from the logs\n";
        writeSteps(diff.ops, out);
        return;
    }
    std::size_t significant = 0;
    for (const OpChange &op : diff.ops.ops)
        significant += op.significant ? 1 : 0;
    out << style.bold("Op timing") << ": " << significant << " of " << diff.ops.ops.size()
        << " op(s) changed; median over ranks, "
        << (diff.ops.perIteration ? "per iteration" : "per second of trace") << "\n";
    writeSteps(diff.ops, out);
    int shown = 0;
    for (const OpChange &op : diff.ops.ops) {
        if (!op.significant)
            continue;
        if (shown == options.maxPerSection)
            break;
        ++shown;
        const std::string kind = TerminalText::padded(opChangeKindKey(op.change), 10);
        const bool worse = op.change == OpChangeKind::Slower || op.change == OpChangeKind::New;
        out << "  " << (worse ? style.red(kind) : style.green(kind))
            << TerminalText::padded(op.ratio > 0 ? ratioText(op.ratio) : std::string("-"), 8)
            << TerminalText::padded(durationText(op.baseline.medianNsPerUnit) + " -> " +
                                        durationText(op.target.medianNsPerUnit),
                                    24)
            << TerminalText::shortened(op.name, 80) << "\n";
    }
    writeMore(out, significant, shown);
}

std::string steadyText(const JobStepSeries &series, const SteadyStepTime &steady)
{
    if (series.empty())
        return "no iteration lines";
    if (!steady.known)
        return std::to_string(series.points.size()) +
               " iteration line(s), too few after the warm-up to tell";
    return stepTimeText(steady.medianMs) + " median over iterations " +
           std::to_string(steady.fromIteration) + "-" + std::to_string(steady.toIteration) + " (" +
           series.framework + ", " +
           (series.source == JobStepSource::Unprefixed ? std::string("unprefixed lines")
                                                       : rankCount(series.ranks)) +
           ", first " + std::to_string(steady.warmupSkipped) + " skipped as warm-up)";
}

void writeStepSeries(const BundleDiff &diff, const TerminalText &style, std::ostream &out)
{
    const StepTimeComparison &steps = diff.stepTimes;
    out << style.bold("Iterations") << " (step time from the logs' iteration lines)";
    if (!steps.comparable)
        out << ": not compared";
    out << "\n  baseline " << steadyText(diff.baselineSeries, steps.baseline) << "\n  target   "
        << steadyText(diff.targetSeries, steps.target) << "\n";
    if (!steps.comparable)
        return;
    out << "  change   " << percentChange(steps.baseline.medianMs, steps.target.medianMs)
        << (steps.significant ? ", significant" : ", not significant")
        << " (needs at least 5% and a rank-sum test |z| >= 3; z = " << shortNumber(steps.z, 2)
        << ")\n";
}

} // namespace

std::string bundleDiffText(const BundleDiff &diff, const DiffTextOptions &options)
{
    const TerminalText style(options.color);
    std::ostringstream out;
    out << "Baseline: " << diff.baselineName << " (" << rankCount(diff.baselineRanks) << ")\n"
        << "Target:   " << diff.targetName << " (" << rankCount(diff.targetRanks) << ")\n\n";
    writeSummary(diff, style, out);
    out << "\n";
    writeStacks(diff, options, style, out);
    out << "\n";
    writeLogs(diff, options, style, out);
    out << "\n";
    writeOps(diff, options, style, out);
    out << "\n";
    writeStepSeries(diff, style, out);
    return out.str();
}

} // namespace rankscope
