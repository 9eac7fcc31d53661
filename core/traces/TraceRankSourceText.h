#pragma once

#include "core/model/TraceModel.h"

#include <string_view>

namespace rankscope {

// Stable keys of how a trace knows its rank (trace_files.rank_source): "distributed-info",
// "path", "mpi-ranks", "environment", "nvtx-text", "nccl-communicator", "node-order",
// "unknown".
const char *traceRankSourceKey(TraceRankSource source);

// What `rankscope-cli import` says for a key ("the captured environment", "the node and GPU
// order (assumed)"); the key itself when unknown.
std::string_view traceRankSourceText(std::string_view key);

} // namespace rankscope
