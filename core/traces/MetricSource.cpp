#include "core/traces/MetricSource.h"

namespace rankscope {

const char *metricSourceKey(MetricSource source)
{
    switch (source) {
    case MetricSource::None:
        return "none";
    case MetricSource::KinetoTrace:
        return "kineto";
    case MetricSource::NsightExport:
        return "nsight";
    case MetricSource::NcclInspector:
        return "nccl-inspector";
    case MetricSource::LogIterations:
        return "log-iterations";
    case MetricSource::Logs:
        return "logs";
    case MetricSource::StragglerDetector:
        return "megatron-straggler-detector";
    case MetricSource::MegatronTimers:
        return "megatron-timers";
    }
    return "none";
}

MetricSource metricSource(TraceMetric metric, std::string_view traceFormat)
{
    if (metric == TraceMetric::LogProblems)
        return MetricSource::Logs;
    if (metric == TraceMetric::DetectorRoundTrip || metric == TraceMetric::DetectorGetBatch)
        return MetricSource::StragglerDetector;
    if (isReportedTimingMetric(metric))
        return MetricSource::MegatronTimers;
    if (traceFormat.empty())
        // Without a trace, only the step time has a value: from the logs' iteration lines.
        return metric == TraceMetric::StepTime ? MetricSource::LogIterations : MetricSource::None;
    if (traceFormat == "nsight-sqlite")
        return MetricSource::NsightExport;
    if (traceFormat == "nccl-inspector")
        return MetricSource::NcclInspector;
    return MetricSource::KinetoTrace;
}

MetricSource rankMetricSource(TraceMetric metric, const RankTraceFormats &formats, int rank)
{
    const auto format = formats.find(rank);
    return metricSource(metric, format == formats.end() ? std::string_view() : format->second);
}

} // namespace rankscope
