#pragma once

#include "core/traces/TraceWindows.h"

#include <cstdint>

namespace rankscope {

// The heatmap's difference mode (issue 5): target minus baseline per rank and iteration.
enum class WindowAlignment : std::uint8_t
{
    ByNumber,   // iteration N of the target beside iteration N of the baseline
    ByPosition, // the runs share no iteration number: k-th iteration beside k-th
};
const char *windowAlignmentKey(WindowAlignment alignment); // "number", "position"

struct MetricMatrixDifference
{
    MetricMatrix matrix; // the target's ranks and windows; values target - baseline, NaN where
                         // either side has no value (a rank or window the baseline lacks)
    WindowAlignment alignment = WindowAlignment::ByNumber;
    std::int64_t windowShift = 0; // baseline window = target window - windowShift
    int pairedCells = 0;          // cells with a value on both sides
};

// Ranks are paired by rank number. Iteration axes are aligned by number when the runs share at
// least one iteration number, else by position; time-bin axes by position from each job's start.
MetricMatrixDifference differenceMatrix(const MetricMatrix &baseline, const MetricMatrix &target);

} // namespace rankscope
