#include "core/traces/StragglerCandidates.h"
#include "core/model/Median.h"

#include "core/traces/PeerConsensus.h"
#include "core/traces/StragglerStatistics.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rankscope {

namespace {

// Ratios to the peer median are clipped to [1/4, 4] before their log is taken: a rank that
// waited 0 ns in one window (it arrived last) must not weigh as minus infinity.
constexpr double kRatioClip = 4.0;

// Cells sampled for a metric's pooled noise: plenty for a robust sigma, cheap at 1,024 x 200.
constexpr std::size_t kNoiseSample = 20000;

// Relative excess of a cell over its peer median. A zero median (mostly-zero launch gaps) has no
// relative excess: the absolute gate stands in for it so the magnitude stays finite.
double relativeExcess(double value, double peer, double minSlowdownNs)
{
    const double base = peer > 0 ? peer : minSlowdownNs;
    return base > 0 ? (value - peer) / base : kNaN;
}

double clippedLogRatio(double value, double peer)
{
    return std::log(std::clamp(value / peer, 1 / kRatioClip, kRatioClip));
}

// One rank's conclusive windows on one metric, gathered in one pass.
struct RowWindows
{
    std::vector<int> columns;        // conclusive columns, ascending
    std::vector<int> flaggedColumns; // ... flagged Slow
    std::vector<int> aboveColumns;   // ... above the slow gate (ratio and absolute)
};

void gatherRow(const MetricEvidence &evidence, int row, const StragglerParams &params,
               RowWindows &windows)
{
    const MetricMatrix &matrix = evidence.matrix;
    const int columns = matrix.columnCount();
    windows.columns.clear();
    windows.flaggedColumns.clear();
    windows.aboveColumns.clear();
    for (int c = 0; c < columns; ++c) {
        const std::size_t cell = std::size_t(row) * std::size_t(columns) + std::size_t(c);
        if (!conclusiveCell(evidence, cell))
            continue;
        windows.columns.push_back(c);
        if (evidence.spatial.cellFlags[cell] & OutlierFlag::Slow)
            windows.flaggedColumns.push_back(c);
        const double value = matrix.values[cell];
        const double peer = evidence.spatial.peerMedian[cell];
        if (peer > 0 && value > peer * params.slowRatio && value - peer > params.minSlowdownNs)
            windows.aboveColumns.push_back(c);
    }
}

// The noise of the metric's log ratios to the peer median over all conclusive cells of all
// ranks (robust sigma of the pooled cells): the floor of a single rank's noise in the median
// test. A rank's own sigma from a few windows is no floor: of three values, the MAD is the
// smaller of the two deviations from the middle one and reads far too calm. Pooled over ranks,
// it also counts how far healthy ranks sit from each other, which is the spread a rank's median
// must stand out of. Worked out on first use, from an evenly spaced sample of the cells.
class MetricNoise
{
public:
    explicit MetricNoise(const MetricEvidence &evidence) : m_evidence(evidence) {}

    double sigma()
    {
        if (m_sigma >= 0)
            return m_sigma;
        const auto &values = m_evidence.matrix.values;
        const std::size_t stride = std::max<std::size_t>(1, values.size() / kNoiseSample);
        std::vector<double> logs;
        logs.reserve(std::min(values.size(), kNoiseSample + 1));
        for (std::size_t cell = 0; cell < values.size(); cell += stride) {
            const double peer = m_evidence.spatial.peerMedian[cell];
            if (conclusiveCell(m_evidence, cell) && peer > 0)
                logs.push_back(clippedLogRatio(values[cell], peer));
        }
        std::vector<double> scratch;
        m_sigma = robustSigma(logs, scratch);
        return m_sigma;
    }

