#pragma once

#include "core/analysis/StragglerDetection.h"

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

// A rank whose anomaly on one metric is persistent enough to be reported.
struct StragglerCandidate
{
    int row = -1;
    int group = -1;       // index into the peer groups
    int firstColumn = 0;  // first anomalous window
    double magnitude = 0; // median relative excess over the peer median
    int windowsFlagged = 0;
    int windowsTotal = 0;      // windows with a conclusive peer consensus
    int windowsSinceFirst = 0; // ... from firstColumn on
};

// The ranks of `evidence` that are slower than their peers on its metric, persistently: a run of
// at least params.minPersistentWindows consecutive Slow windows and more Slow windows than the
// metric's background rate explains (noise flags a few random cells in a large job), or an
// upward temporal shift on a work (non-waiter) metric. `groupOfRow` maps matrix rows to peer
// groups.
std::vector<StragglerCandidate> persistentSlowRanks(const MetricEvidence &evidence,
                                                    const std::vector<int> &groupOfRow,
                                                    const StragglerParams &params);

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

} // namespace rankscope
