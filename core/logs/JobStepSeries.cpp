#include "core/logs/JobStepSeries.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace rankscope {

namespace {

// Warm-up: the first tenth of the iteration lines (rounded up), at least 2 and at most 50.
constexpr int kWarmupDivisor = 10;
constexpr int kMinWarmup = 2;
constexpr int kMaxWarmup = 50;

bool known(double value)
{
    return !std::isnan(value);
}

double median(std::vector<double> values)
{
    if (values.empty())
        return std::numeric_limits<double>::quiet_NaN();
    const std::size_t middle = values.size() / 2;
    std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(middle), values.end());
    const double upper = values[middle];
    if (values.size() % 2 == 1)
        return upper;
    const double lower = *std::max_element(values.begin(), values.begin() + std::ptrdiff_t(middle));
    return (lower + upper) / 2;
}

// One stream's iteration lines (a rank's, or the lines of no rank) as points, one per iteration:
// the first line of an iteration gives it, later ones fill figures it lacks.
std::vector<JobStepPoint> streamPoints(const std::vector<const LogIterationRecord *> &records,
                                       bool &fromGaps)
{
    std::map<std::int64_t, JobStepPoint> byIteration;
    for (const LogIterationRecord *record : records) {
        if (record->iteration < 0)
            continue;
        auto [it, inserted] = byIteration.try_emplace(record->iteration);
        JobStepPoint &point = it->second;
        if (inserted) {
            point.iteration = record->iteration;
            point.timeNs = record->timeNs;
        }
        if (!known(point.stepTimeMs) && known(record->stepTimeMs) && record->stepTimeMs >= 0)
            point.stepTimeMs = record->stepTimeMs;
        if (!known(point.loss) && known(record->loss))
            point.loss = record->loss;
        if (point.timeNs <= 0)
            point.timeNs = record->timeNs;
    }
    std::vector<JobStepPoint> points;
    points.reserve(byIteration.size());
    for (auto &[iteration, point] : byIteration)
        points.push_back(point);
    // Lines without a step time of their own (HF Trainer): the time since the previous line
    // over the iterations between them.
    for (std::size_t i = 1; i < points.size(); ++i) {
        JobStepPoint &point = points[i];
        const JobStepPoint &previous = points[i - 1];
        if (known(point.stepTimeMs) || point.timeNs <= 0 || previous.timeNs <= 0 ||
            point.timeNs <= previous.timeNs)
            continue;
        point.stepTimeMs = double(point.timeNs - previous.timeNs) / 1e6 /
                           double(point.iteration - previous.iteration);
        fromGaps = true;
    }
    return points;
}

} // namespace

const char *jobStepSourceKey(JobStepSource source)
{
    switch (source) {
    case JobStepSource::Unprefixed:
        return "unprefixed";
    case JobStepSource::Ranks:
        return "ranks";
    case JobStepSource::None:
        break;
    }
    return "none";
}

bool JobStepSeries::hasStepTimes() const
{
    return std::any_of(points.begin(), points.end(),
                       [](const JobStepPoint &point) { return known(point.stepTimeMs); });
}

bool JobStepSeries::hasLosses() const
{
    return std::any_of(points.begin(), points.end(),
                       [](const JobStepPoint &point) { return known(point.loss); });
}

JobStepSeries jobStepSeries(const std::vector<LogIterationRecord> &records)
{
    JobStepSeries series;
    // Progress bars only when no framework prints iteration lines (as the log rates do).
    const bool framework = std::any_of(records.begin(), records.end(), [](const auto &record) {
        return record.framework != "tqdm";
    });
    const auto used = [&](const LogIterationRecord &record) {
        return record.iteration >= 0 && (record.framework != "tqdm") == framework;
    };
    const bool unprefixed = std::any_of(records.begin(), records.end(), [&](const auto &record) {
        return used(record) && record.rank < 0;
    });
    std::map<int, std::vector<const LogIterationRecord *>> streams;
    std::map<std::string, int> frameworks;
    for (const LogIterationRecord &record : records) {
        if (!used(record) || (record.rank < 0) != unprefixed)
            continue;
        streams[record.rank].push_back(&record);
        ++frameworks[record.framework];
    }
    if (streams.empty())
        return series;
    series.framework =
        std::max_element(frameworks.begin(), frameworks.end(), [](const auto &a, const auto &b) {
            return a.second < b.second;
        })->first;

    if (unprefixed) {
        series.source = JobStepSource::Unprefixed;
        series.points = streamPoints(streams.begin()->second, series.stepTimeFromGaps);
        return series;
    }
    // Several ranks: per iteration, the median over the ranks that printed it.
    series.source = JobStepSource::Ranks;
    series.ranks = int(streams.size());
    std::map<std::int64_t, std::vector<JobStepPoint>> byIteration;
    for (const auto &[rank, stream] : streams) {
        for (const JobStepPoint &point : streamPoints(stream, series.stepTimeFromGaps))
            byIteration[point.iteration].push_back(point);
    }
    for (const auto &[iteration, points] : byIteration) {
        std::vector<double> steps;
        std::vector<double> losses;
        std::vector<double> times;
        for (const JobStepPoint &point : points) {
            if (known(point.stepTimeMs))
                steps.push_back(point.stepTimeMs);
            if (known(point.loss))
                losses.push_back(point.loss);
            if (point.timeNs > 0)
                times.push_back(double(point.timeNs));
        }
        JobStepPoint out;
        out.iteration = iteration;
        out.stepTimeMs = median(steps);
        out.loss = median(losses);
        out.timeNs =
            times.empty() ? 0 : std::int64_t(*std::max_element(times.begin(), times.end()));
        series.points.push_back(out);
    }
    return series;
}

SteadyStepTime steadyStepTime(const JobStepSeries &series)
{
    SteadyStepTime steady;
    std::vector<const JobStepPoint *> timed;
    for (const JobStepPoint &point : series.points) {
        if (known(point.stepTimeMs))
            timed.push_back(&point);
    }
    const int lines = int(timed.size());
    steady.warmupSkipped =
        std::clamp((lines + kWarmupDivisor - 1) / kWarmupDivisor, kMinWarmup, kMaxWarmup);
    if (lines - steady.warmupSkipped < SteadyStepTime::kMinSteadyPoints) {
        steady.warmupSkipped = 0;
        return steady;
    }
    for (int i = steady.warmupSkipped; i < lines; ++i)
        steady.stepTimesMs.push_back(timed[std::size_t(i)]->stepTimeMs);
    steady.known = true;
    steady.samples = int(steady.stepTimesMs.size());
    steady.fromIteration = timed[std::size_t(steady.warmupSkipped)]->iteration;
    steady.toIteration = timed.back()->iteration;
    steady.medianMs = median(steady.stepTimesMs);
    return steady;
}

} // namespace rankscope