    // Clipped log ratios to the peer median of the row's conclusive windows from firstColumn.
    static void logRatios(const MetricEvidence &evidence, int row, int firstColumn,
                          std::vector<double> &out)
    {
        const int columns = evidence.matrix.columnCount();
        out.clear();
        for (int c = std::max(0, firstColumn); c < columns; ++c) {
            const std::size_t cell = std::size_t(row) * std::size_t(columns) + std::size_t(c);
            const double peer = evidence.spatial.peerMedian[cell];
            if (conclusiveCell(evidence, cell) && peer > 0)
                out.push_back(clippedLogRatio(evidence.matrix.values[cell], peer));
        }
    }

private:
    const MetricEvidence &m_evidence;
    double m_sigma = -1;
};

// Where a rank flagged more often than chance started: of every flagged column, the one from
// which the flags stand out of the background most (the binomial z of the flags from there
// on). A late straggler with one early noisy window starts late; a periodic stall starts at
// its first stall.
int onsetColumn(const RowWindows &windows, double background)
{
    int best = windows.flaggedColumns.front();
    double bestZ = -HUGE_VAL;
    std::size_t position = 0; // index into windows.columns
    for (std::size_t i = 0; i < windows.flaggedColumns.size(); ++i) {
        const int column = windows.flaggedColumns[i];
        while (windows.columns[position] != column)
            ++position;
        const double n = double(windows.columns.size() - position);
        const double k = double(windows.flaggedColumns.size() - i);
        const double expected = n * background;
        const double z = (k - expected) / std::sqrt(std::max(expected * (1 - background), 1e-12));
        if (z > bestZ) {
            bestZ = z;
            best = column;
        }
    }
    return best;
}

double medianExcess(const MetricEvidence &evidence, int row, std::span<const int> columns,
                    const StragglerParams &params, std::vector<double> &buffer)
{
    const int width = evidence.matrix.columnCount();
    buffer.clear();
    for (int c : columns) {
        const std::size_t cell = std::size_t(row) * std::size_t(width) + std::size_t(c);
        const double value = relativeExcess(
            evidence.matrix.values[cell], evidence.spatial.peerMedian[cell], params.minSlowdownNs);
        if (!std::isnan(value))
            buffer.push_back(value);
    }
    return medianOf(buffer);
}

// A rank with too few windows to test persistence: named (tentatively) when, on a work metric,
// it is Slow in every one of its windows and off its peers' median there by more than the
// per-cell share of the same false-suspect budget (bar.maxPValue), in peer sigmas. The sigma is
// estimated from the peers of one window, so the bar is Student's t with (peers - 1) degrees of
// freedom rather than the normal z: 7.5 sigmas for 8 ranks, 4.9 for 1,024.
bool tentativelySlow(const MetricEvidence &evidence, std::span<const PeerGroup> groups, int group,
                     int row, const RowWindows &windows, const StragglerParams &params,
                     const PersistenceBar &bar, std::vector<double> &values,
                     std::vector<double> &scratch)
{
    if (isWaiterMetric(evidence.matrix.metric) || windows.columns.empty() ||
        windows.flaggedColumns.size() != windows.columns.size())
        return false;
    for (int c : windows.columns) {
        values.clear();
        for (int peer : groups[std::size_t(group)].rows) {
            const double value = evidence.matrix.at(peer, c);
            if (!std::isnan(value))
                values.push_back(value);
        }
        const double dof = double(values.size()) - 1;
        const double z = std::max(params.kappa, studentUpperQuantile(bar.maxPValue, dof));
        const PeerCenter center =
            robustPeerCenter(values, params.kappa, params.scaleMadToSigma, scratch);
        if (!(evidence.matrix.at(row, c) - center.median > z * center.scale))
            return false;
    }
    return true;
}

} // namespace

bool conclusiveCell(const MetricEvidence &evidence, std::size_t cell)
{
    return !std::isnan(evidence.matrix.values[cell]) &&
           !(evidence.spatial.cellFlags[cell] & OutlierFlag::Inconclusive);
}

