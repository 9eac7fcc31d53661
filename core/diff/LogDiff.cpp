#include "core/diff/LogDiff.h"

#include "core/diff/LogRates.h"
#include "core/diff/LogTemplateMatching.h"
#include "core/logs/BuiltinTemplates.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <unordered_map>

namespace rankscope {

namespace {

// What one run's events say about each of its templates (index = position in its list).
struct RunTemplateStats
{
    std::array<std::int64_t, kLogPhases> phase{};
    RankSet ranks;
    LogSeverity severity = LogSeverity::Unknown;
    std::int64_t firstTimeNs = std::numeric_limits<std::int64_t>::max();
    std::int64_t firstIteration = -1;
    int firstRank = -1;
    bool seen = false;

    std::int64_t count() const { return phase[0] + phase[1]; }
};

struct RunStats
{
    std::unordered_map<TemplateId, std::size_t> indexOf;
    std::vector<RunTemplateStats> templates;
    std::vector<std::int64_t> counts; // per template index, for the matching
};

RunStats runStatsOf(const LogAnalysisInput &run, const LogRunExposure &exposure)
{
    RunStats stats;
    stats.templates.resize(run.templates.size());
    for (std::size_t i = 0; i < run.templates.size(); ++i) {
        stats.indexOf.emplace(run.templates[i].id, i);
        stats.templates[i].severity = run.templates[i].severity;
    }
    for (const TemplatedLogEvent &event : run.events) {
        const auto found = stats.indexOf.find(event.templ);
        if (found == stats.indexOf.end())
            continue;
        RunTemplateStats &s = stats.templates[found->second];
        ++s.phase[std::size_t(exposure.phaseOf(event))];
        if (event.rank >= 0)
            s.ranks.insert(event.rank);
        // Mined templates carry no severity of their own: their lines' levels say it.
        s.severity = std::max(s.severity, event.severity);
        const bool earlier = event.timeNs > 0 ? event.timeNs < s.firstTimeNs : !s.seen;
        if (earlier) {
            if (event.timeNs > 0)
                s.firstTimeNs = event.timeNs;
            s.firstIteration = event.iteration;
            s.firstRank = event.rank;
        }
        s.seen = true;
    }
    stats.counts.reserve(stats.templates.size());
    for (const RunTemplateStats &s : stats.templates)
        stats.counts.push_back(s.count());
    return stats;
}

// The members of one joint template in one run, added up.
RunTemplateStats combined(const RunStats &run, const std::vector<TemplateId> &members)
{
    RunTemplateStats total;
    for (const TemplateId id : members) {
        const RunTemplateStats &s = run.templates[run.indexOf.at(id)];
        for (std::size_t p = 0; p < kLogPhases; ++p)
            total.phase[p] += s.phase[p];
        total.ranks |= s.ranks;
        total.severity = std::max(total.severity, s.severity);
        const bool earlier = s.firstTimeNs != std::numeric_limits<std::int64_t>::max()
                                 ? s.firstTimeNs < total.firstTimeNs
                                 : !total.seen && s.seen;
        if (s.seen && earlier) {
            total.firstTimeNs = s.firstTimeNs;
            total.firstIteration = s.firstIteration;
            total.firstRank = s.firstRank;
        }
        total.seen = total.seen || s.seen;
    }
    return total;
}

const LogTemplate &templateOf(const LogAnalysisInput &run, const RunStats &stats, TemplateId id)
{
    return run.templates[stats.indexOf.at(id)];
}

LogTemplateChangeKind classify(const LogTemplateChange &change, const LogRateComparison &rates,
                               const LogDiffParams &params)
{
    if (change.baselineCount == 0)
        return LogTemplateChangeKind::New;
    if (change.targetCount == 0)
        return LogTemplateChangeKind::Gone;
    if (std::max(change.baselineCount, change.targetCount) < params.minEvents)
        return LogTemplateChangeKind::Unchanged;
    if (rates.ratio >= params.minRatio && rates.z >= params.minZ)
        return LogTemplateChangeKind::MoreFrequent;
    if (rates.ratio > 0 && rates.ratio <= 1.0 / params.minRatio && rates.z <= -params.minZ)
        return LogTemplateChangeKind::LessFrequent;
    return LogTemplateChangeKind::Unchanged;
}

// Severity tiers dominate the score, so that every error-level change reads before any info
// one; within a tier new before more frequent before gone before less frequent; within a kind
// the larger change first. A template that went away or got rarer is no evidence of the
// target's fault, whatever its level, so it sorts in the lowest tier.
double scoreOf(const LogTemplateChange &change)
{
    int kindRank = 0;
    double effect = 0;
    switch (change.kind) {
    case LogTemplateChangeKind::New:
        kindRank = 4;
        effect = std::log10(1.0 + double(change.targetCount));
        break;
    case LogTemplateChangeKind::MoreFrequent:
        kindRank = 3;
        effect = std::abs(std::log10(change.ratio));
        break;
    case LogTemplateChangeKind::Gone:
        kindRank = 2;
        effect = std::log10(1.0 + double(change.baselineCount));
        break;
    case LogTemplateChangeKind::LessFrequent:
        kindRank = 1;
        effect = std::abs(std::log10(change.ratio));
        break;
    case LogTemplateChangeKind::Unchanged:
        return 0;
    }
    int tier = 1;
    if (kindRank >= 3) {
        if (change.severity == LogSeverity::Fatal)
            tier = 5;
        else if (change.severity == LogSeverity::Error)
            tier = 4;
        else if (change.severity == LogSeverity::Warning)
            tier = 3;
    }
    const double magnitude = effect / (1.0 + effect); // [0, 1)
    return tier * 10.0 + kindRank * 2.0 + 1.9 * magnitude;
}

std::vector<std::string> nodesOf(const RankSet &ranks, const JobInfo &job)
{
    std::vector<std::string> nodes;
    ranks.forEach([&](int rank) {
        std::string node = job.nodeOf(rank);
        if (!node.empty())
            nodes.push_back(std::move(node));
    });
    std::sort(nodes.begin(), nodes.end());
    nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
    return nodes;
}

std::string builtinNameOf(int builtin)
{
    const BuiltinTemplate *found =
        builtin >= 0 ? BuiltinTemplates::instance().find(builtin) : nullptr;
    return found ? std::string(found->name) : std::string();
}

bool readsFirst(const LogTemplateChange &a, const LogTemplateChange &b)
{
    const bool aChanged = a.kind != LogTemplateChangeKind::Unchanged;
    const bool bChanged = b.kind != LogTemplateChangeKind::Unchanged;
    if (aChanged != bChanged)
        return aChanged;
    if (aChanged && a.score != b.score)
        return a.score > b.score;
    if (a.targetCount != b.targetCount)
        return a.targetCount > b.targetCount;
    if (a.baselineCount != b.baselineCount)
        return a.baselineCount > b.baselineCount;
    return a.text < b.text;
}

} // namespace

const char *logTemplateChangeKindKey(LogTemplateChangeKind kind)
{
    switch (kind) {
    case LogTemplateChangeKind::New:
        return "new";
    case LogTemplateChangeKind::Gone:
        return "gone";
    case LogTemplateChangeKind::MoreFrequent:
        return "more";
    case LogTemplateChangeKind::LessFrequent:
        return "less";
    case LogTemplateChangeKind::Unchanged:
        return "unchanged";
    }
    return "unknown";
}

const char *logRateUnitKey(LogRateUnit unit)
{
    switch (unit) {
    case LogRateUnit::PerRankIteration:
        return "per_rank_iteration";
    case LogRateUnit::PerRankHour:
        return "per_rank_hour";
    }
    return "unknown";
}

int LogDiff::significantCount() const
{
    return int(std::count_if(changes.begin(), changes.end(), [](const LogTemplateChange &c) {
        return c.kind != LogTemplateChangeKind::Unchanged;
    }));
}

LogDiff diffLogs(const LogAnalysisInput &baseline, const LogAnalysisInput &target,
                 const LogDiffParams &params)
{
    LogDiff diff;
    diff.unit = chooseLogRateUnit(baseline, target);
    const LogRunExposure baselineExposure = logRunExposure(baseline, diff.unit);
    const LogRunExposure targetExposure = logRunExposure(target, diff.unit);
    diff.baselineExposure = baselineExposure.rateExposure;
    diff.targetExposure = targetExposure.rateExposure;

    const RunStats baselineStats = runStatsOf(baseline, baselineExposure);
    const RunStats targetStats = runStatsOf(target, targetExposure);
    const std::vector<JointLogTemplate> joint = matchLogTemplates(
        baseline.templates, baselineStats.counts, target.templates, targetStats.counts);

    diff.changes.reserve(joint.size());
    for (const JointLogTemplate &templ : joint) {
        const RunTemplateStats b = combined(baselineStats, templ.baseline);
        const RunTemplateStats t = combined(targetStats, templ.target);
        LogTemplateChange change;
        change.firstSeenInBaseline = templ.firstSeenInBaseline;
        int builtin = -1;
        if (!templ.baseline.empty()) {
            const LogTemplate &first = templateOf(baseline, baselineStats, templ.baseline.front());
            change.baselineTemplate = first.id;
            change.baselineText = first.text;
            change.text = first.text;
            builtin = first.builtin;
        }
        if (!templ.target.empty()) {
            const LogTemplate &first = templateOf(target, targetStats, templ.target.front());
            change.targetTemplate = first.id;
            change.text = first.text;
            builtin = first.builtin;
        }
        change.builtinName = builtinNameOf(builtin);
        change.severity = std::max(b.severity, t.severity);
        change.baselineCount = b.count();
        change.targetCount = t.count();
        change.baselineRanks = b.ranks;
        change.targetRanks = t.ranks;
        change.targetNodes = nodesOf(t.ranks, target.job);
        change.baselineRate = double(change.baselineCount) / baselineExposure.rateExposure;
        change.targetRate = double(change.targetCount) / targetExposure.rateExposure;
        if (t.seen) {
            change.firstTargetIteration = t.firstIteration;
            change.firstTargetRank = t.firstRank;
        }

        LogPhaseCounts counts;
        counts.baseline = b.phase;
        counts.target = t.phase;
        const LogRateComparison rates = compareLogRates(counts, baselineExposure, targetExposure);
        // The tested ratio: start-up lines compare per rank, the rest per rank-iteration (see
        // LogRates.h); the same as targetRate / baselineRate when the template has no start-up
        // lines or the unit is the rank-hour.
        change.ratio = rates.ratio;
        change.kind = classify(change, rates, params);
        change.score = scoreOf(change);
        diff.changes.push_back(std::move(change));
    }
    std::stable_sort(diff.changes.begin(), diff.changes.end(), readsFirst);
    return diff;
}

} // namespace rankscope
