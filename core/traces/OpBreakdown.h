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
// (kind, name), largest total first (ties by kind, then name). Counted: ComputeKernel,
// CommunicationKernel, Memcpy and Memset slices on GPU-stream tracks (every one: kernels on
// different streams that overlap each count in full), and CpuOp and CpuCommunication slices on
// CPU-thread tracks that are outermost among those two kinds on their thread (a slice starting
// inside an earlier counted one is skipped, whether or not the outer one overlaps the window).
// Each counts once in `count` and with its duration clipped to the window in totalNs; a
// zero-length slice counts when it lies in [startNs, endNs). Cost: O(events) per call.
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

// Compares the rank's totals with each peer's (peers exclude the rank), by (kind, name): one
// line for every op of the rank or of any peer, the largest |rankTotalNs - peerMedianNs| first
// (ties by kind, then name). The median of an even number of peers is the mean of the two
// middle totals; with no peers it is 0. peersWithOp counts the peers whose list holds the op.
std::vector<OpComparison> compareOpTotals(std::span<const OpTotal> rank,
                                          std::span<const std::vector<OpTotal>> peers);

} // namespace rankscope
