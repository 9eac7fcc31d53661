#pragma once

#include "core/logs/JobStepSeries.h"
#include "core/model/Message.h"

#include <string>

namespace rankscope {

// Whether iterations got slower or faster between a baseline and a target run, from each run's
// job-level step-time series (JobStepSeries: the logs' iteration lines). Each run is one robust
// figure, the median over its steady iterations (steadyStepTime: warm-up skipped). A change is
// significant when both
//  - the medians differ by at least kMinRelativeChange (healthy runs of one job differ by a few
//    percent: other nodes, other data order), and
//  - the steady step times of the two runs are told apart by a Mann-Whitney rank-sum test with
//    |z| >= kMinZ (tie-corrected normal approximation), so a few noisy iterations say nothing.
// Two healthy runs therefore give no sentence; a 10% slower run over dozens of iterations does.
struct StepTimeComparison
{
    static constexpr double kMinRelativeChange = 0.05;
    static constexpr double kMinZ = 3.0;

    SteadyStepTime baseline;
    SteadyStepTime target;
    bool comparable = false;   // both runs have a steady step time
    double relativeChange = 0; // target / baseline - 1
    double z = 0;              // > 0: the target's step times rank higher
    bool significant = false;
};

StepTimeComparison compareStepTimes(const JobStepSeries &baseline, const JobStepSeries &target);

// A step time as people say it: "850 ms", "137 s", "12.5 min" (seconds up to 1,000, so that
// two runs around two minutes read "137 s" and "125 s", not "2.28 min").
std::string stepTimeText(double ms);

// The plain-word sentence of a significant change: "Iterations take 137 s, 10% longer than the
// baseline's 125 s (median of iterations 4-49 against 4-62; the first 3 and 3 skipped as
// warm-up)."; "" when not significant.
std::string stepTimeSentence(const StepTimeComparison &comparison);
// The same sentence as a message (diff.stepSeries.*), empty when not significant.
Message stepTimeSentenceMessage(const StepTimeComparison &comparison);

} // namespace rankscope
