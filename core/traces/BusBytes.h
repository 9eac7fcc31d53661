#pragma once

#include "core/model/TraceModel.h"

#include <cstdint>
#include <string_view>

namespace rankscope {

// Bytes of one element of a PyTorch dtype as the profiler names it ("Float", "BFloat16",
// "c10::Half", "Byte"); 0 when unknown.
int dtypeBytes(std::string_view dtype);

// The bytes a collective moved on the bus as NCCL counts them (nccl-tests' PERFORMANCE.md): the
// op's size S (the larger of its input and output message, in bytes) times the factor that
// makes bus bandwidth comparable with the links' peak: all-reduce 2(n-1)/n; all-gather,
// reduce-scatter and all-to-all (n-1)/n; broadcast, reduce, send and recv 1. What the tool said
// (TraceCollective::busBytes) comes first. -1 when the size, dtype, op or group size needed is
// unknown.
std::int64_t busBytesOf(const TraceData &trace, const TraceCollective &collective);

} // namespace rankscope
