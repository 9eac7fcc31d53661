#include "core/traces/TraceWindowMetrics.h"

#include "core/model/TimeArithmetic.h"
#include "core/traces/TraceActivity.h"

#include <algorithm>

namespace rankscope {

namespace {

void setValue(TraceWindowRow &row, TraceMetric metric, MetricValue value)
{
    row.values[std::size_t(metric)] = value;
}

MetricValue ns(std::int64_t value)
{
    return MetricValue(value);
}

// Communication kernel time per 1e9 bus bytes over the sized transfers that start in the
// window; no data without one.
MetricValue nsPerGigabyte(const TraceActivity &activity, std::int64_t start, std::int64_t end)
{
    const std::vector<std::int64_t> &starts = activity.sizedTransferStartNs;
    const auto first =
        std::size_t(std::lower_bound(starts.begin(), starts.end(), start) - starts.begin());
    const auto last =
        std::size_t(std::lower_bound(starts.begin(), starts.end(), end) - starts.begin());
    if (first >= last)
        return kNoMetricValue;
    const double bytes =
        activity.sizedTransferBytesSum[last] - activity.sizedTransferBytesSum[first];
    const double nanoseconds =
        activity.sizedTransferNsSum[last] - activity.sizedTransferNsSum[first];
    return bytes > 0 ? nanoseconds * 1e9 / bytes : kNoMetricValue;
}

void measureSpan(const TraceActivity &activity, const WindowSpan &span, WindowAxis axis,
                 TraceWindowRow &row)
{
    const std::int64_t start = span.startNs;
    const std::int64_t end = std::max(span.endNs, span.startNs);

    if (axis == WindowAxis::Iteration) {
        setValue(row, TraceMetric::StepTime, ns(end - start));
    } else {
        const std::int64_t inIteration = activity.iterations.measure(start, end);
        setValue(row, TraceMetric::StepTime, inIteration > 0 ? ns(inIteration) : kNoMetricValue);
    }

    if (activity.communicationOnly) {
        setValue(row, TraceMetric::CommunicationTime,
                 ns(activity.communication.measure(start, end)));
    } else if (activity.hasGpuStreams) {
        const std::int64_t compute = activity.compute.measure(start, end);
        const std::int64_t busy = activity.gpuBusy.measure(start, end);
        // Idle only counts the part of the window the trace recorded: a time bin that starts
        // before the profiler did is not idle before it.
        const std::int64_t recorded = std::max<std::int64_t>(
            0, std::min(end, activity.lastNs) - std::max(start, activity.firstNs));
        std::int64_t launchGap = 0;
        for (const IntervalUnion &gaps : activity.launchGaps)
            launchGap += gaps.measure(start, end);
        setValue(row, TraceMetric::ComputeTime, ns(compute));
        setValue(row, TraceMetric::CommunicationTime,
                 ns(activity.communication.measure(start, end)));
        // compute ∪ communication = all GPU work, so |comm \ compute| = |busy| - |compute|.
        setValue(row, TraceMetric::ExposedCommunication, ns(busy - compute));
        setValue(row, TraceMetric::GpuIdle, ns(std::max<std::int64_t>(0, recorded - busy)));
        setValue(row, TraceMetric::LaunchGap, ns(launchGap));
    }
    if (activity.hasCpuOps)
        setValue(row, TraceMetric::CpuOpTime, ns(activity.cpuOps.measure(start, end)));
    setValue(row, TraceMetric::CommunicationPerGigabyte, nsPerGigabyte(activity, start, end));
}

} // namespace

std::vector<TraceWindowRow> computeWindowMetrics(const TraceData &trace, int rank,
                                                 std::span<const WindowSpan> spans,
                                                 std::int64_t offsetNs, WindowAxis axis)
{
    if (spans.empty())
        return {};
    return computeWindowMetrics(buildTraceActivity(trace), rank, spans, offsetNs, axis);
}

std::vector<TraceWindowRow> computeWindowMetrics(const TraceActivity &activity, int rank,
                                                 std::span<const WindowSpan> spans,
                                                 std::int64_t offsetNs, WindowAxis axis)
{
    std::vector<TraceWindowRow> rows(spans.size());
    for (std::size_t i = 0; i < spans.size(); ++i) {
        TraceWindowRow &row = rows[i];
        row.rank = rank;
        row.window = spans[i].window;
        row.startNs = saturatingSub(spans[i].startNs, offsetNs);
        row.endNs = saturatingSub(spans[i].endNs, offsetNs);
        measureSpan(activity, spans[i], axis, row);
    }
    return rows;
}

} // namespace rankscope