PersistenceBar persistenceBar(int rows, int metrics, const StragglerParams &params)
{
    PersistenceBar bar;
    const double tests = 2.0 * std::max(1, rows) * std::max(1, metrics);
    bar.maxPValue = params.falseSuspectRate / tests;
    bar.minZ = normalUpperQuantile(bar.maxPValue);
    return bar;
}

std::vector<StragglerCandidate> persistentSlowRanks(const MetricEvidence &evidence,
                                                    std::span<const PeerGroup> groups,
                                                    const std::vector<int> &groupOfRow,
                                                    const StragglerParams &params,
                                                    const PersistenceBar &bar)
{
    const MetricMatrix &matrix = evidence.matrix;
    const int minWindows = std::max(1, params.minPersistentWindows);

    // Slow cells of this metric over cells with a conclusive consensus: the background rate a
    // rank is compared with (its own cells left out, so that a straggler does not raise it).
    std::size_t evaluated = 0;
    std::size_t slow = 0;
    for (std::size_t cell = 0; cell < matrix.values.size(); ++cell) {
        if (!conclusiveCell(evidence, cell))
            continue;
        ++evaluated;
        slow += (evidence.spatial.cellFlags[cell] & OutlierFlag::Slow) ? 1 : 0;
    }

    std::vector<const TemporalShift *> shiftOfRow(std::size_t(matrix.rowCount()), nullptr);
    // A shift alone names a suspect only on work metrics: a rank's share of the waiting moves
    // with the arrival order of its peers, which is noise, not a cause.
    const bool useShifts = !isWaiterMetric(matrix.metric);
    for (const TemporalShift &shift : evidence.shifts) {
        const int row = matrix.rowOfRank(shift.rank);
        if (useShifts && row >= 0 && shift.ratioAfter > shift.ratioBefore)
            shiftOfRow[std::size_t(row)] = &shift;
    }

    MetricNoise noise(evidence);
    std::vector<StragglerCandidate> candidates;
    RowWindows windows;
    std::vector<double> buffer;
    std::vector<double> scratch;
    std::vector<std::int64_t> flaggedIds;
    std::vector<std::int64_t> windowIds;
    for (int row = 0; row < matrix.rowCount(); ++row) {
        gatherRow(evidence, row, params, windows);
        const int total = int(windows.columns.size());
        const int flagged = int(windows.flaggedColumns.size());
        if (total == 0)
            continue;
        StragglerCandidate candidate;
        candidate.row = row;
        candidate.group = groupOfRow[std::size_t(row)];
        candidate.windowsTotal = total;

        if (total < minWindows) {
            if (!tentativelySlow(evidence, groups, candidate.group, row, windows, params, bar,
                                 buffer, scratch))
                continue;
            candidate.confidence = StragglerConfidence::Tentative;
            candidate.firstColumn = windows.columns.front();
            candidate.windowsFlagged = flagged;
            candidate.windowsSinceFirst = total;
            candidate.slowColumns = windows.columns;
            candidate.magnitude = medianExcess(evidence, row, windows.columns, params, buffer);
            if (candidate.magnitude > 0)
                candidates.push_back(std::move(candidate));
            continue;
        }

        // 1. Slow in more windows than chance.
        bool many = false;
        const double background =
            (double(slow) - flagged + 1.0) / (double(evaluated) - total + 2.0);
        if (flagged > 0 && double(flagged) > double(total) * background)
            many = binomialUpperTail(flagged, total, background) <= bar.maxPValue;
        // 2. Slower than the peers over all windows, even where no single window stands out:
        // above the slow gate in most windows, and the median ratio significantly so.
        bool sustained = false;
        if (2 * windows.aboveColumns.size() > windows.columns.size()) {
            MetricNoise::logRatios(evidence, row, 0, buffer);
            const MedianShiftTest test = medianShiftTest(buffer, noise.sigma(), scratch);
            sustained = std::exp(test.median) > params.slowRatio && test.z >= bar.minZ;
        }
        // 3. A level change on a work metric.
        const TemporalShift *shift = shiftOfRow[std::size_t(row)];
        if (!many && !sustained && !shift)
            continue;

        const int shiftColumn = shift ? matrix.columnOfWindow(shift->firstWindow) : -1;
        const auto since = [](const std::vector<int> &columns, int first) {
            return std::vector<int>(std::lower_bound(columns.begin(), columns.end(), first),
                                    columns.end());
        };
        PeriodicPattern pattern;
        if (many && !sustained) {
            flaggedIds.clear();
            for (int c : windows.flaggedColumns)
                flaggedIds.push_back(matrix.windows[std::size_t(c)]);
            windowIds.clear();
            for (int c : windows.columns)
                windowIds.push_back(matrix.windows[std::size_t(c)]);
            pattern = periodicPattern(flaggedIds, windowIds);
        }
        if (pattern.period > 1) {
            // Slow every k-th window: only those windows hold the others up.
            candidate.period = pattern.period;
            candidate.firstColumn = matrix.columnOfWindow(pattern.firstWindow);
            for (int c : since(windows.flaggedColumns, candidate.firstColumn)) {
                if ((matrix.windows[std::size_t(c)] - pattern.firstWindow) % pattern.period == 0)
                    candidate.slowColumns.push_back(c);
            }
            candidate.windowsFlagged = pattern.hits;
            candidate.magnitude =
                medianExcess(evidence, row, candidate.slowColumns, params, buffer);
        } else {
            // Onset: a level change where there is one; a rank slow throughout from its first
            // window; else where its Slow windows stand out of the background most.
            // "From its first window" means its first window above the slow gate: a rank with
            // windows missing before its slowdown (a detector that names it only when slow)
            // has no level change to find, and its first known window may be a normal one.
            if (sustained)
                candidate.firstColumn = shiftColumn >= 0 ? shiftColumn
                                        : windows.aboveColumns.empty()
                                            ? windows.columns.front()
                                            : windows.aboveColumns.front();
            else if (many)
                candidate.firstColumn =
                    shiftColumn >= 0 ? std::min(shiftColumn, onsetColumn(windows, background))
                                     : onsetColumn(windows, background);
            else
                candidate.firstColumn = shiftColumn;
            const std::vector<int> all = since(windows.columns, candidate.firstColumn);
            const std::vector<int> slowSince = since(windows.flaggedColumns, candidate.firstColumn);
            const std::vector<int> aboveSince = since(windows.aboveColumns, candidate.firstColumn);
            const bool mostly = sustained || !many || 2 * slowSince.size() >= all.size() ||
                                2 * aboveSince.size() > all.size();
            if (!mostly) {
                // Intermittent: slow in scattered windows, only those count.
                candidate.slowColumns = slowSince;
                candidate.windowsFlagged = int(slowSince.size());
                candidate.magnitude =
                    medianExcess(evidence, row, candidate.slowColumns, params, buffer);
            } else if (!many && !sustained) {
                // A level change only: the change of its ratio to the peers.
                candidate.slowColumns = all;
                candidate.windowsFlagged = int(all.size());
                candidate.magnitude = shift->ratioAfter / shift->ratioBefore - 1;
            } else {
                // Slow from its onset on: the median ratio to the peers since then.
                candidate.slowColumns = all;
                candidate.windowsFlagged = int(aboveSince.size());
                MetricNoise::logRatios(evidence, row, candidate.firstColumn, buffer);
                candidate.magnitude = buffer.empty() ? kNaN : std::exp(medianOf(buffer)) - 1;
            }
        }
        candidate.windowsSinceFirst = int(since(windows.columns, candidate.firstColumn).size());
        if (std::isnan(candidate.magnitude) || candidate.magnitude <= 0)
            continue;
        candidates.push_back(std::move(candidate));
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
        if (conclusiveCell(evidence, cell) && peer > 0)
            ratios.push_back(evidence.matrix.values[cell] / peer);
    }
    return medianOf(ratios);
}

} // namespace rankscope
