#pragma once

#include "core/model/TraceEventKind.h"

#include <cstdint>
#include <string_view>

namespace rankscope {

// The kind of a trace event from its category ("cat") and name, as PyTorch's profiler (Kineto)
// writes them. Categories are matched exactly (Kineto's spellings plus the older "Kernel",
// "Runtime", "Memcpy", "Memset"); names only refine kernels (communication or compute) and CPU
// ranges (iteration markers, CPU side of collectives). Unknown categories give Other.
TraceEventKind classifyTraceEvent(std::string_view category, std::string_view name);

// NCCL-family kernel names: "ncclDevKernel_AllReduce_Sum_f32_RING_LL", "ncclKernel_SendRecv_...",
// "rcclKernel...", "mscclKernel...", optionally preceded by "void ", plus vLLM's custom
// all-reduce ("cross_device_reduce_1stage").
bool isCommunicationKernelName(std::string_view name);

// CPU-side collective ranges: "record_param_comms", "nccl:all_reduce", "gloo:broadcast",
// "c10d::allreduce_", "c10d::_allgather_base_".
bool isCpuCommunicationName(std::string_view name);

// The N of "ProfilerStep#N", or -1 when `name` is not an iteration marker.
std::int64_t profilerStepNumber(std::string_view name);

} // namespace rankscope
