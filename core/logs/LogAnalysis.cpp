#include "core/logs/LogAnalysis.h"

#include "core/logs/BuiltinTemplates.h"
#include "core/logs/LogAnalysisSteps.h"
#include "core/logs/LogNoise.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <map>
#include <set>
#include <unordered_map>

namespace rankscope {

namespace {

// A template first seen after this share of the job's logged span is "new late".
constexpr double kLateShare = 0.25;
// Bursts: the job's span is cut into this many bins; a rank bursts when one bin holds at least
// kBurstMinimum events of a template and kBurstFactor times its mean over its earlier bins.
constexpr std::int64_t kBurstBins = 50;
constexpr int kBurstMinimum = 10;
constexpr double kBurstFactor = 5.0;
// Comparisons need at least this many comparable ranks (as the stack comparisons do).
constexpr int kMinComparable = 3;
// A local fault that came before the echoes is what the job's trouble started with: it weighs
// more than its severity alone; its echoes weigh a quarter of theirs.
constexpr double kTimelyCauseBoost = 1.5;
constexpr double kEchoFactor = 0.25;

struct TemplateStats
{
    RankSet has;
    bool launcher = false;
    std::int64_t count = 0;
    std::int64_t firstTimeNs = std::numeric_limits<std::int64_t>::max();
    std::int64_t firstIteration = -1;
    int firstRank = -1;
    bool seen = false;
    std::set<std::string> nodes; // nodes whose own lines of no rank hold it
};

struct JobSpan
{
    std::int64_t startNs = std::numeric_limits<std::int64_t>::max();
    std::int64_t endNs = std::numeric_limits<std::int64_t>::min();
    bool known() const { return startNs < endNs; }
};

std::string builtinNameOf(int builtin)
{
    if (builtin < 0)
        return std::string();
    const BuiltinTemplate *found = BuiltinTemplates::instance().find(builtin);
    return found ? std::string(found->name) : std::string();
}

// Per role, the ranks with any log event: the ranks a template can be missing from.
std::vector<LogRoleRanks> roleRanksOf(const std::vector<TemplatedLogEvent> &events,
                                      const JobInfo &job)
{
    std::map<std::string, RankSet> byRole;
    RankSet seen;
    for (const TemplatedLogEvent &event : events) {
        if (event.rank < 0 || seen.contains(event.rank))
            continue;
        seen.insert(event.rank);
        byRole[logRoleOf(job, event.rank)].insert(event.rank);
    }
    std::vector<LogRoleRanks> roles;
    for (auto &[role, ranks] : byRole)
        roles.push_back({role, std::move(ranks)});
    return roles;
}

// Templates that some rank logged in a burst against its own history.
std::vector<bool> burstingTemplates(const std::vector<TemplatedLogEvent> &events,
                                    const std::unordered_map<TemplateId, std::size_t> &indexOf,
                                    const std::vector<LogTemplate> &templates, const JobSpan &span)
{
    std::vector<bool> burst(templates.size(), false);
    if (!span.known())
        return burst;
    const std::int64_t width = std::max<std::int64_t>((span.endNs - span.startNs) / kBurstBins, 1);
    // (template index, rank) -> counts per bin
    std::map<std::pair<std::size_t, int>, std::vector<int>> counts;
    for (const TemplatedLogEvent &event : events) {
        if (event.severity < LogSeverity::Warning || event.timeNs <= 0 || event.rank < 0)
            continue;
        const auto index = indexOf.find(event.templ);
        if (index == indexOf.end())
            continue;
        std::vector<int> &bins = counts[{index->second, event.rank}];
        bins.resize(std::size_t(kBurstBins + 1), 0);
        const std::int64_t bin =
            std::clamp<std::int64_t>((event.timeNs - span.startNs) / width, 0, kBurstBins);
        ++bins[std::size_t(bin)];
    }
    for (const auto &[key, bins] : counts) {
        const auto peak = std::max_element(bins.begin(), bins.end());
        const std::size_t peakBin = std::size_t(peak - bins.begin());
        if (*peak < kBurstMinimum || peakBin == 0)
            continue;
        double earlier = 0;
        for (std::size_t b = 0; b < peakBin; ++b)
            earlier += bins[b];
        if (*peak >= kBurstFactor * std::max(earlier / double(peakBin), 1.0))
            burst[key.first] = true;
    }
    return burst;
}

LogTemplateSummary summarize(const LogTemplate &templ, const TemplateStats &stats,
                             const std::vector<LogRoleRanks> &roles, const JobSpan &span)
{
    LogTemplateSummary summary;
    summary.id = templ.id;
    summary.text = templ.text;
    summary.severity = templ.severity;
    summary.builtin = templ.builtin;
    summary.builtinName = builtinNameOf(templ.builtin);
    summary.count = stats.count;
    summary.has = stats.has;
    summary.firstTimeNs =
        stats.firstTimeNs == std::numeric_limits<std::int64_t>::max() ? 0 : stats.firstTimeNs;
    summary.firstIteration = stats.firstIteration;
    summary.firstRank = stats.firstRank;
    if (templ.severity >= LogSeverity::Warning)
        summary.flags |= LogTemplateFlag::ErrorSeverity;
    if (isControlPlaneTemplate(templ.text, summary.builtinName))
        summary.flags |= LogTemplateFlag::ControlPlane;

    // The role: the one most of its ranks belong to; the launcher when no rank logged it.
    const LogRoleRanks *role = nullptr;
    int best = 0;
    for (const LogRoleRanks &candidate : roles) {
        const int overlap = (candidate.ranks & stats.has).count();
        if (overlap > best) {
            best = overlap;
            role = &candidate;
        }
    }
    const bool onlyRankZero = stats.has.count() == 1 && stats.has.contains(0);
    summary.nodes.assign(stats.nodes.begin(), stats.nodes.end());
    if (!role && !summary.nodes.empty()) {
        // A node's own lines (its kernel log, its agent): compared with no rank, but no noise.
        summary.role = "node";
    } else if (!role) {
        summary.role = "launcher";
        summary.flags |= LogTemplateFlag::RankZeroOnly;
    } else if (onlyRankZero && templ.severity < LogSeverity::Error && role->ranks.count() > 1) {
        // Rank 0 does extra work (downloads, logging, checkpoints): its own lines are compared
        // with nobody. An error on rank 0 alone stays a finding.
        summary.role = "rank0";
        summary.flags |= LogTemplateFlag::RankZeroOnly;
    } else {
        summary.role = role->role;
        summary.missing = role->ranks - stats.has;
    }

    const bool noise =
        summary.flags & (LogTemplateFlag::RankZeroOnly | LogTemplateFlag::ControlPlane);
    const int comparable = role ? role->ranks.count() : 0;
    if (!noise && comparable >= kMinComparable) {
        const int has = (role->ranks & stats.has).count();
        const int missing = summary.missing.count();
        if (has > 0 && has * 2 < comparable)
            summary.flags |= LogTemplateFlag::MinorityHas;
        if (missing > 0 && missing * 2 < comparable)
            summary.flags |= LogTemplateFlag::MinorityLacks;
    }
    if (span.known() && summary.firstTimeNs > 0 &&
        summary.firstTimeNs >
            span.startNs + std::int64_t(kLateShare * double(span.endNs - span.startNs)))
        summary.flags |= LogTemplateFlag::NewLate;
    switch (logCausalRole(summary)) {
    case LogCausalRole::Cause:
        summary.flags |= LogTemplateFlag::Cause;
        break;
    case LogCausalRole::Echo:
        summary.flags |= LogTemplateFlag::Echo;
        break;
    case LogCausalRole::Neutral:
        break;
    }
    return summary;
}

double scoreOf(const LogTemplateSummary &summary)
{
    double factor = 1.0;
    if (summary.flags & LogTemplateFlag::ErrorSeverity)
        factor += 1.0;
    if (summary.flags & LogTemplateFlag::MinorityHas) {
        const int comparable = summary.has.count() + summary.missing.count();
        factor += 1.5 * (comparable > 0 ? 1.0 - double(summary.has.count()) / comparable : 0.0);
    }
    if (summary.flags & LogTemplateFlag::MinorityLacks)
        factor += 1.5;
    if (summary.flags & LogTemplateFlag::NewLate)
        factor += 0.5;
    if (summary.flags & LogTemplateFlag::Burst)
        factor += 0.5;
    double score = logSeverityWeight(summary.severity) * factor;
    if (summary.flags & (LogTemplateFlag::RankZeroOnly | LogTemplateFlag::ControlPlane))
        score *= 0.1;
    return score;
}

Message templateReason(const LogTemplateSummary &summary)
{
    Message where;
    if (!summary.has.empty()) {
        where = logRanksMessage(summary.has);
    } else if (!summary.nodes.empty()) {
        // A fault every node logs (a job-wide SIGABRT) names a few nodes and counts the rest:
        // 2,048 ranks on 256 nodes made a sentence of 256 host names.
        constexpr std::size_t kNodesNamed = 3;
        std::string nodes;
        for (std::size_t i = 0; i < summary.nodes.size() && i < kNodesNamed; ++i)
            nodes += (nodes.empty() ? "" : ", ") + summary.nodes[i];
        if (summary.nodes.size() > kNodesNamed + 1)
            where = {
                RANKSCOPE_MESSAGE("logs.template.nodesLog", "the own logs of %1 and %2 more nodes"),
                {nodes, std::to_string(summary.nodes.size() - kNodesNamed)}};
        else {
            for (std::size_t i = kNodesNamed; i < summary.nodes.size(); ++i)
                nodes += ", " + summary.nodes[i];
            where = {RANKSCOPE_MESSAGE("logs.template.nodeLog", "%1's own log"), {nodes}};
        }
    } else {
        where = {RANKSCOPE_MESSAGE("logs.template.launcherOutput", "launcher output")};
    }
    if (summary.firstTimeNs > 0)
        where = {RANKSCOPE_MESSAGE("logs.template.from", "%1 from %2"),
                 {std::move(where), logClockText(summary.firstTimeNs)}};
    if (summary.firstIteration >= 0)
        where = {RANKSCOPE_MESSAGE("logs.template.iteration", "%1 (iteration %2)"),
                 {std::move(where), summary.firstIteration}};
    Message reason{
        RANKSCOPE_MESSAGE("logs.template.reason", "%1 (%2): %3"),
        {quotedTemplate(summary.text), logSeverityKey(summary.severity), std::move(where)}};
    if (!summary.missing.empty() &&
        (summary.flags & (LogTemplateFlag::MinorityLacks | LogTemplateFlag::MinorityHas)))
        reason = {RANKSCOPE_MESSAGE("logs.template.missing", "%1; missing on %2"),
                  {std::move(reason), logRanksMessage(summary.missing)}};
    if (summary.flags & LogTemplateFlag::NewLate)
        reason = {RANKSCOPE_MESSAGE("logs.template.newLate", "%1; new late in the job"),
                  {std::move(reason)}};
    if (summary.flags & LogTemplateFlag::Burst)
        reason = {RANKSCOPE_MESSAGE("logs.template.burst", "%1; in a burst"), {std::move(reason)}};
    return reason;
}

// The templates worth reading, as suspects. A fault often logs several templates on exactly the
// same ranks (the watchdog timeout, then "terminate called ...", then a frame list): one piece
// of evidence, not three. The strongest of them keeps its score; the others with the same
// has/missing sets follow it at a third, so the rank they point at is not pushed down the list
// by their echoes. Echoes of the first cause are marked and follow at a quarter.
std::vector<LogSuspect> templateSuspects(const std::vector<LogTemplateSummary> &templates,
                                         const LogCausalFacts &facts)
{
    std::vector<LogSuspect> suspects;
    std::vector<std::pair<RankSet, RankSet>> evidenceSeen;
    for (const LogTemplateSummary &summary : templates) {
        if (!(summary.flags & LogTemplateFlag::Suspect))
            continue;
        LogSuspect suspect;
        suspect.kind = LogSuspectKind::Template;
        suspect.templ = summary.id;
        suspect.ranks = summary.has;
        suspect.score = summary.score;
        const std::pair<RankSet, RankSet> evidence{summary.has, summary.missing};
        if (std::find(evidenceSeen.begin(), evidenceSeen.end(), evidence) != evidenceSeen.end())
            suspect.score /= 3;
        else
            evidenceSeen.push_back(evidence);
        suspect.reasonMessage = templateReason(summary);
        const bool after = summary.firstTimeNs == 0 || facts.cause.timeNs == 0 ||
                           summary.firstTimeNs >= facts.cause.timeNs - kCauseLeadToleranceNs;
        if ((summary.flags & LogTemplateFlag::Echo) && facts.cause.known && after) {
            suspect.effect = true;
            suspect.score *= kEchoFactor;
            suspect.reasonMessage = {RANKSCOPE_MESSAGE("logs.template.echo", "%1; echo of %2"),
                                     {std::move(suspect.reasonMessage), facts.cause.message}};
        }
        suspect.reason = suspect.reasonMessage.english();
        suspects.push_back(std::move(suspect));
    }
    return suspects;
}

} // namespace

// An error anywhere (a global OOM is still the finding), or a warning that only some ranks have,
// that came late or in a burst. Never control-plane chatter below error.
bool isTemplateSuspect(const LogTemplateSummary &summary)
{
    if (summary.severity >= LogSeverity::Error)
        return true;
    if (summary.severity < LogSeverity::Warning ||
        (summary.flags & (LogTemplateFlag::RankZeroOnly | LogTemplateFlag::ControlPlane)))
        return false;
    return summary.flags & (LogTemplateFlag::MinorityHas | LogTemplateFlag::MinorityLacks |
                            LogTemplateFlag::NewLate | LogTemplateFlag::Burst);
}

bool logTemplateBefore(const LogTemplateSummary &a, const LogTemplateSummary &b)
{
    // Causes before their echoes: among the suspicious templates, a consequence (the watchdog
    // timeout on every rank, terminate called) comes after the templates that are none, however
    // loud it is; the rest by score, then count.
    const bool aLead = (a.flags & LogTemplateFlag::Suspect) && !(a.flags & LogTemplateFlag::Echo);
    const bool bLead = (b.flags & LogTemplateFlag::Suspect) && !(b.flags & LogTemplateFlag::Echo);
    if (aLead != bLead)
        return aLead;
    if (a.score != b.score)
        return a.score > b.score;
    return a.count > b.count;
}

bool logSuspectBefore(const LogSuspect &a, const LogSuspect &b)
{
    if (a.effect != b.effect)
        return b.effect;
    return a.score > b.score;
}

Message logAnalysisSummaryMessage(const LogAnalysis &analysis, std::size_t templates, int ranks)
{
    if (analysis.suspects.empty())
        return {RANKSCOPE_MESSAGE("logs.summary.none", "No suspicious log templates or ranks: %1 "
                                                       "templates over %2 ranks look alike."),
                {templates, ranks}};
    const LogSuspect &top = analysis.suspects.front();
    Message text = top.kind == LogSuspectKind::Template
                       ? Message(RANKSCOPE_MESSAGE("logs.summary.template", "Template %1"),
                                 {top.reasonMessage})
                       : top.leadMessage;
    for (std::size_t i = 1; i < analysis.suspects.size(); ++i) {
        const LogSuspect &next = analysis.suspects[i];
        if (next.kind != top.kind && !next.effect) {
            text = logJoinedMessage(
                std::move(text),
                next.kind == LogSuspectKind::Template
                    ? Message(RANKSCOPE_MESSAGE("logs.summary.nextTemplate", "template %1"),
                              {next.reasonMessage})
                    : next.reasonMessage);
            break;
        }
    }
    return {RANKSCOPE_MESSAGE("sentence.end", "%1."), {std::move(text)}};
}

std::string logAnalysisSummary(const LogAnalysis &analysis, std::size_t templates, int ranks)
{
    return logAnalysisSummaryMessage(analysis, templates, ranks).english();
}

LogAnalysis analyzeLogs(const std::vector<TemplatedLogEvent> &events,
                        const std::vector<LogTemplate> &templates,
                        const std::vector<LogIterationRecord> &iterations, const JobInfo &job,
                        const LogAnalysisContext &context)
{
    LogAnalysis analysis;
    std::unordered_map<TemplateId, std::size_t> indexOf;
    for (std::size_t i = 0; i < templates.size(); ++i)
        indexOf.emplace(templates[i].id, i);

    // One pass: who has each template, when it first came, and how far each rank got.
    std::vector<TemplateStats> stats(templates.size());
    JobSpan span;
    int maxRank = -1;
    for (const LogIterationRecord &record : iterations)
        maxRank = std::max(maxRank, record.rank);
    for (const TemplatedLogEvent &event : events)
        maxRank = std::max(maxRank, event.rank);
    analysis.lastIteration.assign(std::size_t(maxRank + 1), -1);
    std::vector<std::int64_t> lastTimeNs(std::size_t(maxRank + 1), 0);
    for (const LogIterationRecord &record : iterations) {
        if (record.rank >= 0)
            analysis.lastIteration[std::size_t(record.rank)] =
                std::max(analysis.lastIteration[std::size_t(record.rank)], record.iteration);
    }
    for (const TemplatedLogEvent &event : events) {
        if (event.timeNs > 0) {
            span.startNs = std::min(span.startNs, event.timeNs);
            span.endNs = std::max(span.endNs, event.timeNs);
            if (event.rank >= 0)
                lastTimeNs[std::size_t(event.rank)] =
                    std::max(lastTimeNs[std::size_t(event.rank)], event.timeNs);
        }
        const auto index = indexOf.find(event.templ);
        if (index == indexOf.end())
            continue;
        TemplateStats &s = stats[index->second];
        ++s.count;
        if (event.rank >= 0) {
            s.has.insert(event.rank);
        } else {
            s.launcher = true;
            if (event.file < context.fileNodes.size() && !context.fileNodes[event.file].empty())
                s.nodes.insert(context.fileNodes[event.file]);
        }
        const bool earlier = event.timeNs > 0 ? event.timeNs < s.firstTimeNs : !s.seen;
        if (earlier) {
            if (event.timeNs > 0)
                s.firstTimeNs = event.timeNs;
            s.firstIteration = event.iteration;
            s.firstRank = event.rank;
        }
        s.seen = true;
    }

    const std::vector<LogRoleRanks> roles = roleRanksOf(events, job);
    const std::vector<bool> burst = burstingTemplates(events, indexOf, templates, span);
    for (std::size_t i = 0; i < templates.size(); ++i) {
        if (stats[i].count == 0)
            continue;
        LogTemplateSummary summary = summarize(templates[i], stats[i], roles, span);
        if (burst[i] &&
            !(summary.flags & (LogTemplateFlag::RankZeroOnly | LogTemplateFlag::ControlPlane)))
            summary.flags |= LogTemplateFlag::Burst;
        if (isTemplateSuspect(summary))
            summary.flags |= LogTemplateFlag::Suspect;
        summary.score = scoreOf(summary);
        analysis.templates.push_back(std::move(summary));
    }

    // Causes before consequences: the local faults that came before the first echo weigh more.
    const LogCausalFacts facts =
        findCausalFacts(analysis.templates, context, job, roles, std::move(lastTimeNs));
    for (LogTemplateSummary &summary : analysis.templates) {
        if (facts.isTimelyCause(summary.id))
            summary.score *= kTimelyCauseBoost;
    }
    std::stable_sort(analysis.templates.begin(), analysis.templates.end(), logTemplateBefore);

    analysis.suspects = templateSuspects(analysis.templates, facts);
    for (const LogTemplateSummary &summary : analysis.templates) {
        if (!(summary.flags & LogTemplateFlag::Suspect))
            continue;
        ++analysis.suspiciousTemplates;
        // The anchor: the earliest suspicious event of the job.
        if (summary.firstTimeNs > 0 &&
            (analysis.anchorTimeNs == 0 || summary.firstTimeNs < analysis.anchorTimeNs)) {
            analysis.anchorTimeNs = summary.firstTimeNs;
            analysis.anchorRank = summary.firstRank;
        }
    }
    for (LogSuspect &suspect :
         logRankSuspects(analysis.templates, analysis.lastIteration, roles, job, facts))
        analysis.suspects.push_back(std::move(suspect));
    std::stable_sort(analysis.suspects.begin(), analysis.suspects.end(), logSuspectBefore);
    analysis.cause = facts.cause.text;

    int ranks = 0;
    for (const LogRoleRanks &role : roles)
        ranks += role.ranks.count();
    analysis.summaryMessage = logAnalysisSummaryMessage(analysis, analysis.templates.size(), ranks);
    analysis.summary = analysis.summaryMessage.english();
    return analysis;
}

} // namespace rankscope
