#pragma once

#include "core/model/TraceModel.h"
#include "core/traces/TraceWindows.h"

#include <cstdint>
#include <span>
#include <vector>

namespace rankscope {

// A window to measure, on the rank's own (unaligned) clock.
struct WindowSpan
{
    std::int64_t window = 0; // iteration step, or time-bin index
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
};

// One window per ProfilerStep#N of the trace (TraceData::iterations, by step), on the trace's
// clock.
std::vector<WindowSpan> iterationSpans(const TraceData &trace);

// At most this many time bins per trace: a bin width far too small for the trace stops here
// (the first bins are kept) instead of exhausting memory.
inline constexpr std::int64_t kMaxTimeBinsPerTrace = std::int64_t(1) << 22;

// Time bins [originNs + k*width, originNs + (k+1)*width) on the *aligned* clock that overlap the
// trace's events, converted to the trace's own clock by adding offsetNs (local = aligned + offset).
// The bins run from the one holding the aligned TraceData::firstNs to the one holding the last
// instant before lastNs; k is negative for bins before the origin. Empty for a trace without
// events or a width <= 0.
std::vector<WindowSpan> timeBinSpans(const TraceData &trace, std::int64_t offsetNs,
                                     std::int64_t originNs, std::int64_t binWidthNs);

// Measures every metric except CollectiveWait and CommunicationTransfer (left NaN; they need
// the other ranks, see fillCollectiveWait) for each span. Rows carry `rank` and the span's times
// converted to the aligned clock (aligned = local - offsetNs). Values are ns (exact: doubles), NaN
// when unknown. Each metric, for a window W = [start, end) of the trace's clock, |X| being the
// measure (total length) of a set of times X:
//
// - StepTime: Iteration axis: end - start (the ProfilerStep#N length). TimeBin axis: |W ∩ union
//   of the trace's iterations| (the part of the bin some iteration was running), NaN when 0.
// - ComputeTime: |W ∩ C|, C = union of ComputeKernel, Memcpy and Memset slices over all
//   GPU-stream tracks (overlapping kernels on several streams count once).
// - CommunicationTime: |W ∩ M|, M = union of CommunicationKernel slices on GPU streams.
// - ExposedCommunication: |W ∩ (M \ C)|: communication not hidden behind compute.
// - GpuIdle: |W ∩ R| - |W ∩ (C ∪ M)|, where R = [TraceData::firstNs, lastNs) is the range the
//   trace recorded (a bin reaching past the trace's ends is not idle out there; iterations lie
//   inside R, so for them this is the window length minus the GPU busy time).
// - CpuOpTime: |W ∩ P|, P = union of CpuOp and CpuCommunication slices on CPU-thread tracks.
//   NaN when no CPU thread of the trace holds any such slice.
// - LaunchGap: per GPU stream, for each kernel (ComputeKernel or CommunicationKernel) that
//   follows earlier GPU work on the stream and whose launching runtime call is found (the
//   TraceEventKind::Runtime event on a CPU thread with the kernel's correlationId), the idle
//   piece [busyUntil, min(kernel.start, launch.end)) when not empty, busyUntil being the latest
//   end of the stream's earlier GPU work (kernels, memcpy, memset): the stream waited for the
//   host. The pieces of all streams are merged and the GPU busy time C ∪ M removed, so the
//   metric is the time the whole GPU idled waiting for a launch: |W ∩ (gaps \ (C ∪ M))|, never
//   above GpuIdle. Kernels without a matched launch, and a stream's first work, add nothing.
// - ComputeTime, CommunicationTime, ExposedCommunication, GpuIdle and LaunchGap are NaN when
//   the trace has no GPU-stream track at all (a CPU-only or gloo trace), and 0 when it has GPU
//   streams but no such work in W. A trace whose GPU streams hold only communication (an NCCL
//   Inspector log) has CommunicationTime alone: the others are NaN (unknown, not zero).
//
// Cost: the unions are built once per call, O(events log events); each span then costs a few
// binary searches, O(log events). To measure one
// trace on both axes, build them once with buildTraceActivity (TraceActivity.h) and use the
// overload declared there.
std::vector<TraceWindowRow> computeWindowMetrics(const TraceData &trace, int rank,
                                                 std::span<const WindowSpan> spans,
                                                 std::int64_t offsetNs, WindowAxis axis);

// Merges consecutive windows of a table into a coarser level: the rows of each rank are grouped
// by floor(window / factor), which becomes the coarse window id; startNs / endNs span the group.
// Durations add up (the sum of the known values; NaN when none of the group's values is
// known); StepTime is the mean of the known values. The coarse table keeps axis and origin,
// multiplies binWidthNs by `factor`, and has level = fine.level + k when factor = 4^k (else
// fine.level + 1). Rows come out sorted by (rank, window); factor <= 1 copies the table.
TraceWindowTable coarsenWindowTable(const TraceWindowTable &fine, int factor);

} // namespace rankscope
