#include "core/traces/ArrivalOrderNote.h"

#include "core/model/Median.h"
#include "core/traces/StragglerWording.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace rankscope {

namespace {

// A rank the others waited for this much of a typical step, over the windows, is worth naming.
constexpr double kMinShareOfStep = 0.05;
constexpr int kMinLastArrivals = 3;

double medianStepNs(const TraceWindowTable &table)
{
    std::vector<double> steps;
    for (const TraceWindowRow &row : table.rows) {
        if (const double step = row.value(TraceMetric::StepTime); step > 0)
            steps.push_back(step);
    }
    return steps.empty() ? 0 : medianOf(steps);
}

int windowCount(const TraceWindowTable &table)
{
    std::vector<std::int64_t> windows;
    for (const TraceWindowRow &row : table.rows)
        windows.push_back(row.window);
    std::sort(windows.begin(), windows.end());
    return int(std::unique(windows.begin(), windows.end()) - windows.begin());
}

} // namespace

Message arrivalOrderNoteMessage(const StragglerReport &report, const ArrivalSummary &arrivals,
                                const TraceWindowTable &table, const JobInfo &job,
                                const StragglerParams &params)
{
    if (!report.suspects.empty() || params.alignmentPoor || arrivals.clearLast < kMinLastArrivals)
        return {};
    const auto top = std::max_element(arrivals.ranks.begin(), arrivals.ranks.end(),
                                      [](const RankArrivalStats &a, const RankArrivalStats &b) {
                                          return a.causedWaitNs < b.causedWaitNs;
                                      });
    if (top == arrivals.ranks.end() || top->lastArrivals < kMinLastArrivals ||
        2 * top->lastArrivals < top->collectives ||
        std::binary_search(params.poorlyAlignedRanks.begin(), params.poorlyAlignedRanks.end(),
                           top->rank))
        return {};
    const double step = medianStepNs(table);
    const int windows = std::max(1, windowCount(table));
    const double perWindow = top->causedWaitNs / windows;
    if (!(step > 0) || perWindow < kMinShareOfStep * step)
        return {};
    const std::string node = job.nodeOf(top->rank);
    const Message rank =
        node.empty() ? Message(RANKSCOPE_MESSAGE("straggler.subject.rank", "rank %1"), {top->rank})
                     : Message(RANKSCOPE_MESSAGE("straggler.subject.rankOnNode", "rank %1 (%2)"),
                               {top->rank, node});
    const int percent = int(std::lround(100.0 * perWindow / step));
    std::vector<MessageArgument> arguments{rank, top->lastArrivals, top->collectives,
                                           describeDuration(top->causedWaitNs), percent};
    if (windows > 1)
        return {RANKSCOPE_MESSAGE("straggler.arrivalOrder.average",
                                  "Yet %1 arrived last at %2 of its %3 collectives and the others "
                                  "waited %4 for it (%5% of a step on average): what delays it is "
                                  "outside the work the traces measure (data loading, host work "
                                  "before its collectives); look at it first."),
                std::move(arguments)};
    return {RANKSCOPE_MESSAGE("straggler.arrivalOrder.one",
                              "Yet %1 arrived last at %2 of its %3 collectives and the others "
                              "waited %4 for it (%5% of a step): what delays it is outside the "
                              "work the traces measure (data loading, host work before its "
                              "collectives); look at it first."),
            std::move(arguments)};
}

std::string arrivalOrderNote(const StragglerReport &report, const ArrivalSummary &arrivals,
                             const TraceWindowTable &table, const JobInfo &job,
                             const StragglerParams &params)
{
    const Message note = arrivalOrderNoteMessage(report, arrivals, table, job, params);
    return note.empty() ? std::string() : " " + note.english();
}

void addArrivalOrderNote(StragglerReport &report, const ArrivalSummary &arrivals,
                         const TraceWindowTable &table, const JobInfo &job,
                         const StragglerParams &params)
{
    Message note = arrivalOrderNoteMessage(report, arrivals, table, job, params);
    if (note.empty())
        return;
    appendStragglerSummary(report, std::move(note));
    report.verdict = StragglerVerdict::Inconclusive;
}

} // namespace rankscope
