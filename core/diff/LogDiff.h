#pragma once

#include "core/cache/LogCacheReader.h"
#include "core/logs/LogAnalysis.h"
#include "core/logs/LogModel.h"
#include "core/logs/TemplateMiner.h"
#include "core/model/RankSet.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rankscope {

// How the log templates of a target run differ from those of a healthy baseline (issue 5).
// Templates are matched across runs by template text: the baseline's templates are mined first,
// then the target's, into one joint set, and each joint template records the run it was first
// seen in. Built-in templates match by their fixed id. Frequencies are per rank per iteration
// (iterations from the logs' iteration lines), or per rank-hour when a run has none.
enum class LogTemplateChangeKind : std::uint8_t
{
    New,          // the baseline never logged it
    Gone,         // the target never logs it any more
    MoreFrequent, // both have it; the target's rate is significantly higher
    LessFrequent, // both have it; significantly lower
    Unchanged,    // both have it at a comparable rate
};
const char *logTemplateChangeKindKey(LogTemplateChangeKind kind); // "new", "gone", "more", "less",
                                                                  // "unchanged"

enum class LogRateUnit : std::uint8_t
{
    PerRankIteration,
    PerRankHour,
};
const char *logRateUnitKey(LogRateUnit unit); // "per_rank_iteration", "per_rank_hour"

struct LogTemplateChange
{
    LogTemplateChangeKind kind = LogTemplateChangeKind::Unchanged;
    std::string text; // the target's template text (the baseline's when gone)
    std::string baselineText;
    TemplateId baselineTemplate = kNoTemplate; // ids in each run's cache, kNoTemplate if absent
    TemplateId targetTemplate = kNoTemplate;
    std::string builtinName; // "nccl-watchdog-timeout", ... ("" for mined templates)
    LogSeverity severity = LogSeverity::Unknown;
    bool firstSeenInBaseline = false;
    std::int64_t baselineCount = 0;
    std::int64_t targetCount = 0;
    RankSet baselineRanks; // ranks with at least one event of it (rank -1 lines not included)
    RankSet targetRanks;
    std::vector<std::string> targetNodes; // nodes of targetRanks, sorted ("node-3")
    double baselineRate = 0; // events per rank per iteration (or per rank-hour), see LogDiff::unit
    double targetRate = 0;
    // The tested rate ratio: start-up lines (before a rank's first iteration line) compare per
    // rank, the rest per rank-iteration, so a run that stopped early does not make its start-up
    // lines look frequent. Equals targetRate / baselineRate when the template has no start-up
    // lines or the unit is rank-hours; 0 when the baseline has none.
    double ratio = 0;
    std::int64_t firstTargetIteration = -1; // iteration of its first target event, -1 unknown
    int firstTargetRank = -1;
    double score = 0; // sorting key: how much this change should be read first
};

struct LogDiffParams
{
    double minRatio = 2.0;      // more/less frequent: at least this factor either way ...
    double minZ = 3.0;          // ... and a rate-ratio test (conditional binomial) this strong
    std::int64_t minEvents = 5; // ... and at least this many events in the larger run
};

struct LogDiff
{
    LogRateUnit unit = LogRateUnit::PerRankIteration;
    double baselineExposure = 0; // rank-iterations (or rank-hours) of each run
    double targetExposure = 0;
    // New, gone, more and less frequent first (by score, errors before info, largest first),
    // then the unchanged ones (by target count).
    std::vector<LogTemplateChange> changes;

    int significantCount() const; // changes that are not Unchanged
};

// `baseline` and `target` as loadLogAnalysisInput() gives them. Either may be empty (no logs):
// then every template of the other is new or gone (computeBundleDiff does not compare then).
LogDiff diffLogs(const LogAnalysisInput &baseline, const LogAnalysisInput &target,
                 const LogDiffParams &params = {});

// Templates the healthy baseline also logs at a comparable or higher rate are demoted in the
// target's suspect ranking (their score scaled down, the reason saying "also in the baseline"),
// and the list is re-sorted; templates new in the target keep their score.
void demoteBaselineTemplates(LogAnalysis &target, const LogDiff &diff);

} // namespace rankscope
