#include "core/analysis/StragglerCandidates.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rankscope {

namespace {

// How many standard deviations above the background rate a rank's count of Slow windows must be.
// 1024 ranks x 9 metrics are ~10^4 trials: 4 sigma keeps noise below one false suspect.
constexpr double kBackgroundSigmas = 4.0;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double medianOf(std::vector<double> &values)
{
    if (values.empty())
        return kNaN;
    const auto middle = values.begin() + std::ptrdiff_t(values.size() / 2);
    std::nth_element(values.begin(), middle, values.end());
    return *middle;
}

bool conclusive(const MetricEvidence &evidence, std::size_t cell)
{
    return !std::isnan(evidence.matrix.values[cell]) &&
           !(evidence.spatial.cellFlags[cell] & OutlierFlag::Inconclusive);
}

// Relative excess of a cell over its peer median. A zero median (mostly-zero launch gaps) has no
// relative excess: the absolute gate stands in for it so the magnitude stays finite.
double relativeExcess(double value, double peer, double minSlowdownNs)
{
    const double base = peer > 0 ? peer : minSlowdownNs;
    return base > 0 ? (value - peer) / base : kNaN;
}

} // namespace

std::vector<StragglerCandidate> persistentSlowRanks(const MetricEvidence &evidence,
                                                    const std::vector<int> &groupOfRow,
                                                    const StragglerParams &params)
{
    const MetricMatrix &matrix = evidence.matrix;
    const int columns = matrix.columnCount();
    const int minRun = std::max(1, params.minPersistentWindows);

    // Background rate of Slow cells of this metric, over cells with a conclusive consensus.
    std::size_t evaluated = 0;
    std::size_t slow = 0;
    for (std::size_t cell = 0; cell < matrix.values.size(); ++cell) {
        if (!conclusive(evidence, cell))
            continue;
        ++evaluated;
        slow += (evidence.spatial.cellFlags[cell] & OutlierFlag::Slow) ? 1 : 0;
    }
    const double background = evaluated ? double(slow) / double(evaluated) : 0.0;

    std::vector<const TemporalShift *> shiftOfRow(std::size_t(matrix.rowCount()), nullptr);
    // A shift alone names a suspect only on work metrics: a rank's share of the waiting moves
    // with the arrival order of its peers, which is noise, not a cause.
    const bool useShifts = !isWaiterMetric(matrix.metric);
    for (const TemporalShift &shift : evidence.shifts) {
        const int row = matrix.rowOfRank(shift.rank);
        if (useShifts && row >= 0 && shift.ratioAfter > shift.ratioBefore)
            shiftOfRow[std::size_t(row)] = &shift;
    }

    std::vector<StragglerCandidate> candidates;
    std::vector<double> excess;
    for (int row = 0; row < matrix.rowCount(); ++row) {
        int total = 0;
        int flagged = 0;
        int run = 0;
        int runStart = -1;
        int firstRun = -1;
        for (int c = 0; c < columns; ++c) {
            const std::size_t cell = std::size_t(row) * std::size_t(columns) + std::size_t(c);
            if (!conclusive(evidence, cell))
                continue; // neither breaks nor extends a run
            ++total;
            if (!(evidence.spatial.cellFlags[cell] & OutlierFlag::Slow)) {
                run = 0;
                continue;
            }
            ++flagged;
            if (run++ == 0)
                runStart = c;
            if (run >= minRun && firstRun < 0)
                firstRun = runStart;
        }
        const double expected = double(total) * background;
        const double spread = std::sqrt(expected * (1 - background));
        const bool spatial =
            firstRun >= 0 && double(flagged) > expected + kBackgroundSigmas * spread;
        const TemporalShift *shift = shiftOfRow[std::size_t(row)];
        if (!spatial && !shift)
            continue;

        StragglerCandidate candidate;
        candidate.row = row;
        candidate.group = groupOfRow[std::size_t(row)];
        candidate.windowsTotal = total;
        const int shiftColumn = shift ? matrix.columnOfWindow(shift->firstWindow) : -1;
        if (spatial) {
            candidate.firstColumn = shiftColumn >= 0 ? std::min(firstRun, shiftColumn) : firstRun;
            candidate.windowsFlagged = flagged;
            excess.clear();
            for (int c = 0; c < columns; ++c) {
                const std::size_t cell = std::size_t(row) * std::size_t(columns) + std::size_t(c);
                if (conclusive(evidence, cell) &&
                    (evidence.spatial.cellFlags[cell] & OutlierFlag::Slow)) {
                    const double value =
                        relativeExcess(matrix.values[cell], evidence.spatial.peerMedian[cell],
                                       params.minSlowdownNs);
                    if (!std::isnan(value))
                        excess.push_back(value);
                }
            }
            candidate.magnitude = medianOf(excess);
        } else {
            candidate.firstColumn = shiftColumn;
            candidate.magnitude = shift->ratioAfter / shift->ratioBefore - 1;
        }
        for (int c = candidate.firstColumn; c < columns; ++c) {
            const std::size_t cell = std::size_t(row) * std::size_t(columns) + std::size_t(c);
            candidate.windowsSinceFirst += conclusive(evidence, cell) ? 1 : 0;
        }
        if (!spatial)
            candidate.windowsFlagged = candidate.windowsSinceFirst;
        if (std::isnan(candidate.magnitude) || candidate.magnitude <= 0)
            continue;
        candidates.push_back(candidate);
    }
    return candidates;
}

