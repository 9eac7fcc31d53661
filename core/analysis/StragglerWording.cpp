#include "core/analysis/StragglerWording.h"

#include "core/analysis/RankSet.h"

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

} // namespace

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

std::string describeSuspect(const StragglerSuspect &suspect, const std::string &alsoNote)
{
    std::string text = subject(suspect) + ": " + stragglerMetricPhrase(suspect.metric) + " " +
                       describeExcess(suspect.magnitude) + " over peer median from " +
                       describeWindow(suspect.axis, suspect.firstWindow);
    if (!alsoNote.empty())
        text += " (" + alsoNote + ")";
    if (suspect.role == StragglerRole::Waiter)
        text += "; it waits for other ranks rather than making them wait";
    return text;
}

std::string summarizeStragglers(const StragglerReport &report, const DisagreementNote *disagreement)
{
    const char *windowWord = report.axis == WindowAxis::Iteration ? "iteration" : "time bin";
    switch (report.verdict) {
    case StragglerVerdict::NoData:
        return "No profiler trace windows to analyze.";
    case StragglerVerdict::TooFewRanks:
        return "Too few equivalent ranks: naming a straggler needs peer groups of at least 3 "
               "ranks.";
    case StragglerVerdict::NoStragglers:
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
    const std::string when = " from " + describeWindow(report.axis, top.firstWindow);
    std::string text = subject(top);
    if (top.role == StragglerRole::Blocker) {
        text += node ? " is slow: its ranks' " : " is a straggler: its ";
        text += std::string(summaryNoun(top.metric)) + " is " + percent(top.magnitude) +
                (top.magnitude < 0 ? " below " : " above ") + (node ? "their" : "its") + " peers'" +
                when;
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
