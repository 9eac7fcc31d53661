#pragma once

#include "core/model/TraceModel.h"
#include "core/traces/IntervalUnion.h"
#include "core/traces/TraceWindowMetrics.h"

#include <cstdint>
#include <span>
#include <vector>

namespace rankscope {

// What one trace was busy with, as interval unions on the trace's own clock: built once per
// trace (O(events log events)) so that each window's metrics cost a few binary searches.
struct TraceActivity
{
    bool hasGpuStreams = false; // some track is a GPU stream (else GPU metrics are unknown)
    bool hasCpuOps = false;     // some CPU thread holds a cpu_op (else CpuOpTime is unknown)
    // The GPU streams hold communication and nothing else (an NCCL Inspector log, an export
    // of NCCL only): the trace cannot tell compute, exposed communication or GPU idle time.
    bool communicationOnly = false;
    std::int64_t firstNs = 0; // the trace's recorded range (TraceData::firstNs / lastNs)
    std::int64_t lastNs = 0;

    IntervalUnion compute;       // ComputeKernel, Memcpy, Memset on GPU streams
    IntervalUnion communication; // CommunicationKernel on GPU streams
    IntervalUnion gpuBusy;       // all GPU work on GPU streams (compute ∪ communication)
    IntervalUnion cpuOps;        // CpuOp and CpuCommunication slices on CPU threads
    IntervalUnion iterations;    // ProfilerStep#N ranges
    // The times the whole GPU was idle while some stream's next kernel was still being
    // launched (per-stream gaps merged, GPU busy time removed): at most one union, absent when
    // no kernel has a matched launch.
    std::vector<IntervalUnion> launchGaps;
    // Communication kernels whose bus size is known (BusBytes.h), by start, and running sums of
    // their durations and bus bytes (one more entry than starts): CommunicationPerGigabyte of a
    // window is two binary searches.
    std::vector<std::int64_t> sizedTransferStartNs;
    std::vector<double> sizedTransferNsSum;
    std::vector<double> sizedTransferBytesSum;
};

TraceActivity buildTraceActivity(const TraceData &trace);

// computeWindowMetrics (TraceWindowMetrics.h) on an activity already built, for callers that
// measure one trace on both axes without building the unions twice.
std::vector<TraceWindowRow> computeWindowMetrics(const TraceActivity &activity, int rank,
                                                 std::span<const WindowSpan> spans,
                                                 std::int64_t offsetNs, WindowAxis axis);

} // namespace rankscope
