#include "core/analysis/StragglerWording.h"

#include "core/analysis/RankSet.h"
#include "core/diff/DiffWording.h"

#include <cmath>

namespace rankscope {

namespace {

// The noun used in the summary sentence: "its compute time is 30% above its peers'".
const char *summaryNoun(TraceMetric metric)
{
    switch (metric) {
    case TraceMetric::StepTime:
        return "step time";
    case TraceMetric::ComputeTime:
        return "compute time";
    case TraceMetric::CommunicationTime:
        return "communication time";
    case TraceMetric::ExposedCommunication:
        return "exposed communication";
    case TraceMetric::CollectiveWait:
        return "collective wait";
    case TraceMetric::CommunicationTransfer:
        return "communication transfer time";
    case TraceMetric::CausedWait:
        return "wait it causes at collectives";
    case TraceMetric::LateArrivals:
        return "count of last arrivals at collectives";
    case TraceMetric::GpuIdle:
        return "GPU idle time";
    case TraceMetric::CpuOpTime:
        return "CPU op time";
    case TraceMetric::LaunchGap:
        return "kernel launch gap time";
    case TraceMetric::LogProblems:
        return "error and warning log events";
    case TraceMetric::Count:
        break;
    }
    return "time";
}

bool isNodeSuspect(const StragglerSuspect &suspect)
{
    return suspect.ranks.size() > 1 && suspect.nodes.size() == 1;
}

// "rank 137 (node-17)", "node-3 (ranks 24-31)", "ranks 4-5".
std::string subject(const StragglerSuspect &suspect)
{
    const std::string ranks = RankSet::fromVector(suspect.ranks).toString();
    if (isNodeSuspect(suspect))
        return suspect.nodes.front() + " (ranks " + ranks + ")";
    std::string text = (suspect.ranks.size() == 1 ? "rank " : "ranks ") + ranks;
    if (suspect.nodes.size() == 1 && !suspect.nodes.front().empty())
        text += " (" + suspect.nodes.front() + ")";
    return text;
}

std::string percent(double magnitude)
{
    return std::to_string(long(std::lround(std::abs(magnitude) * 100))) + "%";
}

// "10th", "2nd", "23rd", "11th".
std::string ordinal(int number)
{
    const int lastTwo = number % 100;
    const int last = number % 10;
    const char *suffix = "th";
    if (lastTwo < 11 || lastTwo > 13) {
        if (last == 1)
            suffix = "st";
        else if (last == 2)
            suffix = "nd";
        else if (last == 3)
            suffix = "rd";
    }
    return std::to_string(number) + suffix;
}

// Two significant digits: an estimate should not look more precise than it is ("940 ms",
// "7.6 s", "38 ms").
std::string approximate(double ns)
{
    const auto rounded = [](double value) {
        if (value == 0)
            return value;
        const double scale = std::pow(10.0, std::floor(std::log10(std::abs(value))) - 1);
        return std::round(value / scale) * scale;
    };
    const double magnitude = std::abs(rounded(ns));
    if (magnitude >= 120e9)
        return shortNumber(rounded(ns / 60e9), 2) + " min";
    if (magnitude >= 1e9)
        return shortNumber(rounded(ns / 1e9), 2) + " s";
    if (magnitude >= 1e6)
        return shortNumber(rounded(ns / 1e6), 2) + " ms";
    if (magnitude >= 1e3)
        return shortNumber(rounded(ns / 1e3), 2) + " \u00b5s";
    return shortNumber(rounded(ns), 2) + " ns";
}

const char *windowNoun(WindowAxis axis)
{
    return axis == WindowAxis::Iteration ? "iteration" : "time bin";
}

// What one window is called when it stands for job time lost: a step, or a time bin.
const char *stepNoun(WindowAxis axis)
{
    return axis == WindowAxis::Iteration ? "step" : "time bin";
}

bool tentative(const StragglerSuspect &suspect)
{
    return suspect.confidence == StragglerConfidence::Tentative;
}

// "one window", "two windows": why a tentative suspect is only tentative.
std::string tentativeWindows(const StragglerSuspect &suspect)
{
    const int windows = suspect.windowsTotal;
    if (windows <= 1)
        return "one window";
    return windows == 2 ? "two windows" : std::to_string(windows) + " windows";
}

} // namespace

std::string describeDuration(double ns)
{
    return approximate(ns);
}

const char *stragglerConfidenceKey(StragglerConfidence confidence)
{
    return confidence == StragglerConfidence::Confirmed ? "confirmed" : "tentative";
}

std::string describeWhen(const StragglerSuspect &suspect, std::int64_t lastWindow)
{
    if (tentative(suspect)) {
        if (suspect.windowsTotal <= 1 || lastWindow <= suspect.firstWindow)
            return "in " + describeWindow(suspect.axis, suspect.firstWindow);
        return std::string("in ") + windowNoun(suspect.axis) + "s " +
               std::to_string(suspect.firstWindow) + "-" + std::to_string(lastWindow);
    }
    const std::string from = "from " + describeWindow(suspect.axis, suspect.firstWindow);
    if (suspect.period > 1)
        return "every " + ordinal(suspect.period) + " " + windowNoun(suspect.axis) + " " + from;
    return from;
}

std::string describeCost(const StragglerSuspect &suspect)
{
    if (std::isnan(suspect.costPerWindowNs) || suspect.costWindows <= 0)
        return {};
    const std::string step = stepNoun(suspect.axis);
    if (suspect.costWindows == 1)
        return "~" + approximate(suspect.costTotalNs) + " in that " + step;
    return "~" + approximate(suspect.costPerWindowNs) + " per " + step + ", " +
           approximate(suspect.costTotalNs) + " over " + std::to_string(suspect.costWindows) + " " +
           step + "s";
}

std::string describeConfidence(const StragglerSuspect &suspect)
{
    if (tentative(suspect))
        return "tentative (" + tentativeWindows(suspect) + ")";
    return "confirmed in " + std::to_string(suspect.windowsFlagged) + " of " +
           std::to_string(suspect.windowsTotal) + " " + windowNoun(suspect.axis) + "s";
}

const char *stragglerRoleKey(StragglerRole role)
{
    return role == StragglerRole::Blocker ? "blocker" : "waiter";
}

const char *stragglerVerdictKey(StragglerVerdict verdict)
{
    switch (verdict) {
    case StragglerVerdict::StragglersFound:
        return "stragglers_found";
    case StragglerVerdict::NoStragglers:
        return "no_stragglers";
    case StragglerVerdict::Inconclusive:
        return "inconclusive";
    case StragglerVerdict::TooFewRanks:
        return "too_few_ranks";
    case StragglerVerdict::NoData:
        return "no_data";
    }
    return "unknown";
}

const char *stragglerMetricPhrase(TraceMetric metric)
{
    switch (metric) {
    case TraceMetric::StepTime:
        return "step time";
    case TraceMetric::ComputeTime:
        return "compute";
    case TraceMetric::CommunicationTime:
        return "communication";
    case TraceMetric::ExposedCommunication:
        return "exposed communication";
    case TraceMetric::CollectiveWait:
        return "collective wait";
    case TraceMetric::CommunicationTransfer:
        return "communication transfer";
    case TraceMetric::CausedWait:
        return "wait caused";
    case TraceMetric::LateArrivals:
        return "last arrivals";
    case TraceMetric::GpuIdle:
        return "GPU idle";
    case TraceMetric::CpuOpTime:
        return "CPU op time";
    case TraceMetric::LaunchGap:
        return "launch gaps";
    case TraceMetric::LogProblems:
        return "log problems";
    case TraceMetric::Count:
        break;
    }
    return "unknown metric";
}

std::string describeWindow(WindowAxis axis, std::int64_t window)
{
    return (axis == WindowAxis::Iteration ? "iteration " : "time bin ") + std::to_string(window);
}

std::string describeExcess(double magnitude)
{
    return (magnitude < 0 ? "-" : "+") + percent(magnitude);
}

std::string describeSuspect(const StragglerSuspect &suspect, const std::string &alsoNote,
                            std::int64_t lastWindow)
{
    std::string text = subject(suspect) + ": " + stragglerMetricPhrase(suspect.metric) + " " +
                       describeExcess(suspect.magnitude) + " over peer median " +
                       describeWhen(suspect, lastWindow);
    if (!alsoNote.empty())
        text += " (" + alsoNote + ")";
    text += ", " + describeConfidence(suspect);
    if (const std::string cost = describeCost(suspect); !cost.empty())
        text += "; costs the job " + cost;
    if (suspect.role == StragglerRole::Waiter)
        text += "; it waits for other ranks rather than making them wait";
    return text;
}

std::string summarizeStragglers(const StragglerReport &report, const DisagreementNote *disagreement,
                                int persistentWindows, std::int64_t lastWindow)
{
    const char *windowWord = windowNoun(report.axis);
    switch (report.verdict) {
    case StragglerVerdict::NoData:
        return "No profiler trace windows to analyze.";
    case StragglerVerdict::TooFewRanks:
        return "Too few equivalent ranks: naming a straggler needs peer groups of at least 3 "
               "ranks.";
    case StragglerVerdict::NoStragglers:
        if (report.windows > 0 && report.windows < persistentWindows) {
            // A spatial answer only: say what was compared and what it cannot tell.
            const std::string held = report.windows == 1 ? std::string("the one ") + windowWord
                                                         : "the " + std::to_string(report.windows) +
                                                               " " + windowWord + "s";
            return "No straggler found in " + held +
                   " the traces hold: no rank stands out as slower at its own work while its "
                   "peers wait for it (" +
                   std::to_string(persistentWindows) + " or more " + windowWord +
                   "s would also test persistence).";
        }
        return std::string("No straggler: every peer group agreed in (nearly) every ") +
               windowWord + ".";
    case StragglerVerdict::Inconclusive:
        if (disagreement) {
            return "Inconclusive: from " + describeWindow(report.axis, disagreement->firstWindow) +
                   " the " + disagreement->group + " group splits on " +
                   summaryNoun(disagreement->metric) +
                   " without a strict healthy majority, so no rank can be named.";
        }
        return "Inconclusive: the peers disagree without a strict healthy majority, so no rank "
               "can be named.";
    case StragglerVerdict::StragglersFound:
        break;
    }
    if (report.suspects.empty())
        return "No straggler.";

    const StragglerSuspect &top = report.suspects.front();
    const bool node = isNodeSuspect(top);
    const std::string when = " " + describeWhen(top, lastWindow);
    std::string text = subject(top);
    if (top.role == StragglerRole::Blocker) {
        if (tentative(top))
            text += std::string(node ? " may be slow (tentative, "
                                     : " may be a straggler (tentative, ") +
                    tentativeWindows(top) + "): " + (node ? "its ranks' " : "its ");
        else
            text += node ? " is slow: its ranks' " : " is a straggler: its ";
        text += std::string(summaryNoun(top.metric)) + " is " + percent(top.magnitude) +
                (top.magnitude < 0 ? " below " : " above ") + (node ? "their" : "its") + " peers'" +
                when;
        if (const std::string cost = describeCost(top); !cost.empty())
            text += std::string("; ") + (node ? "they cost" : "it costs") + " the job " + cost;
        if (!report.waiters.empty()) {
            const std::size_t waiting = report.waiters.size();
            text += "; " + std::to_string(waiting) +
                    (waiting == 1 ? " rank waits" : " ranks wait") + " for " +
                    (node ? "them" : "it") + " in collectives";
        }
    } else {
        text += node ? " wait for other ranks: their " : " waits for other ranks: its ";
        text += std::string(summaryNoun(top.metric)) + " is " + percent(top.magnitude) +
                " above the peers'" + when + ", but no rank was found slow at its own work";
    }
    const std::size_t others = report.suspects.size() - 1;
    if (others > 0)
        text +=
            "; " + std::to_string(others) + (others == 1 ? " other suspect" : " other suspects");
    return text + ".";
}

} // namespace rankscope
