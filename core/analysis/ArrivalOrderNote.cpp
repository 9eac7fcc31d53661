#include "core/analysis/ArrivalOrderNote.h"

#include "core/analysis/Median.h"
#include "core/analysis/StragglerWording.h"

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

std::string arrivalOrderNote(const StragglerReport &report, const ArrivalSummary &arrivals,
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
    std::string rank = "rank " + std::to_string(top->rank);
    if (const std::string node = job.nodeOf(top->rank); !node.empty())
        rank += " (" + node + ")";
    const int percent = int(std::lround(100.0 * perWindow / step));
    return " Yet " + rank + " arrived last at " + std::to_string(top->lastArrivals) + " of its " +
           std::to_string(top->collectives) + " collectives and the others waited " +
           describeDuration(top->causedWaitNs) + " for it (" + std::to_string(percent) +
           "% of a step" + (windows > 1 ? " on average" : "") +
           "): what delays it is outside the work the traces measure (data loading, host work "
           "before its collectives); look at it first.";
}

void addArrivalOrderNote(StragglerReport &report, const ArrivalSummary &arrivals,
                         const TraceWindowTable &table, const JobInfo &job,
                         const StragglerParams &params)
{
    const std::string note = arrivalOrderNote(report, arrivals, table, job, params);
    if (note.empty())
        return;
    report.summary += note;
    report.verdict = StragglerVerdict::Inconclusive;
}

} // namespace rankscope
