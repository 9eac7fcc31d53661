#include "core/traces/StragglerStatistics.h"
#include "core/model/Median.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace rankscope {

namespace {

// Standard error of a median in units of sigma / sqrt(n) (Gaussian values): sqrt(pi / 2).
constexpr double kMedianStandardError = 1.2533;
// Share of the flagged windows that must lie on the pattern, and of the pattern's windows that
// must be flagged: a stall that is sometimes missed, or a stray noisy window, keeps the pattern.
constexpr double kPeriodicShare = 0.8;
constexpr int kMinPeriods = 3;

} // namespace

double binomialUpperTail(int k, int n, double p)
{
    if (k <= 0)
        return 1;
    if (k > n || p <= 0)
        return 0;
    if (p >= 1)
        return 1;
    // The first term in log space, then the ratio of consecutive terms; past the mode they
    // shrink geometrically, so the sum stops when they no longer matter.
    double term = std::exp(std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0) +
                           k * std::log(p) + (n - k) * std::log1p(-p));
    double sum = 0;
    const double odds = p / (1 - p);
    for (int i = k; i <= n; ++i) {
        sum += term;
        if (term < sum * 1e-15 && i > n * p)
            break;
        term *= odds * double(n - i) / double(i + 1);
    }
    return std::min(1.0, sum);
}

double normalUpperQuantile(double p)
{
    p = std::clamp(p, 1e-300, 0.5);
    // Bisection on the exact tail: called once per metric, so simplicity wins over speed.
    double low = 0;
    double high = 40;
    for (int i = 0; i < 100; ++i) {
        const double mid = (low + high) / 2;
        if (0.5 * std::erfc(mid / std::sqrt(2.0)) > p)
            low = mid;
        else
            high = mid;
    }
    return (low + high) / 2;
}

namespace {

// The continued fraction of the regularized incomplete beta function I_x(a, b) (modified Lentz),
// valid for x < (a + 1) / (a + b + 2).
double betaContinuedFraction(double a, double b, double x)
{
    constexpr double kTiny = 1e-300;
    constexpr double kEpsilon = 1e-15;
    double c = 1;
    double d = 1 - (a + b) * x / (a + 1);
    d = 1 / (std::abs(d) < kTiny ? kTiny : d);
    double h = d;
    for (int m = 1; m <= 300; ++m) {
        const double m2 = 2.0 * m;
        double step = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
        d = 1 + step * d;
        d = 1 / (std::abs(d) < kTiny ? kTiny : d);
        c = 1 + step / (std::abs(c) < kTiny ? kTiny : c);
        h *= d * c;
        step = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
        d = 1 + step * d;
        d = 1 / (std::abs(d) < kTiny ? kTiny : d);
        c = 1 + step / (std::abs(c) < kTiny ? kTiny : c);
        const double delta = d * c;
        h *= delta;
        if (std::abs(delta - 1) < kEpsilon)
            break;
    }
    return h;
}

double regularizedBeta(double x, double a, double b)
{
    if (x <= 0)
        return 0;
    if (x >= 1)
        return 1;
    const double front = std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) +
                                  a * std::log(x) + b * std::log1p(-x));
    if (x < (a + 1) / (a + b + 2))
        return front * betaContinuedFraction(a, b, x) / a;
    return 1 - front * betaContinuedFraction(b, a, 1 - x) / b;
}

} // namespace

double studentUpperTail(double t, double dof)
{
    if (!(dof > 0))
        return 0.5;
    const double tail = 0.5 * regularizedBeta(dof / (dof + t * t), dof / 2, 0.5);
    return t >= 0 ? tail : 1 - tail;
}

double studentUpperQuantile(double p, double dof)
{
    p = std::clamp(p, 1e-300, 0.5);
    double low = 0;
    double high = 1;
    while (studentUpperTail(high, dof) > p && high < 1e12)
        high *= 2;
    for (int i = 0; i < 200 && high - low > 1e-9 * high; ++i) {
        const double mid = (low + high) / 2;
        if (studentUpperTail(mid, dof) > p)
            low = mid;
        else
            high = mid;
    }
    return (low + high) / 2;
}

double robustSigma(std::span<const double> values, std::vector<double> &scratch)
{
    if (values.size() < 2)
        return 0;
    scratch.assign(values.begin(), values.end());
    const double median = medianOf(scratch);
    for (double &value : scratch)
        value = std::abs(value - median);
    return kMadToSigma * medianOf(scratch);
}

MedianShiftTest medianShiftTest(std::span<const double> logRatios, double sigmaFloor,
                                std::vector<double> &scratch)
{
    MedianShiftTest test;
    if (logRatios.empty())
        return test;
    scratch.assign(logRatios.begin(), logRatios.end());
    test.median = medianOf(scratch);
    test.sigma = std::max(robustSigma(logRatios, scratch), sigmaFloor);
    const double standardError =
        kMedianStandardError * test.sigma / std::sqrt(double(logRatios.size()));
    if (standardError > 0)
        test.z = test.median / standardError;
    else
        test.z = test.median > 0 ? HUGE_VAL : 0;
    return test;
}

PeriodicPattern periodicPattern(std::span<const std::int64_t> flagged,
                                std::span<const std::int64_t> windows)
{
    PeriodicPattern pattern;
    if (int(flagged.size()) < kMinPeriods || windows.empty())
        return pattern;
    std::map<std::int64_t, int> gapCounts;
    for (std::size_t i = 1; i < flagged.size(); ++i)
        ++gapCounts[flagged[i] - flagged[i - 1]];
    std::int64_t period = 0;
    int best = 0;
    for (const auto &[gap, count] : gapCounts) {
        if (count > best) {
            best = count;
            period = gap;
        }
    }
    if (period < 2 || period > windows.back() - windows.front())
        return pattern;

    std::map<std::int64_t, int> residueCounts;
    for (std::int64_t window : flagged)
        ++residueCounts[((window % period) + period) % period];
    std::int64_t residue = 0;
    int hits = 0;
    for (const auto &[value, count] : residueCounts) {
        if (count > hits) {
            hits = count;
            residue = value;
        }
    }
    if (hits < kPeriodicShare * double(flagged.size()))
        return pattern;
    const auto onPattern = [&](std::int64_t window) {
        return ((window % period) + period) % period == residue;
    };
    const std::int64_t first = *std::find_if(flagged.begin(), flagged.end(), onPattern);
    int slots = 0;
    for (std::int64_t window : windows)
        slots += window >= first && onPattern(window) ? 1 : 0;
    if (slots < kMinPeriods || hits < kPeriodicShare * double(slots))
        return pattern;
    pattern.period = int(period);
    pattern.firstWindow = first;
    pattern.hits = hits;
    return pattern;
}

} // namespace rankscope
