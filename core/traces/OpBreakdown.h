#pragma once

#include "core/model/TraceEventKind.h"
#include "core/model/TraceModel.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace rankscope {

// Time a rank spent in each operation (GPU kernel, memcpy/memset, or CPU op) inside one window.
struct OpTotal
{
    std::string name;
    TraceEventKind kind = TraceEventKind::Other;
    std::int64_t count = 0;
    std::int64_t totalNs = 0; // sum of durations clipped to the window; CPU ops: outermost
                              // cpu_op slices only, so nested ops are not counted twice
};

// The totals of the trace's events overlapping [startNs, endNs) (the trace's own clock), by
// (kind, name), largest total first.
std::vector<OpTotal> opTotals(const TraceData &trace, std::int64_t startNs, std::int64_t endNs);

// One line of a rank's breakdown against its peers.
struct OpComparison
{
    std::string name;
    TraceEventKind kind = TraceEventKind::Other;
    std::int64_t rankTotalNs = 0; // 0 when the rank did not run it
    std::int64_t rankCount = 0;
    double peerMedianNs = 0; // median over peers (a peer without the op counts 0)
    int peersWithOp = 0;
    int peers = 0;
    double ratio = 0; // rankTotalNs / peerMedianNs; 0 when the median is 0
};

// Compares the rank's totals with each peer's (peers exclude the rank), by (kind, name), the
// largest absolute difference from the peer median first.
std::vector<OpComparison> compareOpTotals(std::span<const OpTotal> rank,
                                          std::span<const std::vector<OpTotal>> peers);

} // namespace rankscope
