#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace rankscope {

// The small statistical tests behind the straggler analysis's persistence decision
// (docs/stragglers.md section 4): "slow in more windows than chance", "slower than its peers
// over all windows", and "slow every k-th window".

// P(X >= k) for X ~ Binomial(n, p): the chance that noise alone flags a rank in k of its n
// windows when it flags a cell with probability p.
double binomialUpperTail(int k, int n, double p);

// The z with P(Z > z) = p for a standard normal variable (p in (0, 0.5]).
double normalUpperQuantile(double p);

// P(T > t) for Student's t with `dof` degrees of freedom, and the t with P(T > t) = p: the bar
// for a value against a scale estimated from few peers (a single window of 8 ranks), which is
// itself uncertain; it tends to the normal one as the peers grow in number.
double studentUpperTail(double t, double dof);
double studentUpperQuantile(double p, double dof);

// Test of "the rank is slower than its peers over all its windows" on the log of its ratio to the
// peer median, one value per window: the median against 0, with the standard error of a median
// (1.2533 sigma / sqrt(n)) and sigma from the series' own MAD, floored by `sigmaFloor` (the
// typical sigma of all ranks: a short series can look calm by chance).
struct MedianShiftTest
{
    double median = 0; // median log ratio
    double sigma = 0;  // the noise used
    double z = 0;      // median / its standard error (0 when sigma is 0 and the median is 0)
};
MedianShiftTest medianShiftTest(std::span<const double> logRatios, double sigmaFloor,
                                std::vector<double> &scratch);

// Robust sigma (1.4826 x MAD) of `values` around their median; 0 for fewer than 2 values.
double robustSigma(std::span<const double> values, std::vector<double> &scratch);

// A rank slow only every k-th window: `flagged` are the ids of the windows where it was slow,
// ascending; `windows` every window id it has data in, ascending. The period is the most common
// gap between flagged windows when at least kPeriodicShare of the flagged windows fall on one
// residue modulo it and they fill kPeriodicShare of that residue's windows from the first hit
// to the end, over at least 3 periods. None (period 0) for a sustained or random pattern.
struct PeriodicPattern
{
    int period = 0;
    std::int64_t firstWindow = 0; // the first flagged window on the pattern
    int hits = 0;                 // flagged windows on the pattern
};
PeriodicPattern periodicPattern(std::span<const std::int64_t> flagged,
                                std::span<const std::int64_t> windows);

} // namespace rankscope
