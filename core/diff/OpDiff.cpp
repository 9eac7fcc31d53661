#include "core/diff/OpDiff.h"

#include "core/traces/RobustStatistics.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace rankscope {

namespace {

constexpr double kNsPerSecond = 1e9;

// The value at quantile q (0..1) of sorted values, interpolated linearly between the two
// nearest ranks (the usual "type 7" definition, so p50 of an even count is the middle mean).
double quantileOfSorted(const std::vector<double> &sorted, double q)
{
    if (sorted.empty())
        return 0;
    const double position = q * double(sorted.size() - 1);
    const std::size_t lower = std::size_t(std::floor(position));
    const std::size_t upper = std::min(lower + 1, sorted.size() - 1);
    const double fraction = position - double(lower);
    return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction;
}

// Ops are matched across runs by kind and name: the same kernel name as a GPU kernel and as a
// CPU op are different lines.
std::string opKey(TraceEventKind kind, const std::string &name)
{
    std::string key(1, char(kind));
    key += name;
    return key;
}

// How many units one rank's totals cover: its iterations, or the seconds of its span. 0 when
// the rank cannot be normalised (no iteration, or an empty span) and is left out.
double unitsOf(const RankOpTotals &rank, bool perIteration)
{
    if (perIteration)
        return double(std::max<std::int64_t>(rank.iterations, 0));
    return double(std::max<std::int64_t>(rank.spanNs, 0)) / kNsPerSecond;
}

// The normalised values of one op over the ranks of a run that ran it.
struct OpSamples
{
    TraceEventKind kind = TraceEventKind::Other;
    std::string name;
    std::vector<double> nsPerUnit;
    std::vector<double> countPerUnit;
};

struct RunOps
{
    int ranks = 0; // ranks that could be normalised
    std::unordered_map<std::string, OpSamples> byKey;
};

RunOps collectRun(const std::vector<RankOpTotals> &run, bool perIteration)
{
    RunOps result;
    for (const RankOpTotals &rank : run) {
        const double units = unitsOf(rank, perIteration);
        if (!(units > 0))
            continue;
        ++result.ranks;
        for (const OpTotal &op : rank.ops) {
            OpSamples &samples = result.byKey[opKey(op.kind, op.name)];
            if (samples.nsPerUnit.empty()) {
                samples.kind = op.kind;
                samples.name = op.name;
            }
            samples.nsPerUnit.push_back(double(op.totalNs) / units);
            samples.countPerUnit.push_back(double(op.count) / units);
        }
    }
    return result;
}

OpRunStats runStats(const OpSamples *samples, int ranks)
{
    OpRunStats stats;
    stats.ranks = ranks;
    if (!samples || samples->nsPerUnit.empty())
        return stats;
    std::vector<double> ns = samples->nsPerUnit;
    std::vector<double> counts = samples->countPerUnit;
    std::sort(ns.begin(), ns.end());
    std::sort(counts.begin(), counts.end());
    stats.ranksWithOp = int(ns.size());
    stats.countPerUnit = quantileOfSorted(counts, 0.5);
    stats.medianNsPerUnit = quantileOfSorted(ns, 0.5);
    stats.p10NsPerUnit = quantileOfSorted(ns, 0.1);
    stats.p90NsPerUnit = quantileOfSorted(ns, 0.9);
    stats.medianNsPerCall = stats.countPerUnit > 0 ? stats.medianNsPerUnit / stats.countPerUnit : 0;
    return stats;
}

// A run normalises per iteration only when every one of its ranks has ProfilerStep ranges;
// mixing per-iteration and per-second values in one median would be meaningless.
bool allRanksHaveIterations(const std::vector<RankOpTotals> &run)
{
    return std::all_of(run.begin(), run.end(),
                       [](const RankOpTotals &rank) { return rank.iterations > 0; });
}

// What a change must exceed to matter, in ns per unit: a share of the baseline's median step
// (from the step times, else the ranks' span per iteration), or of a second per second.
double minimumDelta(const OpDiff &diff, const std::vector<RankOpTotals> &baseline,
                    const std::vector<RankOpTotals> &target, const OpDiffParams &params)
{
    if (!diff.perIteration)
        return params.minShareOfStep * kNsPerSecond;
    double stepNs = diff.baselineSteps.samples > 0 ? diff.baselineSteps.p50Ns : 0;
    if (!(stepNs > 0)) {
        // No window step times (or none in the baseline): the span each rank's totals cover
        // per iteration is the mean step of that rank.
        std::vector<double> perRank;
        for (const std::vector<RankOpTotals> *run : {&baseline, &target}) {
            for (const RankOpTotals &rank : *run) {
                if (rank.iterations > 0)
                    perRank.push_back(double(rank.spanNs) / double(rank.iterations));
            }
            if (!perRank.empty())
                break; // the baseline's when it has any
        }
        stepNs = medianInPlace(perRank);
    }
    return params.minShareOfStep * std::max(stepNs, 0.0);
}

OpChangeKind classify(const OpChange &change, double minDelta, const OpDiffParams &params)
{
    const OpRunStats &base = change.baseline;
    const OpRunStats &next = change.target;
    if (base.ranksWithOp == 0)
        return OpChangeKind::New;
    if (next.ranksWithOp == 0)
        return OpChangeKind::Gone;
    const double delta = change.deltaNsPerUnit;
    if (std::abs(delta) < minDelta || delta == 0)
        return OpChangeKind::Unchanged;
    if (delta > 0) {
        const bool ratioOk = base.medianNsPerUnit <= 0 || change.ratio >= params.minRatio;
        const bool outside = !params.outsideSpread || next.medianNsPerUnit > base.p90NsPerUnit;
        return ratioOk && outside ? OpChangeKind::Slower : OpChangeKind::Unchanged;
    }
    const bool ratioOk = change.ratio * params.minRatio <= 1.0;
    const bool outside = !params.outsideSpread || next.medianNsPerUnit < base.p10NsPerUnit;
    return ratioOk && outside ? OpChangeKind::Faster : OpChangeKind::Unchanged;
}

template <typename Wanted>
std::vector<const OpChange *> pick(const std::vector<OpChange> &ops, int limit, Wanted wanted)
{
    std::vector<const OpChange *> picked;
    for (const OpChange &op : ops) {
        if (limit >= 0 && int(picked.size()) >= limit)
            break;
        if (op.significant && wanted(op.change))
            picked.push_back(&op);
    }
    return picked;
}

} // namespace