std::optional<SystematicDisagreement> systematicDisagreement(const MetricEvidence &evidence,
                                                             std::span<const PeerGroup> groups,
                                                             const StragglerParams &params)
{
    const MetricMatrix &matrix = evidence.matrix;
    const int columns = matrix.columnCount();
    const int minRun = std::max(1, params.minPersistentWindows);
    std::optional<SystematicDisagreement> worst;
    std::vector<int> inconclusiveColumns;
    std::vector<double> relative;
    std::vector<double> absolute;

    for (int g = 0; g < int(groups.size()); ++g) {
        const PeerGroup &group = groups[std::size_t(g)];
        if (int(group.rows.size()) < params.minGroupSize)
            continue; // too small to ever decide: that is TooFewRanks, not disagreement
        inconclusiveColumns.clear();
        int run = 0;
        int firstRun = -1;
        for (int c = 0; c < columns; ++c) {
            int present = 0;
            bool inconclusive = false;
            for (int row : group.rows) {
                const std::size_t cell = std::size_t(row) * std::size_t(columns) + std::size_t(c);
                if (std::isnan(matrix.values[cell]))
                    continue;
                ++present;
                inconclusive |= (evidence.spatial.cellFlags[cell] & OutlierFlag::Inconclusive) != 0;
            }
            // Missing data that left fewer than minGroupSize values is not a disagreement.
            if (!inconclusive || present < params.minGroupSize) {
                run = 0;
                continue;
            }
            inconclusiveColumns.push_back(c);
            if (++run >= minRun && firstRun < 0)
                firstRun = c - run + 1;
        }
        if (firstRun < 0)
            continue;

        // Noise makes random ranks deviate in random windows; a real split keeps the same ranks
        // off the median window after window.
        int systematic = 0;
        int rowsWithData = 0;
        for (int row : group.rows) {
            relative.clear();
            absolute.clear();
            for (int c : inconclusiveColumns) {
                const std::size_t cell = std::size_t(row) * std::size_t(columns) + std::size_t(c);
                const double value = matrix.values[cell];
                const double peer = evidence.spatial.peerMedian[cell];
                if (std::isnan(value) || std::isnan(peer))
                    continue;
                absolute.push_back(value - peer);
                if (peer > 0)
                    relative.push_back(value / peer - 1);
            }
            if (absolute.empty())
                continue;
            ++rowsWithData;
            const double shiftAbs = std::abs(medianOf(absolute));
            const double shiftRel = relative.empty() ? kNaN : std::abs(medianOf(relative));
            const bool relativeLarge = relative.empty() || shiftRel > params.slowRatio - 1;
            if (relativeLarge && shiftAbs > params.minSlowdownNs && shiftAbs > 0)
                ++systematic;
        }
        if (rowsWithData == 0 || 2 * systematic < rowsWithData)
            continue;
        const int windows = int(inconclusiveColumns.size());
        if (!worst || windows > worst->windows)
            worst = SystematicDisagreement{g, firstRun, windows};
    }
    return worst;
}

double medianPeerRatio(const MetricEvidence &evidence, int row, int firstColumn)
{
    const int columns = evidence.matrix.columnCount();
    std::vector<double> ratios;
    for (int c = std::max(0, firstColumn); c < columns; ++c) {
        const std::size_t cell = std::size_t(row) * std::size_t(columns) + std::size_t(c);
        const double peer = evidence.spatial.peerMedian[cell];
        if (conclusive(evidence, cell) && peer > 0)
            ratios.push_back(evidence.matrix.values[cell] / peer);
    }
    return medianOf(ratios);
}

} // namespace rankscope
