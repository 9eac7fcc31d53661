#pragma once

#include "core/traces/TraceMetric.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace rankscope {

// Where a heatmap cell's value came from. One bundle may hold a Kineto trace for some ranks,
// an Nsight Systems export or NCCL Inspector logs for others and logs for all: a metric is the
// same measurement only within one source's definition, so views and exports say which.
enum class MetricSource : std::uint8_t
{
    None,              // the rank has no value of this metric
    KinetoTrace,       // a PyTorch profiler (Kineto) or other Chrome trace JSON
    NsightExport,      // an Nsight Systems SQLite export
    NcclInspector,     // NCCL Inspector logs: communication only
    LogIterations,     // iteration lines of the logs ("elapsed time per iteration")
    Logs,              // log events (warnings and errors)
    StragglerDetector, // Megatron-LM's straggler detector report
    MegatronTimers,    // Megatron-LM's timers printed across ranks
};

// "none", "kineto", "nsight", "nccl-inspector", "log-iterations", "logs",
// "megatron-straggler-detector", "megatron-timers": CLI CSV and JSON.
const char *metricSourceKey(MetricSource source);

// The source of `metric` for a rank whose active trace file has `traceFormat` (files.format:
// "chrome-trace", "nsight-sqlite", "nccl-inspector"; empty when the rank has no trace).
MetricSource metricSource(TraceMetric metric, std::string_view traceFormat);

// rank -> the files.format of the trace file that speaks for it.
using RankTraceFormats = std::map<int, std::string>;

// The source of `rank`'s values of `metric`, its format looked up in `formats` (a rank absent
// from it has no trace).
MetricSource rankMetricSource(TraceMetric metric, const RankTraceFormats &formats, int rank);

} // namespace rankscope