const char *opChangeKindKey(OpChangeKind kind)
{
    switch (kind) {
    case OpChangeKind::New:
        return "new";
    case OpChangeKind::Gone:
        return "gone";
    case OpChangeKind::Slower:
        return "slower";
    case OpChangeKind::Faster:
        return "faster";
    case OpChangeKind::Unchanged:
        break;
    }
    return "unchanged";
}

// `ops` is sorted largest change first, so the first matches are the largest; a negative limit
// returns them all.
std::vector<const OpChange *> OpDiff::regressions(int limit) const
{
    return pick(ops, limit, [](OpChangeKind kind) {
        return kind == OpChangeKind::Slower || kind == OpChangeKind::New;
    });
}

std::vector<const OpChange *> OpDiff::improvements(int limit) const
{
    return pick(ops, limit, [](OpChangeKind kind) {
        return kind == OpChangeKind::Faster || kind == OpChangeKind::Gone;
    });
}

StepTimeDistribution stepTimeDistribution(std::vector<double> stepsNs)
{
    std::erase_if(stepsNs, [](double value) { return !std::isfinite(value); });
    std::sort(stepsNs.begin(), stepsNs.end());
    StepTimeDistribution distribution;
    distribution.samples = std::int64_t(stepsNs.size());
    if (stepsNs.empty())
        return distribution;
    distribution.p10Ns = quantileOfSorted(stepsNs, 0.10);
    distribution.p50Ns = quantileOfSorted(stepsNs, 0.50);
    distribution.p90Ns = quantileOfSorted(stepsNs, 0.90);
    distribution.p99Ns = quantileOfSorted(stepsNs, 0.99);
    distribution.maxNs = stepsNs.back();
    return distribution;
}

OpDiff diffOps(const std::vector<RankOpTotals> &baseline, const std::vector<RankOpTotals> &target,
               const std::vector<double> &baselineSteps, const std::vector<double> &targetSteps,
               const OpDiffParams &params)
{
    OpDiff diff;
    diff.perIteration = allRanksHaveIterations(baseline) && allRanksHaveIterations(target) &&
                        !(baseline.empty() && target.empty());
    diff.baselineSteps = stepTimeDistribution(baselineSteps);
    diff.targetSteps = stepTimeDistribution(targetSteps);

    const RunOps base = collectRun(baseline, diff.perIteration);
    const RunOps next = collectRun(target, diff.perIteration);
    const double minDelta = minimumDelta(diff, baseline, target, params);

    const auto addChange = [&](const OpSamples &any, const OpSamples *inBase,
                               const OpSamples *inNext) {
        OpChange change;
        change.name = any.name;
        change.kind = any.kind;
        change.baseline = runStats(inBase, base.ranks);
        change.target = runStats(inNext, next.ranks);
        const double baseNs = change.baseline.medianNsPerUnit;
        const double baseCount = change.baseline.countPerUnit;
        change.deltaNsPerUnit = change.target.medianNsPerUnit - baseNs;
        change.ratio = baseNs > 0 ? change.target.medianNsPerUnit / baseNs : 0;
        change.countRatio = baseCount > 0 ? change.target.countPerUnit / baseCount : 0;
        change.change = classify(change, minDelta, params);
        // An op that appeared or vanished says more than a shift of the same size, so it counts
        // from a tenth of the minimum change (a 150 us collective in a 111 ms step does; a
        // 1 us helper kernel does not).
        change.significant = change.change == OpChangeKind::Slower ||
                             change.change == OpChangeKind::Faster ||
                             (change.change != OpChangeKind::Unchanged &&
                              std::abs(change.deltaNsPerUnit) >= minDelta / 10);
        diff.ops.push_back(std::move(change));
    };
    diff.ops.reserve(base.byKey.size() + next.byKey.size());
    for (const auto &[key, samples] : base.byKey) {
        const auto found = next.byKey.find(key);
        addChange(samples, &samples, found == next.byKey.end() ? nullptr : &found->second);
    }
    for (const auto &[key, samples] : next.byKey) {
        if (!base.byKey.contains(key))
            addChange(samples, nullptr, &samples);
    }
    std::sort(diff.ops.begin(), diff.ops.end(), [](const OpChange &a, const OpChange &b) {
        const double da = std::abs(a.deltaNsPerUnit);
        const double db = std::abs(b.deltaNsPerUnit);
        if (da != db)
            return da > db;
        if (a.kind != b.kind)
            return a.kind < b.kind;
        return a.name < b.name;
    });
    return diff;
}

} // namespace rankscope
