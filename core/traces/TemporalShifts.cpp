#include "core/model/Median.h"
#include "core/traces/StragglerDetection.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace rankscope {

namespace {

// Share of a segment that must sit on its own side of the midpoint between the two levels: the
// change must hold, not be carried by a few spikes. Greyhound filters its change points by a 10%
// degradation; this is the "and stays shifted" half of the rule.
constexpr double kConsistentShare = 0.8;

// The level change must stand out of the series' own noise by this many standard errors. The
// split is the best of ~n candidates for each of ~10^4 series (ranks x metrics), so the bar is
// far above the usual 2-3 sigma.
constexpr double kShiftSigmas = 6.0;

// Spikes far from the rank's usual ratio are clipped before the change point is located, so one
// 10x window cannot pull the split towards itself.
constexpr double kClipFactor = 4.0;

struct RankSeries
{
    std::vector<int> columns;
    std::vector<double> ratios; // value / peer median, in window order
    std::vector<double> peerMedians;
};

// Per window, the typical window-to-window jitter of a rank relative to its peer median: the
// noise a rank's own series has there, measured on all ranks at once. Worked out on first use:
// most ranks never get as far as the significance test.
class WindowNoise
{
public:
    WindowNoise(const MetricMatrix &matrix, const SpatialOutliers &spatial)
        : m_matrix(matrix), m_spatial(spatial)
    {}

    double at(int column)
    {
        if (m_noise.empty())
            compute();
        return m_noise[std::size_t(column)];
    }

private:
    void compute()
    {
        const int columns = m_matrix.columnCount();
        m_noise.assign(std::size_t(columns), 0.0);
        std::vector<double> buffer;
        for (int c = 0; c < columns; ++c) {
            buffer.clear();
            for (int row = 0; row < m_matrix.rowCount(); ++row) {
                const double jitter = ratioJitter(row, c);
                if (!std::isnan(jitter))
                    buffer.push_back(jitter);
            }
            if (!buffer.empty())
                m_noise[std::size_t(c)] = medianOf(buffer);
        }
    }

    // The rank's value over the peer median in a window, NaN when either is unknown.
    double ratio(int row, int column) const
    {
        const std::size_t cell =
            std::size_t(row) * std::size_t(m_matrix.columnCount()) + std::size_t(column);
        const MetricValue peer = m_spatial.peerMedian[cell];
        const MetricValue value = m_matrix.values[cell];
        return peer > 0 && !std::isnan(value) ? double(value) / double(peer)
                                              : std::numeric_limits<double>::quiet_NaN();
    }

    // The window-to-window jitter of the rank's ratio to its peer median (windowJitter's
    // estimator on ratios): a factor every rank shares in one window (a slower step for all,
    // real jobs vary by tens of percent) cancels in the ratio and must not count as noise,
    // or no level change would ever stand out of it.
    double ratioJitter(int row, int column) const
    {
        const double here = ratio(row, column);
        if (std::isnan(here))
            return here;
        const double before =
            column > 0 ? ratio(row, column - 1) : std::numeric_limits<double>::quiet_NaN();
        const double after = column + 1 < m_matrix.columnCount()
                                 ? ratio(row, column + 1)
                                 : std::numeric_limits<double>::quiet_NaN();
        const bool haveBefore = !std::isnan(before);
        const bool haveAfter = !std::isnan(after);
        if (haveBefore && haveAfter)
            return std::min(std::abs(here - before), std::abs(after - here)) / 0.5487;
        if (haveBefore || haveAfter)
            return std::abs(here - (haveBefore ? before : after)) / 0.9539;
        return std::numeric_limits<double>::quiet_NaN();
    }

