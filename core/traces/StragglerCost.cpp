#include "core/traces/StragglerCost.h"
#include "core/model/Median.h"

#include <algorithm>
#include <cmath>

namespace rankscope {

namespace {} // namespace

StragglerCost stragglerCost(std::span<const double> waitedForNs)
{
    StragglerCost cost;
    double total = 0;
    for (double value : waitedForNs) {
        if (std::isnan(value))
            continue;
        total += std::max(0.0, value);
        ++cost.windows;
    }
    if (cost.windows > 0) {
        cost.totalNs = total;
        cost.perWindowNs = total / cost.windows;
    }
    return cost;
}

std::vector<double> measuredWaitCausedNs(const MetricMatrix &causedWait, std::span<const int> rows,
                                         int firstColumn)
{
    std::vector<double> series;
    for (int c = std::max(0, firstColumn); c < causedWait.columnCount(); ++c) {
        double largest = kNaN;
        for (int row : rows) {
            const double value = causedWait.at(row, c);
            if (!std::isnan(value) && !(largest >= value))
                largest = value;
        }
        series.push_back(largest);
    }
    return series;
}

std::vector<double> estimatedWaitCausedNs(const MetricEvidence &metric, std::span<const int> rows,
                                          std::span<const int> peerRows, const MetricEvidence *wait,
                                          int firstColumn)
{
    const MetricMatrix &matrix = metric.matrix;
    const int columns = matrix.columnCount();
    std::vector<double> caused;
    std::vector<double> peerWaits;
    for (int c = std::max(0, firstColumn); c < columns; ++c) {
        double lead = kNaN;
        for (int row : rows) {
            const double value = matrix.at(row, c);
            if (!std::isnan(value) && !(lead >= value))
                lead = value;
        }
        double next = kNaN;
        peerWaits.clear();
        for (int row : peerRows) {
            const double value = matrix.at(row, c);
            if (!std::isnan(value) && !(next >= value))
                next = value;
            if (wait) {
                const double waited = wait->matrix.at(row, c);
                if (!std::isnan(waited))
                    peerWaits.push_back(waited);
            }
        }
        if (std::isnan(lead) || std::isnan(next)) {
            caused.push_back(kNaN);
            continue;
        }
        double value = std::max(0.0, lead - next);
        if (const double cap = medianOf(peerWaits); !std::isnan(cap))
            value = std::min(value, std::max(0.0, cap));
        caused.push_back(value);
    }
    return caused;
}

} // namespace rankscope
