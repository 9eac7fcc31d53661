#include "core/traces/TraceMetric.h"

namespace rankscope {

namespace {

struct MetricNames
{
    const char *key;
    const char *title;
};

constexpr MetricNames kNames[kTraceMetricCount] = {
    {"step_time", "Step time"},
    {"compute", "Compute (kernel busy)"},
    {"communication", "Communication"},
    {"exposed_comm", "Exposed communication"},
    {"collective_wait", "Collective wait"},
    {"comm_transfer", "Communication transfer"},
    {"caused_wait", "Wait caused"},
    {"late_arrivals", "Last arrivals at collectives"},
    {"gpu_idle", "GPU idle"},
    {"cpu_op", "CPU op time"},
    {"launch_gap", "Kernel launch gaps"},
    {"log_problems", "Error and warning log events"},
    {"detector_rtt", "Round trip (Megatron straggler detector)"},
    {"detector_get_batch", "get_batch latency (Megatron straggler detector)"},
    {"timer_compute", "Compute (Megatron timers)"},
    {"timer_batch", "Batch generator (Megatron timers)"},
    {"timer_comm", "Communication (Megatron timers)"},
    {"comm_per_gb", "Communication time per GB (bus)"},
};

} // namespace

const char *traceMetricKey(TraceMetric metric)
{
    const int index = int(metric);
    return index >= 0 && index < kTraceMetricCount ? kNames[index].key : "unknown";
}

const char *traceMetricTitle(TraceMetric metric)
{
    const int index = int(metric);
    return index >= 0 && index < kTraceMetricCount ? kNames[index].title : "Unknown";
}

std::optional<TraceMetric> traceMetricFromKey(std::string_view key)
{
    for (int i = 0; i < kTraceMetricCount; ++i) {
        if (key == kNames[i].key)
            return TraceMetric(i);
    }
    return std::nullopt;
}

} // namespace rankscope
