#include "core/traces/PeerConsensus.h"
#include "core/model/Median.h"

#include <algorithm>
#include <cmath>

namespace rankscope {

namespace {

// SCOUT's thresholds (detection/c3.py): below them a scale counts as zero.
constexpr double kZeroScale = 1e-12;
constexpr double kZeroRange = 1e-9;

double upperMedian(std::span<double> values)
{
    const auto middle = values.begin() + std::ptrdiff_t(values.size() / 2);
    std::nth_element(values.begin(), middle, values.end());
    return *middle;
}

// numpy's default (linear) percentile of sorted values.
double linearQuantile(const std::vector<double> &sorted, double q)
{
    const double position = q * double(sorted.size() - 1);
    const auto below = std::size_t(std::floor(position));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    const double fraction = position - double(below);
    return sorted[below] + (sorted[above] - sorted[below]) * fraction;
}

} // namespace

PeerCenter robustPeerCenter(std::span<double> values, double kappa, bool scaleMadToSigma,
                            std::vector<double> &scratch)
{
    PeerCenter center;
    if (values.empty())
        return center;
    center.median = upperMedian(values);
    scratch.resize(values.size());
    for (std::size_t i = 0; i < values.size(); ++i)
        scratch[i] = std::abs(values[i] - center.median);
    const double mad = upperMedian(scratch);
    if (mad >= kZeroScale) {
        center.scale = scaleMadToSigma ? kMadToSigma * mad : mad;
        center.source = PeerScaleSource::Mad;
        return center;
    }
    // More than half the peers share one value: only the fallbacks have a spread. Rare enough
    // (integer-like metrics, mostly-zero launch gaps) that a full sort is fine.
    scratch.assign(values.begin(), values.end());
    std::sort(scratch.begin(), scratch.end());
    const double iqr = linearQuantile(scratch, 0.75) - linearQuantile(scratch, 0.25);
    if (iqr >= kZeroScale) {
        center.scale = iqr;
        center.source = PeerScaleSource::Iqr;
        return center;
    }
    const double range = scratch.back() - scratch.front();
    if (range < kZeroRange) {
        center.scale = 0;
        center.source = PeerScaleSource::Flat;
        return center;
    }
    center.scale = range / (2 * kappa);
    center.source = PeerScaleSource::Range;
    return center;
}

PeerClassification classifyPeers(std::span<const MetricValue> values, const StragglerParams &params,
                                 std::span<std::uint8_t> flags, PeerScratch &scratch,
                                 const std::function<double()> &noiseScale)
{
    PeerClassification result;
    std::fill(flags.begin(), flags.end(), std::uint8_t(0));
    scratch.values.clear();
    for (MetricValue value : values) {
        if (!std::isnan(value))
            scratch.values.push_back(value);
    }
    const int count = int(scratch.values.size());
    if (count == 0)
        return result;
    result.center =
        robustPeerCenter(scratch.values, params.kappa, params.scaleMadToSigma, scratch.deviations);
    const double median = result.center.median;
    if (count < params.minGroupSize) {
        // Two disagreeing peers can detect a mismatch but cannot identify the faulty one.
        result.verdict = PeerVerdict::Inconclusive;
        for (std::size_t i = 0; i < values.size(); ++i) {
            if (!std::isnan(values[i]))
                flags[i] = OutlierFlag::Inconclusive;
        }
        return result;
    }

    const double limit = params.kappa * result.center.scale;
    const double slowGate = std::max(median * params.slowRatio, median + params.minSlowdownNs);
    // The same practical margin below the median: used only for the healthy-majority count.
    const double margin = slowGate - median;
    int beyondMargin = 0; // not statistical outliers, but off the median by more than the margin
    for (std::size_t i = 0; i < values.size(); ++i) {
        const double value = values[i];
        if (std::isnan(value))
            continue;
        const double deviation = std::abs(value - median);
        const bool statistical = result.center.source != PeerScaleSource::Flat && deviation > limit;
        if (statistical)
            ++result.deviant;
        else if (deviation > margin)
            ++beyondMargin;
        if (!statistical)
            continue;
        if (value > slowGate) {
            flags[i] = OutlierFlag::Slow;
            ++result.slow;
        } else if (value < median) {
            flags[i] = OutlierFlag::Fast;
            ++result.fast;
        }
    }
    // Only when those beyond the margin could cost the majority is the jitter worth measuring.
    if (beyondMargin > 0 && 2 * (count - result.deviant - beyondMargin) <= count) {
        const double noise = noiseScale ? noiseScale() : 0.0;
        const double noiseLimit = noise > 0 ? params.kappa * noise : 0.0;
        for (MetricValue value : values) {
            const double deviation = std::abs(value - median);
            if (!std::isnan(value) && deviation <= limit && deviation > margin &&
                deviation > noiseLimit)
                ++result.deviant;
        }
    }

    const int healthy = count - result.deviant;
    if (2 * healthy <= count) {
        result.verdict = PeerVerdict::Inconclusive;
        result.slow = result.fast = 0;
        for (std::size_t i = 0; i < values.size(); ++i) {
            if (!std::isnan(values[i]))
                flags[i] = OutlierFlag::Inconclusive;
        }
        return result;
    }
    result.verdict = result.slow + result.fast > 0 ? PeerVerdict::Attributed : PeerVerdict::Agree;
    return result;
}

} // namespace rankscope
