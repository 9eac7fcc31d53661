#pragma once

#include "core/traces/StragglerCandidates.h"

#include <array>
#include <set>
#include <span>
#include <vector>

namespace rankscope {

// What the suspects do to the rest of the job: who waits for them, what they cost, and the
// per-rank breakdown against the peer median that every report carries.

// A blocker as the effects see it: its matrix rows (one rank, or a node) and the columns in
// which it holds the others up (StragglerCandidate::slowColumns).
struct BlockerRows
{
    std::vector<int> rows;
    std::vector<int> slowColumns;
};

// The rows that wait for the blockers: every other row whose collective wait is higher in a
// blocker's slow columns than in its other columns (by more than 10% and the gate): the
// pipeline neighbours wait too, not only the blocker's own stage. When either set holds fewer
// than params.minPersistentWindows columns (slow from the start, a short trace) there is
// nothing to compare: the other ranks of the blocker's peer groups wait. `waiterRows` comes in
// with the rows of the waiter suspects and goes out with every waiting row.
void addWaitingRows(std::span<const BlockerRows> blockers, const std::vector<PeerGroup> &groups,
                    const std::vector<int> &groupOfRow, const MetricEvidence *wait,
                    const StragglerParams &params, std::set<int> &waiterRows);

// The suspect's cost (StragglerSuspect::cost*) from firstColumn on: measured from the arrival
// order (the caused_wait metric, when the traces matched its collectives and the clocks agree
// and it was last at some of them), else estimated from the window metrics
// (estimatedWaitCausedNs) against the other ranks of its peer groups.
void attachCost(StragglerSuspect &suspect, std::span<const int> rows, int firstColumn,
                const MetricEvidence &metric, const std::vector<PeerGroup> &groups,
                const std::vector<int> &groupOfRow, const MetricEvidence *wait,
                const MetricEvidence *causedWait);

// Every rank's median value and peer median per metric (log metrics left out).
std::vector<RankBreakdown>
rankBreakdown(const std::array<MetricEvidence, kTraceMetricCount> &evidence,
              const std::vector<PeerGroup> &groups, const std::vector<int> &groupOfRow);

} // namespace rankscope
