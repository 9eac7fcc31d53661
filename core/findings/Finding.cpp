#include "core/findings/Finding.h"

#include <algorithm>
#include <limits>

namespace rankscope {

const char *findingLayerKey(FindingLayer layer)
{
    switch (layer) {
    case FindingLayer::Stacks:
        return "stacks";
    case FindingLayer::Traces:
        return "traces";
    case FindingLayer::Logs:
        return "logs";
    case FindingLayer::Collectives:
        return "collectives";
    case FindingLayer::Baseline:
        return "baseline";
    }
    return "stacks";
}

Message findingLayerName(FindingLayer layer)
{
    switch (layer) {
    case FindingLayer::Stacks:
        return RANKSCOPE_MESSAGE("findings.layer.stacks", "the stacks");
    case FindingLayer::Traces:
        return RANKSCOPE_MESSAGE("findings.layer.traces", "the profiler traces");
    case FindingLayer::Logs:
        return RANKSCOPE_MESSAGE("findings.layer.logs", "the logs");
    case FindingLayer::Collectives:
        return RANKSCOPE_MESSAGE("findings.layer.collectives", "the collective records");
    case FindingLayer::Baseline:
        return RANKSCOPE_MESSAGE("findings.layer.baseline", "the baseline comparison");
    }
    return RANKSCOPE_MESSAGE("findings.layer.stacks", "the stacks");
}

const char *findingRoleKey(FindingRole role)
{
    switch (role) {
    case FindingRole::Cause:
        return "cause";
    case FindingRole::Effect:
        return "effect";
    case FindingRole::Context:
        return "context";
    }
    return "context";
}

const char *iterationAxisKey(IterationAxis axis)
{
    switch (axis) {
    case IterationAxis::None:
        return "";
    case IterationAxis::Training:
        return "training";
    case IterationAxis::ProfilerStep:
        return "profiler_step";
    }
    return "";
}

bool isWallClockNs(std::int64_t ns)
{
    return ns >= 1'000'000'000'000'000'000;
}

namespace {

constexpr std::int64_t kUnboundedLow = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kUnboundedHigh = std::numeric_limits<std::int64_t>::max();

struct FindingSpan
{
    std::int64_t low = kUnboundedLow;
    std::int64_t high = kUnboundedHigh;
};

FindingSpan timeSpanOf(const FindingWindow &w)
{
    FindingSpan span;
    if (!w.beganEarlier && isWallClockNs(w.startNs))
        span.low = w.startNs;
    if (!w.goesOn && isWallClockNs(w.endNs))
        span.high = w.endNs;
    return span;
}

FindingSpan iterationSpanOf(const FindingWindow &w)
{
    FindingSpan span;
    if (!w.beganEarlier && w.firstIteration >= 0)
        span.low = w.firstIteration;
    if (!w.goesOn && w.lastIteration >= 0)
        span.high = w.lastIteration;
    return span;
}

bool spansMeet(const FindingSpan &a, const FindingSpan &b)
{
    return a.low <= b.high && b.low <= a.high;
}

// The lower of two known values (> `unknown`), or the known one.
std::int64_t lowerKnown(std::int64_t a, std::int64_t b, std::int64_t unknown)
{
    if (a <= unknown)
        return b;
    if (b <= unknown)
        return a;
    return std::min(a, b);
}

} // namespace

bool windowsOverlap(const FindingWindow &a, const FindingWindow &b)
{
    if (!spansMeet(timeSpanOf(a), timeSpanOf(b)))
        return false;
    if (a.axis != IterationAxis::None && a.axis == b.axis &&
        !spansMeet(iterationSpanOf(a), iterationSpanOf(b)))
        return false;
    return true;
}

FindingWindow mergedWindows(const FindingWindow &a, const FindingWindow &b)
{
    if (a.empty())
        return b;
    if (b.empty())
        return a;
    FindingWindow out;
    out.startNs = lowerKnown(a.startNs, b.startNs, 0);
    out.endNs = std::max(a.endNs, b.endNs);
    out.beganEarlier = a.beganEarlier || b.beganEarlier;
    out.goesOn = a.goesOn || b.goesOn;
    // Iterations of one axis only: the training loop's when either has them.
    const FindingWindow *iterations = nullptr;
    if (a.axis == IterationAxis::Training || b.axis == IterationAxis::Training)
        out.axis = IterationAxis::Training;
    else if (a.axis == IterationAxis::ProfilerStep || b.axis == IterationAxis::ProfilerStep)
        out.axis = IterationAxis::ProfilerStep;
    for (const FindingWindow *w : {&a, &b}) {
        if (w->axis != out.axis || out.axis == IterationAxis::None)
            continue;
        if (!iterations) {
            iterations = w;
            out.firstIteration = w->firstIteration;
            out.lastIteration = w->lastIteration;
        } else {
            out.firstIteration = lowerKnown(out.firstIteration, w->firstIteration, -1);
            out.lastIteration = std::max(out.lastIteration, w->lastIteration);
        }
    }
    return out;
}

const char *evidenceTargetKey(EvidenceTarget target)
{
    switch (target) {
    case EvidenceTarget::None:
        return "none";
    case EvidenceTarget::Frame:
        return "frame";
    case EvidenceTarget::Template:
        return "template";
    case EvidenceTarget::Cell:
        return "cell";
    case EvidenceTarget::Collective:
        return "collective";
    case EvidenceTarget::DiffLine:
        return "diff_line";
    }
    return "none";
}

std::string evidenceRefText(const EvidenceRef &ref)
{
    switch (ref.target) {
    case EvidenceTarget::None:
        return std::string();
    case EvidenceTarget::Frame:
        return "frame #" + std::to_string(ref.id) + (ref.label.empty() ? "" : " " + ref.label);
    case EvidenceTarget::Template:
        return "template #" + std::to_string(ref.id);
    case EvidenceTarget::Cell: {
        std::string text = "cell rank " + std::to_string(ref.rank);
        if (ref.window >= 0)
            text += std::string(ref.group == "time_bin" ? ", time bin " : ", iteration ") +
                    std::to_string(ref.window);
        if (!ref.label.empty())
            text += ", " + ref.label;
        return text;
    }
    case EvidenceTarget::Collective: {
        std::string text = "pg " + ref.group;
        if (ref.window >= 0)
            text += " #" + std::to_string(ref.window);
        if (!ref.label.empty())
            text += " " + ref.label;
        return text;
    }
    case EvidenceTarget::DiffLine:
        return "diff " + ref.label + (ref.id >= 0 ? " #" + std::to_string(ref.id) : "");
    }
    return std::string();
}

const char *dataNeedKey(DataNeed need)
{
    switch (need) {
    case DataNeed::MoreStackSamples:
        return "more_stack_samples";
    case DataNeed::StackDumps:
        return "stack_dumps";
    case DataNeed::FlightRecorderDumps:
        return "flight_recorder_dumps";
    case DataNeed::MoreProfilerSteps:
        return "more_profiler_steps";
    case DataNeed::ProfilerTraces:
        return "profiler_traces";
    case DataNeed::Logs:
        return "logs";
    case DataNeed::NodeLogs:
        return "node_logs";
    case DataNeed::Baseline:
        return "baseline";
    }
    return "logs";
}

Message dataNeedMessage(DataNeed need)
{
    switch (need) {
    case DataNeed::MoreStackSamples:
        return RANKSCOPE_MESSAGE("findings.need.moreStackSamples",
                                 "two or three more stack dumps of every rank, a few seconds "
                                 "apart (py-spy dump), to tell stuck ranks from slow ones");
    case DataNeed::StackDumps:
        return RANKSCOPE_MESSAGE("findings.need.stackDumps",
                                 "a stack dump of every rank while the job hangs (py-spy dump)");
    case DataNeed::FlightRecorderDumps:
        return RANKSCOPE_MESSAGE("findings.need.flightRecorder",
                                 "a Flight Recorder dump of every rank "
                                 "(TORCH_NCCL_TRACE_BUFFER_SIZE=2000, "
                                 "TORCH_NCCL_DUMP_ON_TIMEOUT=1), to see who never joined which "
                                 "collective");
    case DataNeed::MoreProfilerSteps:
        return RANKSCOPE_MESSAGE("findings.need.moreProfilerSteps",
                                 "two more profiler steps (a capture of at least three "
                                 "iterations), to tell a lasting straggler from one slow step");
    case DataNeed::ProfilerTraces:
        return RANKSCOPE_MESSAGE("findings.need.profilerTraces",
                                 "a PyTorch profiler trace of every rank over a few steps, to see "
                                 "who is slow at its own work");
    case DataNeed::Logs:
        return RANKSCOPE_MESSAGE("findings.need.logs",
                                 "the logs of every rank (the launcher's output or one file per "
                                 "rank)");
    case DataNeed::NodeLogs:
        return RANKSCOPE_MESSAGE("findings.need.nodeLogs",
                                 "each node's own logs: NCCL WARN lines (NCCL_DEBUG=WARN), "
                                 "InfiniBand errors and GPU Xid errors (dmesg)");
    case DataNeed::Baseline:
        return RANKSCOPE_MESSAGE("findings.need.baseline",
                                 "a healthy run of the same job to compare with (--baseline)");
    }
    return RANKSCOPE_MESSAGE("findings.need.logs",
                             "the logs of every rank (the launcher's output or one file per "
                             "rank)");
}

bool dataNeedLayer(DataNeed need, FindingLayer &layer)
{
    switch (need) {
    case DataNeed::FlightRecorderDumps:
        layer = FindingLayer::Collectives;
        return true;
    case DataNeed::ProfilerTraces:
        layer = FindingLayer::Traces;
        return true;
    case DataNeed::Logs:
        layer = FindingLayer::Logs;
        return true;
    case DataNeed::Baseline:
        layer = FindingLayer::Baseline;
        return true;
    case DataNeed::MoreStackSamples:
    case DataNeed::StackDumps:
    case DataNeed::MoreProfilerSteps:
    case DataNeed::NodeLogs:
        break;
    }
    return false;
}

LayerFindings absentLayer(FindingLayer layer)
{
    LayerFindings out;
    out.layer = layer;
    out.present = false;
    return out;
}

const char *strengthKey(double strength)
{
    if (strength >= 0.7)
        return "strong";
    if (strength >= 0.45)
        return "moderate";
    return "weak";
}

} // namespace rankscope
