#include "app/cli/BenchSupport.h"
#include "app/cli/CliApp.h"
#include "app/cli/CliCommands.h"
#include "app/cli/DiffSides.h"
#include "core/diff/BundleDiffSections.h"
#include "core/diff/DiffWording.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace rankscope::cli {

namespace {

struct Timing
{
    std::string name;
    std::vector<double> seconds;

    double min() const { return *std::min_element(seconds.begin(), seconds.end()); }
    double median() const
    {
        std::vector<double> sorted = seconds;
        std::sort(sorted.begin(), sorted.end());
        const std::size_t n = sorted.size();
        return n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
    }
};

Timing timeRuns(std::string name, int repeat, const std::function<void()> &run)
{
    Timing timing{std::move(name), {}};
    for (int i = 0; i < repeat; ++i) {
        const BenchClock::time_point start = BenchClock::now();
        run();
        timing.seconds.push_back(secondsSince(start));
    }
    return timing;
}

} // namespace

// Times the baseline comparison once both caches are up to date (the imports are not timed):
// the whole computeBundleDiff() with its sections in parallel, then each section alone, one
// after the other, so a slow section shows. The figures of docs/performance.md come from here.
int runBenchDiffCommand(const CliArguments &args, CliContext &context)
{
    const std::string format = args.choice("--format", {"text", "json"}, "text");
    const int repeat = int(args.integer("--repeat", 5, 1, 1000));
    const DiffSides sides = importDiffSides(args, context);
    const BundleDiffOptions options;

    BundleDiff last;
    std::vector<Timing> timings;
    timings.push_back(timeRuns(
        "diff", repeat, [&] { last = computeBundleDiff(sides.baseline, sides.target, options); }));
    // The sections as computeBundleDiff() runs them, each on its own here.
    timings.push_back(timeRuns("stacks", repeat, [&] {
        diffBundleStacks(*sides.baseline.stacks, *sides.target.stacks, options);
    }));
    timings.push_back(timeRuns("logs", repeat, [&] {
        diffBundleLogs(sides.baseline.cacheFile, sides.baseline.stacks->job, sides.target.cacheFile,
                       sides.target.stacks->job, options.logs);
    }));
    timings.push_back(timeRuns("ops", repeat, [&] {
        diffBundleOps(sides.baseline.cacheFile, sides.target.cacheFile, options.ops);
    }));
    timings.push_back(timeRuns("summary", repeat, [&] { summarizeBundleDiff(last); }));
    const double peak = peakRssMiB();

    if (format == "json") {
        nlohmann::ordered_json json;
        json["baseline"] = {{"name", last.baselineName}, {"ranks", last.baselineRanks}};
        json["target"] = {{"name", last.targetName}, {"ranks", last.targetRanks}};
        json["repeat"] = repeat;
        for (const Timing &timing : timings)
            json[timing.name] = {{"min_seconds", timing.min()},
                                 {"median_seconds", timing.median()}};
        json["stack_changes"] = last.stacks.changes.size();
        json["log_changes"] = last.logs.significantCount();
        json["ops_compared"] = last.ops.ops.size();
        json["peak_rss_mib"] = peak;
        context.out << json.dump(2) << "\n";
        return kExitSuccess;
    }
    char line[320];
    context.out << "Baseline    " << last.baselineName << " (" << rankCount(last.baselineRanks)
                << ")\nTarget      " << last.targetName << " (" << rankCount(last.targetRanks)
                << ")\n";
    std::snprintf(line, sizeof line, "%d run(s) each, caches up to date (imports not timed)\n",
                  repeat);
    context.out << line;
    for (const Timing &timing : timings) {
        const char *what = timing.name == "diff"      ? "whole diff, sections in parallel"
                           : timing.name == "summary" ? "the plain-word lines"
                                                      : "alone";
        std::snprintf(line, sizeof line, "%-11s %8.3f s min  %8.3f s median  %s\n",
                      timing.name.c_str(), timing.min(), timing.median(), what);
        context.out << line;
    }
    std::snprintf(line, sizeof line,
                  "found       %zu stack path(s), %d log template(s), %zu op(s) compared\n",
                  last.stacks.changes.size(), last.logs.significantCount(), last.ops.ops.size());
    context.out << line;
    std::snprintf(line, sizeof line, "peak RSS    %.0f MiB\n", peak);
    context.out << line;
    return kExitSuccess;
}

} // namespace rankscope::cli
