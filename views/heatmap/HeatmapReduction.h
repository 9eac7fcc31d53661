#pragma once

#include <cstdint>
#include <span>

namespace rankscope {

// How the heatmap folds several cells into one pixel when there are more ranks or windows than
// pixels. Max keeps a single slow cell visible at any zoom; mean shows the typical level; p95
// ignores a rare spike but still shows a persistent minority.
enum class HeatmapReduction : std::uint8_t
{
    Max,
    Mean,
    P95,
};

// The reduction of the finite values in `values` (NaN entries are skipped); NaN when none is
// finite. The span may be reordered (P95 partitions it in place).
double reduceHeatmapValues(HeatmapReduction reduction, std::span<double> values);

// The same for signed differences (the heatmap's difference mode), where the largest change
// either way must stay visible: max gives the value of largest magnitude with its sign, p95 the
// 95th percentile of the magnitudes with its sign, mean the plain mean.
double reduceHeatmapDifferences(HeatmapReduction reduction, std::span<double> values);

const char *heatmapReductionKey(HeatmapReduction reduction); // "max", "mean", "p95"

} // namespace rankscope
