#include "core/report/DiffReport.h"

#include "core/model/TraceEventKind.h"

namespace rankscope {

namespace {

using Json = nlohmann::ordered_json;

Json sideJson(const std::string &name, int ranks)
{
    Json side;
    side["name"] = name;
    side["ranks"] = ranks;
    return side;
}

Json stacksJson(const BundleDiff &diff)
{
    Json changes = Json::array();
    if (!diff.hasStacks)
        return changes;
    for (const StackPathChange &change : diff.stacks.changes) {
        Json entry;
        entry["frames"] = change.frames;
        entry["kind"] = stackPathChangeKindKey(change.kind);
        entry["baseline_ranks"] = change.baselineRanks.toString();
        entry["target_ranks"] = change.targetRanks.toString();
        entry["baseline_share"] = change.baselineShare;
        entry["target_share"] = change.targetShare;
        entry["change"] = change.change();
        changes.push_back(std::move(entry));
    }
    return changes;
}

Json templateJson(const LogTemplateChange &change, std::size_t index)
{
    Json entry;
    entry["index"] = index; // into the diff's list of templates (summary evidence uses it)
    entry["kind"] = logTemplateChangeKindKey(change.kind);
    entry["text"] = change.text;
    if (change.baselineText != change.text && !change.baselineText.empty())
        entry["baseline_text"] = change.baselineText;
    entry["builtin"] = change.builtinName.empty() ? Json(nullptr) : Json(change.builtinName);
    entry["severity"] = logSeverityKey(change.severity);
    entry["first_seen_in_baseline"] = change.firstSeenInBaseline;
    entry["baseline_count"] = change.baselineCount;
    entry["target_count"] = change.targetCount;
    entry["baseline_ranks"] = change.baselineRanks.toString();
    entry["target_ranks"] = change.targetRanks.toString();
    entry["target_nodes"] = change.targetNodes;
    entry["baseline_rate"] = change.baselineRate;
    entry["target_rate"] = change.targetRate;
    entry["ratio"] = change.ratio;
    entry["first_target_iteration"] =
        change.firstTargetIteration >= 0 ? Json(change.firstTargetIteration) : Json(nullptr);
    entry["first_target_rank"] =
        change.firstTargetRank >= 0 ? Json(change.firstTargetRank) : Json(nullptr);
    entry["score"] = change.score;
    return entry;
}

Json logsJson(const BundleDiff &diff)
{
    Json logs;
    logs["compared"] = diff.hasLogs;
    logs["unit"] = logRateUnitKey(diff.logs.unit);
    logs["baseline_exposure"] = diff.logs.baselineExposure;
    logs["target_exposure"] = diff.logs.targetExposure;
    Json added = Json::array();
    Json gone = Json::array();
    Json changed = Json::array();
    int unchanged = 0;
    for (std::size_t i = 0; i < diff.logs.changes.size(); ++i) {
        const LogTemplateChange &change = diff.logs.changes[i];
        switch (change.kind) {
        case LogTemplateChangeKind::New:
            added.push_back(templateJson(change, i));
            break;
        case LogTemplateChangeKind::Gone:
            gone.push_back(templateJson(change, i));
            break;
        case LogTemplateChangeKind::MoreFrequent:
        case LogTemplateChangeKind::LessFrequent:
            changed.push_back(templateJson(change, i));
            break;
        case LogTemplateChangeKind::Unchanged:
            ++unchanged;
            break;
        }
    }
    logs["new"] = std::move(added);
    logs["gone"] = std::move(gone);
    logs["changed"] = std::move(changed);
    logs["unchanged_count"] = unchanged;
    return logs;
}

Json runStatsJson(const OpRunStats &stats)
{
    Json json;
    json["ranks_with_op"] = stats.ranksWithOp;
    json["ranks"] = stats.ranks;
    json["count_per_unit"] = stats.countPerUnit;
    json["median_ns_per_unit"] = stats.medianNsPerUnit;
    json["p10_ns_per_unit"] = stats.p10NsPerUnit;
    json["p90_ns_per_unit"] = stats.p90NsPerUnit;
    json["median_ns_per_call"] = stats.medianNsPerCall;
    return json;
}

Json stepsJson(const StepTimeDistribution &steps)
{
    Json json;
    json["samples"] = steps.samples;
    json["p10_ns"] = steps.p10Ns;
    json["p50_ns"] = steps.p50Ns;
    json["p90_ns"] = steps.p90Ns;
    json["p99_ns"] = steps.p99Ns;
    json["max_ns"] = steps.maxNs;
    return json;
}

Json opsJson(const BundleDiff &diff)
{
    Json ops;
    ops["compared"] = diff.hasOps;
    ops["unit"] = diff.ops.perIteration ? "per_iteration" : "per_second";
    Json changes = Json::array();
    int unchanged = 0;
    for (std::size_t i = 0; i < diff.ops.ops.size(); ++i) {
        const OpChange &op = diff.ops.ops[i];
        if (!op.significant) {
            ++unchanged;
            continue;
        }
        Json entry;
        entry["index"] = i; // into the diff's list of every op (summary evidence uses it)
        entry["name"] = op.name;
        entry["kind"] = traceEventKindName(op.kind);
        entry["change"] = opChangeKindKey(op.change);
        entry["ratio"] = op.ratio;
        entry["delta_ns_per_unit"] = op.deltaNsPerUnit;
        entry["count_ratio"] = op.countRatio;
        entry["baseline"] = runStatsJson(op.baseline);
        entry["target"] = runStatsJson(op.target);
        changes.push_back(std::move(entry));
    }
    ops["changes"] = std::move(changes);
    ops["unchanged_count"] = unchanged;
    ops["step_times"] = {{"baseline", stepsJson(diff.ops.baselineSteps)},
                         {"target", stepsJson(diff.ops.targetSteps)}};
    return ops;
}

Json steadyJson(const SteadyStepTime &steady)
{
    Json json;
    json["known"] = steady.known;
    json["median_step_ms"] = steady.known ? Json(steady.medianMs) : Json(nullptr);
    json["from_iteration"] = steady.known ? Json(steady.fromIteration) : Json(nullptr);
    json["to_iteration"] = steady.known ? Json(steady.toIteration) : Json(nullptr);
    json["iteration_lines"] = steady.samples;
    json["warmup_lines_skipped"] = steady.warmupSkipped;
    return json;
}

Json seriesSideJson(const JobStepSeries &series, const SteadyStepTime &steady)
{
    Json json;
    json["source"] = jobStepSourceKey(series.source);
    json["framework"] = series.framework;
    json["iterations"] = series.points.size();
    json["steady"] = steadyJson(steady);
    return json;
}

// The job-level step-time comparison from the iteration lines (the series themselves are in
// `rankscope-cli logs --format json`).
Json stepSeriesJson(const BundleDiff &diff)
{
    Json json;
    json["compared"] = diff.stepTimes.comparable;
    json["baseline"] = seriesSideJson(diff.baselineSeries, diff.stepTimes.baseline);
    json["target"] = seriesSideJson(diff.targetSeries, diff.stepTimes.target);
    json["relative_change"] =
        diff.stepTimes.comparable ? Json(diff.stepTimes.relativeChange) : Json(nullptr);
    json["z"] = diff.stepTimes.comparable ? Json(diff.stepTimes.z) : Json(nullptr);
    json["significant"] = diff.stepTimes.significant;
    json["rule"] = {{"min_relative_change", StepTimeComparison::kMinRelativeChange},
                    {"min_z", StepTimeComparison::kMinZ}};
    return json;
}

Json summaryJson(const BundleDiff &diff)
{
    Json lines = Json::array();
    for (const DiffSummaryLine &line : diff.summary) {
        Json entry;
        entry["text"] = line.text;
        entry["weight"] = line.weight;
        Json evidence;
        evidence["kind"] = diffEvidenceKindKey(line.evidence.kind);
        evidence["index"] = line.evidence.index >= 0 ? Json(line.evidence.index) : Json(nullptr);
        if (line.evidence.kind == DiffEvidence::Kind::StepTime ||
            line.evidence.kind == DiffEvidence::Kind::Op)
            evidence["metric"] = traceMetricKey(line.evidence.metric);
        entry["evidence"] = std::move(evidence);
        lines.push_back(std::move(entry));
    }
    return lines;
}

} // namespace

nlohmann::ordered_json bundleDiffJson(const BundleDiff &diff)
{
    Json json;
    json["baseline"] = sideJson(diff.baselineName, diff.baselineRanks);
    json["target"] = sideJson(diff.targetName, diff.targetRanks);
    json["summary"] = summaryJson(diff);
    json["stacks"] = stacksJson(diff);
    json["logs"] = logsJson(diff);
    json["ops"] = opsJson(diff);
    json["step_time"] = stepSeriesJson(diff);
    return json;
}

} // namespace rankscope
