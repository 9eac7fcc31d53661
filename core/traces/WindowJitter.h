#pragma once

#include "core/traces/TraceWindows.h"

namespace rankscope {

// How much one rank's value jitters between consecutive windows around column c, as a Gaussian
// sigma estimated from the smaller of the differences to its two neighbours (or the one
// difference at the first and last window). Taking the smaller difference ignores a single level
// change, so the window where a rank starts to straggle does not read as noise. NaN when the
// cell or both neighbours are missing.
//
// Used twice: to tell a stable split of the peers (each rank steady in its cluster) from noise
// that spreads the peers as much as it shakes each rank, and as the noise floor of the temporal
// change-point test.
double windowJitter(const MetricMatrix &matrix, int row, int column);

} // namespace rankscope
