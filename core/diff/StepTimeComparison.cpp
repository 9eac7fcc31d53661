#include "core/diff/StepTimeComparison.h"

#include "core/diff/DiffWording.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace rankscope {

namespace {

// The Mann-Whitney U statistic of `target` against `baseline` as a z score (normal
// approximation with the tie correction), > 0 when the target's values rank higher.
double rankSumZ(const std::vector<double> &baseline, const std::vector<double> &target)
{
    const double n1 = double(baseline.size());
    const double n2 = double(target.size());
    if (n1 == 0 || n2 == 0)
        return 0;
    std::vector<std::pair<double, int>> all; // (value, 1 for the target)
    all.reserve(baseline.size() + target.size());
    for (double value : baseline)
        all.emplace_back(value, 0);
    for (double value : target)
        all.emplace_back(value, 1);
    std::sort(all.begin(), all.end());
    double targetRanks = 0;
    double ties = 0; // sum of t^3 - t over tied groups
    for (std::size_t i = 0; i < all.size();) {
        std::size_t j = i;
        while (j < all.size() && all[j].first == all[i].first)
            ++j;
        const double rank = (double(i + 1) + double(j)) / 2; // mean rank of the group
        for (std::size_t k = i; k < j; ++k)
            targetRanks += all[k].second * rank;
        const double t = double(j - i);
        ties += t * t * t - t;
        i = j;
    }
    const double u = targetRanks - n2 * (n2 + 1) / 2;
    const double n = n1 + n2;
    const double variance = n1 * n2 / 12 * ((n + 1) - ties / (n * (n - 1)));
    if (variance <= 0)
        return 0;
    return (u - n1 * n2 / 2) / std::sqrt(variance);
}

std::string iterationRange(const SteadyStepTime &steady)
{
    return std::to_string(steady.fromIteration) + "\u2013" + std::to_string(steady.toIteration);
}

} // namespace

std::string stepTimeText(double ms)
{
    if (ms < 1000)
        return shortNumber(ms) + " ms";
    if (ms < 1e6)
        return shortNumber(ms / 1000) + " s";
    return shortNumber(ms / 60000) + " min";
}

StepTimeComparison compareStepTimes(const JobStepSeries &baseline, const JobStepSeries &target)
{
    StepTimeComparison comparison;
    comparison.baseline = steadyStepTime(baseline);
    comparison.target = steadyStepTime(target);
    comparison.comparable =
        comparison.baseline.known && comparison.target.known && comparison.baseline.medianMs > 0;
    if (!comparison.comparable)
        return comparison;
    comparison.relativeChange = comparison.target.medianMs / comparison.baseline.medianMs - 1;
    comparison.z = rankSumZ(comparison.baseline.stepTimesMs, comparison.target.stepTimesMs);
    comparison.significant =
        std::abs(comparison.relativeChange) >= StepTimeComparison::kMinRelativeChange &&
        std::abs(comparison.z) >= StepTimeComparison::kMinZ &&
        (comparison.z > 0) == (comparison.relativeChange > 0);
    return comparison;
}

Message stepTimeSentenceMessage(const StepTimeComparison &comparison)
{
    if (!comparison.significant)
        return {};
    const double percent = 100.0 * std::abs(comparison.relativeChange);
    const bool longer = comparison.relativeChange > 0;
    const StepTimeComparison &c = comparison;
    std::vector<MessageArgument> arguments{
        stepTimeText(c.target.medianMs),   shortNumber(percent, percent >= 100 ? 3 : 2),
        stepTimeText(c.baseline.medianMs), iterationRange(c.target),
        iterationRange(c.baseline),        c.target.warmupSkipped};
    if (c.baseline.warmupSkipped != c.target.warmupSkipped) {
        arguments.emplace_back(c.baseline.warmupSkipped);
        return longer ? Message(RANKSCOPE_MESSAGE("diff.stepSeries.longerWarmups",
                                                  "Iterations take %1, %2% longer than the "
                                                  "baseline's %3 (median of iterations %4 "
                                                  "against %5; the first %6 and %7 iteration "
                                                  "lines skipped as warm-up)."),
                                std::move(arguments))
                      : Message(RANKSCOPE_MESSAGE("diff.stepSeries.lessWarmups",
                                                  "Iterations take %1, %2% less than the "
                                                  "baseline's %3 (median of iterations %4 "
                                                  "against %5; the first %6 and %7 iteration "
                                                  "lines skipped as warm-up)."),
                                std::move(arguments));
    }
    return longer ? Message(RANKSCOPE_MESSAGE("diff.stepSeries.longer",
                                              "Iterations take %1, %2% longer than the "
                                              "baseline's %3 (median of iterations %4 against "
                                              "%5; the first %6 iteration lines skipped as "
                                              "warm-up)."),
                            std::move(arguments))
                  : Message(RANKSCOPE_MESSAGE("diff.stepSeries.less",
                                              "Iterations take %1, %2% less than the baseline's "
                                              "%3 (median of iterations %4 against %5; the first "
                                              "%6 iteration lines skipped as warm-up)."),
                            std::move(arguments));
}

std::string stepTimeSentence(const StepTimeComparison &comparison)
{
    return stepTimeSentenceMessage(comparison).english();
}

} // namespace rankscope
