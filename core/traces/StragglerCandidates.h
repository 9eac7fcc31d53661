#pragma once

#include "core/traces/StragglerDetection.h"

#include <optional>
#include <vector>

namespace rankscope {

// One metric of the job after spatial and temporal detection.
struct MetricEvidence
{
    MetricMatrix matrix;
    SpatialOutliers spatial;
    std::vector<TemporalShift> shifts;
};

// A rank whose anomaly on one metric is persistent enough to be reported, or, for a rank with
// too few windows to test persistence, slow at its own work in each of them (tentative).
struct StragglerCandidate
{
    int row = -1;
    int group = -1;            // index into the peer groups
    int firstColumn = 0;       // first anomalous window
    double magnitude = 0;      // median relative excess over the peer median
    int windowsFlagged = 0;    // windows in which it was slower than the slow gate
    int windowsTotal = 0;      // windows with a conclusive peer consensus
    int windowsSinceFirst = 0; // ... from firstColumn on
    StragglerConfidence confidence = StragglerConfidence::Confirmed;
    int period = 0; // > 1: slow every period-th window
    // The columns in which it holds the others up: every conclusive column from firstColumn on
    // for a sustained slowdown, only the slow ones for a periodic or intermittent one. The
    // ranks that wait for it wait more in these than in the others.
    std::vector<int> slowColumns;
};

// How strong the evidence of each per-rank test must be: a healthy job of R ranks and M
// metrics runs 2 R M of them, so each runs at StragglerParams::falseSuspectRate / (2 R M).
struct PersistenceBar
{
    double maxPValue = 1e-6; // "slow in more windows than chance": binomial tail
    double minZ = 4.75;      // "slower over all windows": median log ratio / its standard error
};
PersistenceBar persistenceBar(int rows, int metrics, const StragglerParams &params);

// The ranks of `evidence` that are slower than their peers on its metric, persistently, decided
// over all of a rank's windows (never by consecutive ones):
// - slow (OutlierFlag::Slow) in more windows than the metric's background rate among the other
//   ranks explains (binomial tail at bar.maxPValue); a periodic pattern of those windows is
//   recognised ("every 10th iteration");
// - or above the slow gate in more than half of its windows with a median log ratio to the peer
//   median significant at bar.minZ (a sustained slowdown among noisy peers that is rarely a
//   statistical outlier in any single window);
// - or an upward temporal shift on a work (non-waiter) metric.
// A rank with fewer than params.minPersistentWindows conclusive windows is tentative instead:
// slow in each of them on a work metric, by more than bar.minZ peer sigmas.
// `groupOfRow` maps matrix rows to peer groups.
std::vector<StragglerCandidate> persistentSlowRanks(const MetricEvidence &evidence,
                                                    std::span<const PeerGroup> groups,
                                                    const std::vector<int> &groupOfRow,
                                                    const StragglerParams &params,
                                                    const PersistenceBar &bar);

// A peer group that disagreed systematically on a metric: for a run of windows no strict
// healthy majority existed, and the same ranks stayed off the median in that run (not noise).
struct SystematicDisagreement
{
    int group = -1;
    int firstColumn = 0;
    int windows = 0;
};
std::optional<SystematicDisagreement> systematicDisagreement(const MetricEvidence &evidence,
                                                             std::span<const PeerGroup> groups,
                                                             const StragglerParams &params);

// Median over columns [firstColumn, end) of the row's value divided by its peer median, over
// windows with a conclusive consensus; NaN when nothing is known.
double medianPeerRatio(const MetricEvidence &evidence, int row, int firstColumn);

// True when the cell has a value and its group a conclusive consensus there.
bool conclusiveCell(const MetricEvidence &evidence, std::size_t cell);

} // namespace rankscope