    const MetricMatrix &m_matrix;
    const SpatialOutliers &m_spatial;
    std::vector<double> m_noise;
};

struct SeriesScratch
{
    std::vector<double> sorted;
    std::vector<double> prefix;
    std::vector<double> clipped;
};

// The split that best separates two levels (the CUSUM / least-squares single change point),
// with at least `minSegment` points on each side. Returns -1 when the series is too short.
int bestSplit(const std::vector<double> &ratios, int minSegment, SeriesScratch &scratch)
{
    const int n = int(ratios.size());
    if (n < 2 * minSegment)
        return -1;
    scratch.prefix.assign(std::size_t(n) + 1, 0.0);
    for (int i = 0; i < n; ++i)
        scratch.prefix[std::size_t(i) + 1] =
            scratch.prefix[std::size_t(i)] + ratios[std::size_t(i)];
    const double total = scratch.prefix.back();
    int best = -1;
    double bestScore = -1;
    for (int t = minSegment; t <= n - minSegment; ++t) {
        const double before = scratch.prefix[std::size_t(t)] / t;
        const double after = (total - scratch.prefix[std::size_t(t)]) / (n - t);
        const double score = std::abs(after - before) * std::sqrt(double(t) * double(n - t));
        if (score > bestScore) {
            bestScore = score;
            best = t;
        }
    }
    return best;
}

std::optional<TemporalShift> shiftOf(const RankSeries &series, const MetricMatrix &matrix, int row,
                                     const StragglerParams &params, WindowNoise &windowNoise,
                                     SeriesScratch &scratch)
{
    const int minSegment = std::max(1, params.minPersistentWindows);
    const int n = int(series.ratios.size());
    if (n < 2 * minSegment)
        return std::nullopt;

    scratch.sorted = series.ratios;
    const double usual = medianOf(scratch.sorted);
    if (!(usual > 0))
        return std::nullopt;
    std::vector<double> &clipped = scratch.clipped;
    clipped = series.ratios;
    for (double &ratio : clipped)
        ratio = std::clamp(ratio, usual / kClipFactor, usual * kClipFactor);

    int split = bestSplit(clipped, minSegment, scratch);
    if (split < 0)
        return std::nullopt;
    // Cheap first look on the means (most ranks never move): a shift of the medians by 10%
    // moves the clipped means by about as much.
    const double meanBefore = scratch.prefix[std::size_t(split)] / split;
    const double meanAfter =
        (scratch.prefix.back() - scratch.prefix[std::size_t(split)]) / (n - split);
    if (std::abs(meanAfter - meanBefore) < 0.5 * params.temporalShift * std::abs(meanBefore))
        return std::nullopt;

    scratch.sorted.assign(clipped.begin(), clipped.begin() + split);
    const double before = medianOf(scratch.sorted);
    scratch.sorted.assign(clipped.begin() + split, clipped.end());
    const double after = medianOf(scratch.sorted);
    if (!(before > 0) || std::abs(after / before - 1) <= params.temporalShift)
        return std::nullopt;

    // Practically large: the moved share of the peer median must exceed the absolute gate.
    scratch.sorted.assign(series.peerMedians.begin() + split, series.peerMedians.end());
    const double peerLevel = medianOf(scratch.sorted);
    if (std::abs(after - before) * peerLevel < params.minSlowdownNs)
        return std::nullopt;

    // Each side's noise around its own level (robust: 1.4826 x MAD of the unclipped residuals:
    // clipping would make a run of near-zero waits look noiseless). Noise can
    // change at the split: when a straggler appears its peers' waits grow and their ratios to
    // the peer median tighten, which must not read as a shift of the noisier side's median.
    // A few windows can look calm by chance, so the jitter of all ranks in the same windows
    // (thousands of cells) is a floor.
    const auto noiseOf = [&](int from, int to, double level) {
        scratch.sorted.clear();
        for (int i = from; i < to; ++i)
            scratch.sorted.push_back(std::abs(series.ratios[std::size_t(i)] - level));
        const double own = kMadToSigma * medianOf(scratch.sorted);
        scratch.sorted.clear();
        for (int i = from; i < to; ++i)
            scratch.sorted.push_back(windowNoise.at(series.columns[std::size_t(i)]));
        return std::max(own, medianOf(scratch.sorted));
    };
    // The larger of the two stands for both: a short segment of three windows can look
    // noiseless by chance, and the split was chosen where such luck helps most.
    const double noise = std::max(noiseOf(0, split, before), noiseOf(split, n, after));
    const double standardError = noise * std::sqrt(1.0 / split + 1.0 / (n - split));
    if (std::abs(after - before) <= kShiftSigmas * standardError)
        return std::nullopt;

    const bool up = after > before;
    const double midpoint = (before + after) / 2;
    const auto shifted = [&](double ratio) { return up ? ratio > midpoint : ratio < midpoint; };
    int afterShifted = 0;
    for (int i = split; i < n; ++i)
        afterShifted += shifted(clipped[std::size_t(i)]) ? 1 : 0;
    int beforeSteady = 0;
    for (int i = 0; i < split; ++i)
        beforeSteady += shifted(clipped[std::size_t(i)]) ? 0 : 1;
    if (afterShifted < kConsistentShare * (n - split) || afterShifted < minSegment ||
        beforeSteady < kConsistentShare * split)
        return std::nullopt;

    // The least-squares split can land one noisy window early; the change starts at the first
    // window that actually moved.
    while (split < n - 1 && !shifted(clipped[std::size_t(split)]))
        ++split;

    TemporalShift shift;
    shift.rank = matrix.ranks[std::size_t(row)];
    shift.firstWindow = matrix.windows[std::size_t(series.columns[std::size_t(split)])];
    shift.ratioBefore = before;
    shift.ratioAfter = after;
    return shift;
}

} // namespace

std::vector<TemporalShift> detectTemporalShifts(const MetricMatrix &matrix,
                                                const SpatialOutliers &spatial,
                                                const StragglerParams &params)
{
    std::vector<TemporalShift> shifts;
    const int columns = matrix.columnCount();
    RankSeries series;
    SeriesScratch scratch;

    WindowNoise windowNoise(matrix, spatial);
    for (int row = 0; row < matrix.rowCount(); ++row) {
        series.columns.clear();
        series.ratios.clear();
        series.peerMedians.clear();
        for (int c = 0; c < columns; ++c) {
            const std::size_t cell = std::size_t(row) * std::size_t(columns) + std::size_t(c);
            const MetricValue value = matrix.values[cell];
            const MetricValue peer = spatial.peerMedian[cell];
            // Windows without a conclusive peer consensus say nothing about the rank.
            if (std::isnan(value) || !(peer > 0) ||
                (spatial.cellFlags[cell] & OutlierFlag::Inconclusive))
                continue;
            series.columns.push_back(c);
            series.ratios.push_back(double(value) / double(peer));
            series.peerMedians.push_back(peer);
        }
        if (auto shift = shiftOf(series, matrix, row, params, windowNoise, scratch))
            shifts.push_back(*shift);
    }
    return shifts;
}

} // namespace rankscope
