#include "core/diff/MetricMatrixDiff.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rankscope {

namespace {

bool shareAWindow(const MetricMatrix &baseline, const MetricMatrix &target)
{
    // Both window lists are ascending: one merge walk.
    auto b = baseline.windows.begin();
    auto t = target.windows.begin();
    while (b != baseline.windows.end() && t != target.windows.end()) {
        if (*b == *t)
            return true;
        if (*b < *t)
            ++b;
        else
            ++t;
    }
    return false;
}

} // namespace

const char *windowAlignmentKey(WindowAlignment alignment)
{
    return alignment == WindowAlignment::ByNumber ? "number" : "position";
}

MetricMatrixDifference differenceMatrix(const MetricMatrix &baseline, const MetricMatrix &target)
{
    MetricMatrixDifference difference;
    difference.matrix = target;
    std::fill(difference.matrix.values.begin(), difference.matrix.values.end(), kNoMetricValue);
    if (baseline.axis != target.axis || baseline.metric != target.metric) {
        // Nothing to pair: a difference of unlike quantities would only mislead.
        difference.alignment = WindowAlignment::ByPosition;
        return difference;
    }

    if (target.axis == WindowAxis::Iteration) {
        if (shareAWindow(baseline, target) || baseline.windows.empty() || target.windows.empty()) {
            difference.alignment = WindowAlignment::ByNumber;
        } else {
            // Profiling started at another step (ProfilerStep#1009 against #0): the first
            // iteration of one run beside the first of the other, and so on. A step missing in
            // the middle of one run stays a gap instead of shifting the rest.
            difference.alignment = WindowAlignment::ByPosition;
            difference.windowShift = target.windows.front() - baseline.windows.front();
        }
    } else {
        // Time-bin ids already count bins from each job's start: the same id is the same
        // position (the runs' bin widths may differ; the view says which it shows).
        difference.alignment = WindowAlignment::ByPosition;
    }

    std::vector<int> baselineColumn(target.windows.size(), -1);
    for (std::size_t c = 0; c < target.windows.size(); ++c)
        baselineColumn[c] = baseline.columnOfWindow(target.windows[c] - difference.windowShift);

    for (int row = 0; row < target.rowCount(); ++row) {
        const int baselineRow = baseline.rowOfRank(target.ranks[std::size_t(row)]);
        if (baselineRow < 0)
            continue;
        for (int column = 0; column < target.columnCount(); ++column) {
            const int other = baselineColumn[std::size_t(column)];
            if (other < 0)
                continue;
            const MetricValue value = target.at(row, column) - baseline.at(baselineRow, other);
            difference.matrix.at(row, column) = value;
            if (!std::isnan(value))
                ++difference.pairedCells;
        }
    }
    return difference;
}

} // namespace rankscope
