#pragma once

#include "core/traces/StragglerCandidates.h"

#include <span>
#include <vector>

namespace rankscope {

// What a straggler costs the job: the wall time its peers spend waiting for it. In a
// synchronous job every peer waits at the same collectives at the same time, so this is also
// how much longer each step takes, not a sum over the peers.
struct StragglerCost
{
    double perWindowNs = kUnknownCost; // mean over the windows with a value
    double totalNs = kUnknownCost;     // sum over them
    int windows = 0;
};

// The cost from a per-window series of "time the others waited for this rank" (ns, NaN where
// unknown). This is the entry point for a measured series: a rank's row of a per-window metric
// taken from the arrival order at each collective (how long the collective waited for this rank
// after the second-last peer had arrived), from the suspect's first window on.
StragglerCost stragglerCost(std::span<const double> waitedForNs);

// The measured series for columns [firstColumn, end): per window the caused_wait of `rows`
// (one rank, or a node's ranks: the largest of theirs, since the others wait for the last of
// them once). NaN where none of the rows has a value.
std::vector<double> measuredWaitCausedNs(const MetricMatrix &causedWait, std::span<const int> rows,
                                         int firstColumn);

// The same series estimated from the window metrics, for columns [firstColumn, end): in each
// window, how far the suspect's `rows` (one rank, or the ranks of one node) exceed the slowest
// of their other peers (`peerRows`) on the suspect's metric: in a synchronous step the
// collective starts when the last rank arrives, so only the lead over the next-slowest rank
// holds the others up. Capped by the peers' median collective wait in that window when `wait`
// is given: they cannot have waited for it longer than they waited at all (CPU work that the GPU
// hides costs nothing). NaN where the suspect or all its peers lack a value.
std::vector<double> estimatedWaitCausedNs(const MetricEvidence &metric, std::span<const int> rows,
                                          std::span<const int> peerRows, const MetricEvidence *wait,
                                          int firstColumn);

} // namespace rankscope
