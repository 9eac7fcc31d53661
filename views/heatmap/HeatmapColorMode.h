#pragma once

#include "core/traces/StragglerDetection.h"
#include "core/traces/TraceWindows.h"

#include <cstdint>
#include <vector>

namespace rankscope {

// What the heatmap's colour says. Value: the metric itself on the sequential scale (how much).
// PeerMedian: each cell against the median of its peers in the same window on a diverging scale
// (white at the median, blue below, red above), which is what the eye should compare for the
// metrics that are defined by the other ranks anyway. Automatic picks per metric.
enum class HeatmapColorMode : std::uint8_t
{
    Automatic,
    Value,
    PeerMedian,
};

// The metrics that are measured against the other ranks at the same collectives: the time spent
// waiting for the last peer, the wait a rank put on its peers, how often it arrived last. Their
// absolute size depends on the job (one slow rank makes every other wait), so "above or below
// the peers" is the reading that matters. Every other metric measures the rank's own work.
constexpr bool isPeerRelativeMetric(TraceMetric metric)
{
    return metric == TraceMetric::CollectiveWait || metric == TraceMetric::CausedWait ||
           metric == TraceMetric::LateArrivals;
}

// Value or PeerMedian, never Automatic.
HeatmapColorMode resolvedColorMode(HeatmapColorMode chosen, TraceMetric metric);

enum class PeerDeviationKind : std::uint8_t
{
    Ratio,      // log2(value / peer median): symmetric in ratio (×2 and ×0.5 equally strong)
    Difference, // value − peer median, in the metric's unit: when some medians are 0
};

// Every cell of a matrix against its peer median.
struct PeerDeviation
{
    PeerDeviationKind kind = PeerDeviationKind::Ratio;
    std::vector<double> values;  // matrix layout; NaN where the cell or its median is unknown
    std::vector<double> medians; // matrix layout: the median each cell was compared with
    double minimumRadius = 0;    // the least half-width of the colour scale (in `values` units)
};

// The peer medians are the straggler analysis' (outliers->peerMedian: the cell's group in its
// window) where known, else the median of the whole column. A ratio needs every median to be
// positive; caused wait and late arrivals are 0 on most ranks, so they get the difference.
PeerDeviation peerDeviation(const MetricMatrix &matrix, const SpatialOutliers *outliers);

// The ratio scale spans at least ×0.8 to ×1.25: within that a healthy job's run-to-run noise stays
// pale (the straggler rule starts at 10% above the median).
inline constexpr double kMinimumPeerRatio = 1.25;

} // namespace rankscope
