#pragma once

#include "core/traces/StragglerDetection.h"

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace rankscope {

// Which estimate gave the scale of a peer vector: SCOUT's fallback chain for vectors where more
// than half the peers report the same value (MAD = 0), then the interquartile range, then the
// range. Flat means every value is (nearly) the same: the peers agree.
enum class PeerScaleSource : std::uint8_t
{
    Mad,
    Iqr,
    Range,
    Flat,
};

struct PeerCenter
{
    double median = 0; // the UPPER median for even N, as SCOUT's sorted(v)[N // 2]
    double scale = 0;  // MAD (times 1.4826 when asked), else IQR, else range / (2 kappa)
    PeerScaleSource source = PeerScaleSource::Flat;
};

// Robust center and scale of `values` (reordered in place; N >= 1). `scratch` is reused between
// calls so the per-column loop of a 1024-rank matrix does not allocate.
PeerCenter robustPeerCenter(std::span<double> values, double kappa, bool scaleMadToSigma,
                            std::vector<double> &scratch);

// SCOUT's C3 classification of one peer vector in STATISTICAL mode plus the slow gate and the
// strict healthy majority the issue asks for.
enum class PeerVerdict : std::uint8_t
{
    Agree,        // no value is both a statistical outlier and practically slower
    Attributed,   // some values are flagged Slow or Fast and a strict majority is healthy
    Inconclusive, // half the peers or more deviate: nobody can be named
};

struct PeerClassification
{
    PeerVerdict verdict = PeerVerdict::Agree;
    PeerCenter center;
    int slow = 0;
    int fast = 0;
    int deviant = 0; // statistical outliers, or values off the median by more than the slow gate
};

// Reusable buffers for classifyPeers.
struct PeerScratch
{
    std::vector<double> values;
    std::vector<double> deviations;
};

// Classifies `values` (NaN entries are ignored and get no flag) and writes OutlierFlag bits into
// `flags` (same size as values). Slow: |x - median| > kappa * scale and
// x > max(median * slowRatio, median + minSlowdownNs). Fast: |x - median| > kappa * scale and
// x < median.
// A peer is unhealthy when it is a statistical outlier, or when it is off the median by more than
// the slow gate in either direction and by more than kappa * noiseScale() (how much one rank's
// value jitters from window to window; 0 or no function when unknown; asked only when needed). The
// second test is what catches "half the group is slow": the two clusters inflate the MAD so much
// that nothing is a statistical outlier, yet each rank sits steadily in its cluster. Plain noise,
// however large, jitters as much as it spreads and stays healthy. Without a strict healthy majority
// (healthy > N / 2), or with fewer than params.minGroupSize values, every present value is flagged
// Inconclusive.
PeerClassification classifyPeers(std::span<const MetricValue> values, const StragglerParams &params,
                                 std::span<std::uint8_t> flags, PeerScratch &scratch,
                                 const std::function<double()> &noiseScale = {});

} // namespace rankscope
