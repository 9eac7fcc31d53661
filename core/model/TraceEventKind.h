#pragma once

#include <cstdint>

namespace rankscope {

// What an event of a profiler trace is, for the metrics built on top (compute time,
// communication time, exposed communication, GPU idle time). Decided once at import from the
// category, the name and a few args (see classifyTraceEvent).
enum class TraceEventKind : std::uint8_t
{
    Other,               // anything not listed below (profiler spans, instants, unknown categories)
    CpuOp,               // cpu_op: an operator on a CPU thread (aten::mm, autograd nodes)
    PythonFunction,      // python_function (with_stack=True)
    UserAnnotation,      // user_annotation / record_function on a CPU thread
    IterationMarker,     // ProfilerStep#N on a CPU thread: one training iteration
    CpuCommunication,    // CPU side of a collective: record_param_comms, nccl:all_reduce, c10d::
    Runtime,             // cuda_runtime / cuda_driver / HIP and other device runtime calls
    Synchronization,     // cuda_sync: stream/event/device waits seen from the GPU side
    ComputeKernel,       // a GPU kernel that is not communication
    CommunicationKernel, // an NCCL / RCCL / MSCCL kernel, or one carrying "Collective name"
    Memcpy,              // gpu_memcpy
    Memset,              // gpu_memset
    GpuUserAnnotation,   // gpu_user_annotation: a user range projected on a GPU stream
};

// Work that keeps a GPU stream busy (the union of these is "GPU busy" time).
constexpr bool isGpuWork(TraceEventKind kind)
{
    return kind == TraceEventKind::ComputeKernel || kind == TraceEventKind::CommunicationKernel ||
           kind == TraceEventKind::Memcpy || kind == TraceEventKind::Memset;
}

constexpr bool isCommunication(TraceEventKind kind)
{
    return kind == TraceEventKind::CommunicationKernel || kind == TraceEventKind::CpuCommunication;
}

// Kinds that only occur on GPU streams: a track holding one of them is a GPU stream.
constexpr bool isGpuSideKind(TraceEventKind kind)
{
    return isGpuWork(kind) || kind == TraceEventKind::GpuUserAnnotation;
}

const char *traceEventKindName(TraceEventKind kind); // "compute-kernel", "cpu-op", ...

} // namespace rankscope
