#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace rankscope {

// The per-window measurements the heatmap colours by and the straggler analysis compares.
// Every value is a duration in nanoseconds inside one window (an iteration or a time bin) of
// one rank; NaN means "no data for this rank in this window". Definitions: docs/analysis.md.
enum class TraceMetric : std::uint8_t
{
    StepTime,              // iteration: ProfilerStep#N length; time bin: the bin's length while
                           // some iteration was running (NaN when none was)
    ComputeTime,           // union of compute kernels (and memcpy/memset) on all GPU streams
    CommunicationTime,     // union of communication kernels on all GPU streams
    ExposedCommunication,  // communication union minus compute union: comm not hidden by compute
    CollectiveWait,        // time inside collectives before the last peer arrived (waiting for
                           // others); needs aligned clocks and the same collective on peers
    CommunicationTransfer, // communication time minus collective wait: the collectives' own
                           // duration once every peer had arrived (slow links show here)
    CausedWait,            // at each collective this rank was the clear last arriver at, the
                           // mean over the other members of the time they waited for it: the
                           // delay it put on the job (the cause, where CollectiveWait shows the
                           // victims); needs aligned clocks
    LateArrivals,          // not a duration: the count of collectives in the window at which
                           // this rank was the clear last arriver; coarser levels sum it
    GpuIdle,               // window length minus the union of all GPU work
    CpuOpTime,             // union of cpu_op slices (and CPU-side collectives) on CPU threads
    LaunchGap,             // GPU idle time while a stream's next kernel was still being
                           // launched (the GPU starved by the host); never above GpuIdle
    LogProblems,           // not a duration: the count of warning, error and fatal log events of
                           // the rank in the window (logs/ folder); coarser levels sum it
    // What Megatron-LM printed about each rank (logs; LogRankTimingRecord), per iteration,
    // averaged over its log interval; coarser levels take the mean. The rank's own figures in
    // the framework's definitions, compared only with each other:
    DetectorRoundTrip,  // straggler detector Rtt: the time of its timed operations
    DetectorGetBatch,   // straggler detector DRtt: get_batch latency
    TimerCompute,       // timers forward-compute + backward-compute
    TimerBatch,         // timer batch-generator (data loading)
    TimerCommunication, // timers of pipeline send/recv and gradient/parameter collectives
    // Not a duration in the window: ns of communication kernel time per GB moved on the bus, as
    // NCCL counts bus bytes (1e9 / bus bandwidth in B/s) over the communication kernels that
    // start in the window and whose size is known (BusBytes.h); coarser levels take the mean.
    // Includes the wait for late peers (as NCCL's own bus bandwidth does): a waiter metric.
    CommunicationPerGigabyte,
    Count
};

inline constexpr int kTraceMetricCount = int(TraceMetric::Count);

// Stable machine names ("step_time", "compute", "communication", "exposed_comm",
// "collective_wait", "comm_transfer", "caused_wait", "late_arrivals", "gpu_idle", "cpu_op",
// "launch_gap", "log_problems", "detector_rtt", "detector_get_batch", "timer_compute",
// "timer_batch", "timer_comm", "comm_per_gb"): CLI --metric, JSON, cache columns.
const char *traceMetricKey(TraceMetric metric);
// English display names ("Step time", "Compute (kernel busy)", ...) for CLI text output; the GUI
// translates its own.
const char *traceMetricTitle(TraceMetric metric);
std::optional<TraceMetric> traceMetricFromKey(std::string_view key);

// True for metrics that count log events instead of measuring time: the straggler analysis
// leaves them out (a rank that warns more is not slower), the views print them as counts.
constexpr bool isLogMetric(TraceMetric metric)
{
    return metric == TraceMetric::LogProblems;
}

// True for the per-rank timings a framework printed in its logs (Megatron-LM's straggler
// detector and timers): per-iteration means over a log interval, often for some ranks only.
constexpr bool isReportedTimingMetric(TraceMetric metric)
{
    return metric == TraceMetric::DetectorRoundTrip || metric == TraceMetric::DetectorGetBatch ||
           metric == TraceMetric::TimerCompute || metric == TraceMetric::TimerBatch ||
           metric == TraceMetric::TimerCommunication;
}

// True for metrics whose coarser windows take the mean of the finer ones instead of their sum:
// the step time, the reported per-iteration timings and the time per GB.
constexpr bool coarsensByMean(TraceMetric metric)
{
    return metric == TraceMetric::StepTime || isReportedTimingMetric(metric) ||
           metric == TraceMetric::CommunicationPerGigabyte;
}

// True for metrics that count events instead of measuring time (log events, late arrivals):
// the views print them as counts, the CLI gives them unit "count".
constexpr bool isCountMetric(TraceMetric metric)
{
    return metric == TraceMetric::LogProblems || metric == TraceMetric::LateArrivals;
}

// True for metrics that compare the aligned times of several ranks: they are only as good as the
// clock alignment (ClockOffset::quality), and a poor alignment makes them noise, not findings.
constexpr bool dependsOnClockAlignment(TraceMetric metric)
{
    return metric == TraceMetric::CollectiveWait || metric == TraceMetric::CommunicationTransfer ||
           metric == TraceMetric::CausedWait || metric == TraceMetric::LateArrivals;
}

// The metric a view of trace windows opens on: who the others waited for (arrival order at
// collectives) when the windows have it, else the step time.
inline constexpr TraceMetric kDefaultTraceMetric = TraceMetric::CausedWait;

// True when a larger value means the rank is slower at its own work (it makes others wait).
// Communication wait metrics are "waiter" metrics: high on the ranks that wait for a straggler.
constexpr bool isWaiterMetric(TraceMetric metric)
{
    return metric == TraceMetric::CommunicationTime ||
           metric == TraceMetric::ExposedCommunication || metric == TraceMetric::CollectiveWait ||
           metric == TraceMetric::TimerCommunication ||
           metric == TraceMetric::CommunicationPerGigabyte;
}

} // namespace rankscope
